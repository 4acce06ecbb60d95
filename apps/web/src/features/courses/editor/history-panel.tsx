import { HistoryOutlined } from '@ant-design/icons';
import type { DocNode, Lesson, LessonRevision } from '@studio/contract';
import { docDiff } from '@studio/contract/doc-diff';
import { DiffBlocksView } from '../diff-view.tsx';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Empty,
  Flex,
  List,
  Popconfirm,
  Segmented,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { courseKeys, lessonApi } from '../course-api.ts';

const PAGE_SIZE = 20;

/** What the revision would change if restored: from the current text to the revision's. */
export const DocDiffView = ({ from, to }: { from: DocNode; to: DocNode }) => {
  const { t } = useTranslation();
  const blocks = useMemo(() => docDiff(from, to), [from, to]);
  if (blocks.every((b) => b.op === 'same'))
    return <Typography.Text type="secondary">{t('editor.history.noChanges')}</Typography.Text>;
  return <DiffBlocksView blocks={blocks} label={t('editor.history.diff')} />;
};

const RevisionLine = ({ revision }: { revision: LessonRevision }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex gap={6} align="center" wrap>
        <Tag>{t(`editor.history.reason.${revision.reason}`)}</Tag>
        <Typography.Text strong ellipsis>
          {revision.title}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('editor.history.by', {
          name: revision.authorName || t('editor.history.generator'),
          time: formatDateTime(revision.updateTime),
        })}
      </Typography.Text>
    </Flex>
  );
};

const RevisionView = ({
  revision,
  current,
  canRestore,
  onRestore,
  onBack,
}: {
  revision: LessonRevision;
  current: () => DocNode;
  canRestore: boolean;
  onRestore: (revision: LessonRevision) => Promise<void>;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const [mode, setMode] = useState<'diff' | 'preview'>('diff');
  const [busy, setBusy] = useState(false);
  const [now] = useState(current);
  const detail = useQuery({
    queryKey: courseKeys.revision(teamId, revision.revisionId),
    queryFn: () => lessonApi.revision(revision.revisionId),
  });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={onBack}>{t('editor.history.back')}</Button>
        {canRestore && (
          <Popconfirm
            title={t('editor.history.restoreConfirm')}
            onConfirm={async () => {
              setBusy(true);
              try {
                await onRestore(revision);
              } finally {
                setBusy(false);
              }
            }}
          >
            <Button type="primary" loading={busy}>
              {t('editor.history.restore')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      <RevisionLine revision={revision} />
      <Segmented<'diff' | 'preview'>
        value={mode}
        onChange={(v) => setMode(v)}
        options={[
          { value: 'diff', label: t('editor.history.diff') },
          { value: 'preview', label: t('editor.history.preview') },
        ]}
      />
      <QueryView query={detail}>
        {(data) =>
          mode === 'diff' ? (
            <DocDiffView from={now} to={data.content} />
          ) : (
            <ContentView doc={data.content} className="history-preview" />
          )
        }
      </QueryView>
    </Flex>
  );
};

/**
 * The lesson's history in a drawer (full width on a phone): its revisions, newest first; each one's
 * changes against the text now in the editor, a preview, and restore (when the lesson is editable).
 */
export const HistoryPanel = ({
  lessonId,
  canRestore,
  current,
  restore,
}: {
  lessonId: number;
  canRestore: boolean;
  /** The text now in the editor. */
  current: () => DocNode;
  /** Restores a revision into the editor (saving pending edits first). */
  restore: (revisionId: number) => Promise<Lesson>;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<LessonRevision | null>(null);
  const history = useInfiniteQuery({
    queryKey: courseKeys.history(teamId, lessonId),
    queryFn: ({ pageParam }) => lessonApi.history(lessonId, pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    enabled: open,
    staleTime: 0,
  });
  const revisions = history.data?.pages.flatMap((p) => p.list) ?? [];

  const onRestore = async (revision: LessonRevision) => {
    await restore(revision.revisionId);
    setPicked(null);
    setOpen(false);
    void message.success(t('editor.history.restored', { time: formatDateTime(revision.updateTime) }));
    await queryClient.invalidateQueries({ queryKey: courseKeys.history(teamId, lessonId) });
  };

  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('editor.history.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => {
          setOpen(false);
          setPicked(null);
        }}
        title={t('editor.history.title')}
        size="min(640px, 100vw)"
        destroyOnHidden
        rootClassName="history-drawer"
      >
        {picked ? (
          <RevisionView
            key={picked.revisionId}
            revision={picked}
            current={current}
            canRestore={canRestore}
            onRestore={onRestore}
            onBack={() => setPicked(null)}
          />
        ) : history.isPending ? (
          <Skeleton active />
        ) : revisions.length === 0 ? (
          <Empty description={t('editor.history.empty')} />
        ) : (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{t('editor.history.pick')}</Typography.Text>
            <List
              dataSource={revisions}
              rowKey="revisionId"
              renderItem={(revision) => (
                <List.Item>
                  <button type="button" className="history-item" onClick={() => setPicked(revision)}>
                    <RevisionLine revision={revision} />
                  </button>
                </List.Item>
              )}
            />
            {history.hasNextPage && (
              <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                {t('editor.history.loadMore')}
              </Button>
            )}
          </Flex>
        )}
      </Drawer>
    </>
  );
};

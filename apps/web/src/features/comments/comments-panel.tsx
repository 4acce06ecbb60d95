import { CommentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CommentThread } from '@studio/contract';
import { Badge, Button, Checkbox, Drawer, Empty, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view.tsx';
import { useTeamId } from '../../lib/current-team.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentThreadCard } from './comment-thread.tsx';
import { commentApi, commentKeys } from './comments-api.ts';
import { useCommentActions } from './use-comment-actions.ts';

/** Where a new thread points: base64 Yjs relative positions of the selection, and its text. */
export type NewThreadAnchor = { anchorStart: string; anchorEnd: string; quote: string };
const NO_ANCHOR: NewThreadAnchor = { anchorStart: '', anchorEnd: '', quote: '' };

/** The lesson's threads (open, or all), shared by the panel and the editor's highlights. */
export const useLessonThreads = (lessonId: number, status: 'open' | 'all' = 'open') => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: commentKeys.lesson(teamId, lessonId, status),
    queryFn: () => commentApi.lesson(lessonId, status),
  });
};

/**
 * 评论: a button with the lesson's open count and the drawer of its threads (open ones, or all),
 * each with replies, resolve/reopen and a reply box. `pending` is a selection the editor asked to
 * comment on: the box at the top then opens a thread there; without one it comments on the lesson.
 */
export const CommentsPanel = ({
  lessonId,
  open,
  onOpenChange,
  writable,
  pending,
  onPendingDone,
  activeThreadId,
  onFocusThread,
}: {
  lessonId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  writable: boolean;
  pending?: NewThreadAnchor | null;
  onPendingDone?: () => void;
  activeThreadId?: number | null;
  onFocusThread?: (thread: CommentThread) => void;
}) => {
  const { t } = useTranslation();
  const [showResolved, setShowResolved] = useState(false);
  const openThreads = useLessonThreads(lessonId, 'open');
  const threads = useLessonThreads(lessonId, showResolved ? 'all' : 'open');
  const actions = useCommentActions();
  const body = useRef<HTMLDivElement>(null);
  const count = openThreads.data?.list.length ?? 0;

  // A thread picked elsewhere (a mention's link, a highlight in the text) is scrolled into view.
  useEffect(() => {
    if (!open || !activeThreadId) return;
    body.current?.querySelector(`[data-thread="${activeThreadId}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeThreadId, threads.data]);

  const create = async (draft: { body: string; mentions: number[] }) => {
    await commentApi.create({ lessonId, ...(pending ?? NO_ANCHOR), ...draft });
    onPendingDone?.();
    await actions.refresh();
  };

  return (
    <>
      <Button icon={<CommentOutlined />} onClick={() => onOpenChange(true)} data-comments-button>
        <Badge count={count} size="small" offset={[6, -4]}>
          {t('comments.open')}
        </Badge>
      </Button>
      <Drawer
        title={t('comments.title')}
        open={open}
        onClose={() => onOpenChange(false)}
        size="min(420px, 100vw)"
        mask={false}
      >
        <Flex vertical gap={12} ref={body}>
          {writable && (
            <Flex vertical gap={4}>
              {pending?.quote && (
                <Typography.Text type="secondary" className="comment-quote">
                  「{pending.quote}」
                </Typography.Text>
              )}
              <CommentComposer
                placeholder={t('comments.placeholder')}
                onSend={create}
                autoFocus={Boolean(pending)}
              />
            </Flex>
          )}
          <Checkbox checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)}>
            {t('comments.showResolved')}
          </Checkbox>
          <QueryView query={threads}>
            {(data) =>
              data.list.length === 0 ? (
                <Empty description={t('comments.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <Flex vertical gap={8}>
                  {data.list.map((thread) => (
                    <CommentThreadCard
                      key={thread.commentId}
                      thread={thread}
                      actions={actions}
                      writable={writable}
                      active={thread.commentId === activeThreadId}
                      onFocus={onFocusThread}
                    />
                  ))}
                </Flex>
              )
            }
          </QueryView>
        </Flex>
      </Drawer>
    </>
  );
};

import { ArrowLeftOutlined, RocketOutlined, StopOutlined } from '@ant-design/icons';
import { WebPaths } from '@studio/contract/constants';
import type { CourseDetail, Release } from '@studio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Modal, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { SharePanel } from '../share/share-panel.tsx';
import { courseApi, courseKeys } from '../course-api.ts';
import { useTeamId, useTeamWritable } from '../../../lib/current-team.ts';
import { CourseStatusTag, UnreleasedTag, usePriceText } from '../course-bits.tsx';
import { CourseLoadError } from '../course-load-error.tsx';
import { useCourseDetail } from '../course-queries.ts';
import { CourseChangesView } from './course-changes.tsx';
import { ReleaseChecklist } from './release-checklist.tsx';
import { ReleaseVersions } from './release-versions.tsx';
import {
  emptyReleaseTexts,
  ReleaseTextDialogFields,
  ReleaseTextFields,
  trimmedTexts,
  type ReleaseTexts,
} from './release-texts.tsx';

/** What the store will show once this version is out (the confirmation's content). */
const PublishSummary = ({ course }: { course: CourseDetail }) => {
  const { t } = useTranslation();
  const priceText = usePriceText();
  return (
    <>
      <Typography.Paragraph>{t('release.confirmIntro')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'title', label: t('release.confirmFields.title'), children: course.title },
          { key: 'price', label: t('release.confirmFields.price'), children: priceText(course.price) },
          {
            key: 'lessons',
            label: t('release.confirmFields.lessons'),
            children: t('lesson.count', { count: course.lessons.length }),
          },
          {
            key: 'category',
            label: t('release.confirmFields.category'),
            children: course.category ? t(`course.category.${course.category}`) : t('release.noCategory'),
          },
        ]}
      />
      {course.status === 'released' && course.releasedVersion && (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          {t('release.confirmReplaces', { version: course.releasedVersion })}
        </Typography.Paragraph>
      )}
    </>
  );
};

/** The changes from one release to another, or to the draft (`to` absent). */
const ChangesQueryView = ({ courseId, from, to }: { courseId: number; from: Release; to?: Release }) => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const diff = useQuery({
    queryKey: courseKeys.releaseDiff(teamId, courseId, from.releaseId, to?.releaseId),
    queryFn: () => courseApi.releaseDiff(courseId, from.releaseId, to?.releaseId),
    staleTime: 0,
  });
  return (
    <QueryView query={diff}>
      {(changes) =>
        changes.changed ? (
          <CourseChangesView changes={changes} />
        ) : (
          <Typography.Text type="secondary">{t('release.changes.none')}</Typography.Text>
        )
      }
    </QueryView>
  );
};

const ReleaseBody = ({ course }: { course: CourseDetail }) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const writable = useTeamWritable();
  const canRelease = course.abilities.release && writable;
  const [texts, setTexts] = useState<ReleaseTexts>(emptyReleaseTexts);
  const [published, setPublished] = useState<Release | null>(null);
  const id = course.courseId;
  const check = useQuery({
    queryKey: courseKeys.releaseCheck(teamId, id),
    queryFn: () => courseApi.releaseCheck(id),
    staleTime: 0,
  });
  const releases = useQuery({
    queryKey: courseKeys.releases(teamId, id),
    queryFn: () => courseApi.releases(id),
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['course', teamId] });
  /** The version the store shows now. */
  const storeRelease = releases.data?.find((r) => r.versionNo === course.releasedVersion);
  const [comparing, setComparing] = useState<Release | null>(null);
  const rollback = useMutation({
    mutationFn: ({ release, texts }: { release: Release; texts: ReleaseTexts }) =>
      courseApi.rollback(id, release.releaseId, trimmedTexts(texts)),
    onSuccess: (created, { release }) => {
      void message.success(t('release.rolledBack', { from: release.versionNo, to: created.versionNo }));
      void refresh();
    },
  });
  const reset = useMutation({
    mutationFn: (release: Release) => courseApi.resetDraft(id, release.releaseId),
    onSuccess: (_, release) => {
      void message.success(t('release.resetDone', { version: release.versionNo }));
      void refresh();
    },
  });
  const confirmReset = (release: Release) =>
    modal.confirm({
      title: t('release.resetTitle', { version: release.versionNo }),
      content: t('release.resetDesc', { version: release.versionNo }),
      okText: t('release.reset'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => reset.mutateAsync(release),
    });
  // A rollback asks for both texts too: the internal note says what happened, and buyers read a
  // line only when the author writes one.
  const confirmRollback = (release: Release) => {
    let rollbackTexts: ReleaseTexts = {
      changelog: '',
      notes: t('release.rollbackNotes', { version: release.versionNo }),
    };
    return modal.confirm({
      title: t('release.rollbackTitle', { version: release.versionNo }),
      width: 520,
      content: (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('release.rollbackDesc', { version: release.versionNo })}
          </Typography.Paragraph>
          <ReleaseTextDialogFields
            idPrefix="rollback"
            initial={rollbackTexts}
            changelogHint={t('release.rollbackChangelogHint')}
            onChange={(next) => {
              rollbackTexts = next;
            }}
          />
        </Flex>
      ),
      okText: t('release.rollback'),
      cancelText: t('common.cancel'),
      onOk: () => rollback.mutateAsync({ release, texts: rollbackTexts }),
    });
  };

  const publish = useMutation({
    mutationFn: () => courseApi.release(id, trimmedTexts(texts)),
    onSuccess: (release) => {
      setPublished(release);
      setTexts(emptyReleaseTexts);
      void message.success(t('release.published', { version: release.versionNo }));
      void refresh();
    },
  });
  const unrelease = useMutation({
    mutationFn: () => courseApi.unrelease(id),
    onSuccess: () => {
      setPublished(null);
      void message.success(t('release.unreleased'));
      void refresh();
    },
  });
  // Publishing puts this version in front of buyers: say what they will see, then ask.
  const confirmPublish = () =>
    modal.confirm({
      title: t('release.confirmTitle', { version: (releases.data?.[0]?.versionNo ?? 0) + 1 }),
      content: <PublishSummary course={course} />,
      okText: t('release.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: () => publish.mutateAsync(),
    });
  const confirmUnrelease = () =>
    modal.confirm({
      title: t('release.unreleaseTitle'),
      content: t('release.unreleaseDesc'),
      okText: t('release.unrelease'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => unrelease.mutateAsync(),
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Flex vertical gap={16}>
          <Card title={<h2 className="card-title">{t('release.checklist')}</h2>}>
            {check.data ? <ReleaseChecklist course={course} check={check.data} /> : <Skeleton active />}
          </Card>
          {storeRelease && (
            <Card
              title={<h2 className="card-title">{t('release.changes.title')}</h2>}
              extra={<UnreleasedTag course={course} />}
            >
              <Typography.Paragraph type="secondary">
                {t('release.changes.intro', { version: storeRelease.versionNo })}
              </Typography.Paragraph>
              <ChangesQueryView key={course.updateTime} courseId={id} from={storeRelease} />
            </Card>
          )}
          <Card
            title={<h2 className="card-title">{t('release.publish')}</h2>}
            extra={
              <Flex gap={8} align="center">
                <Typography.Text type="secondary">{t('release.status')}</Typography.Text>
                <CourseStatusTag status={course.status} />
                <Typography.Text>
                  {course.releasedVersion
                    ? t('release.currentVersion', { version: course.releasedVersion })
                    : t('release.neverReleased')}
                </Typography.Text>
              </Flex>
            }
          >
            {!canRelease && (
              <Alert type="info" showIcon title={t('release.noPermission')} style={{ marginBottom: 12 }} />
            )}
            {published && (
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('release.published', { version: published.versionNo })}
                description={t('release.publishedDesc')}
              />
            )}
            <ReleaseTextFields idPrefix="release" value={texts} onChange={setTexts} disabled={!canRelease} />
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
              {t('release.publishConfirm')}
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              <Button
                type="primary"
                icon={<RocketOutlined />}
                disabled={!canRelease || !check.data?.ready}
                loading={publish.isPending}
                onClick={confirmPublish}
              >
                {t('release.publish')}
              </Button>
              {course.status === 'released' && (
                <Button danger icon={<StopOutlined />} disabled={!canRelease} onClick={confirmUnrelease}>
                  {t('release.unrelease')}
                </Button>
              )}
            </Flex>
          </Card>
        </Flex>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical gap={16}>
          <Card title={<h2 className="card-title">{t('release.versions')}</h2>}>
            {releases.data ? (
              <ReleaseVersions
                releases={releases.data}
                current={course.releasedVersion}
                onCompare={setComparing}
                onRollback={canRelease ? confirmRollback : undefined}
                onReset={course.abilities.edit && writable ? confirmReset : undefined}
              />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Modal
            open={comparing !== null && storeRelease !== undefined}
            onCancel={() => setComparing(null)}
            footer={null}
            title={
              comparing && storeRelease
                ? t('release.changes.compareTitle', { from: comparing.versionNo, to: storeRelease.versionNo })
                : ''
            }
            destroyOnHidden
          >
            {comparing && storeRelease && (
              <ChangesQueryView courseId={id} from={comparing} to={storeRelease} />
            )}
          </Modal>
          <Card title={<h2 className="card-title">{t('share.title')}</h2>} id="share">
            <SharePanel courseId={id} canManage={course.abilities.share && writable} />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
};

/** /create/course/:courseId/release (发布): checklist, publish, unrelease, versions, share links. */
export const CourseReleasePage = () => {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const detail = useCourseDetail(courseId);
  useDocumentTitle(t('release.title'));
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!detail.data) return <CourseLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Link to={WebPaths.course(courseId)}>
          <Button icon={<ArrowLeftOutlined />}>{t('release.back')}</Button>
        </Link>
        <h1 className="page-title" style={{ margin: 0 }}>
          {t('release.title')} · {detail.data.title}
        </h1>
      </Flex>
      <ReleaseBody course={detail.data} />
    </Flex>
  );
};

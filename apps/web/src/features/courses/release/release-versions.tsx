import type { Release } from '@studio/contract';
import { Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { usePriceText } from '../course-bits.tsx';

/**
 * 版本记录: every released version, newest first. An earlier version can be compared with the store's
 * and (with `onRollback`) published again as a new version.
 */
export const ReleaseVersions = ({
  releases,
  current,
  onCompare,
  onRollback,
  onReset,
}: {
  releases: Release[];
  current: number | null;
  onCompare?: (release: Release) => void;
  onRollback?: (release: Release) => void;
  onReset?: (release: Release) => void;
}) => {
  const { t } = useTranslation();
  const priceText = usePriceText();
  if (releases.length === 0) return <Empty description={t('release.noVersions')} />;
  return (
    <List
      dataSource={releases}
      renderItem={(release) => (
        <List.Item data-version={release.versionNo}>
          <List.Item.Meta
            title={
              <span>
                <Tag color={release.versionNo === current ? 'green' : 'default'}>
                  {t('release.version', { version: release.versionNo })}
                </Tag>
                {t('release.versionMeta', { count: release.lessonCount, price: priceText(release.price) })}
              </span>
            }
            description={
              <>
                {release.changelog && (
                  <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
                    <Tag color="blue">{t('release.changelogTag')}</Tag>
                    {release.changelog}
                  </Typography.Paragraph>
                )}
                {release.notes && (
                  <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
                    <Tag>{t('release.internalNoteTag')}</Tag>
                    {release.notes}
                  </Typography.Paragraph>
                )}
                {!release.changelog && !release.notes && (
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                    {t('release.noNotes')}
                  </Typography.Paragraph>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('release.releasedBy', {
                    name: release.releasedBy,
                    time: formatDateTime(release.createTime),
                  })}
                </Typography.Text>
                <Flex gap={8} wrap style={{ marginTop: 8 }}>
                  {release.versionNo !== current && current !== null && (
                    <>
                      {onCompare && (
                        <Button size="small" onClick={() => onCompare(release)}>
                          {t('release.changes.compare')}
                        </Button>
                      )}
                      {onRollback && (
                        <Button size="small" onClick={() => onRollback(release)}>
                          {t('release.rollback')}
                        </Button>
                      )}
                    </>
                  )}
                  {onReset && (
                    <Button size="small" onClick={() => onReset(release)}>
                      {t('release.reset')}
                    </Button>
                  )}
                </Flex>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
};

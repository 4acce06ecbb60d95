import type { Release } from '@studio/contract';
import { Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { usePriceText } from '../course-bits.tsx';

/** 版本记录: every released version, newest first. */
export const ReleaseVersions = ({ releases, current }: { releases: Release[]; current: number | null }) => {
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
                {t('release.versionMeta', { lessons: release.lessonCount, price: priceText(release.price) })}
              </span>
            }
            description={
              <>
                <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
                  {release.notes || t('release.noNotes')}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('release.releasedBy', {
                    name: release.releasedBy,
                    time: formatDateTime(release.createTime),
                  })}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
};

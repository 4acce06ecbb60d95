import { useQuery } from '@tanstack/react-query';
import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { storeApi, storeKeys } from '../store-api.ts';

/**
 * 更新日志: the public lines (更新说明) of the course's versions, newest first, on the buy page and in
 * the learner's course (the team's internal notes never reach it). Nothing is shown while loading,
 * on failure, or when no version has a line.
 */
export const Changelog = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const log = useQuery({
    queryKey: storeKeys.changelog(teamId, courseId),
    queryFn: () => storeApi.changelog(courseId),
  });
  if (!log.data?.list.length) return null;
  return (
    <Card
      size="small"
      title={<h2 className="card-title">{t('store.changelog.title')}</h2>}
      className="changelog"
    >
      <List
        size="small"
        dataSource={log.data.list}
        rowKey="versionNo"
        renderItem={(entry) => (
          <List.Item data-changelog={entry.versionNo}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('store.changelog.version', {
                  version: entry.versionNo,
                  time: formatDate(entry.createTime),
                })}
              </Typography.Text>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {entry.changelog}
              </Typography.Paragraph>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
};

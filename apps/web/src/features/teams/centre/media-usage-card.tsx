import { Routes } from '@studio/contract/constants';
import type { MediaUsage } from '@studio/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/call.ts';

const MB = 1024 * 1024;

/** Used and quota in MB, or GB from 1024 MB on (one decimal): storage as people read it. */
export const formatStorage = (bytes: number): string =>
  bytes >= 1024 * MB ? `${(bytes / 1024 / MB).toFixed(1)} GB` : `${Math.ceil(bytes / MB)} MB`;

/** Whole percent of the quota used, never past 100 (a quota lowered below what is stored). */
export const usagePercent = ({ usedBytes, quotaBytes }: MediaUsage): number =>
  quotaBytes > 0 ? Math.min(100, Math.floor((usedBytes / quotaBytes) * 100)) : 100;

/** 音视频存储: what the team's videos and audio (uploads in progress too) take of its quota. */
export const MediaUsageCard = ({ teamId }: { teamId: number }) => {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: ['media', 'usage', teamId],
    queryFn: () => call.get(Routes.media.usage),
    staleTime: 0,
  });
  const title = <h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.mediaUsage.title')}</h2>;
  if (usage.isPending || usage.isError) {
    return <Card title={title}>{usage.isPending ? <Skeleton active paragraph={{ rows: 1 }} /> : null}</Card>;
  }
  const percent = usagePercent(usage.data);
  const text = t('teamCentre.mediaUsage.used', {
    used: formatStorage(usage.data.usedBytes),
    quota: formatStorage(usage.data.quotaBytes),
  });
  return (
    <Card title={title}>
      <Progress
        percent={percent}
        status={percent >= 90 ? 'exception' : 'normal'}
        aria-label={t('teamCentre.mediaUsage.title')}
        aria-valuetext={text}
      />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Card>
  );
};

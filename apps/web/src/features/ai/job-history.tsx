import { FileTextOutlined, LineChartOutlined, RobotOutlined } from '@ant-design/icons';
import type { AiJob } from '@studio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, List, Progress, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatDateTime } from '../../lib/format.ts';
import { aiApi, aiKeys } from './ai-api.ts';
import { GeneratorTag, JobStatusTag, LinkButton } from './ai-bits.tsx';
import { useTeamId } from '../../lib/current-team.ts';

const PAGE_SIZE = 10;
const ACTIVE = new Set<AiJob['status']>(['outlining', 'generating']);
const POLL_MS = 3_000;

const JobItem = ({ job }: { job: AiJob }) => {
  const { t } = useTranslation();
  const progressUrl = WebPaths.aiProgress(job.jobId);
  return (
    <List.Item className="ai-job-item">
      <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
        <Flex gap={8} align="center" wrap>
          <Link to={progressUrl} className="ai-job-topic">
            {job.outline?.title ?? job.request.topic}
          </Link>
          <JobStatusTag status={job.status} kind={job.kind} />
          <GeneratorTag generator={job.generator} />
        </Flex>
        <Typography.Text type="secondary">
          {job.request.topic} ·{' '}
          {t('ai.lessonsCount', { count: job.outline?.lessons.length ?? job.request.lessonCount })} ·{' '}
          {t('ai.createdAt', { time: formatDateTime(job.createTime) })}
        </Typography.Text>
        <Progress
          percent={job.percent}
          size="small"
          status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'normal'}
          aria-label={t('ai.progress.percent')}
          style={{ maxWidth: 360, margin: 0 }}
        />
      </Flex>
      <Flex gap={8} wrap className="ai-job-actions">
        <LinkButton to={progressUrl} icon={<LineChartOutlined />}>
          {t('ai.viewProgress')}
        </LinkButton>
        {job.status === 'done' && job.courseId !== null && (
          <LinkButton to={WebPaths.course(job.courseId)} type="primary" ghost icon={<FileTextOutlined />}>
            {t('ai.openCourse')}
          </LinkButton>
        )}
      </Flex>
    </List.Item>
  );
};

/** The current team's jobs, newest first; refreshed while one is running. The page is in the address. */
export const JobHistory = () => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: aiKeys.list(teamId, pageNum, PAGE_SIZE),
    queryFn: () => aiApi.list(pageNum, PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some((j) => ACTIVE.has(j.status)) ? POLL_MS : false),
  });

  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('ai.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const page = list.data;
  return (
    <Card title={<h2 className="ai-card-title">{t('ai.history')}</h2>}>
      {!page ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : page.total === 0 ? (
        <Empty description={t('ai.historyEmpty')}>
          <Typography.Paragraph type="secondary">{t('ai.historyEmptyDesc')}</Typography.Paragraph>
          <LinkButton to={WebPaths.aiCreate} type="primary" icon={<RobotOutlined />}>
            {t('ai.start')}
          </LinkButton>
        </Empty>
      ) : (
        <List
          dataSource={page.list}
          rowKey="jobId"
          loading={list.isFetching && list.isPlaceholderData}
          renderItem={(job) => <JobItem job={job} />}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: page.total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (n) => setParams(n > 1 ? { page: String(n) } : {}, { replace: true }),
          }}
        />
      )}
    </Card>
  );
};

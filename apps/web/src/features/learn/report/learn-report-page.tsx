import { ArrowLeftOutlined } from '@ant-design/icons';
import { Code, WebPaths } from '@studio/contract/constants';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { LinkButton } from '../../store/link-button.tsx';
import { useLearnReport } from '../learn-api.ts';
import { useCanReadReport } from './can-read-report.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import './learn-report.css';
import { ReportFilters } from './report-filters.tsx';
import { useReportQuery } from './report-search.ts';
import { ReportTable } from './report-table.tsx';
import { WeeklyChart } from './weekly-chart.tsx';

/** 无权查看: a MEMBER who opened the address, or whose role the server says has changed (403). */
const ReportForbidden = () => {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        status="403"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('learn.report.forbidden')}</h1>}
        subTitle={t('learn.report.forbiddenDesc')}
        extra={
          <LinkButton type="primary" to={WebPaths.learn}>
            {t('learn.player.back')}
          </LinkButton>
        }
      />
    </Card>
  );
};

/** The report itself; only mounted for a manager, so a member's visit asks the server nothing. */
const ReportView = () => {
  const { t } = useTranslation();
  const { query, update } = useReportQuery();
  const report = useLearnReport(query, true);

  if (report.isError && isApiError(report.error) && report.error.code === Code.FORBIDDEN) {
    return <ReportForbidden />;
  }

  let body;
  if (report.data) {
    body = (
      <>
        <Card>
          <WeeklyChart weekly={report.data.weekly} />
        </Card>
        <Card>
          <ReportTable report={report.data} query={query} loading={report.isFetching} onChange={update} />
        </Card>
      </>
    );
  } else if (report.isError) {
    body = (
      <Card>
        <Result
          status="warning"
          title={t('learn.report.loadFailed')}
          subTitle={report.error.message}
          extra={<Button onClick={() => void report.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  } else {
    body = (
      <>
        <Card>
          <Skeleton.Node active style={{ width: '100%', height: 176 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </>
    );
  }

  return (
    <Flex vertical gap={16} className="learn-report">
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <h1 className="page-title">{t('learn.report.title')}</h1>
          <Typography.Text type="secondary">{t('learn.report.desc')}</Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <LinkButton icon={<ArrowLeftOutlined aria-hidden />} to={WebPaths.learn}>
            {t('learn.title')}
          </LinkButton>
          <ExportCsvButton query={query} />
        </Flex>
      </Flex>
      <Card>
        <ReportFilters query={query} onChange={update} />
      </Card>
      {body}
    </Flex>
  );
};

/** /learn/report (团队学习报告): every member's progress in every course the team learns (OWNER/ADMIN). */
export const LearnReportPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('learn.report.title'));
  return useCanReadReport() ? <ReportView /> : <ReportForbidden />;
};

import type { LearnReport, LearnReportQuery, LearnReportRow } from '@studio/contract';
import { Button, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReportColumns } from './report-columns.tsx';
import { DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, type ReportSearchPatch } from './report-search.ts';

const rowKey = (row: LearnReportRow) => `${row.userId}-${row.courseId}`;

/** One row per member × course, paged by the server; on phones it scrolls sideways in its card. */
export const ReportTable = ({
  report,
  query,
  loading,
  onChange,
}: {
  report: LearnReport;
  query: LearnReportQuery;
  loading: boolean;
  onChange: (patch: ReportSearchPatch) => void;
}) => {
  const { t } = useTranslation();
  const columns = useReportColumns();
  const filtered = query.keyword !== '' || query.courseId !== undefined || query.status !== 'all';
  const pages = Math.ceil(report.total / query.pageSize);
  // A page past the end (a shared link, or rows that went away) is not an empty report.
  const pastEnd = report.list.length === 0 && report.total > 0 && query.pageNum > pages;
  return (
    <Table<LearnReportRow>
      rowKey={rowKey}
      size="middle"
      columns={columns}
      dataSource={report.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: pastEnd ? (
          <Empty description={t('learn.report.pastEnd', { page: query.pageNum, count: report.total, pages })}>
            <Button type="primary" onClick={() => onChange({ page: pages > 1 ? String(pages) : undefined })}>
              {t('learn.report.toPage', { page: pages })}
            </Button>
          </Empty>
        ) : (
          <Empty description={filtered ? t('learn.report.empty') : t('learn.report.emptyAll')}>
            {filtered && (
              <Button onClick={() => onChange({ keyword: undefined, course: undefined, status: undefined })}>
                {t('learn.report.clearFilters')}
              </Button>
            )}
          </Empty>
        ),
      }}
      pagination={{
        current: query.pageNum,
        pageSize: query.pageSize,
        total: report.total,
        showSizeChanger: true,
        pageSizeOptions: REPORT_PAGE_SIZES.map(String),
        showTotal: (total) => t('learn.report.total', { count: total }),
        onChange: (pageNum, pageSize) =>
          onChange({
            // A new page size starts again at page 1.
            page: pageSize === query.pageSize && pageNum > 1 ? String(pageNum) : undefined,
            size: pageSize === DEFAULT_PAGE_SIZE ? undefined : String(pageSize),
          }),
      }}
    />
  );
};

import type { MemberReport } from '@studio/contract';
import { chinaDateTime } from '@studio/contract';
import { Empty, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../state-tag.tsx';
import { useMemberReport } from '../training-api.ts';

type Row = MemberReport['tasks'][number];

/** One member's tasks and where they stand on each. */
export const MemberReportView = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const report = useMemberReport(userId);
  if (report.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (report.isError) return <Empty description={t('training.report.loadFailed')} />;
  return (
    <Table<Row>
      size="small"
      rowKey="taskId"
      dataSource={report.data.tasks}
      pagination={false}
      locale={{ emptyText: t('training.report.noTasks') }}
      columns={[
        {
          title: t('training.tasks.name'),
          render: (_, row) => (
            <>
              {row.title} {row.taskState === 'cancelled' && <Tag>{t('training.tasks.cancelled')}</Tag>}
            </>
          ),
        },
        { title: t('training.report.due'), dataIndex: 'dueDay' },
        { title: t('training.tasks.state'), render: (_, row) => <StateTag state={row.state} /> },
        {
          title: t('training.tasks.coursesDone'),
          render: (_, row) => `${row.completedCourses}/${row.courseCount}`,
        },
        {
          title: t('training.report.examScore'),
          render: (_, row) => (row.examPassed === null ? '—' : (row.examScore ?? '—')),
        },
        {
          title: t('training.tasks.doneAt'),
          dataIndex: 'doneAt',
          render: (at: number | null) => (at ? chinaDateTime(at) : '—'),
        },
      ]}
    />
  );
};

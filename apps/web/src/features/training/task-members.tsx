import type { TrainingTaskMember } from '@studio/contract';
import { chinaDateTime } from '@studio/contract';
import { Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { StateTag } from './state-tag.tsx';

type Props = {
  members: TrainingTaskMember[];
  courseCount: number;
  /** The task names an exam: each member's score (and 已通过) gets a column. */
  withExam?: boolean;
  loading?: boolean;
  pagination?: TableProps<TrainingTaskMember>['pagination'];
  title?: TableProps<TrainingTaskMember>['title'];
};

/**
 * A task's members and where each stands, with the overdue ones named above the table: the task's
 * detail in the team centre and the task report show the same list.
 */
export const TaskMembers = ({
  members,
  courseCount,
  withExam,
  loading,
  pagination = false,
  title,
}: Props) => {
  const { t } = useTranslation();
  const overdue = members.filter((m) => m.state === 'overdue');
  return (
    <>
      {overdue.length > 0 && (
        <Typography.Paragraph type="danger">
          {t('training.tasks.overdueMembers', { names: overdue.map((m) => m.nickName).join('、') })}
        </Typography.Paragraph>
      )}
      <Table<TrainingTaskMember>
        size="small"
        rowKey="userId"
        loading={loading}
        dataSource={members}
        pagination={pagination}
        locale={{ emptyText: t('training.tasks.noAssignees') }}
        title={title}
        columns={[
          { title: t('training.tasks.member'), dataIndex: 'nickName' },
          {
            title: t('training.tasks.state'),
            dataIndex: 'state',
            render: (s: TrainingTaskMember['state']) => <StateTag state={s} />,
          },
          {
            title: t('training.tasks.coursesDone'),
            render: (_, m) => `${m.completedCourses}/${courseCount}`,
          },
          ...(withExam
            ? [
                {
                  title: t('training.report.examScore'),
                  render: (_: unknown, m: TrainingTaskMember) =>
                    m.examScore === null
                      ? '—'
                      : `${m.examScore}${m.examPassed ? ` · ${t('training.report.passed')}` : ''}`,
                },
              ]
            : []),
          {
            title: t('training.tasks.doneAt'),
            dataIndex: 'doneAt',
            render: (at: number | null) => (at ? chinaDateTime(at) : '—'),
          },
        ]}
      />
    </>
  );
};

import type { LearnerTaskState, TrainingTaskMember } from '@studio/contract';
import { chinaDateTime } from '@studio/contract';
import { Flex, Radio, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StateTag } from './state-tag.tsx';
import { useTaskMembers } from './training-api.ts';

type Props = {
  taskId: number;
  /** Only this group's members (the report's group filter). */
  groupId?: number;
  courseCount: number;
  /** The task names an exam: each member's score (and 已通过) gets a column. */
  withExam?: boolean;
  /** Above the table, beside the state filter (the report's export buttons). */
  extra?: React.ReactNode;
};

const FILTERS = ['all', 'overdue', 'todo', 'done'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE_SIZE = 20;

/**
 * A task's members and where each stands, overdue first, a page at a time from the server (a
 * task may reach thousands), filtered by state: the task's detail in the team centre and the task
 * report show the same list.
 */
export const TaskMembers = ({ taskId, groupId, courseCount, withExam, extra }: Props) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNum, setPageNum] = useState(1);
  // Another task or group starts again at the first page (React's state adjusted while rendering).
  const [shown, setShown] = useState({ taskId, groupId });
  if (shown.taskId !== taskId || shown.groupId !== groupId) {
    setShown({ taskId, groupId });
    setPageNum(1);
  }
  const state: LearnerTaskState | undefined = filter === 'all' ? undefined : filter;
  const members = useTaskMembers({ taskId, groupId, state, pageNum, pageSize: PAGE_SIZE });
  const columns: TableProps<TrainingTaskMember>['columns'] = [
    { title: t('training.tasks.member'), dataIndex: 'nickName' },
    {
      title: t('training.tasks.state'),
      dataIndex: 'state',
      render: (s: TrainingTaskMember['state']) => <StateTag state={s} />,
    },
    { title: t('training.tasks.coursesDone'), render: (_, m) => `${m.completedCourses}/${courseCount}` },
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
  ];
  return (
    <Table<TrainingTaskMember>
      size="small"
      rowKey="userId"
      loading={members.isFetching}
      dataSource={members.data?.list ?? []}
      columns={columns}
      locale={{
        emptyText: t(filter === 'all' ? 'training.tasks.noAssignees' : 'training.tasks.noneInState'),
      }}
      title={() => (
        <Flex justify="space-between" gap={8} wrap>
          <Radio.Group
            aria-label={t('training.tasks.filter')}
            optionType="button"
            size="small"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPageNum(1);
            }}
            options={FILTERS.map((f) => ({
              value: f,
              label: f === 'all' ? t('training.tasks.allStates') : t(`training.states.${f}`),
            }))}
          />
          {extra}
        </Flex>
      )}
      pagination={{
        current: pageNum,
        pageSize: PAGE_SIZE,
        total: members.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (total) => t('training.tasks.memberTotal', { count: total }),
        onChange: setPageNum,
      }}
    />
  );
};

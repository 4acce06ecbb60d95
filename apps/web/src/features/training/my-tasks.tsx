import { LEARNER_TASK_STATES, type LearnerTaskState, type MyTrainingTask } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { Card, Empty, Flex, List, Segmented, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StateTag } from './state-tag.tsx';
import { useMyTasks } from './training-api.ts';

/** `?task=` (a notification's link): that task is picked out and scrolled into view. */
const TaskItem = ({ task, focused }: { task: MyTrainingTask; focused: boolean }) => {
  const { t } = useTranslation();
  const done = task.courses.filter((c) => c.completed).length;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [focused]);
  return (
    <List.Item
      ref={ref}
      data-task={task.taskId}
      aria-current={focused ? 'true' : undefined}
      className={focused ? 'my-task-focused' : undefined}
    >
      <Flex vertical gap={4} style={{ width: '100%' }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{task.title}</Typography.Text>
          <Tag color={task.kind === 'required' ? 'red' : 'blue'}>{t(`training.tasks.${task.kind}`)}</Tag>
          <StateTag state={task.state} />
          <Typography.Text type={task.state === 'overdue' ? 'danger' : 'secondary'}>
            {t('training.mine.due', { day: task.dueDay })}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">
          {t('training.mine.coursesDone', { done, total: task.courses.length })}
        </Typography.Text>
        <Flex gap={12} wrap>
          {task.courses.map((c) => (
            <Link key={c.courseId} to={WebPaths.learnCourse(c.courseId)}>
              {c.completed ? '✓ ' : ''}
              {c.title}
            </Link>
          ))}
        </Flex>
      </Flex>
    </List.Item>
  );
};

/** 我的任务, first in 我的学习: the member's open tasks, to do / overdue / done. Hidden with none. */
export const MyTasks = () => {
  const { t } = useTranslation();
  const tasks = useMyTasks();
  const [picked, setState] = useState<LearnerTaskState | null>(null);
  const focusId = Number(useSearchParams()[0].get('task')) || null;
  // A task assigned after the list was read (its notice was opened here): read the list once more.
  const asked = useRef<number | null>(null);
  const { data, refetch } = tasks;
  useEffect(() => {
    if (!focusId || !data || data.some((task) => task.taskId === focusId) || asked.current === focusId)
      return;
    asked.current = focusId;
    void refetch();
  }, [focusId, data, refetch]);
  if (!tasks.data || tasks.data.length === 0) return null;
  const count = (s: LearnerTaskState) => tasks.data.filter((task) => task.state === s).length;
  const focused = tasks.data.find((task) => task.taskId === focusId);
  // Until a tab is picked: the linked task's, 待完成, or else the first state that has tasks (a
  // member behind sees 已逾期).
  const state = picked ?? focused?.state ?? LEARNER_TASK_STATES.find((s) => count(s) > 0)!;
  const shown = tasks.data.filter((task) => task.state === state);
  return (
    <Card title={t('training.mine.title')} size="small">
      <Segmented<LearnerTaskState>
        aria-label={t('training.mine.label')}
        value={state}
        onChange={setState}
        options={LEARNER_TASK_STATES.map((s) => ({
          value: s,
          label: `${t(`training.states.${s}`)} ${count(s)}`,
        }))}
      />
      <List
        dataSource={shown}
        rowKey="taskId"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.mine.empty')} />,
        }}
        renderItem={(task) => <TaskItem task={task} focused={task.taskId === focusId} />}
      />
    </Card>
  );
};

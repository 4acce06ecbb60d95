import { PlusOutlined } from '@ant-design/icons';
import type { TrainingTask } from '@studio/contract';
import { chinaDateTime } from '@studio/contract';
import { App, Button, Card, Empty, Flex, Modal, Popconfirm, Progress, Table, Tag, Typography } from 'antd';
import { WebPaths } from '@studio/contract/constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromNow } from '../../lib/dayjs.ts';
import { TaskFormModal } from './task-form-modal.tsx';
import { TaskMembers } from './task-members.tsx';
import { refreshTraining, trainingApi, useTasks } from './training-api.ts';

/** One task's members and where each stands, overdue first (its charts are on the report page). */
const TaskDetail = ({ task, onClose }: { task: TrainingTask | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={task !== null}
      title={task && t('training.tasks.detailTitle', { title: task.title })}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {task && (
        <TaskMembers taskId={task.taskId} courseCount={task.courses.length} withExam={task.examId !== null} />
      )}
    </Modal>
  );
};

/** 学习任务, in the team centre for OWNER/ADMIN: each task's completion %, overdue count and members. */
export const TasksCard = ({ writable }: { writable: boolean }) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const tasks = useTasks();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<TrainingTask | null>(null);

  const cancel = async (task: TrainingTask) => {
    await trainingApi.cancelTask(task.taskId);
    void message.success(t('training.tasks.cancelDone'));
    await refreshTraining();
  };

  return (
    <Card
      title={t('training.tasks.title')}
      extra={
        writable && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t('training.tasks.create')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('training.tasks.desc')}</Typography.Text>
        <Table<TrainingTask>
          rowKey="taskId"
          loading={tasks.isPending}
          dataSource={tasks.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('training.tasks.empty')} /> }}
          columns={[
            {
              title: t('training.tasks.name'),
              render: (_, task) => (
                <Flex gap={4} wrap>
                  <Typography.Text delete={task.state === 'cancelled'}>{task.title}</Typography.Text>
                  <Tag color={task.kind === 'required' ? 'red' : 'blue'}>
                    {t(`training.tasks.${task.kind}`)}
                  </Tag>
                  {task.state === 'cancelled' && <Tag>{t('training.tasks.cancelled')}</Tag>}
                </Flex>
              ),
            },
            { title: t('training.tasks.dates'), render: (_, task) => `${task.startDay} ~ ${task.dueDay}` },
            {
              title: t('training.tasks.completion'),
              render: (_, task) => (
                <Flex vertical style={{ minWidth: 120 }} data-testid={`completion-${task.taskId}`}>
                  <Progress percent={task.completion} size="small" />
                  <Typography.Text type="secondary">{`${task.doneCount}/${task.assigneeCount}`}</Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('training.tasks.overdue'),
              dataIndex: 'overdueCount',
              render: (n: number) => (n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : 0),
            },
            {
              title: t('training.tasks.assigned'),
              dataIndex: 'createdAt',
              render: (at: number) => <span title={chinaDateTime(at)}>{fromNow(at, i18n.language)}</span>,
            },
            {
              title: t('training.tasks.actions'),
              render: (_, task) => (
                <Flex gap={4}>
                  <Button type="link" size="small" onClick={() => setViewing(task)}>
                    {t('training.tasks.view')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void navigate(`${WebPaths.trainingReport}?taskId=${task.taskId}`)}
                  >
                    {t('training.report.open')}
                  </Button>
                  {writable && task.state === 'open' && (
                    <Popconfirm
                      title={t('training.tasks.cancelConfirm', { title: task.title })}
                      onConfirm={() => cancel(task)}
                    >
                      <Button type="link" size="small" danger>
                        {t('training.tasks.cancel')}
                      </Button>
                    </Popconfirm>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      <TaskFormModal open={creating} onClose={() => setCreating(false)} />
      <TaskDetail task={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
};

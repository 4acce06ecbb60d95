import { TRAINING_LIMITS, type TaskKind, type TrainingTaskBody } from '@studio/contract';
import { App, DatePicker, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../lib/dayjs.ts';
import {
  refreshTraining,
  trainingApi,
  useAssignableCourses,
  useGroups,
  useTeamExams,
  useTeamMembers,
} from './training-api.ts';

type Values = {
  title: string;
  kind: TaskKind;
  dates: [Dayjs, Dayjs];
  courseIds: number[];
  userIds?: number[];
  groupIds?: number[];
  examId?: number | null;
};

/** A picked day as the China day it names (`yyyy-mm-dd`): the server reads dates in China time. */
const dayOf = (d: Dayjs) => d.format('YYYY-MM-DD');

/** What the form sends: the picked days, and no assignee list left undefined. */
export const toTaskBody = (v: Values): TrainingTaskBody => ({
  title: v.title.trim(),
  kind: v.kind,
  startDay: dayOf(v.dates[0]),
  dueDay: dayOf(v.dates[1]),
  courseIds: v.courseIds,
  userIds: v.userIds ?? [],
  groupIds: v.groupIds ?? [],
  examId: v.examId ?? null,
});

/** 布置学习任务: courses the team learns, members and/or groups, 必修/选修, start and due days. */
export const TaskFormModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // The courses the team learns (bought, or its own released): the ones a task may name.
  const courses = useAssignableCourses(open);
  const members = useTeamMembers(open);
  const groups = useGroups(open);
  const exams = useTeamExams(open);

  const submit = async (values: Values) => {
    const task = await trainingApi.createTask(toTaskBody(values));
    void message.success(t('training.form.created', { title: task.title }));
    form.resetFields();
    onClose();
    await refreshTraining();
  };

  const required = (field: string) => [{ required: true, message: t('training.form.required', { field }) }];
  return (
    <Modal
      open={open}
      title={t('training.form.title')}
      okText={t('training.form.submit')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ kind: 'required', dates: [dayjs(), dayjs().add(7, 'day')] }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="title" label={t('training.form.name')} rules={required(t('training.form.name'))}>
          <Input maxLength={TRAINING_LIMITS.taskTitleMax} placeholder={t('training.form.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="kind" label={t('training.form.kind')}>
          <Radio.Group
            options={[
              { value: 'required', label: t('training.tasks.required') },
              { value: 'elective', label: t('training.tasks.elective') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="dates"
          label={t('training.form.dates')}
          extra={t('training.form.datesHint')}
          rules={required(t('training.form.dates'))}
        >
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            placeholder={[t('training.form.startDate'), t('training.form.dueDate')]}
          />
        </Form.Item>
        <Form.Item
          name="courseIds"
          label={t('training.form.courses')}
          rules={required(t('training.form.courses'))}
        >
          <Select
            mode="multiple"
            loading={courses.isPending}
            placeholder={t('training.form.coursesPlaceholder')}
            maxCount={TRAINING_LIMITS.coursesMax}
            optionFilterProp="label"
            options={(courses.data ?? []).map((c) => ({ value: c.courseId, label: c.title }))}
          />
        </Form.Item>
        <Form.Item name="examId" label={t('training.form.exam')} extra={t('training.form.examHint')}>
          <Select
            allowClear
            loading={exams.isPending}
            placeholder={t('training.form.examPlaceholder')}
            optionFilterProp="label"
            options={(exams.data ?? []).map((e) => ({ value: e.examId, label: e.title }))}
          />
        </Form.Item>
        <Form.Item name="groupIds" label={t('training.form.groups')}>
          <Select
            mode="multiple"
            placeholder={t('training.form.groupsPlaceholder')}
            optionFilterProp="label"
            options={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.name }))}
          />
        </Form.Item>
        <Form.Item
          name="userIds"
          label={t('training.form.members')}
          dependencies={['groupIds']}
          rules={[
            {
              validator: async (_, value?: number[]) => {
                if (!value?.length && !form.getFieldValue('groupIds')?.length) {
                  throw new Error(t('training.form.assigneesHint'));
                }
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            placeholder={t('training.form.membersPlaceholder')}
            optionFilterProp="label"
            options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.nickName }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">{t('training.form.assigneesHint')}</Typography.Text>
      </Form>
    </Modal>
  );
};

import {
  DIFFICULTIES,
  QUESTION_TYPES,
  SHOW_ANSWERS,
  type Exam,
  type ExamInput,
  type ExamRule,
} from '@studio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../components/number-input.tsx';
import { examKeys, examsApi, useQuestions } from './exams-api.ts';
import { courseExamApi, useExamOwner } from './exam-owner.ts';

type Values = {
  title: string;
  description: string;
  mode: 'list' | 'rules';
  questionIds: number[];
  rules: ExamRule[];
  timeLimitMinutes: number | null;
  maxAttempts: number;
  passPercent: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  showAnswers: ExamInput['showAnswers'];
};

const valuesOf = (e: Exam | null): Values => ({
  title: e?.title ?? '',
  description: e?.description ?? '',
  mode: e?.source.mode ?? 'list',
  questionIds: e?.source.mode === 'list' ? e.source.questionIds : [],
  rules: e?.source.mode === 'rules' ? e.source.rules : [{ count: 10 }],
  timeLimitMinutes: e ? e.timeLimitMinutes : 30,
  maxAttempts: e?.maxAttempts ?? 1,
  passPercent: e?.passPercent ?? 60,
  shuffleQuestions: e?.shuffleQuestions ?? false,
  shuffleOptions: e?.shuffleOptions ?? false,
  showAnswers: e?.showAnswers ?? 'afterSubmit',
});

/** The form's values as the contract's exam (the server draws once to check the bank has enough). */
export const examInputOf = (v: Values): ExamInput => ({
  title: v.title,
  description: v.description,
  source:
    v.mode === 'list'
      ? { mode: 'list', questionIds: v.questionIds }
      : {
          mode: 'rules',
          rules: v.rules.map((r) => ({
            count: r.count,
            ...(r.tag ? { tag: r.tag } : {}),
            ...(r.type ? { type: r.type } : {}),
            ...(r.difficulty ? { difficulty: r.difficulty } : {}),
          })),
        },
  timeLimitMinutes: v.timeLimitMinutes ?? null,
  maxAttempts: v.maxAttempts,
  passPercent: v.passPercent,
  shuffleQuestions: v.shuffleQuestions,
  shuffleOptions: v.shuffleOptions,
  showAnswers: v.showAnswers,
  closeTime: null,
});

/** 创建考试 / 编辑考试: questions by a list or by rules, and the settings. */
export const ExamForm = ({ exam, onClose }: { exam: Exam | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? exam?.source.mode ?? 'list';
  const bank = useQuestions({ pageNum: 1, pageSize: 100 });
  const owner = useExamOwner();
  const save = useMutation({
    // A course has one exam: saving creates or changes it.
    mutationFn: (input: ExamInput) =>
      owner
        ? courseExamApi.save(owner.courseId, input)
        : exam
          ? examsApi.updateExam(exam.examId, input)
          : examsApi.createExam(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
      void message.success(exam ? t('exams.manage.saved') : t('exams.manage.created'));
      onClose();
    },
  });
  const tagOptions = (bank.data?.tags ?? []).map((v) => ({ value: v, label: v }));
  return (
    <Modal
      open
      title={exam ? t('exams.manage.edit') : t('exams.manage.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={680}
    >
      <Form
        form={form}
        name="exam"
        requiredMark={false}
        layout="vertical"
        initialValues={valuesOf(exam)}
        onFinish={(v) => save.mutate(examInputOf(v))}
      >
        <Form.Item name="title" label={t('exams.manage.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('exams.manage.description')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
        </Form.Item>
        <Form.Item name="mode" label={t('exams.manage.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'list', label: t('exams.manage.byList') },
              { value: 'rules', label: t('exams.manage.byRules') },
            ]}
          />
        </Form.Item>
        {mode === 'list' ? (
          <Form.Item name="questionIds" label={t('exams.manage.questions')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              aria-label={t('exams.manage.questions')}
              placeholder={t('exams.manage.pickQuestions')}
              optionFilterProp="label"
              loading={bank.isPending}
              options={(bank.data?.list ?? []).map((q) => ({
                value: q.questionId,
                label: `[${t(`exams.types.${q.type}`)}] ${q.stem}`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.List name="rules">
            {(fields, { add, remove }) => (
              <Form.Item label={t('exams.manage.byRules')}>
                {fields.map((f) => (
                  <Flex key={f.key} wrap gap={8} style={{ marginBottom: 8 }}>
                    <Form.Item name={[f.name, 'tag']} noStyle>
                      <Select
                        allowClear
                        style={{ width: 120 }}
                        placeholder={t('exams.manage.anyTag')}
                        options={tagOptions}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'type']} noStyle>
                      <Select
                        allowClear
                        style={{ width: 130 }}
                        placeholder={t('exams.manage.anyType')}
                        options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`exams.types.${v}`) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'difficulty']} noStyle>
                      <Select
                        allowClear
                        style={{ width: 110 }}
                        placeholder={t('exams.manage.anyDifficulty')}
                        options={DIFFICULTIES.map((v) => ({ value: v, label: t(`exams.difficulties.${v}`) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'count']} noStyle rules={[{ required: true }]}>
                      <NumberInput
                        min={1}
                        max={200}
                        precision={0}
                        aria-label={t('exams.manage.count')}
                        style={{ width: 90 }}
                      />
                    </Form.Item>
                    {fields.length > 1 && <Button onClick={() => remove(f.name)}>×</Button>}
                  </Flex>
                ))}
                <Button onClick={() => add({ count: 5 })}>{t('exams.manage.addRule')}</Button>
              </Form.Item>
            )}
          </Form.List>
        )}
        <Flex wrap gap={16}>
          <Form.Item
            name="timeLimitMinutes"
            label={t('exams.manage.timeLimit')}
            extra={t('exams.manage.noLimit')}
          >
            <NumberInput min={1} max={600} precision={0} aria-label={t('exams.manage.timeLimit')} />
          </Form.Item>
          <Form.Item name="maxAttempts" label={t('exams.manage.maxAttempts')} rules={[{ required: true }]}>
            <NumberInput min={1} max={100} precision={0} aria-label={t('exams.manage.maxAttempts')} />
          </Form.Item>
          <Form.Item name="passPercent" label={t('exams.manage.passPercent')} rules={[{ required: true }]}>
            <NumberInput min={0} max={100} precision={0} aria-label={t('exams.manage.passPercent')} />
          </Form.Item>
        </Flex>
        <Flex wrap gap={16}>
          <Form.Item
            name="shuffleQuestions"
            label={t('exams.manage.shuffleQuestions')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="shuffleOptions" label={t('exams.manage.shuffleOptions')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="showAnswers" label={t('exams.manage.showAnswers')}>
            <Select
              style={{ width: 150 }}
              aria-label={t('exams.manage.showAnswers')}
              options={SHOW_ANSWERS.map((v) => ({ value: v, label: t(`exams.manage.show.${v}`) }))}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
};

import {
  DIFFICULTIES,
  QUESTION_TYPES,
  questionInputSchema,
  type Question,
  type QuestionInput,
  type QuestionType,
} from '@studio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { examKeys } from './exams-api.ts';
import { bankApi, useExamOwner } from './exam-owner.ts';
import { LETTERS } from './question-input.tsx';

type Values = {
  type: QuestionType;
  stem: string;
  options?: string[];
  single?: number;
  multiple?: number[];
  judge?: boolean;
  fill?: string;
  explanation: string;
  tags: string[];
  difficulty: QuestionInput['difficulty'];
};

const valuesOf = (q: Question | null): Values => ({
  type: q?.type ?? 'single',
  stem: q?.stem ?? '',
  options: q?.options.length ? q.options : ['', '', '', ''],
  single: q?.type === 'single' ? (q.answer as number) : undefined,
  multiple: q?.type === 'multiple' ? (q.answer as number[]) : undefined,
  judge: q?.type === 'judge' ? (q.answer as boolean) : undefined,
  fill: q?.type === 'fill' ? (q.answer as string[]).join('\n') : undefined,
  explanation: q?.explanation ?? '',
  tags: q?.tags ?? [],
  difficulty: q?.difficulty ?? 'medium',
});

/** The form's values as the contract's question (the server checks the same schema). */
export const inputOf = (v: Values): unknown => {
  const common = { stem: v.stem, explanation: v.explanation, tags: v.tags, difficulty: v.difficulty };
  // A 判断 or 填空 form has no option fields mounted, and antd leaves their value out.
  const options = (v.options ?? []).map((o) => o.trim()).filter(Boolean);
  switch (v.type) {
    case 'single':
      return { type: 'single', ...common, options, answer: v.single };
    case 'multiple':
      return { type: 'multiple', ...common, options, answer: v.multiple ?? [] };
    case 'judge':
      return { type: 'judge', ...common, answer: v.judge };
    case 'fill':
      return {
        type: 'fill',
        ...common,
        answer: (v.fill ?? '')
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
      };
  }
};

/** 添加题目 / 编辑题目: one form whose answer field follows the type. */
export const QuestionForm = ({ question, onClose }: { question: Question | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const bank = bankApi(useExamOwner());
  const type = Form.useWatch('type', form) ?? question?.type ?? 'single';
  const options = (Form.useWatch('options', form) as string[] | undefined) ?? [];
  const save = useMutation({
    mutationFn: (q: QuestionInput) =>
      question ? bank.updateQuestion(question.questionId, q) : bank.createQuestion(q),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
      void message.success(t('exams.bank.saved'));
      onClose();
    },
  });
  const finish = (v: Values) => {
    const parsed = questionInputSchema.safeParse(inputOf(v));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      void message.error(`${String(issue.path[0] ?? '')} ${issue.message}`.trim());
      return;
    }
    save.mutate(parsed.data);
  };
  const choiceOptions = options.map((o, i) => ({ value: i, label: `${LETTERS[i]}${o ? `. ${o}` : ''}` }));
  return (
    <Modal
      open
      title={question ? t('exams.bank.edit') : t('exams.bank.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        name="question"
        requiredMark={false}
        layout="vertical"
        initialValues={valuesOf(question)}
        onFinish={finish}
      >
        <Form.Item name="type" label={t('exams.bank.type')}>
          <Radio.Group
            optionType="button"
            options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`exams.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="stem" label={t('exams.bank.stem')} rules={[{ required: true }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        {(type === 'single' || type === 'multiple') && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Form.Item label={t('exams.bank.options')}>
                {fields.map((f, i) => (
                  <Form.Item key={f.key} name={f.name} style={{ marginBottom: 8 }}>
                    <Input
                      addonBefore={LETTERS[i]}
                      aria-label={t('exams.bank.option', { letter: LETTERS[i] })}
                      maxLength={500}
                      addonAfter={
                        fields.length > 2 ? (
                          <Button
                            type="text"
                            size="small"
                            aria-label={t('exams.bank.remove')}
                            onClick={() => remove(f.name)}
                          >
                            ×
                          </Button>
                        ) : null
                      }
                    />
                  </Form.Item>
                ))}
                {fields.length < LETTERS.length && (
                  <Button onClick={() => add('')}>{t('exams.bank.addOption')}</Button>
                )}
              </Form.Item>
            )}
          </Form.List>
        )}
        {type === 'single' && (
          <Form.Item name="single" label={t('exams.bank.answer')} rules={[{ required: true }]}>
            <Radio.Group options={choiceOptions} />
          </Form.Item>
        )}
        {type === 'multiple' && (
          <Form.Item name="multiple" label={t('exams.bank.answer')} rules={[{ required: true }]}>
            <Checkbox.Group options={choiceOptions} />
          </Form.Item>
        )}
        {type === 'judge' && (
          <Form.Item name="judge" label={t('exams.bank.answer')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: true, label: t('exams.bank.right') },
                { value: false, label: t('exams.bank.wrong') },
              ]}
            />
          </Form.Item>
        )}
        {type === 'fill' && (
          <Form.Item
            name="fill"
            label={t('exams.bank.fillAnswers')}
            extra={t('exams.bank.fillHint')}
            rules={[{ required: true }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        )}
        <Form.Item name="explanation" label={t('exams.bank.explanation')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
        </Form.Item>
        <Form.Item name="tags" label={t('exams.bank.tags')}>
          <Select mode="tags" maxCount={10} aria-label={t('exams.bank.tags')} />
        </Form.Item>
        <Form.Item name="difficulty" label={t('exams.bank.difficulty')}>
          <Radio.Group
            optionType="button"
            options={DIFFICULTIES.map((v) => ({ value: v, label: t(`exams.difficulties.${v}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

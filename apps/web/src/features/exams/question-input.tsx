import type { AttemptQuestion, ExamAnswer } from '@studio/contract';
import { Checkbox, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export const LETTERS = 'ABCDEFGH';

/** One question of a paper and its answer control, by type (单选, 多选, 判断, 填空). */
export const QuestionInput = ({
  question: q,
  no,
  value,
  onChange,
  onCommit,
  disabled,
}: {
  question: AttemptQuestion;
  no: number;
  value: ExamAnswer | undefined;
  onChange: (answer: ExamAnswer | null) => void;
  /** A text answer is saved once the field is left (choices on each change). */
  onCommit?: () => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const name = `exam-q-${q.questionId}`;
  let control;
  if (q.type === 'single')
    control = (
      <Radio.Group
        name={name}
        className="exam-option-list"
        value={typeof value === 'number' ? value : undefined}
        onChange={(e) => onChange(e.target.value as number)}
        disabled={disabled}
        options={q.options.map((o, i) => ({ value: i, label: `${LETTERS[i]}. ${o}` }))}
      />
    );
  else if (q.type === 'multiple')
    control = (
      <Checkbox.Group
        className="exam-option-list"
        value={Array.isArray(value) ? (value as number[]) : []}
        onChange={(v) => onChange(v.length === 0 ? null : [...v].sort((a, b) => a - b))}
        disabled={disabled}
        options={q.options.map((o, i) => ({ value: i, label: `${LETTERS[i]}. ${o}` }))}
      />
    );
  else if (q.type === 'judge')
    control = (
      <Radio.Group
        name={name}
        className="exam-option-list"
        value={typeof value === 'boolean' ? value : undefined}
        onChange={(e) => onChange(e.target.value as boolean)}
        disabled={disabled}
        options={[
          { value: true, label: t('exams.bank.right') },
          { value: false, label: t('exams.bank.wrong') },
        ]}
      />
    );
  else
    control = (
      <Input
        aria-label={t('exams.attempt.fillPlaceholder')}
        placeholder={t('exams.attempt.fillPlaceholder')}
        value={typeof value === 'string' ? value : ''}
        maxLength={200}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={onCommit}
      />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} role="group" aria-label={`${no}. ${q.stem}`}>
      <Typography.Text type="secondary">{t(`exams.types.${q.type}`)}</Typography.Text>
      <Typography.Paragraph strong style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
        {no}. {q.stem}
      </Typography.Paragraph>
      {control}
    </Space>
  );
};

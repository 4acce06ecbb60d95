import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { QuizAttrs } from '@studio/contract';
import { QUIZ_LIMITS } from '@studio/contract/constants';
import { Button, Checkbox, Flex, Input, Radio, Tag, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addAccepted,
  addOption,
  markCorrect,
  removeAccepted,
  removeOption,
  setOption,
  type QuizEdit,
} from './quiz-edits.ts';
import { useDraftText } from './use-draft-text.ts';

export interface AnswerProps {
  quiz: QuizAttrs;
  disabled: boolean;
  /** Writes the edit, worked out on the quiz as the document holds it now. */
  apply: (edit: QuizEdit) => void;
}

const OptionRow = ({ quiz, disabled, apply, index }: AnswerProps & { index: number }) => {
  const { t } = useTranslation();
  const n = index + 1;
  const text = useDraftText(quiz.options[index] ?? '', (value) =>
    apply((now) => setOption(now, index, value)),
  );
  const right = quiz.correct.includes(index);
  const mark = {
    checked: right,
    disabled,
    onChange: () => apply((now) => markCorrect(now, index)),
  };
  return (
    <Flex align="center" gap={8} className="quiz-editor-option">
      {quiz.kind === 'multiple' ? (
        <Checkbox {...mark} aria-label={t('editor.quiz.markMultiple', { n })} />
      ) : (
        <Radio {...mark} name={`${quiz.id}-correct`} aria-label={t('editor.quiz.markSingle', { n })} />
      )}
      <Input
        {...text}
        size="small"
        disabled={disabled}
        maxLength={QUIZ_LIMITS.optionMax}
        placeholder={t('editor.quiz.option', { n })}
        aria-label={t('editor.quiz.option', { n })}
      />
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        disabled={disabled || quiz.options.length <= QUIZ_LIMITS.optionsMin}
        aria-label={t('editor.quiz.removeOption', { n })}
        onClick={() => apply((now) => removeOption(now, index))}
      />
    </Flex>
  );
};

/** Single and multiple choice: the options, each marked right or not (radio for one, boxes for several). */
export const ChoiceAnswers = (props: AnswerProps) => {
  const { t } = useTranslation();
  const { quiz, disabled, apply } = props;
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary" className="quiz-editor-label">
        {t('editor.quiz.markHelp')}
      </Typography.Text>
      {quiz.options.map((_, index) => (
        <OptionRow key={index} {...props} index={index} />
      ))}
      <div>
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          disabled={disabled || quiz.options.length >= QUIZ_LIMITS.optionsMax}
          onClick={() => apply(addOption)}
        >
          {t('editor.quiz.addOption')}
        </Button>
      </div>
    </Flex>
  );
};

/** True or false: choice 0 is 正确, choice 1 is 错误. */
export const TrueFalseAnswer = ({ quiz, disabled, apply }: AnswerProps) => {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={12} wrap>
      <Typography.Text type="secondary" className="quiz-editor-label" id={`${quiz.id}-answer`}>
        {t('editor.quiz.answer')}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={`${quiz.id}-answer`}
        disabled={disabled}
        value={quiz.correct[0]}
        onChange={(e) => apply((now) => markCorrect(now, Number(e.target.value)))}
        options={[
          { value: 0, label: t('editor.quiz.true') },
          { value: 1, label: t('editor.quiz.false') },
        ]}
      />
    </Flex>
  );
};

/** Fill in the blank: the answers counted right, as tags; Enter (or leaving the field) adds one. */
export const BlankAnswers = ({ quiz, disabled, apply }: AnswerProps) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const add = () => {
    apply((now) => addAccepted(now, typed));
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter that ends an input method's composition picks the characters; it adds nothing yet.
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    add();
  };
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary" className="quiz-editor-label">
        {t('editor.quiz.accepted')}
      </Typography.Text>
      <Flex gap={6} wrap align="center">
        {quiz.accepted.map((answer, index) => (
          <Tag
            key={answer}
            closable={!disabled}
            closeIcon={<CloseOutlined aria-label={t('editor.quiz.removeAccepted', { answer })} />}
            onClose={(e) => {
              e.preventDefault();
              apply((now) => removeAccepted(now, index));
            }}
          >
            {answer}
          </Tag>
        ))}
        <Input
          size="small"
          style={{ width: 220 }}
          value={typed}
          disabled={disabled || quiz.accepted.length >= QUIZ_LIMITS.acceptedMax}
          maxLength={QUIZ_LIMITS.blankMax}
          placeholder={t('editor.quiz.acceptedPlaceholder')}
          aria-label={t('editor.quiz.accepted')}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('editor.quiz.acceptedHelp')}
      </Typography.Text>
    </Flex>
  );
};

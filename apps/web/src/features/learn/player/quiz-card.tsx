import { CheckCircleFilled, CloseCircleFilled, RedoOutlined } from '@ant-design/icons';
import type { LearnerQuiz, QuizAnswer, QuizAnswered, QuizResult } from '@studio/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Input, Radio, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { learnApi } from '../learn-api.ts';

const letter = (index: number) => String.fromCharCode(65 + index);

/** The choices a learner picks from: the quiz's options, or 正确 / 错误 (choice 0 / 1) for true/false. */
const useChoiceLabels = (quiz: LearnerQuiz): string[] => {
  const { t } = useTranslation();
  if (quiz.kind === 'truefalse') return [t('learn.quiz.true'), t('learn.quiz.false')];
  return quiz.options.map((option, i) => `${letter(i)}. ${option}`);
};

/** What the learner has picked or typed, before submitting. */
interface Draft {
  choices: number[];
  text: string;
}

const draftOf = (result: QuizResult | undefined): Draft => ({
  choices: result && 'choices' in result.answer ? result.answer.choices : [],
  text: result && 'text' in result.answer ? result.answer.text : '',
});

const answerOf = (quiz: LearnerQuiz, draft: Draft): QuizAnswer | null => {
  if (quiz.kind === 'blank') return draft.text.trim() ? { text: draft.text.trim() } : null;
  return draft.choices.length ? { choices: [...draft.choices].sort((a, b) => a - b) } : null;
};

const AnswerInput = ({
  quiz,
  labels,
  draft,
  onChange,
  onSubmit,
  labelledBy,
}: {
  quiz: LearnerQuiz;
  labels: string[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSubmit: () => void;
  labelledBy: string;
}) => {
  const { t } = useTranslation();
  if (quiz.kind === 'blank') {
    return (
      <Input
        aria-label={t('learn.quiz.blankLabel')}
        placeholder={t('learn.quiz.blankPlaceholder')}
        value={draft.text}
        maxLength={100}
        onChange={(e) => onChange({ ...draft, text: e.target.value })}
        onPressEnter={onSubmit}
        style={{ maxWidth: 360 }}
      />
    );
  }
  const options = labels.map((label, value) => ({ value, label }));
  if (quiz.kind === 'multiple') {
    return (
      <Checkbox.Group
        aria-labelledby={labelledBy}
        className="quiz-options"
        options={options}
        value={draft.choices}
        onChange={(choices) => onChange({ ...draft, choices })}
      />
    );
  }
  return (
    <Radio.Group
      aria-labelledby={labelledBy}
      className="quiz-options"
      options={options}
      value={draft.choices[0]}
      onChange={(e) => onChange({ ...draft, choices: [Number(e.target.value)] })}
    />
  );
};

const Outcome = ({
  result,
  labels,
  maxAttempts,
}: {
  result: QuizResult;
  labels: string[];
  maxAttempts: number | null;
}) => {
  const { t } = useTranslation();
  const sep = t('learn.quiz.separator');
  const given =
    'text' in result.answer
      ? result.answer.text
      : result.answer.choices.map((c) => labels[c] ?? '').join(sep);
  return (
    <div className={result.correct ? 'quiz-outcome is-correct' : 'quiz-outcome is-wrong'} role="status">
      <strong className="quiz-verdict">
        {result.correct ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}{' '}
        {result.correct ? t('learn.quiz.correct') : t('learn.quiz.wrong')}
      </strong>
      <div>{t('learn.quiz.yourAnswer', { answer: given })}</div>
      {result.accepted.length > 0 ? (
        <div>{t('learn.quiz.accepted', { answer: result.accepted.join(sep) })}</div>
      ) : (
        <div>
          {t('learn.quiz.rightAnswer', {
            answer: result.correctChoices.map((c) => labels[c] ?? '').join(sep),
          })}
        </div>
      )}
      {result.explanation && <div>{t('learn.quiz.explanation', { text: result.explanation })}</div>}
      <Typography.Text type="secondary">
        {maxAttempts === null
          ? t('learn.quiz.attempts', { count: result.attempts })
          : t('learn.quiz.attemptsOf', { count: result.attempts, max: maxAttempts })}
      </Typography.Text>
    </div>
  );
};

/**
 * One quiz of a lesson: pick (radio, checkboxes) or type the answer and submit; the server grades it
 * and the card shows right or wrong, the right answer and the explanation, with 重新作答 (while the
 * course's limit of attempts, if any, is not used up).
 */
export const QuizCard = ({
  courseId,
  lessonId,
  quiz,
  result,
  maxAttempts,
  onAnswered,
}: {
  courseId: number;
  lessonId: number;
  quiz: LearnerQuiz;
  result: QuizResult | undefined;
  /** The course's limit of answers per quiz (null: none). */
  maxAttempts: number | null;
  onAnswered: (answered: QuizAnswered) => void;
}) => {
  const { t } = useTranslation();
  const questionId = useId();
  const labels = useChoiceLabels(quiz);
  const [editing, setEditing] = useState(!result);
  const [draft, setDraft] = useState<Draft>(() => draftOf(result));
  const submit = useMutation({
    mutationFn: (answer: QuizAnswer) => learnApi.answer({ courseId, lessonId, quizId: quiz.id, answer }),
    onSuccess: (answered) => {
      setEditing(false);
      onAnswered(answered);
    },
  });
  const answer = answerOf(quiz, draft);
  const send = () => {
    if (answer && !submit.isPending) submit.mutate(answer);
  };

  return (
    <section className="quiz-card" aria-labelledby={questionId}>
      <Tag color="purple" variant="filled">
        {t(`learn.quiz.kind.${quiz.kind}`)}
      </Tag>
      <p className="quiz-question" id={questionId}>
        {quiz.question}
      </p>
      {editing || !result ? (
        <Flex vertical gap={12} align="flex-start">
          <AnswerInput
            quiz={quiz}
            labels={labels}
            draft={draft}
            onChange={setDraft}
            onSubmit={send}
            labelledBy={questionId}
          />
          <Button type="primary" disabled={!answer} loading={submit.isPending} onClick={send}>
            {t('learn.quiz.submit')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Outcome result={result} labels={labels} maxAttempts={maxAttempts} />
          {maxAttempts !== null && result.attempts >= maxAttempts ? (
            <Typography.Text type="secondary">{t('learn.quiz.noAttemptsLeft')}</Typography.Text>
          ) : (
            <Button
              icon={<RedoOutlined aria-hidden />}
              onClick={() => {
                setDraft(draftOf(result));
                setEditing(true);
              }}
            >
              {t('learn.quiz.retry')}
            </Button>
          )}
        </Flex>
      )}
    </section>
  );
};

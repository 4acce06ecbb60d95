import type { Attempt, AttemptQuestion, ExamAnswer } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { Alert, Card, Flex, List, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../store/link-button.tsx';
import { LETTERS } from './question-input.tsx';

type Key = NonNullable<Attempt['review']>[number]['key'];

const useShow = () => {
  const { t } = useTranslation();
  return (q: AttemptQuestion, a: ExamAnswer | Key | undefined): string => {
    if (a === undefined) return t('exams.attempt.noAnswer');
    if (q.type === 'judge') return a ? t('exams.bank.right') : t('exams.bank.wrong');
    if (q.type === 'fill') return Array.isArray(a) ? a.join(' / ') : String(a);
    const picks = Array.isArray(a) ? (a as number[]) : [a as number];
    return picks.map((i) => `${LETTERS[i]}. ${q.options[i] ?? ''}`).join('；');
  };
};

/** A handed-in paper: score and 通过/未通过, and the right answers when the exam shows them. */
export const AttemptResult = ({ attempt }: { attempt: Attempt }) => {
  const { t } = useTranslation();
  const show = useShow();
  const r = attempt.result!;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Result
          status={r.passed ? 'success' : 'error'}
          title={
            <h1 style={{ fontSize: 24, margin: 0 }}>
              {r.passed ? t('exams.attempt.passed') : t('exams.attempt.failed')}
            </h1>
          }
          subTitle={
            <Flex vertical gap={4} align="center">
              <Typography.Text strong style={{ fontSize: 20 }}>
                {t('exams.attempt.score', { score: r.score })}
              </Typography.Text>
              <span>{t('exams.attempt.correctCount', { correct: r.correctCount, total: r.total })}</span>
              <span>
                {t('exams.attempt.passLine', { percent: attempt.passPercent })} ·{' '}
                {t('exams.attempt.attemptNo', { no: attempt.attemptNo, max: attempt.maxAttempts })}
              </span>
            </Flex>
          }
          extra={
            attempt.courseId === null ? (
              <LinkButton to={WebPaths.exams}>{t('exams.attempt.back')}</LinkButton>
            ) : (
              <LinkButton to={WebPaths.learnCourse(attempt.courseId)}>
                {t('exams.attempt.backToCourse')}
              </LinkButton>
            )
          }
        />
      </Card>
      {attempt.review === null ? (
        <Alert type="info" showIcon message={t('exams.attempt.answersHidden')} />
      ) : (
        <Card>
          <List
            dataSource={attempt.questions}
            renderItem={(q, i) => {
              const review = attempt.review!.find((x) => x.questionId === q.questionId)!;
              return (
                <List.Item>
                  <Flex vertical gap={4} style={{ width: '100%' }}>
                    <Typography.Text strong>
                      {i + 1}. {q.stem}{' '}
                      <Tag color={review.correct ? 'success' : 'error'}>
                        {review.correct ? t('exams.bank.right') : t('exams.bank.wrong')}
                      </Tag>
                    </Typography.Text>
                    <span>
                      {t('exams.attempt.yourAnswer')}：{show(q, attempt.answers[String(q.questionId)])}
                    </span>
                    <span>
                      {t('exams.attempt.rightAnswer')}：{show(q, review.key)}
                    </span>
                    {review.explanation && (
                      <Typography.Text type="secondary">{review.explanation}</Typography.Text>
                    )}
                  </Flex>
                </List.Item>
              );
            }}
          />
        </Card>
      )}
    </Flex>
  );
};

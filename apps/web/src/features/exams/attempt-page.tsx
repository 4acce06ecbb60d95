import type { Attempt, ExamAnswer } from '@studio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Segmented, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../components/query-view.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useTeamId } from '../../lib/current-team.ts';
import { AttemptResult } from './attempt-result.tsx';
import { examKeys, examsApi, useAttempt } from './exams-api.ts';
import { QuestionInput } from './question-input.tsx';
import './exams.css';

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
};

/**
 * Time left by the server's deadline: the server's own now (sent with the paper) fixes this
 * device's clock, so a wrong phone clock shows the right time. At zero it reads the paper again:
 * the server has handed it in.
 */
const useRemaining = (attempt: Attempt, receivedAt: number, onZero: () => void): number | null => {
  const offset = attempt.serverTime - receivedAt;
  const left = () => (attempt.deadline === null ? null : attempt.deadline - (Date.now() + offset));
  const [remaining, setRemaining] = useState(left);
  const fired = useRef(false);
  useEffect(() => {
    if (attempt.deadline === null) return;
    const timer = setInterval(() => {
      const now = left();
      setRemaining(now);
      if (now !== null && now <= 0 && !fired.current) {
        fired.current = true;
        onZero();
      }
    }, 1000);
    return () => clearInterval(timer);
  });
  return remaining;
};

const TakeAttempt = ({ attempt, receivedAt }: { attempt: Attempt; receivedAt: number }) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const [answers, setAnswers] = useState<Record<string, ExamAnswer>>(attempt.answers);
  const [index, setIndex] = useState(0);
  const [mode, setMode] = useState<'one' | 'all'>('one');
  const key = examKeys.attempt(teamId, attempt.attemptId);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  const remaining = useRemaining(attempt, receivedAt, () => {
    void message.warning(t('exams.attempt.timeUp'));
    reload();
  });
  const save = useMutation({
    mutationFn: (v: { questionId: number; answer: ExamAnswer | null }) =>
      examsApi.answer(attempt.attemptId, v.questionId, v.answer),
    onError: reload,
  });
  const submit = useMutation({
    mutationFn: () =>
      examsApi.submit(
        attempt.attemptId,
        attempt.questions.map((q) => ({
          questionId: q.questionId,
          answer: answers[String(q.questionId)] ?? null,
        })),
      ),
    onSuccess: (done) => {
      queryClient.setQueryData(key, done);
      void queryClient.invalidateQueries({ queryKey: examKeys.mine(teamId) });
    },
    onError: reload,
  });
  const set = (questionId: number, answer: ExamAnswer | null, store: boolean) => {
    setAnswers((prev) => {
      const next = { ...prev };
      if (answer === null) delete next[String(questionId)];
      else next[String(questionId)] = answer;
      return next;
    });
    if (store) save.mutate({ questionId, answer });
  };
  const unanswered = attempt.questions.filter((q) => answers[String(q.questionId)] === undefined).length;
  const confirmSubmit = () =>
    void modal.confirm({
      title: t('exams.attempt.submitConfirm'),
      content: unanswered > 0 ? t('exams.attempt.unanswered', { count: unanswered }) : undefined,
      okText: t('exams.attempt.submit'),
      onOk: () => submit.mutateAsync(),
    });
  const input = (i: number) => {
    const q = attempt.questions[i]!;
    return (
      <QuestionInput
        key={q.questionId}
        question={q}
        no={i + 1}
        value={answers[String(q.questionId)]}
        onChange={(a) => set(q.questionId, a, q.type !== 'fill')}
        onCommit={() =>
          save.mutate({ questionId: q.questionId, answer: answers[String(q.questionId)] ?? null })
        }
      />
    );
  };
  const total = attempt.questions.length;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {attempt.title}
          </Typography.Title>
          {remaining !== null && (
            <span role="timer" aria-label={t('exams.attempt.remaining')} className="exam-countdown">
              {t('exams.attempt.remaining')} {clock(remaining)}
            </span>
          )}
        </Flex>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'one' | 'all')}
            options={[
              { value: 'one', label: t('exams.attempt.oneByOne') },
              { value: 'all', label: t('exams.attempt.allAtOnce') },
            ]}
          />
          <Button type="primary" loading={submit.isPending} onClick={confirmSubmit}>
            {t('exams.attempt.submit')}
          </Button>
        </Flex>
      </Card>
      {mode === 'one' ? (
        <Card title={t('exams.attempt.questionNo', { no: index + 1, total })}>
          <Flex vertical gap={16}>
            {input(index)}
            <Flex justify="space-between" gap={8}>
              <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
                {t('exams.attempt.prev')}
              </Button>
              <Button disabled={index === total - 1} onClick={() => setIndex(index + 1)}>
                {t('exams.attempt.next')}
              </Button>
            </Flex>
            <nav className="exam-question-nav" aria-label={t('exams.manage.questions')}>
              {attempt.questions.map((q, i) => (
                <Button
                  key={q.questionId}
                  size="small"
                  type={
                    i === index
                      ? 'primary'
                      : answers[String(q.questionId)] !== undefined
                        ? 'dashed'
                        : 'default'
                  }
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => setIndex(i)}
                >
                  {i + 1}
                </Button>
              ))}
            </nav>
          </Flex>
        </Card>
      ) : (
        <Card>
          <Flex vertical gap={24}>
            {attempt.questions.map((_, i) => input(i))}
          </Flex>
        </Card>
      )}
    </Flex>
  );
};

/** One paper: answering it against the server's clock, or its result once handed in. */
export const AttemptPage = () => {
  const { t } = useTranslation();
  const attemptId = Number(useParams().attemptId);
  const attempt = useAttempt(attemptId);
  useDocumentTitle(attempt.data?.title ?? t('exams.mine.title'));
  return (
    <div className="exams-page" style={{ maxWidth: 800 }}>
      <QueryView query={attempt} errorTitle={t('exams.attempt.loadFailed')} errorReason>
        {(a) =>
          a.status === 'submitted' ? (
            <AttemptResult attempt={a} />
          ) : (
            <TakeAttempt key={a.attemptId} attempt={a} receivedAt={attempt.dataUpdatedAt} />
          )
        }
      </QueryView>
    </div>
  );
};

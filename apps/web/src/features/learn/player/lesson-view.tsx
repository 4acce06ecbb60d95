import { CheckOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { LearnLesson, LearnProgress, QuizResult } from '@studio/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { learnApi } from '../learn-api.ts';
import { LessonStateTag } from './lesson-state-tag.tsx';
import { QuizCard } from './quiz-card.tsx';
import { scrollToPosition } from './reading-position.ts';
import { splitLesson } from './split-lesson.ts';
import { useLessonProgress } from './use-lesson-progress.ts';

/**
 * One lesson in the player: its content (ordinary blocks through ContentView, quizzes as QuizCards),
 * an end sentinel that completes it, 标记完成 and previous / next. Keyed by lesson: each lesson
 * starts with fresh quiz drafts and its own progress saver.
 */
export const LessonView = ({
  courseId,
  lesson,
  index,
  startAt,
  onPrev,
  onNext,
  onProgress,
  onQuizResult,
}: {
  courseId: number;
  lesson: LearnLesson;
  index: number;
  /** Where to scroll on opening: the resume position, or null (the router scrolls a new page to the top). */
  startAt: number | null;
  onPrev: (() => void) | null;
  onNext: (() => void) | null;
  onProgress: (progress: LearnProgress) => void;
  onQuizResult: (lessonId: number, result: QuizResult) => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lessonRef = useRef<HTMLElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const parts = useMemo(() => splitLesson(lesson.content), [lesson.content]);
  const results = useMemo(() => new Map(lesson.quizResults.map((r) => [r.quizId, r])), [lesson.quizResults]);
  const unanswered = parts.filter((p) => p.kind === 'quiz' && !results.has(p.quiz.id)).length;

  // A passive effect, after the router's scroll restoration (a layout effect) has scrolled to the top,
  // and before the progress saver's first reading (declared below, so run after this).
  useEffect(() => {
    if (startAt !== null && lessonRef.current) scrollToPosition(lessonRef.current, startAt);
    // Only on opening the lesson: later renders must not move the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const progress = useLessonProgress({ courseId, lessonId: lesson.lessonId, lessonRef, endRef, onProgress });

  const complete = useMutation({
    // Silent: 60001 (a quiz unanswered) is said here, next to the button, not in a notice.
    mutationFn: () => learnApi.complete(courseId, lesson.lessonId, { silent: true }),
    onSuccess: (answer) => {
      onProgress(answer);
      void message.success(t('learn.player.marked'));
    },
  });

  const answered = (result: QuizResult) => {
    onQuizResult(lesson.lessonId, result);
    complete.reset();
    // The last quiz answered after the end was reached: the lesson can complete now.
    const stillOpen = parts.filter(
      (p) => p.kind === 'quiz' && p.quiz.id !== result.quizId && !results.has(p.quiz.id),
    ).length;
    if (stillOpen === 0) progress.resend();
  };

  const done = lesson.state === 'completed';
  return (
    <article className="learn-lesson" ref={lessonRef} aria-labelledby={`learn-lesson-${lesson.lessonId}`}>
      <header className="learn-lesson-head">
        <Typography.Text type="secondary">
          {t('learn.player.lessonNo', { no: index + 1 })}
          {lesson.durationMin > 0 && ` · ${t('learn.player.minutes', { count: lesson.durationMin })}`}
        </Typography.Text>
        <Flex align="center" gap={8} wrap>
          <h1 className="learn-lesson-title" id={`learn-lesson-${lesson.lessonId}`}>
            {lesson.title}
          </h1>
          <LessonStateTag state={lesson.state} />
        </Flex>
      </header>
      {parts.map((part) =>
        part.kind === 'content' ? (
          <ContentView key={part.key} doc={part.doc} />
        ) : (
          <QuizCard
            key={part.key}
            courseId={courseId}
            lessonId={lesson.lessonId}
            quiz={part.quiz}
            result={results.get(part.quiz.id)}
            onAnswered={answered}
          />
        ),
      )}
      <div ref={endRef} className="learn-lesson-end">
        {t('learn.player.endOfLesson')}
      </div>
      <Flex vertical gap={12} className="learn-lesson-foot">
        {complete.error && <Alert type="warning" showIcon title={complete.error.message} />}
        {!complete.error && unanswered > 0 && !done && (
          <Typography.Text type="secondary">
            {t('learn.player.quizzesLeft', { count: unanswered })}
          </Typography.Text>
        )}
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Button icon={<LeftOutlined aria-hidden />} disabled={!onPrev} onClick={() => onPrev?.()}>
            {t('learn.player.prev')}
          </Button>
          {done ? (
            <Typography.Text type="success">
              <CheckOutlined aria-hidden /> {t('learn.player.lessonDone')}
            </Typography.Text>
          ) : (
            <Button type="primary" loading={complete.isPending} onClick={() => complete.mutate()}>
              {t('learn.player.markComplete')}
            </Button>
          )}
          <Button
            icon={<RightOutlined aria-hidden />}
            iconPlacement="end"
            disabled={!onNext}
            onClick={() => onNext?.()}
          >
            {t('learn.player.next')}
          </Button>
        </Flex>
      </Flex>
    </article>
  );
};

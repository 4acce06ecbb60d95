import { CheckOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type {
  CompletionSettings,
  LearnLesson,
  LearnProgress,
  QuizAnswered,
  QuizResult,
} from '@studio/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { MediaPlaceProvider } from '../../../components/media-player/media-place.ts';
import { LessonAttachmentsSection } from '../../attachments/released-attachments-in-app.tsx';
import { learnApi } from '../learn-api.ts';
import { LessonStateTag } from './lesson-state-tag.tsx';
import { QuizCard } from './quiz-card.tsx';
import { scrollToPosition } from './reading-position.ts';
import { splitLesson } from './split-lesson.ts';
import { useLessonProgress } from './use-lesson-progress.ts';
import { useLessonMediaWatch } from './use-media-watch.tsx';

/** Seconds left of a wait the server gave, counted down on screen (it decides nothing). */
const useCountdown = (seconds: number): number => {
  const [given, setGiven] = useState(seconds);
  const [left, setLeft] = useState(seconds);
  // A new wait from the server restarts the count (state adjusted while rendering, not in an effect).
  if (given !== seconds) {
    setGiven(seconds);
    setLeft(seconds);
  }
  useEffect(() => {
    if (seconds <= 0) return;
    const end = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
};

/**
 * One lesson in the player: its content (ordinary blocks through ContentView, quizzes as QuizCards),
 * an end sentinel that completes it, 标记完成 and previous / next. Keyed by lesson: each lesson
 * starts with fresh quiz drafts and its own progress saver.
 */
export const LessonView = ({
  courseId,
  course,
  lesson,
  completion,
  index,
  startAt,
  onPrev,
  onNext,
  onProgress,
  onQuizResult,
}: {
  courseId: number;
  /** The course's title and cover: the phone's lock screen shows them while a lesson's media plays. */
  course: { title: string; cover: string };
  lesson: LearnLesson;
  /** The course's completion rules (pass mark, attempts). */
  completion: CompletionSettings;
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

  useLessonProgress({ courseId, lessonId: lesson.lessonId, lessonRef, endRef, onProgress });
  // Video and audio: each media player in the content reports watching and resumes (use-media-watch.tsx).
  const mediaWatch = useLessonMediaWatch({
    courseId,
    lesson,
    onSaved: onProgress,
    noSeekAhead: completion.noSeekAhead === true,
  });
  // The lesson its media blocks play in (the server checks the learner may read it), and each
  // player's resume position and tracker.
  const mediaPlace = useMemo(
    () => ({
      courseId,
      lessonId: lesson.lessonId,
      hooksFor: mediaWatch.propsFor,
      session: { title: lesson.title, artist: course.title, artwork: course.cover || undefined },
    }),
    [courseId, lesson.lessonId, lesson.title, course.title, course.cover, mediaWatch],
  );

  const complete = useMutation({
    // Silent: 60001 (a quiz unanswered) is said here, next to the button, not in a notice.
    mutationFn: () => learnApi.complete(courseId, lesson.lessonId, { silent: true }),
    onSuccess: (answer) => {
      onProgress(answer);
      void message.success(t('learn.player.marked'));
    },
  });

  // An answer comes back with the progress after it: the one that reaches the pass mark completed the lesson.
  const answered = ({ progress: after, ...result }: QuizAnswered) => {
    onQuizResult(lesson.lessonId, result);
    onProgress(after);
    complete.reset();
  };

  const done = lesson.state === 'completed';
  const waitLeft = useCountdown(done ? 0 : lesson.waitSeconds);
  const belowPassMark =
    !done && lesson.quizCount > 0 && unanswered === 0 && (lesson.score ?? 0) < completion.passMark;
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
          <MediaPlaceProvider key={part.key} value={mediaPlace}>
            <ContentView doc={part.doc} />
          </MediaPlaceProvider>
        ) : (
          <QuizCard
            key={part.key}
            courseId={courseId}
            lessonId={lesson.lessonId}
            quiz={part.quiz}
            result={results.get(part.quiz.id)}
            maxAttempts={completion.maxQuizAttempts}
            onAnswered={answered}
          />
        ),
      )}
      <LessonAttachmentsSection courseId={courseId} lessonId={lesson.lessonId} />
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
        {!complete.error && belowPassMark && (
          <Typography.Text type="warning">
            {t('learn.player.lessonScoreLow', { score: lesson.score ?? 0, passMark: completion.passMark })}
          </Typography.Text>
        )}
        {!complete.error && waitLeft > 0 && (
          <Typography.Text type="secondary">
            {t('learn.player.waitLeft', { count: waitLeft })}
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

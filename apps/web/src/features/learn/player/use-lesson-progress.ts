import type { LearnProgress } from '@studio/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { learnApi } from '../learn-api.ts';
import { createProgressReporter, type ProgressReporter } from './progress-reporter.ts';
import { readingPosition } from './reading-position.ts';

/**
 * Saves where the learner is in a lesson: on opening it, while scrolling (throttled, see
 * progress-reporter.ts), when its end sentinel comes into view (reachedEnd: the server completes the
 * lesson once its quizzes are answered), and when leaving the lesson or hiding the page.
 * Returns `resend`, for when the last quiz gets answered after the end was reached.
 */
export function useLessonProgress({
  courseId,
  lessonId,
  lessonRef,
  endRef,
  onProgress,
}: {
  courseId: number;
  lessonId: number;
  lessonRef: RefObject<HTMLElement | null>;
  endRef: RefObject<HTMLElement | null>;
  onProgress: (progress: LearnProgress) => void;
}): { resend: () => void } {
  const reporterRef = useRef<ProgressReporter | null>(null);
  const onProgressRef = useRef(onProgress);
  useEffect(() => {
    onProgressRef.current = onProgress;
  });

  useEffect(() => {
    // Background saves: a failed one is retried by the next scroll, so no error notice interrupts reading.
    const reporter = createProgressReporter((report) => {
      learnApi
        .progress({ courseId, lessonId, ...report }, { silent: true })
        .then((progress) => onProgressRef.current(progress))
        .catch(() => undefined);
    });
    reporterRef.current = reporter;
    const position = () => (lessonRef.current ? readingPosition(lessonRef.current) : 0);
    const onScroll = () => reporter.sample(position());
    const onHide = () => {
      if (document.visibilityState === 'hidden') reporter.flush();
    };
    // Opening the lesson counts as studying it (学习中, and 继续学习 comes back here).
    reporter.sample(position());
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', reporter.flush);

    let observer: IntersectionObserver | undefined;
    if (endRef.current && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) reporter.reachEnd(position());
      });
      observer.observe(endRef.current);
    }
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', reporter.flush);
      reporter.flush();
      reporter.dispose();
      reporterRef.current = null;
    };
  }, [courseId, lessonId, lessonRef, endRef]);

  return { resend: () => reporterRef.current?.resend() };
}

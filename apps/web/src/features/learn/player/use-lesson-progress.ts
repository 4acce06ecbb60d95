import type { LearnProgress } from '@studio/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { learnApi } from '../learn-api.ts';
import { createProgressReporter, type ProgressReporter } from './progress-reporter.ts';
import { readingPosition } from './reading-position.ts';

/** Sent again a moment after the minimum time, so the server's whole seconds have surely passed. */
const WAIT_MARGIN_MS = 500;

/**
 * Saves where the learner is in a lesson: on opening it, while scrolling (throttled, see
 * progress-reporter.ts), when its end sentinel comes into view (reachedEnd: the server completes the
 * lesson when the course's rules allow), and when leaving the lesson or hiding the page. The end
 * seen before the course's minimum time is sent again once the server's `waitSeconds` have passed
 * (the server decides again; the client's clock decides nothing).
 * Returns `resend`, to send the end again now.
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
    let waitTimer: ReturnType<typeof setTimeout> | undefined;
    // Background saves: a failed one is retried by the next scroll, so no error notice interrupts reading.
    const reporter = createProgressReporter((report) => {
      learnApi
        .progress({ courseId, lessonId, ...report }, { silent: true })
        .then((progress) => {
          onProgressRef.current(progress);
          if (report.reachedEnd && progress.state !== 'completed' && progress.waitSeconds > 0) {
            clearTimeout(waitTimer);
            waitTimer = setTimeout(() => reporter.resend(), progress.waitSeconds * 1000 + WAIT_MARGIN_MS);
          }
        })
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
      clearTimeout(waitTimer);
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

/**
 * What every lesson runner shares, whatever its job's kind (ai.worker.ts writes lessons,
 * translate/ai.translate-worker.ts translates them): the cancel watch, the run's meter and the code a
 * failed run is stored with.
 */
import { Code, COURSE_LIMITS } from '@studio/contract';
import type { AppContext } from '../../../platform/context.ts';
import { GenerationError } from '../../../platform/ai/course-generator.ts';
import { noUsage } from '../../../platform/ai/usage.ts';
import { LessonTooLargeError } from '../../courses/index.ts';
import { aiError } from '../shared/ai.errors.ts';
import { type Spent } from './ai.state.ts';
import { runStillWanted, type LessonRun } from './ai.lesson-state.ts';

const CANCEL_POLL_MS = 1000;

/**
 * Aborts when the run is no longer wanted: its job is cancelled or, for a lesson, the lesson is no
 * longer this run's (a cancel marked it, a retry or a redelivery made a newer attempt). Checked in the
 * database, so a cancel in any process counts.
 */
export function watchCancel(
  ctx: AppContext,
  jobId: number,
  run?: LessonRun,
): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    void runStillWanted(ctx.db, jobId, run).then(
      (wanted) => {
        if (!wanted) controller.abort(new Error('cancelled'));
      },
      // A look that failed (a lost connection, the pool closed at shutdown) is no cancel: the next asks again.
      () => undefined,
    );
  }, CANCEL_POLL_MS);
  // The poll alone never keeps a process from exiting.
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

/** A run's meter, owned by the job's author in its team (the team centre counts it as theirs). */
export const spentOf = (job: { id: number; teamId: number; userId: number }, kind: Spent['kind']): Spent => ({
  owner: { teamId: job.teamId, userId: job.userId, jobId: job.id },
  kind,
  usage: noUsage(),
});

/** Why a lesson run failed, as a code (retryable one by one). */
export function lessonError(err: unknown, failedCode: number = Code.AI_LESSON_FAILED) {
  // An oversized lesson fails rather than being cut short: a cut lesson looks finished but stops
  // mid-thought, and the author would not notice; output this large is a runaway generation (a
  // repetition loop), which a retry usually does not repeat.
  if (err instanceof LessonTooLargeError)
    return aiError(Code.AI_LESSON_TOO_LARGE, { kb: COURSE_LIMITS.contentMaxBytes / 1024 });
  return aiError(err instanceof GenerationError ? failedCode : Code.AI_LESSON_SERVICE_FAILED);
}

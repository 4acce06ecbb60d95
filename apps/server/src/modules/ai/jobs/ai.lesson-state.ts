/**
 * A lesson run's moves (ai.state.ts holds the job's): a worker claims its lesson, holds the month's
 * budget, streams text, writes or fails it, each in one transaction with the events that tell it. A
 * run's writes hold only while the lesson is still its own (running, in its attempt): a cancel or a
 * redelivery's newer attempt makes an older run's writes no-ops.
 */
import type { AiError, DocNode } from '@studio/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { aiJobLessons } from '../../../db/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { writeGeneratedLesson } from '../../courses/index.ts';
import { budgetStopped, holdBudget } from '../cost/index.ts';
import { storedError } from '../shared/ai.errors.ts';
import { claimJobLesson, findJob, jobLessons, updateJobLesson, type AiJobLessonRow } from './ai.repo.ts';
import { spend, transition, type Spent } from './ai.state.ts';

/** A lesson run: the lesson's index and the attempt it claimed. Its writes hold only while it is its own. */
export type LessonRun = { idx: number; attempt: number };

/** A worker claims a lesson (pending, or running after a crash or a redelivery); undefined when not to write. */
export const lessonStarted = (
  ctx: AppContext,
  jobId: number,
  idx: number,
): Promise<AiJobLessonRow | undefined> =>
  transition(ctx, jobId, async (tx, tell) => {
    const job = await findJob(tx, jobId);
    // A translation has no outline: its lessons are its source's.
    if (!job || job.status !== 'generating' || (!job.outline && job.kind !== 'translate')) return undefined;
    const claimed = await claimJobLesson(tx, jobId, idx);
    if (claimed) await tell({ type: 'lesson-start', idx, attempt: claimed.attempts });
    return claimed;
  });

/**
 * Before a lesson run claims its lesson: it holds its estimate against the month's budget (ai.usage.ts
 * `holdBudget`, under the team's lock), or, when nothing is left, a lesson not yet begun is failed with
 * the budget's reason (resumable, like a cancelled lesson) instead of being claimed. `stopped` when it
 * was stopped; else the hold to hand to the run's `Spent` (null: no budget applies, or the lesson is
 * already running, a redelivery after a crash, which is not stopped).
 */
export const lessonHold = (
  ctx: AppContext,
  job: { id: number; teamId: number },
  idx: number,
  tokens: { inputTokens: number; outputTokens: number },
): Promise<{ stopped: boolean; hold: number | null }> =>
  transition(ctx, job.id, async (tx, tell) => {
    const held = await holdBudget(ctx, tx, { teamId: job.teamId, jobId: job.id, idx }, tokens);
    if (!held.blocked) return { stopped: false, hold: held.hold };
    const error = budgetStopped(held.blocked);
    if (
      !(await updateJobLesson(tx, job.id, idx, { status: 'failed', error: storedError(error) }, ['pending']))
    )
      return { stopped: false, hold: null };
    await tell({ type: 'error', idx, error });
    return { stopped: true, hold: null };
  });

/** Locks the run's lesson row while it is the run's (running, in its attempt); false when it is not. */
export async function ownLesson(
  tx: Db,
  jobId: number,
  run: LessonRun,
  mode: 'share' | 'update',
): Promise<boolean> {
  const rows = await tx
    .select({ idx: aiJobLessons.idx })
    .from(aiJobLessons)
    .where(
      and(
        eq(aiJobLessons.jobId, jobId),
        eq(aiJobLessons.idx, run.idx),
        eq(aiJobLessons.status, 'running'),
        eq(aiJobLessons.attempts, run.attempt),
      ),
    )
    .for(mode === 'share' ? 'share' : 'no key update');
  return rows.length > 0;
}

/**
 * Text the run streamed, appended while the lesson is still the run's: a run that lost its lesson (a
 * cancel, a redelivery's newer attempt) adds nothing to the text the page shows for the newer one.
 */
export const lessonText = (ctx: AppContext, jobId: number, run: LessonRun, text: string): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    if (!(await ownLesson(tx, jobId, run, 'share'))) return false;
    await tell({ type: 'text-delta', idx: run.idx, text });
    return true;
  });

/**
 * The run's lesson is written into the course and done, only while the lesson is still the run's.
 * Throws the course's LessonTooLargeError (nothing written) for content over the limit.
 */
export const lessonWritten = (
  ctx: AppContext,
  jobId: number,
  run: LessonRun,
  lessonId: number,
  content: DocNode,
  spent?: Spent,
): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    await spend(tx, spent);
    if (!(await ownLesson(tx, jobId, run, 'update'))) return false;
    await writeGeneratedLesson(tx, lessonId, content);
    await updateJobLesson(tx, jobId, run.idx, { status: 'done' });
    await tell({ type: 'lesson-done', idx: run.idx, lessonId });
    return true;
  });

export const lessonFailed = (
  ctx: AppContext,
  jobId: number,
  run: LessonRun,
  error: AiError,
  spent?: Spent,
): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    await spend(tx, spent);
    const failed = await updateJobLesson(
      tx,
      jobId,
      run.idx,
      { status: 'failed', error: storedError(error) },
      ['running'],
      run.attempt,
    );
    if (!failed) return false;
    await tell({ type: 'error', idx: run.idx, error });
    return true;
  });

/** The job's cancel or a newer attempt of the run's lesson, as the worker's cancel poll asks. */
export async function runStillWanted(db: Db, jobId: number, run?: LessonRun): Promise<boolean> {
  const job = await findJob(db, jobId);
  if (!job || job.status === 'cancelled') return false;
  if (!run) return true;
  const lesson = (await jobLessons(db, jobId)).find((l) => l.idx === run.idx);
  return lesson?.status === 'running' && lesson.attempts === run.attempt;
}

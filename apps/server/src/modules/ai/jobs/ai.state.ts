/**
 * Every change of a job's state, each with the events that tell it, in one transaction: the rows, the
 * log's events and the followers' notification (NOTIFY, delivered at commit) commit together or not at
 * all. So the log never tells what the rows do not hold, nor the rows hold what the log has not told,
 * and a snapshot read in one transaction (`readJobSnapshot`) plus the log after its `lastEventId` is
 * the whole truth: the progress page builds its view from exactly that.
 *
 * The events are each transaction's last statements: appending takes the job's log lock
 * (ai.repo.ts `insertEvent`) until commit, and nothing may be waited for while it is held.
 *
 * A job's status moves only as `MOVES` lists (a translation's as translate/ai.translate-state.ts
 * `TRANSLATION_MOVES`): every status change goes through `moveJob`, which refuses any other.
 */
import {
  Code,
  type AiError,
  type AiEvent,
  type AiJobStatus,
  type AiUsageKind,
  type Outline,
} from '@studio/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { aiJobs, type AiJobRow } from '../../../db/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { TokenUsage } from '../../../platform/ai/usage.ts';
import { aiError, readStoredError, storedError } from '../shared/ai.errors.ts';
import { jobKey } from '../shared/ai.events.ts';
import { percentOf } from '../shared/ai.presenter.ts';
import {
  insertEvent,
  insertJob,
  insertJobLessons,
  jobLessons,
  lastEventId,
  markUnwrittenLessons,
  updateJob,
  updateJobLesson,
  updateJobStatus,
  type JobPatch,
} from './ai.repo.ts';
import { type UsageOwner, recordUsage } from '../cost/index.ts';

/**
 * A run's tokens, recorded in the transaction of the state change it ends in (also when that change no
 * longer applies, e.g. a lesson a newer attempt took: the tokens were spent all the same).
 */
export type Spent = { owner: UsageOwner; kind: AiUsageKind; usage: TokenUsage; hold?: number | null };
/** Records a run's tokens in place of the estimate it held (ai.usage.ts). */
export const spend = async (db: Db, spent: Spent | undefined): Promise<void> => {
  if (spent) await recordUsage(db, spent.owner, spent.kind, spent.usage, spent.hold);
};

export type Tell = (...events: AiEvent[]) => Promise<void>;

/** Where a job's status may move from each status. */
export type JobMoves = Readonly<Record<AiJobStatus, readonly AiJobStatus[]>>;

/**
 * An AI job's status moves (of any kind: a translation's are a part, `TRANSLATION_MOVES`). A generation
 * outlines, waits for the author's review, then generates; a cancel stops a live job; after its last
 * lesson a generating job is done or failed; a retry puts a failed, cancelled or still generating job
 * (back) to generating. A finished job (done) never moves again.
 */
export const MOVES: JobMoves = {
  outlining: ['outline_ready', 'failed', 'cancelled'],
  outline_ready: ['generating', 'cancelled'],
  generating: ['generating', 'done', 'failed', 'cancelled'],
  done: [],
  failed: ['generating'],
  cancelled: ['generating'],
};

export const canMove = (moves: JobMoves, from: AiJobStatus, to: AiJobStatus): boolean =>
  moves[from].includes(to);

/**
 * The one way a job's status changes: `patch` and `status: to`, only while the job is in one of
 * `from` (the statement's condition, as before: undefined when it is in none). A move from any of
 * `from` to `to` that the table does not list is refused before any statement: a mistake in the code.
 */
export async function moveJob(
  tx: Db,
  jobId: number,
  moves: JobMoves,
  from: readonly AiJobStatus[],
  to: AiJobStatus,
  patch: JobPatch = {},
): Promise<AiJobRow | undefined> {
  const refused = from.filter((status) => !canMove(moves, status, to));
  if (refused.length || !from.length)
    throw new Error(`job status move refused: ${refused.join(', ') || '(none)'} → ${to}`);
  return updateJobStatus(tx, jobId, to, patch, from);
}

/** Runs `change` in a transaction whose `tell` appends events; followers are notified at its commit. */
export async function transition<T>(
  ctx: AppContext,
  jobId: number | ((result: T) => number),
  change: (tx: Db, tell: Tell) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const told: AiEvent[] = [];
    const result = await change(tx, async (...events) => void told.push(...events));
    if (!told.length) return result;
    const id = typeof jobId === 'number' ? jobId : jobId(result);
    for (const { type, ...data } of told) await insertEvent(tx, id, type, data);
    await ctx.events?.publish(tx, jobKey(id));
    return result;
  });
}

type NewJob = typeof aiJobs.$inferInsert;

/** A new job, outlining. */
export const jobCreated = (ctx: AppContext, row: Omit<NewJob, 'status'>): Promise<AiJobRow> =>
  transition(
    ctx,
    (job) => job.id,
    async (tx, tell) => {
      const job = await insertJob(tx, { ...row, status: 'outlining' });
      await tell({ type: 'stage', status: 'outlining', percent: 0 });
      return job;
    },
  );

/** A new job that starts from an outline (重新开始), waiting for the author's review. */
export const jobCreatedWithOutline = (
  ctx: AppContext,
  row: Omit<NewJob, 'status' | 'outline'>,
  outline: Outline,
): Promise<AiJobRow> =>
  transition(
    ctx,
    (job) => job.id,
    async (tx, tell) => {
      const job = await insertJob(tx, { ...row, outline, status: 'outline_ready' });
      await tell({ type: 'outline', outline }, { type: 'stage', status: 'outline_ready', percent: 10 });
      return job;
    },
  );

/** The generator's outline, for review; false when the job is no longer outlining (cancelled). */
export const outlineWritten = (
  ctx: AppContext,
  jobId: number,
  outline: Outline,
  spent?: Spent,
): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    await spend(tx, spent);
    if (!(await moveJob(tx, jobId, MOVES, ['outlining'], 'outline_ready', { outline }))) return false;
    await tell({ type: 'outline', outline }, { type: 'stage', status: 'outline_ready', percent: 10 });
    return true;
  });

/** Tells whoever started the job that it is done or failed (notifications hear it). */
async function announce(
  ctx: AppContext,
  tx: Db,
  job: typeof aiJobs.$inferSelect,
  ok: boolean,
): Promise<void> {
  await ctx.domainEvents.publish(tx, {
    type: 'ai.finished',
    teamId: job.teamId,
    userId: job.userId,
    jobId: job.id,
    title: job.outline?.title ?? job.request.topic,
    ok,
  });
}

export const outlineFailed = (
  ctx: AppContext,
  jobId: number,
  error: AiError,
  spent?: Spent,
): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    await spend(tx, spent);
    if (!(await moveJob(tx, jobId, MOVES, ['outlining'], 'failed', { error: storedError(error) })))
      return false;
    await tell({ type: 'error', idx: null, error }, { type: 'stage', status: 'failed', percent: 0 });
    const [job] = await tx.select().from(aiJobs).where(eq(aiJobs.id, jobId));
    if (job) await announce(ctx, tx, job, false);
    return true;
  });

/** The author's edits to the outline; false once its lessons are being written. */
export const outlineEdited = (ctx: AppContext, jobId: number, outline: Outline): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    if (!(await updateJob(tx, jobId, { outline }, ['outline_ready']))) return false;
    await tell({ type: 'outline', outline });
    return true;
  });

/**
 * Generation starts: the draft course (made by `makeCourse` in the same transaction) and one job lesson
 * per outline entry. False when the job was not waiting for it.
 */
export const generationStarted = (
  ctx: AppContext,
  jobId: number,
  titles: string[],
  makeCourse: (tx: Db) => Promise<{ courseId: number; lessonIds: number[] }>,
): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    if (!(await moveJob(tx, jobId, MOVES, ['outline_ready'], 'generating'))) return false;
    const { courseId, lessonIds } = await makeCourse(tx);
    await insertJobLessons(
      tx,
      titles.map((title, idx) => ({ jobId, idx, title, lessonId: lessonIds[idx]! })),
    );
    await updateJob(tx, jobId, { courseId });
    await tell({ type: 'stage', status: 'generating', percent: 10 });
    return true;
  });

/** After a lesson ends: the job is done, failed (a lesson failed), or tells its progress. */
export const jobSettled = (ctx: AppContext, jobId: number): Promise<void> =>
  transition(ctx, jobId, async (tx, tell) => {
    // Settles one at a time per job (lessons end side by side). Not FOR UPDATE: the log's inserts
    // take a key-share lock on the job row, which that would block while this waits for the log.
    const [job] = await tx.select().from(aiJobs).where(eq(aiJobs.id, jobId)).for('no key update');
    if (!job || job.status !== 'generating') return;
    const rows = await jobLessons(tx, jobId);
    if (rows.every((l) => l.status === 'done')) {
      await moveJob(tx, jobId, MOVES, ['generating'], 'done');
      await tell({ type: 'stage', status: 'done', percent: 100 }, { type: 'done', courseId: job.courseId! });
      await announce(ctx, tx, job, true);
    } else if (rows.every((l) => l.status === 'done' || l.status === 'failed')) {
      // A job the budget stopped says so (and its limit), rather than that some lessons failed.
      const stopped = rows
        .map((l) => readStoredError(l.error))
        .find((e) => e?.code === Code.AI_BUDGET_STOPPED);
      await moveJob(tx, jobId, MOVES, ['generating'], 'failed', {
        error: storedError(stopped ?? aiError(Code.AI_LESSONS_PARTLY_FAILED)),
      });
      await tell({ type: 'stage', status: 'failed', percent: percentOf('failed', rows) });
      await announce(ctx, tx, job, false);
    } else {
      await tell({ type: 'stage', status: 'generating', percent: percentOf('generating', rows) });
    }
  });

/**
 * A cancel: the job stops, and its lessons not yet written are failed with a reason (each may be
 * retried on its own, ai.service.ts `retryLesson`), so the job shows what was written and what not.
 */
export const jobCancelled = (ctx: AppContext, jobId: number): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    const live: AiJobStatus[] = ['outlining', 'outline_ready', 'generating'];
    if (!(await moveJob(tx, jobId, MOVES, live, 'cancelled'))) return false;
    const error = aiError(Code.AI_LESSON_CANCELLED);
    const marked = await markUnwrittenLessons(tx, jobId, storedError(error));
    await tell(
      { type: 'stage', status: 'cancelled', percent: 0 },
      ...marked.map((idx): AiEvent => ({ type: 'error', idx, error })),
    );
    return true;
  });

/**
 * A failed lesson goes back to the queue and its job (failed, generating or cancelled) back to work;
 * false when the lesson had not failed. The lesson's own start is told when a worker claims it.
 */
export const lessonRetried = (
  ctx: AppContext,
  jobId: number,
  idx: number,
  retryableIn: readonly AiJobStatus[],
  /** The table of the job's kind (a translation's: TRANSLATION_MOVES). */
  moves: JobMoves = MOVES,
): Promise<boolean> =>
  transition(ctx, jobId, async (tx, tell) => {
    if (!(await updateJobLesson(tx, jobId, idx, { status: 'pending', error: null }, ['failed'])))
      return false;
    await moveJob(tx, jobId, moves, retryableIn, 'generating', { error: null });
    await tell({
      type: 'stage',
      status: 'generating',
      percent: percentOf('generating', await jobLessons(tx, jobId)),
    });
    return true;
  });

/**
 * A job, its lessons and its log's last id as of one moment (one repeatable-read snapshot): read apart,
 * a lesson read before a worker claimed it could come with a `lastEventId` past its `lesson-start`,
 * and the page, which only replays the text of events the snapshot covers, would keep it pending.
 */
export const readJobSnapshot = (ctx: AppContext, find: (tx: Db) => Promise<AiJobRow | undefined>) =>
  ctx.db.transaction(
    async (tx) => {
      const job = await find(tx);
      if (!job) return undefined;
      return { job, lessons: await jobLessons(tx, job.id), lastEventId: await lastEventId(tx, job.id) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

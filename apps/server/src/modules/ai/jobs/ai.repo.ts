import type { AiJobStatus } from '@studio/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { aiEvents, aiJobLessons, aiJobs, type AiJobLessonRow, type AiJobRow } from '../../../db/schema.ts';

export type { AiJobLessonRow };
export type AiEventRow = typeof aiEvents.$inferSelect;

export async function insertJob(db: Db, row: typeof aiJobs.$inferInsert): Promise<AiJobRow> {
  const [created] = await db.insert(aiJobs).values(row).returning();
  return created!;
}

export async function findJob(db: Db, jobId: number): Promise<AiJobRow | undefined> {
  return (await db.select().from(aiJobs).where(eq(aiJobs.id, jobId)))[0];
}

/** A job of this team, or undefined: another team's job is "not found". */
export async function findTeamJob(db: Db, teamId: number, jobId: number): Promise<AiJobRow | undefined> {
  return (
    await db
      .select()
      .from(aiJobs)
      .where(and(eq(aiJobs.id, jobId), eq(aiJobs.teamId, teamId)))
  )[0];
}

export async function listTeamJobs(db: Db, teamId: number, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(aiJobs)
    .where(eq(aiJobs.teamId, teamId))
    .orderBy(desc(aiJobs.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(aiJobs)
    .where(eq(aiJobs.teamId, teamId));
  return { rows, total: total?.n ?? 0 };
}

/** A job's columns but its status: a status changes only through ai.state.ts `moveJob` (`updateJobStatus`). */
export type JobPatch = Omit<Partial<typeof aiJobs.$inferInsert>, 'status'>;

export function updateJob(db: Db, jobId: number, patch: JobPatch, onlyIfStatus?: readonly AiJobStatus[]) {
  return setJob(db, jobId, patch, onlyIfStatus);
}

/** A job's status (and `patch`), only from `onlyIfStatus`: called by ai.state.ts `moveJob` alone. */
export function updateJobStatus(
  db: Db,
  jobId: number,
  status: AiJobStatus,
  patch: JobPatch,
  onlyIfStatus: readonly AiJobStatus[],
) {
  return setJob(db, jobId, { ...patch, status }, onlyIfStatus);
}

async function setJob(
  db: Db,
  jobId: number,
  patch: Partial<typeof aiJobs.$inferInsert>,
  onlyIfStatus?: readonly AiJobStatus[],
) {
  const where = onlyIfStatus
    ? and(eq(aiJobs.id, jobId), sql`${aiJobs.status} in ${onlyIfStatus}`)
    : eq(aiJobs.id, jobId);
  const rows = await db
    .update(aiJobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(where)
    .returning();
  return rows[0];
}

export async function jobLessons(db: Db, jobId: number): Promise<AiJobLessonRow[]> {
  return db.select().from(aiJobLessons).where(eq(aiJobLessons.jobId, jobId)).orderBy(asc(aiJobLessons.idx));
}

export async function findJobLesson(db: Db, jobId: number, idx: number): Promise<AiJobLessonRow | undefined> {
  const rows = await db
    .select()
    .from(aiJobLessons)
    .where(and(eq(aiJobLessons.jobId, jobId), eq(aiJobLessons.idx, idx)));
  return rows[0];
}

export async function insertJobLessons(db: Db, rows: (typeof aiJobLessons.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(aiJobLessons).values(rows);
}

export async function updateJobLesson(
  db: Db,
  jobId: number,
  idx: number,
  patch: Partial<typeof aiJobLessons.$inferInsert>,
  onlyIfStatus?: string[],
  /** Only while the lesson is in this attempt (a run's own write, never over a newer attempt's). */
  onlyIfAttempt?: number,
) {
  const base = and(
    eq(aiJobLessons.jobId, jobId),
    eq(aiJobLessons.idx, idx),
    onlyIfAttempt === undefined ? undefined : eq(aiJobLessons.attempts, onlyIfAttempt),
  );
  const where = onlyIfStatus ? and(base, sql`${aiJobLessons.status} in ${onlyIfStatus}`) : base;
  const rows = await db.update(aiJobLessons).set(patch).where(where).returning();
  return rows[0];
}

/** The advisory-lock class of a job's event log; negative, so never a (userId, teamId) pair of orders. */
const EVENT_LOG_LOCK = -1;

/**
 * Appends to a job's log. Readers follow the log by id (`id > last seen`), so within one job the ids
 * must become visible in order. Lessons written side by side append concurrently: without the lock,
 * an insert could take id 48, a later one 49 and commit first, and a reader that saw 49 would never
 * read 48. The per-job lock (held until this statement's commit) makes each append take its id only
 * after the previous one is committed.
 */
export async function insertEvent(
  db: Db,
  jobId: number,
  type: string,
  data: Record<string, unknown>,
): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    with serialized as (select pg_advisory_xact_lock(${EVENT_LOG_LOCK}, ${jobId}))
    insert into ai_events (job_id, type, data)
    select ${jobId}, ${type}, ${JSON.stringify(data)}::jsonb from serialized
    returning id`);
  return Number(rows[0]!.id);
}

export async function eventsAfter(
  db: Db,
  jobId: number,
  afterId: number,
  limit = 500,
): Promise<AiEventRow[]> {
  return db
    .select()
    .from(aiEvents)
    .where(and(eq(aiEvents.jobId, jobId), gt(aiEvents.id, afterId)))
    .orderBy(asc(aiEvents.id))
    .limit(limit);
}

export async function lastEventId(db: Db, jobId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${aiEvents.id}), 0)`.mapWith(Number) })
    .from(aiEvents)
    .where(eq(aiEvents.jobId, jobId));
  return row?.id ?? 0;
}

/** Claims a lesson for a worker (pending, or running after a crash); undefined when already done or failed. */
export async function claimJobLesson(
  db: Db,
  jobId: number,
  idx: number,
): Promise<AiJobLessonRow | undefined> {
  const rows = await db
    .update(aiJobLessons)
    .set({ status: 'running', attempts: sql`${aiJobLessons.attempts} + 1`, error: null })
    .where(
      and(
        eq(aiJobLessons.jobId, jobId),
        eq(aiJobLessons.idx, idx),
        sql`${aiJobLessons.status} in ('pending', 'running')`,
      ),
    )
    .returning();
  return rows[0];
}

/** Fails the lessons of a job that are not written (pending, or running when it was cancelled); their indexes. */
export async function markUnwrittenLessons(db: Db, jobId: number, error: string): Promise<number[]> {
  const rows = await db
    .update(aiJobLessons)
    .set({ status: 'failed', error })
    .where(and(eq(aiJobLessons.jobId, jobId), sql`${aiJobLessons.status} in ('pending', 'running')`))
    .returning({ idx: aiJobLessons.idx });
  return rows.map((r) => r.idx).sort((a, b) => a - b);
}

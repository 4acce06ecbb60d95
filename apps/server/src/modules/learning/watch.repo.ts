/** Watch progress's queries (`learning_media`): per learner (team and user), lesson and media block. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { learningMedia } from '../../db/schema.ts';
import type { Learner } from './learning.repo.ts';
import type { Interval } from './watch-intervals.ts';

export type WatchRow = {
  lessonId: number;
  mediaId: number;
  intervals: Interval[];
  watchedMs: number;
  positionMs: number;
};

/** The learner's watch rows of a course (the player's lesson states). */
export async function courseWatchRows(db: Db, l: Learner, courseId: number): Promise<WatchRow[]> {
  return db
    .select({
      lessonId: learningMedia.lessonId,
      mediaId: learningMedia.mediaId,
      intervals: learningMedia.intervals,
      watchedMs: learningMedia.watchedMs,
      positionMs: learningMedia.positionMs,
    })
    .from(learningMedia)
    .where(
      and(
        eq(learningMedia.teamId, l.teamId),
        eq(learningMedia.userId, l.userId),
        eq(learningMedia.courseId, courseId),
      ),
    );
}

/** A watch row held for this save, with the wall-clock time since the previous save (database clock). */
export type LockedWatch = WatchRow & { creditMs: number; elapsedMs: number; fresh: boolean };

/**
 * The row of this learner's media block, made on the first save (with `firstCreditMs`), locked until
 * the transaction ends: two saves at once (two devices) are added one after the other.
 */
export async function lockWatchRow(
  tx: Db,
  l: Learner,
  key: { courseId: number; lessonId: number; mediaId: number },
  firstCreditMs: number,
): Promise<LockedWatch> {
  const inserted = await tx
    .insert(learningMedia)
    .values({ ...l, ...key, creditMs: firstCreditMs })
    .onConflictDoNothing()
    .returning({ lessonId: learningMedia.lessonId });
  const { rows } = await tx.execute<{
    intervals: Interval[];
    watched_ms: number;
    position_ms: number;
    credit_ms: number;
    elapsed_ms: number;
  }>(sql`
    select intervals, watched_ms, position_ms, credit_ms,
      greatest(0, extract(epoch from now() - saved_at) * 1000)::float8 as elapsed_ms
    from ${learningMedia}
    where team_id = ${l.teamId} and user_id = ${l.userId} and lesson_id = ${key.lessonId}
      and media_id = ${key.mediaId}
    for update`);
  const row = rows[0]!;
  return {
    lessonId: key.lessonId,
    mediaId: key.mediaId,
    intervals: row.intervals,
    watchedMs: row.watched_ms,
    positionMs: row.position_ms,
    creditMs: row.credit_ms,
    // A row made by this save has no previous save: only its first credit.
    elapsedMs: inserted.length > 0 ? 0 : Math.floor(row.elapsed_ms),
    fresh: inserted.length > 0,
  };
}

export async function writeWatchRow(
  tx: Db,
  l: Learner,
  key: { lessonId: number; mediaId: number },
  row: { intervals: Interval[]; watchedMs: number; positionMs: number; creditMs: number },
): Promise<void> {
  await tx
    .update(learningMedia)
    .set({ ...row, savedAt: sql`now()` })
    .where(
      and(
        eq(learningMedia.teamId, l.teamId),
        eq(learningMedia.userId, l.userId),
        eq(learningMedia.lessonId, key.lessonId),
        eq(learningMedia.mediaId, key.mediaId),
      ),
    );
}

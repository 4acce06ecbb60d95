/**
 * The video and audio of a course as its learner watches them: each media block's duration (from
 * the media module, the course's own team's media only) and what the learner watched of it. A lesson
 * with media blocks completes when each one with a known duration is watched to
 * LEARN_WATCH.completePercent (see completionRefusal in learnable-course.ts).
 */
import { Code, LEARN_WATCH, mediaIdsOf, type MediaWatch } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from './learning.repo.ts';
import type { LearnableCourse, SnapshotLesson } from './learnable-course.ts';
import { furthestOf, percentOf } from './watch-intervals.ts';
import { courseWatchRows, type WatchRow } from './watch.repo.ts';

/** The media blocks of a lesson, each media once, in the order they appear. */
export const lessonMediaIds = (lesson: SnapshotLesson): number[] => [...new Set(mediaIdsOf(lesson.content))];

/**
 * Durations of every media the course's release names (absent: not the team's, or not probed yet),
 * from the media module through its `media.durations` provider (platform/providers.ts).
 */
export function courseMediaDurations(ctx: AppContext, course: LearnableCourse): Promise<Map<number, number>> {
  const ids = course.release.snapshot.lessons.flatMap(lessonMediaIds);
  const durations = ctx.providers.one('media.durations');
  return ids.length === 0 || !durations ? Promise.resolve(new Map()) : durations(course.ownerTeamId, ids);
}

/**
 * A lesson whose media is still being transcoded (it plays while its first rendition grows) is not
 * complete however much of it was watched: 30047 until each of its media is fully there.
 */
export async function unfinishedRefusal(
  ctx: AppContext,
  course: LearnableCourse,
  lesson: SnapshotLesson,
): Promise<AppError | null> {
  const ids = lessonMediaIds(lesson);
  const unfinished = ctx.providers.one('media.unfinished');
  if (ids.length === 0 || !unfinished) return null;
  return (await unfinished(course.ownerTeamId, ids)).size > 0 ? new AppError(Code.MEDIA_NOT_READY) : null;
}

/** What the learner watched of each media block of a lesson. */
export function mediaWatchesOf(
  lesson: SnapshotLesson,
  durations: ReadonlyMap<number, number>,
  rows: readonly WatchRow[],
): MediaWatch[] {
  return lessonMediaIds(lesson).map((mediaId) => {
    const row = rows.find((r) => r.lessonId === lesson.lessonId && r.mediaId === mediaId);
    const durationMs = durations.get(mediaId) ?? null;
    const watchedMs = row?.watchedMs ?? 0;
    return {
      mediaId,
      durationMs,
      watchedMs,
      positionMs: row?.positionMs ?? 0,
      furthestMs: furthestOf(row?.intervals ?? []),
      percent: percentOf(watchedMs, durationMs),
    };
  });
}

/** The watches of one lesson as they stand in the database (inside a transaction, too). */
export async function lessonWatches(
  ctx: AppContext,
  db: Db,
  learner: Learner,
  course: LearnableCourse,
  lesson: SnapshotLesson,
): Promise<MediaWatch[]> {
  if (lessonMediaIds(lesson).length === 0) return [];
  const [durations, rows] = await Promise.all([
    courseMediaDurations(ctx, course),
    courseWatchRows(db, learner, course.courseId),
  ]);
  return mediaWatchesOf(lesson, durations, rows);
}

/** A lesson holding media blocks: watching, not the course's minimum time, is what it asks. */
export const isMediaLesson = (lesson: SnapshotLesson): boolean => lessonMediaIds(lesson).length > 0;

/**
 * Why the lesson's media are not watched enough (30056, with the least watched one's percent), or
 * nothing. A media without a known duration (gone, or refused at upload) cannot be watched and asks
 * nothing.
 */
export function watchRefusal(watches: readonly MediaWatch[]): AppError | null {
  const counted = watches.filter((w) => w.durationMs !== null);
  if (counted.length === 0) return null;
  const watched = Math.min(...counted.map((w) => w.percent));
  const required = LEARN_WATCH.completePercent;
  return watched < required ? new AppError(Code.MEDIA_NOT_WATCHED, { params: { watched, required } }) : null;
}

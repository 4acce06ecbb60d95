/**
 * Watch progress of a video or audio block in a lesson: the player sends the intervals it played
 * since its previous save and where it is; the server keeps their union (skipping ahead or watching
 * twice adds nothing), believes no more new time than the wall clock allows at 2× (watch-intervals.ts),
 * and completes the lesson once each of its media is watched to 90% (the course's other rules still
 * apply: quizzes). Only a learner of a team holding the course saves (others: 404).
 */
import { Code, LEARN_WATCH, type LearnWatchBody, type LearnWatched } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { lessonRecords } from './learning.repo.ts';
import { savePosition } from './position-saves.repo.ts';
import { completionOf, learnerOf, requireLearnable, requireLesson, stateOf } from './learnable-course.ts';
import { completeIfAllowed, progressOf } from './lesson-completion.ts';
import { courseMediaDurations, lessonMediaIds, watchRefusal, mediaWatchesOf } from './lesson-media.ts';
import {
  addWatched,
  allowanceOf,
  creditAfter,
  FIRST_CREDIT_MS,
  percentOf,
  seeksAhead,
  type Interval,
} from './watch-intervals.ts';
import { courseWatchRows, lockWatchRow, writeWatchRow } from './watch.repo.ts';

/** How far past the furthest point a save may start (a player's clock and rounding between saves). */
const SEEK_TOLERANCE_MS = 2_000;

/** The save's intervals and position held to the media's duration (a little past it is its end). */
function withinDuration(
  body: { positionMs: number; intervals: Interval[] },
  durationMs: number,
): { positionMs: number; intervals: Interval[] } {
  const limit = durationMs + LEARN_WATCH.durationToleranceMs;
  const past = body.positionMs > limit || body.intervals.some(([, end]) => end > limit);
  if (past) throw new AppError(Code.WATCH_OUT_OF_RANGE, { data: { field: 'intervals' } });
  return {
    positionMs: Math.min(body.positionMs, durationMs),
    intervals: body.intervals.map(([s, e]): Interval => [Math.min(s, durationMs), Math.min(e, durationMs)]),
  };
}

export async function saveWatch(c: TeamCtx, input: LearnWatchBody): Promise<LearnWatched> {
  const body = { ...input, intervals: input.intervals ?? [] };
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  if (!lessonMediaIds(lesson).includes(body.mediaId)) {
    throw new AppError(Code.MEDIA_NOT_IN_LESSON, { data: { field: 'mediaId' } });
  }
  const durations = await courseMediaDurations(c.ctx, course);
  const durationMs = durations.get(body.mediaId);
  if (!durationMs) throw new AppError(Code.MEDIA_NOT_READY);
  const save = withinDuration(body, durationMs);
  const learner = learnerOf(c);
  const key = { courseId: course.courseId, lessonId: lesson.lessonId, mediaId: body.mediaId };

  // Watching is studying the lesson (学习中, 继续学习 goes here); its reading position is kept.
  const [record] = (await lessonRecords(c.ctx.db, learner, [course.courseId])).filter(
    (r) => r.lessonId === lesson.lessonId,
  );
  await savePosition(c.ctx.db, learner, course.courseId, lesson.lessonId, record?.position ?? 0);

  await c.ctx.db.transaction(async (tx) => {
    const row = await lockWatchRow(tx, learner, key, FIRST_CREDIT_MS);
    // The course forbids seeking ahead: a save past the furthest point watched is refused whole.
    if (
      completionOf(course).noSeekAhead &&
      seeksAhead(row.intervals, save.intervals, save.positionMs, SEEK_TOLERANCE_MS)
    ) {
      throw new AppError(Code.WATCH_SEEK_AHEAD, { data: { field: 'intervals' } });
    }
    const allowed = allowanceOf(row.elapsedMs, row.creditMs);
    const next = addWatched(row.intervals, save.intervals, allowed);
    await writeWatchRow(tx, learner, key, {
      intervals: next.intervals,
      watchedMs: next.watchedMs,
      positionMs: save.positionMs,
      creditMs: creditAfter(allowed, next.addedMs),
    });
  });

  const rows = await courseWatchRows(c.ctx.db, learner, course.courseId);
  const watches = mediaWatchesOf(lesson, durations, rows);
  // At 90% of each media the lesson completes (when its quizzes, if any, are passed too).
  if (stateOf(course, lesson, record) !== 'completed' && !watchRefusal(watches)) {
    await completeIfAllowed(c, course, lesson);
  }
  const watch = watches.find((w) => w.mediaId === body.mediaId)!;
  return {
    ...(await progressOf(c, course, lesson.lessonId)),
    watch: { ...watch, percent: percentOf(watch.watchedMs, durationMs) },
  };
}

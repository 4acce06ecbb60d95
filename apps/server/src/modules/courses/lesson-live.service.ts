/**
 * What live co-editing (modules/collab) needs from lessons: a lesson's owner and text for the
 * connection check and the seeding, the batch check of open lessons, and the one write of a live
 * document's text (JSON through `checkedContent`, a new version, the authors' revisions, and the
 * caller's Yjs state, in one transaction).
 */
import type { DocNode } from '@studio/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { recordEdit } from './lesson-history.repo.ts';
import { listLessons } from './lessons.repo.ts';
import { checkedContent } from './lessons.service.ts';
import { requireCourse } from './courses.service.ts';

export type LiveLesson = { lessonId: number; courseId: number; teamId: number; authorId: number };

/** A lesson with its course's team and author; undefined when there is none. */
export async function liveLessonOf(db: Db, lessonId: number): Promise<LiveLesson | undefined> {
  const [row] = await db
    .select({
      lessonId: lessons.id,
      courseId: courses.id,
      teamId: courses.teamId,
      authorId: courses.authorId,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  return row;
}

/** A lesson's stored text, to seed its live document from; undefined when it is gone. */
export async function lessonContentOf(db: Db, lessonId: number): Promise<DocNode | undefined> {
  const [row] = await db.select({ content: lessons.content }).from(lessons).where(eq(lessons.id, lessonId));
  return row?.content;
}

/** Which of these lessons still exist (one query for every open document). */
export async function existingLessonIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(inArray(lessons.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** The lesson ids of a course of the member's team (not found for another team's course). */
export async function courseLessonIds(c: TeamCtx, courseId: number): Promise<number[]> {
  await requireCourse(c, courseId);
  return (await listLessons(c.ctx.db, courseId)).map((l) => l.id);
}

/**
 * Stores a live document's text as the lesson's new version, with a revision per author (coalesced
 * as a REST save's) and `alsoWrite` (the Yjs state) in the same transaction. False when the lesson is
 * gone. Throws LessonTooLargeError (nothing written) for text over the limit.
 */
export async function storeLiveLesson(
  db: Db,
  lessonId: number,
  content: DocNode,
  authorIds: readonly number[],
  alsoWrite: (tx: Db) => Promise<void>,
): Promise<boolean> {
  const clean = checkedContent(content);
  return db.transaction(async (tx) => {
    const now = new Date();
    // Text equal to what is stored (a REST save or restore coming back from the live document) is
    // not a new version: an API client's version stays current.
    const [row] = await tx
      .update(lessons)
      .set({ content: clean, version: sql`${lessons.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(lessons.id, lessonId),
          sql`${lessons.content} is distinct from ${JSON.stringify(clean)}::jsonb`,
        ),
      )
      .returning({ courseId: lessons.courseId });
    if (row) {
      await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, row.courseId));
      for (const authorId of authorIds) await recordEdit(tx, lessonId, authorId);
    } else if ((await existingLessonIds(tx, [lessonId])).size === 0) return false;
    await alsoWrite(tx);
    return true;
  });
}

import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { REVISION_POLICY, type LessonRevisionReason } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { courses, lessonRevisions, lessons, type LessonRevisionRow } from '../../db/schema.ts';

/**
 * Records a lesson's saved state (read from its row, so a title-only save keeps the content): into
 * the author's open edit revision while it is younger than the coalescing window, else a new one.
 * Call in the save's transaction.
 */
export async function recordEdit(db: Db, lessonId: number, authorId: number): Promise<void> {
  await db.execute(sql`
    with open as (
      update ${lessonRevisions} r
         set title = l.title, content = l.content, version = l.version, updated_at = now()
        from ${lessons} l
       where l.id = ${lessonId}
         and r.id = (select max(id) from ${lessonRevisions} where lesson_id = ${lessonId})
         and r.author_id = ${authorId} and r.reason = 'edit' and not r.closed
         and r.created_at > now() - make_interval(secs => ${REVISION_POLICY.coalesceMs / 1000})
      returning r.id
    )
    insert into ${lessonRevisions} (lesson_id, author_id, reason, version, title, content)
    select l.id, ${authorId}::int, 'edit', l.version, l.title, l.content
      from ${lessons} l
     where l.id = ${lessonId} and not exists (select 1 from open)`);
}

/**
 * Closes the history of some lessons at their current state (before a restore, at a release, the AI
 * generator's text): a latest revision that holds the current version is closed (an open edit
 * takes the checkpoint's reason), otherwise the current state is added as a closed revision. The
 * next save then opens a new revision, so this state stays in the history as it is.
 */
async function checkpoint(
  db: Db,
  lessonsWhere: SQL,
  authorId: number | null,
  reason: LessonRevisionReason,
): Promise<void> {
  await db.execute(sql`
    with latest as (
      select distinct on (r.lesson_id) r.id, r.lesson_id, r.version
        from ${lessonRevisions} r join ${lessons} l on l.id = r.lesson_id
       where ${lessonsWhere}
       order by r.lesson_id, r.id desc
    ), kept as (
      update ${lessonRevisions} r
         set closed = true, reason = case when r.reason = 'edit' then ${reason}::varchar else r.reason end
        from latest join ${lessons} l on l.id = latest.lesson_id
       where r.id = latest.id and l.version = latest.version
      returning r.lesson_id
    )
    insert into ${lessonRevisions} (lesson_id, author_id, reason, version, title, content, closed)
    select l.id, ${authorId}::int, ${reason}::varchar, l.version, l.title, l.content, true
      from ${lessons} l
     where ${lessonsWhere} and l.id not in (select lesson_id from kept)`);
}

export const checkpointLesson = (
  db: Db,
  lessonId: number,
  authorId: number | null,
  reason: LessonRevisionReason,
) => checkpoint(db, sql`l.id = ${lessonId}`, authorId, reason);

export const checkpointCourse = (db: Db, courseId: number, authorId: number, reason: LessonRevisionReason) =>
  checkpoint(db, sql`l.course_id = ${courseId}`, authorId, reason);

export const checkpointLessons = (
  db: Db,
  lessonIds: number[],
  authorId: number,
  reason: LessonRevisionReason,
) => checkpoint(db, sql`l.id = any(${sql.param(lessonIds)}::int[])`, authorId, reason);

/** Adds a closed revision: the state a restore brought back. */
export async function insertRestored(
  db: Db,
  lessonId: number,
  authorId: number,
  restoredFrom: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${lessonRevisions} (lesson_id, author_id, reason, version, title, content, closed, restored_from)
    select l.id, ${authorId}::int, 'restore', l.version, l.title, l.content, true, ${restoredFrom}::int
      from ${lessons} l where l.id = ${lessonId}`);
}

const revisionColumns = {
  id: lessonRevisions.id,
  lessonId: lessonRevisions.lessonId,
  reason: lessonRevisions.reason,
  version: lessonRevisions.version,
  title: lessonRevisions.title,
  createdAt: lessonRevisions.createdAt,
  updatedAt: lessonRevisions.updatedAt,
  // Its author's name is the users face's (lesson-history.service.ts).
  authorId: lessonRevisions.authorId,
};
export type RevisionListRow = Omit<LessonRevisionRow, 'content' | 'closed' | 'restoredFrom'>;

export async function pageRevisions(
  db: Db,
  lessonId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: RevisionListRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select(revisionColumns)
      .from(lessonRevisions)
      .where(eq(lessonRevisions.lessonId, lessonId))
      .orderBy(desc(lessonRevisions.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(lessonRevisions).where(eq(lessonRevisions.lessonId, lessonId)),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A revision with its content and the lesson's course, only when the course belongs to this team. */
export async function findTeamRevision(db: Db, teamId: number, revisionId: number) {
  const rows = await db
    .select({
      ...revisionColumns,
      content: lessonRevisions.content,
      courseId: courses.id,
      courseAuthorId: courses.authorId,
    })
    .from(lessonRevisions)
    .innerJoin(lessons, eq(lessons.id, lessonRevisions.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonRevisions.id, revisionId), eq(courses.teamId, teamId), isNull(courses.deletedAt)));
  return rows[0];
}

/** Locks a lesson row for a restore, so a save in between waits and then meets the new version. */
export async function lockLesson(db: Db, lessonId: number): Promise<void> {
  await db.execute(sql`select 1 from ${lessons} where id = ${lessonId} for update`);
}

/** Writes restored text as a new version of the lesson. */
export async function setLessonText(db: Db, lessonId: number, title: string, content: unknown) {
  const now = new Date();
  const [row] = await db
    .update(lessons)
    .set({
      title,
      content: content as LessonRevisionRow['content'],
      version: sql`${lessons.version} + 1`,
      updatedAt: now,
    })
    .where(eq(lessons.id, lessonId))
    .returning();
  await db.update(courses).set({ updatedAt: now }).where(eq(courses.id, row!.courseId));
  return row!;
}

/**
 * The pruning policy: every revision younger than `keepAllDays` stays; older ones are kept only as
 * the last of their day (UTC) for their lesson. A lesson's newest revision is never removed.
 */
export async function pruneRevisions(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    delete from ${lessonRevisions} r
     where r.created_at < ${now}::timestamptz - make_interval(days => ${REVISION_POLICY.keepAllDays})
       and exists (
         select 1 from ${lessonRevisions} n
          where n.lesson_id = r.lesson_id and n.id > r.id
            and (n.created_at at time zone 'UTC')::date = (r.created_at at time zone 'UTC')::date)`);
  return result.rowCount ?? 0;
}

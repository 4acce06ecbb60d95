import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REVISION_POLICY, type DocNode } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { isPool, namedQuery } from '../../db/named.ts';
import { courses, lessons, type CourseRow, type LessonRow } from '../../db/schema.ts';
import { batcherPer, WriteBatcher } from '../../platform/write-batch.ts';

export async function listLessons(db: Db, courseId: number): Promise<LessonRow[]> {
  return db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
}

/** One lesson of a course (a share's page names both). */
export async function findCourseLesson(
  db: Db,
  courseId: number,
  lessonId: number,
): Promise<LessonRow | undefined> {
  const rows = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.id, lessonId)));
  return rows[0];
}

/** A lesson with its course, only when the course belongs to this team. */
export async function findTeamLesson(
  db: Db,
  teamId: number,
  lessonId: number,
): Promise<{ lesson: LessonRow; course: CourseRow } | undefined> {
  const rows = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), eq(courses.teamId, teamId), isNull(courses.deletedAt)));
  return rows[0];
}

const lessonOwnerQuery = (db: Db) =>
  db
    .select({ courseId: courses.id, authorId: courses.authorId })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        eq(lessons.id, sql.placeholder('lessonId')),
        eq(courses.teamId, sql.placeholder('teamId')),
        isNull(courses.deletedAt),
      ),
    )
    .prepare('find_team_lesson_owner');
const lessonOwnerQueries = new WeakMap<Db, ReturnType<typeof lessonOwnerQuery>>();

/**
 * The course and author of a lesson, only when the course belongs to this team: what a save checks
 * before writing (a prepared statement; the lesson's content is not read).
 */
export async function findTeamLessonOwner(
  db: Db,
  teamId: number,
  lessonId: number,
): Promise<{ courseId: number; authorId: number } | undefined> {
  if (isPool(db)) return ownerBatcher(db).add({ teamId, lessonId });
  let query = lessonOwnerQueries.get(db);
  if (!query) lessonOwnerQueries.set(db, (query = lessonOwnerQuery(db)));
  return (await query.execute({ lessonId, teamId }))[0];
}

/** The same lookup for many saves at once ($1 lessons, $2 teams), answered by place (no row: not the team's). */
const FIND_LESSON_OWNERS = `
  select i.ord, c.id as course_id, c.author_id
    from unnest($1::int[], $2::int[]) with ordinality as i(lesson_id, team_id, ord)
    left join lessons l on l.id = i.lesson_id
    left join courses c on c.id = l.course_id and c.team_id = i.team_id and c.deleted_at is null
   order by i.ord`;

/** The pool's save lookups, batched (a read: no keys). */
const ownerBatcher = batcherPer(
  (db: Db) =>
    new WriteBatcher<
      { teamId: number; lessonId: number },
      { courseId: number; authorId: number } | undefined
    >({
      maxInFlight: 4,
      run: async (items) => {
        const rows = await namedQuery<{ course_id: number | null; author_id: number }>(
          db,
          'find_lesson_owners',
          FIND_LESSON_OWNERS,
          [items.map((i) => i.lessonId), items.map((i) => i.teamId)],
        );
        return rows.map((r) =>
          r.course_id === null ? undefined : { courseId: r.course_id, authorId: r.author_id },
        );
      },
    }),
);

export async function insertLesson(
  db: Db,
  row: { courseId: number; title: string; content: DocNode; durationMin?: number; freePreview?: boolean },
): Promise<LessonRow> {
  const [created] = await db
    .insert(lessons)
    .values({
      ...row,
      position: sql`(select coalesce(max(${lessons.position}), 0) + 1 from ${lessons} where ${lessons.courseId} = ${row.courseId})`,
    })
    .returning();
  return created!;
}

/**
 * The one statement of a save (a prepared statement, atomic without a transaction): the lesson on
 * the version the editor started from, the course's `updated_at`, and the author's revision — the
 * open edit revision while younger than the coalescing window, else a new one — holding the saved
 * row (so a title-only save keeps the content). Nothing is written when the version is stale.
 */
const SAVE_LESSON = `
  with saved as (
    update lessons
       set title = coalesce($3, title), content = coalesce($4::jsonb, content),
           duration_min = coalesce($5, duration_min), free_preview = coalesce($6, free_preview),
           version = version + 1, updated_at = $7
     where id = $1 and version = $2
    returning id, course_id, version, updated_at, title, content
  ), touched as (
    update courses set updated_at = $7 from saved where courses.id = saved.course_id
  ), open as (
    update lesson_revisions r
       set title = s.title, content = s.content, version = s.version, updated_at = now()
      from saved s
     where r.id = (select max(id) from lesson_revisions where lesson_id = $1)
       and r.author_id = $8 and r.reason = 'edit' and not r.closed
       and r.created_at > now() - make_interval(secs => $9)
    returning r.id
  ), opened as (
    insert into lesson_revisions (lesson_id, author_id, reason, version, title, content)
    select s.id, $8, 'edit', s.version, s.title, s.content from saved s
     where not exists (select 1 from open)
  )
  select version from saved`;

/**
 * SAVE_LESSON for many saves at once (write-batch.ts): $1..$7 arrays of lesson, version, title,
 * content, duration, free preview and author, $8 the batch's time, $9 the coalescing window; answers
 * the new version by the save's place in the batch (none: its version was stale). A lesson is in a
 * batch once (the batcher's keys): a second save of it waits for the first and, on the same
 * version, finds it stale.
 */
const SAVE_LESSONS = `
  with input as (
    select * from unnest($1::int[], $2::int[], $3::text[], $4::jsonb[], $5::int[], $6::bool[], $7::int[])
      with ordinality as i(id, version, title, content, duration_min, free_preview, author_id, ord)
  ), saved as (
    update lessons l
       set title = coalesce(i.title, l.title), content = coalesce(i.content, l.content),
           duration_min = coalesce(i.duration_min, l.duration_min),
           free_preview = coalesce(i.free_preview, l.free_preview),
           version = l.version + 1, updated_at = $8
      from input i
     where l.id = i.id and l.version = i.version
    returning l.id, l.course_id, l.version, l.title, l.content, i.author_id, i.ord
  ), touched as (
    update courses set updated_at = $8 from saved where courses.id = saved.course_id
  ), open as (
    update lesson_revisions r
       set title = s.title, content = s.content, version = s.version, updated_at = now()
      from saved s
     where r.id = (select max(id) from lesson_revisions where lesson_id = s.id)
       and r.author_id = s.author_id and r.reason = 'edit' and not r.closed
       and r.created_at > now() - make_interval(secs => $9)
    returning r.lesson_id
  ), opened as (
    insert into lesson_revisions (lesson_id, author_id, reason, version, title, content)
    select s.id, s.author_id, 'edit', s.version, s.title, s.content from saved s
     where not exists (select 1 from open o where o.lesson_id = s.id)
  )
  select i.ord, s.version from input i left join saved s on s.ord = i.ord order by i.ord`;

type LessonPatch = Partial<Pick<LessonRow, 'title' | 'content' | 'durationMin' | 'freePreview'>>;
type SaveInput = {
  lessonId: number;
  courseId: number;
  version: number;
  patch: LessonPatch;
  authorId: number;
};
type Saved = { version: number; updatedAt: Date } | undefined;

/** The pool's lesson saves, batched: a lesson once per batch and in flight. */
export const lessonSaveBatcher = batcherPer(
  (db: Db) =>
    new WriteBatcher<SaveInput, Saved>({
      keysOf: (s) => [`l${s.lessonId}`, `c${s.courseId}`],
      // Each save carries its whole document: a smaller bound keeps one statement's parameters modest.
      maxItems: 32,
      run: async (items) => {
        const now = new Date();
        const rows = await namedQuery<{ version: number | null }>(db, 'save_lessons', SAVE_LESSONS, [
          items.map((s) => s.lessonId),
          items.map((s) => s.version),
          items.map((s) => s.patch.title ?? null),
          items.map((s) => (s.patch.content === undefined ? null : JSON.stringify(s.patch.content))),
          items.map((s) => s.patch.durationMin ?? null),
          items.map((s) => s.patch.freePreview ?? null),
          items.map((s) => s.authorId),
          now,
          REVISION_POLICY.coalesceMs / 1000,
        ]);
        return rows.map((r) => (r.version === null ? undefined : { version: r.version, updatedAt: now }));
      },
    }),
);

/**
 * Saves with the author's revision in one statement (batched with the process's other saves on the
 * pool; alone inside a transaction); undefined when the version is stale.
 */
export async function saveLessonAt(
  db: Db,
  lessonId: number,
  courseId: number,
  version: number,
  patch: LessonPatch,
  authorId: number,
): Promise<Saved> {
  if (isPool(db)) return lessonSaveBatcher(db).add({ lessonId, courseId, version, patch, authorId });
  const now = new Date();
  const [row] = await namedQuery<{ version: number }>(db, 'save_lesson', SAVE_LESSON, [
    lessonId,
    version,
    patch.title ?? null,
    patch.content === undefined ? null : JSON.stringify(patch.content),
    patch.durationMin ?? null,
    patch.freePreview ?? null,
    now,
    authorId,
    REVISION_POLICY.coalesceMs / 1000,
  ]);
  // updated_at is the time sent ($7): read back through a transaction it would come as text.
  return row && { version: row.version, updatedAt: now };
}

export async function setPosition(db: Db, lessonId: number, position: number): Promise<void> {
  await db.update(lessons).set({ position }).where(eq(lessons.id, lessonId));
}

export async function deleteLesson(db: Db, lessonId: number): Promise<void> {
  await db.delete(lessons).where(eq(lessons.id, lessonId));
}

/** Replaces a lesson's content as a new version (generated text landing in its draft). */
export async function setLessonContent(db: Db, lessonId: number, content: DocNode): Promise<void> {
  await db
    .update(lessons)
    .set({ content, version: sql`${lessons.version} + 1`, updatedAt: new Date() })
    .where(eq(lessons.id, lessonId));
}

/** Replaces a lesson's text and settings as a new version, at `position`. */
export async function setLessonFields(
  db: Db,
  lessonId: number,
  fields: Pick<LessonRow, 'title' | 'content' | 'durationMin' | 'freePreview' | 'position'>,
): Promise<void> {
  await db
    .update(lessons)
    .set({ ...fields, version: sql`${lessons.version} + 1`, updatedAt: new Date() })
    .where(eq(lessons.id, lessonId));
}

/** Lesson and course titles of the team's live courses, for the lessons asked. */
export async function findTeamLessonPlaces(
  db: Db,
  teamId: number,
  lessonIds: number[],
): Promise<{ lessonId: number; title: string; courseId: number; courseTitle: string }[]> {
  return db
    .select({ lessonId: lessons.id, title: lessons.title, courseId: courses.id, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(inArray(lessons.id, lessonIds), eq(courses.teamId, teamId), isNull(courses.deletedAt)));
}

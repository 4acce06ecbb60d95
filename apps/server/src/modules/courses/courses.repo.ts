import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { CourseStatus } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { type CourseRow, courses, lessons, userNames } from '../../db/schema.ts';

export type CourseWithMeta = { course: CourseRow; authorName: string; lessonCount: number };

const lessonCount =
  sql<number>`(select count(*) from ${lessons} where ${lessons.courseId} = ${courses.id})`.mapWith(Number);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A course of this team, or undefined: another team's course is "not found", never its data. */
export async function findTeamCourse(
  db: Db,
  teamId: number,
  courseId: number,
): Promise<CourseWithMeta | undefined> {
  const rows = await db
    .select({ course: courses, authorName: userNames.nickName, lessonCount })
    .from(courses)
    .innerJoin(userNames, eq(userNames.id, courses.authorId))
    .where(and(eq(courses.id, courseId), eq(courses.teamId, teamId), isNull(courses.deletedAt)));
  return rows[0];
}

export async function pageTeamCourses(
  db: Db,
  teamId: number,
  q: { authorId?: number; keyword: string; status?: CourseStatus; pageNum: number; pageSize: number },
): Promise<{ rows: CourseWithMeta[]; total: number }> {
  const where: SQL | undefined = and(
    eq(courses.teamId, teamId),
    isNull(courses.deletedAt),
    q.authorId ? eq(courses.authorId, q.authorId) : undefined,
    q.status ? eq(courses.status, q.status) : undefined,
    q.keyword ? ilike(courses.title, `%${escapeLike(q.keyword)}%`) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ course: courses, authorName: userNames.nickName, lessonCount })
      .from(courses)
      .innerJoin(userNames, eq(userNames.id, courses.authorId))
      .where(where)
      .orderBy(desc(courses.updatedAt), desc(courses.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function insertCourse(db: Db, row: typeof courses.$inferInsert): Promise<CourseRow> {
  const [created] = await db.insert(courses).values(row).returning();
  return created!;
}

/** Optimistic update: applies only on the version the client saw; undefined when it is stale. */
export async function updateCourseAt(
  db: Db,
  teamId: number,
  courseId: number,
  version: number,
  patch: Partial<typeof courses.$inferInsert>,
): Promise<CourseRow | undefined> {
  const [row] = await db
    .update(courses)
    .set({ ...patch, version: sql`${courses.version} + 1`, updatedAt: new Date() })
    .where(and(eq(courses.id, courseId), eq(courses.teamId, teamId), eq(courses.version, version)))
    .returning();
  return row;
}

export async function updateCourse(db: Db, courseId: number, patch: Partial<typeof courses.$inferInsert>) {
  await db
    .update(courses)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(courses.id, courseId));
}

export async function deleteCourse(db: Db, teamId: number, courseId: number): Promise<void> {
  await db.delete(courses).where(and(eq(courses.id, courseId), eq(courses.teamId, teamId)));
}

/**
 * A sold course's deletion: it leaves the team's lists and the store (下架; the service publishes
 * `course.deleted`, so its search document goes too), and stays for its buyers and for the orders naming it.
 */
export async function markCourseDeleted(db: Db, teamId: number, courseId: number): Promise<void> {
  await db
    .update(courses)
    .set({
      deletedAt: new Date(),
      status: sql`case when ${courses.status} = 'released' then 'unreleased' else ${courses.status} end`,
    })
    .where(and(eq(courses.id, courseId), eq(courses.teamId, teamId)));
}

export async function lockCourse(db: Db, courseId: number): Promise<void> {
  await db.execute(sql`select id from ${courses} where id = ${courseId} for update`);
}

/** Replaces the course's details as a new version (an editor on the old one then gets 409). */
export async function setCourseFields(
  db: Db,
  courseId: number,
  fields: Pick<
    typeof courses.$inferInsert,
    'title' | 'subtitle' | 'summary' | 'cover' | 'category' | 'tags' | 'price' | 'completion'
  >,
): Promise<void> {
  await db
    .update(courses)
    .set({ ...fields, version: sql`${courses.version} + 1`, updatedAt: new Date() })
    .where(eq(courses.id, courseId));
}

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, courseReleases, courses, entitlements, teams } from '../../db/schema.ts';

/** A released course joined to the release the store shows: its latest one. */
const listed = () =>
  ({
    courseId: courses.id,
    teamId: courses.teamId,
    category: courses.category,
    sales: courses.sales,
    teamName: teams.teamName,
    release: courseReleases,
  }) as const;

const baseQuery = (db: Db) =>
  db
    .select(listed())
    .from(courses)
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .innerJoin(teams, eq(teams.id, courses.teamId));

export type ListedCourse = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

export async function findListed(db: Db, courseId: number): Promise<ListedCourse | undefined> {
  const rows = await baseQuery(db).where(and(eq(courses.id, courseId), eq(courses.status, 'released')));
  return rows[0];
}

/**
 * A course with the latest release it ever had, listed or not: after 下架 the release stays in
 * course_releases, and the teams that bought it keep reading it (the caller decides who may see it).
 */
export async function findLatestRelease(
  db: Db,
  courseId: number,
): Promise<(ListedCourse & { listed: boolean }) | undefined> {
  const rows = await db
    .select({ ...listed(), listed: sql<boolean>`${courses.status} = 'released'` })
    .from(courses)
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .innerJoin(teams, eq(teams.id, courses.teamId))
    .where(eq(courses.id, courseId));
  return rows[0];
}

export async function listListed(db: Db, courseIds: number[]): Promise<ListedCourse[]> {
  if (courseIds.length === 0) return [];
  return baseQuery(db).where(and(eq(courses.status, 'released'), sql`${courses.id} in ${courseIds}`));
}

export async function isOwned(db: Db, teamId: number, courseId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(entitlements)
    .where(and(eq(entitlements.teamId, teamId), eq(entitlements.courseId, courseId)));
  return rows.length > 0;
}

export async function ownedCourseIds(db: Db, teamId: number): Promise<Set<number>> {
  const rows = await db
    .select({ courseId: entitlements.courseId })
    .from(entitlements)
    .where(eq(entitlements.teamId, teamId));
  return new Set(rows.map((r) => r.courseId));
}

export async function isInCart(db: Db, userId: number, teamId: number, courseId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.teamId, teamId), eq(cartItems.courseId, courseId)));
  return rows.length > 0;
}

/**
 * The public lines (更新说明) of a course's releases (those with one), newest first: the buyers'
 * 更新日志. The internal note (`notes`) is never read here.
 */
export async function listReleaseNotes(db: Db, courseId: number, limit = 50) {
  return db
    .select({
      versionNo: courseReleases.versionNo,
      changelog: courseReleases.changelog,
      createdAt: courseReleases.createdAt,
    })
    .from(courseReleases)
    .where(and(eq(courseReleases.courseId, courseId), ne(courseReleases.changelog, '')))
    .orderBy(desc(courseReleases.versionNo))
    .limit(limit);
}

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cartItems,
  courseSales,
  currentReleases,
  entitlements,
  releaseSnapshots,
  teamNames,
} from '../../db/schema.ts';

/**
 * A course with the release the store shows (its latest; courses' `current_releases` view), its
 * team's name (teams' `team_names`) and its sales (the store's own `course_sales`, 0 when never sold).
 */
export const listed = () =>
  ({
    courseId: currentReleases.courseId,
    teamId: currentReleases.teamId,
    category: currentReleases.category,
    sales: sql<number>`coalesce(${courseSales.sales}, 0)`,
    teamName: teamNames.teamName,
    release: {
      id: currentReleases.releaseId,
      courseId: currentReleases.courseId,
      versionNo: currentReleases.versionNo,
      snapshot: currentReleases.snapshot,
      title: currentReleases.title,
      changelog: currentReleases.changelog,
      price: currentReleases.price,
      releasedBy: currentReleases.releasedBy,
      createdAt: currentReleases.releasedAt,
    },
  }) as const;

const baseQuery = (db: Db) =>
  db
    .select(listed())
    .from(currentReleases)
    .innerJoin(teamNames, eq(teamNames.id, currentReleases.teamId))
    .leftJoin(courseSales, eq(courseSales.courseId, currentReleases.courseId));

export type ListedCourse = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

export async function findListed(db: Db, courseId: number): Promise<ListedCourse | undefined> {
  const rows = await baseQuery(db).where(
    and(eq(currentReleases.courseId, courseId), eq(currentReleases.status, 'released')),
  );
  return rows[0];
}

/**
 * A course with the latest release it ever had, listed or not: after 下架 the release stays in
 * its releases, and the teams that bought it keep reading it (the caller decides who may see it).
 */
export async function findLatestRelease(
  db: Db,
  courseId: number,
): Promise<(ListedCourse & { listed: boolean }) | undefined> {
  const rows = await db
    .select({ ...listed(), listed: sql<boolean>`${currentReleases.status} = 'released'` })
    .from(currentReleases)
    .innerJoin(teamNames, eq(teamNames.id, currentReleases.teamId))
    .leftJoin(courseSales, eq(courseSales.courseId, currentReleases.courseId))
    .where(eq(currentReleases.courseId, courseId));
  return rows[0];
}

export async function listListed(db: Db, courseIds: number[]): Promise<ListedCourse[]> {
  if (courseIds.length === 0) return [];
  return baseQuery(db).where(
    and(eq(currentReleases.status, 'released'), sql`${currentReleases.courseId} in ${courseIds}`),
  );
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
      versionNo: releaseSnapshots.versionNo,
      changelog: releaseSnapshots.changelog,
      createdAt: releaseSnapshots.createdAt,
    })
    .from(releaseSnapshots)
    .where(and(eq(releaseSnapshots.courseId, courseId), ne(releaseSnapshots.changelog, '')))
    .orderBy(desc(releaseSnapshots.versionNo))
    .limit(limit);
}

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named.ts';
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

/**
 * The media ids the given releases' lessons name (each `media` block's `mediaId`, each id once), with
 * the course's team: the store's course duration adds up their media (course-media.ts).
 */
export async function releaseMediaIds(
  db: Db,
  releases: { courseId: number; versionNo: number }[],
): Promise<{ courseId: number; versionNo: number; teamId: number; mediaIds: number[] }[]> {
  if (releases.length === 0) return [];
  // A named statement: a cold store page asks this for its cards on every request, and planning the
  // statement cost PostgreSQL more (0.7–1.8 ms at 100,000 courses) than running it. The ids come from
  // the release's own column (migration 0046), never from its compressed snapshot.
  const rows = await namedQuery<{
    course_id: number;
    version_no: number;
    team_id: number;
    media_ids: unknown[];
  }>(
    db,
    'store_release_media_ids',
    `select r.course_id, r.version_no, c.team_id, r.media_ids
     from unnest($1::int[], $2::int[]) as want(course_id, version_no)
     join release_snapshots r on r.course_id = want.course_id and r.version_no = want.version_no
     join course_owners c on c.id = r.course_id`,
    [releases.map((r) => r.courseId), releases.map((r) => r.versionNo)],
  );
  return rows.map((r) => ({
    courseId: r.course_id,
    versionNo: r.version_no,
    teamId: r.team_id,
    // Each media once; an id that is not a whole number names no media.
    mediaIds: [...new Set(r.media_ids.filter((id): id is number => Number.isInteger(id)))],
  }));
}

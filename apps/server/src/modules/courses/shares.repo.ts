import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseReleases, courses, shares, teamNames, userNames } from '../../db/schema.ts';

export type ShareRow = typeof shares.$inferSelect;

export async function insertShare(db: Db, row: typeof shares.$inferInsert): Promise<ShareRow> {
  const [created] = await db.insert(shares).values(row).returning();
  return created!;
}

/** The course's shares, the newest first (who made each: the users face, shares.service.ts). */
export async function listCourseShares(db: Db, courseId: number) {
  return db.select().from(shares).where(eq(shares.courseId, courseId)).orderBy(desc(shares.createdAt));
}

/** A share of one of this team's courses (for revoking). */
export async function findTeamShare(db: Db, teamId: number, shareId: string) {
  const rows = await db
    .select({ share: shares, course: courses })
    .from(shares)
    .innerJoin(courses, eq(courses.id, shares.courseId))
    .where(and(eq(shares.id, shareId), eq(courses.teamId, teamId), isNull(courses.deletedAt)));
  return rows[0];
}

export async function revokeShareRow(db: Db, shareId: string): Promise<void> {
  await db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, shareId));
}

/**
 * Any share with its course, team name, author name and the price of the course's latest release
 * (null when never released): the public view decides whether it is live and what it may show.
 */
export async function findShareForView(db: Db, shareId: string) {
  const rows = await db
    .select({
      share: shares,
      course: courses,
      teamName: teamNames.teamName,
      authorName: userNames.nickName,
      releasePrice: courseReleases.price,
    })
    .from(shares)
    .innerJoin(courses, eq(courses.id, shares.courseId))
    .innerJoin(teamNames, eq(teamNames.id, courses.teamId))
    .innerJoin(userNames, eq(userNames.id, courses.authorId))
    .leftJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    // A deleted course's links are gone with it.
    .where(and(eq(shares.id, shareId), isNull(courses.deletedAt)));
  return rows[0];
}

/** The price of a course's latest release, or null when it was never released. */
export async function latestReleasePrice(db: Db, courseId: number): Promise<number | null> {
  const rows = await db
    .select({ price: courseReleases.price })
    .from(courses)
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .where(eq(courses.id, courseId));
  return rows[0]?.price ?? null;
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { CoursePreview } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { courseReleases, courses } from '../../db/schema.ts';

export type ReleaseRow = typeof courseReleases.$inferSelect;

/** Inserts the next numbered version of a course (call inside a transaction holding the course lock). */
export async function insertNextRelease(
  db: Db,
  row: {
    courseId: number;
    snapshot: CoursePreview;
    notes: string;
    changelog: string;
    price: number;
    releasedBy: number;
  },
): Promise<ReleaseRow> {
  const [created] = await db
    .insert(courseReleases)
    .values({
      ...row,
      title: row.snapshot.title,
      versionNo: sql`(select coalesce(max(${courseReleases.versionNo}), 0) + 1 from ${courseReleases} where ${courseReleases.courseId} = ${row.courseId})`,
    })
    .returning();
  return created!;
}

/** The course's releases, the latest first (who released each: the users face, releases.service.ts). */
export async function listCourseReleases(db: Db, courseId: number) {
  return db
    .select()
    .from(courseReleases)
    .where(eq(courseReleases.courseId, courseId))
    .orderBy(desc(courseReleases.versionNo));
}

/** Listed courses, the latest release first, with when that release was made (the sitemap). */
export async function listedForSitemap(db: Db, limit: number) {
  return db
    .select({ courseId: courses.id, releasedAt: courseReleases.createdAt })
    .from(courses)
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .where(eq(courses.status, 'released'))
    .orderBy(desc(courseReleases.createdAt))
    .limit(limit);
}

export async function findCourseRelease(db: Db, courseId: number, releaseId: number) {
  const [row] = await db
    .select()
    .from(courseReleases)
    .where(and(eq(courseReleases.id, releaseId), eq(courseReleases.courseId, courseId)));
  return row;
}

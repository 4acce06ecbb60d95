import { desc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseReleases, courses } from '../../db/schema.ts';

/** Listed courses, the latest release first, with when that release was made. */
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

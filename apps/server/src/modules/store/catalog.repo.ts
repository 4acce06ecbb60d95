import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { CourseCategory } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { cartItems, courseReleases, courses, entitlements, teams } from '../../db/schema.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/**
 * Substring search that works for Chinese: ILIKE '%…%' on the release title, served by the trigram
 * index for three or more characters and by the character-pair index (migration 0006) for two.
 */
function keywordMatch(keyword: string): SQL {
  const like = ilike(courseReleases.title, `%${escapeLike(keyword)}%`);
  if ([...keyword].length !== 2) return like;
  return and(sql`studio_bigrams(${courseReleases.title}) @> array[lower(${keyword})]::text[]`, like)!;
}

const ORDER = {
  newest: [desc(courseReleases.createdAt), desc(courses.id)],
  price_asc: [asc(courseReleases.price), desc(courses.id)],
  price_desc: [desc(courseReleases.price), desc(courses.id)],
  sales: [desc(courses.sales), desc(courses.id)],
} as const;

export async function pageListed(
  db: Db,
  q: {
    keyword: string;
    category?: CourseCategory;
    sort: keyof typeof ORDER;
    pageNum: number;
    pageSize: number;
  },
): Promise<{ rows: ListedCourse[]; total: number }> {
  const where: SQL | undefined = and(
    eq(courses.status, 'released'),
    q.category ? eq(courses.category, q.category) : undefined,
    q.keyword ? keywordMatch(q.keyword) : undefined,
  );
  const [rows, totals] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...ORDER[q.sort])
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(courses)
      .innerJoin(
        courseReleases,
        and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
      )
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findListed(db: Db, courseId: number): Promise<ListedCourse | undefined> {
  const rows = await baseQuery(db).where(and(eq(courses.id, courseId), eq(courses.status, 'released')));
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

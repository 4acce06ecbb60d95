import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { CourseCategory, StoreCard } from '@studio/contract';
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
 * Substring search that works for Chinese: the release title contains the keyword, ignoring case.
 * Three or more characters: ILIKE '%…%', served by the trigram index. Two (most Chinese words): the
 * character-pair index (migration 0006) narrows, `strpos` confirms; written so because pg_trgm finds
 * no trigram in two characters and its index would then be read whole (1.9 s at 100,000 courses).
 * One: `strpos` alone.
 */
function keywordMatch(keyword: string): SQL {
  const chars = [...keyword].length;
  if (chars >= 3) return ilike(courseReleases.title, `%${escapeLike(keyword)}%`);
  const contains = sql`strpos(lower(${courseReleases.title}), lower(${keyword})) > 0`;
  if (chars === 1) return contains;
  return and(sql`studio_bigrams(${courseReleases.title}) @> array[lower(${keyword})]::text[]`, contains)!;
}

// Ties broken on the release's course id (the same value as courses.id) so that the newest-first
// order reads course_releases_created_idx (migration 0007) and stops after one page.
const ORDER = {
  newest: [desc(courseReleases.createdAt), desc(courseReleases.courseId)],
  price_asc: [asc(courseReleases.price), desc(courseReleases.courseId)],
  price_desc: [desc(courseReleases.price), desc(courseReleases.courseId)],
  sales: [desc(courses.sales), desc(courses.id)],
} as const;

/** A store card's columns only: the snapshot's few fields, not the snapshot with every lesson. */
const card = {
  courseId: courses.id,
  category: courses.category,
  sales: courses.sales,
  teamName: teams.teamName,
  title: courseReleases.title,
  subtitle: sql<string>`coalesce(${courseReleases.snapshot}->>'subtitle', '')`,
  cover: sql<string>`coalesce(${courseReleases.snapshot}->>'cover', '')`,
  lessonCount: sql<number>`jsonb_array_length(${courseReleases.snapshot}->'lessons')`,
  price: courseReleases.price,
  versionNo: courseReleases.versionNo,
  releaseTime: courseReleases.createdAt,
} as const;

export type CardRow = Omit<StoreCard, 'category' | 'releaseTime'> & {
  category: string | null;
  releaseTime: Date;
};

export async function pageCards(
  db: Db,
  q: {
    keyword: string;
    category?: CourseCategory;
    sort: keyof typeof ORDER;
    pageNum: number;
    pageSize: number;
  },
): Promise<{ rows: CardRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(courses.status, 'released'),
    q.category ? eq(courses.category, q.category) : undefined,
    q.keyword ? keywordMatch(q.keyword) : undefined,
  );
  const current = and(
    eq(courseReleases.courseId, courses.id),
    eq(courseReleases.versionNo, courses.releasedVersion),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(card)
      .from(courseReleases)
      .innerJoin(courses, current)
      .innerJoin(teams, eq(teams.id, courses.teamId))
      .where(where)
      .orderBy(...ORDER[q.sort])
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(courseReleases)
      .innerJoin(courses, current)
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

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

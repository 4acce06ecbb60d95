/** SQL of the store search's own tables (schema/search.ts): documents, terms, the outbox. */
import { STORE_TOTAL_CAP, type CourseCategory } from '@studio/contract';
import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { courses, storeSearchDocs, storeSearchOutbox, storeSearchTerms } from '../../db/schema.ts';

export type DocRow = typeof storeSearchDocs.$inferInsert;

/** Replaces a course's document and terms (the caller's transaction makes it one change). */
export async function writeDoc(db: Db, doc: DocRow, terms: Map<string, number>): Promise<void> {
  await deleteDoc(db, doc.courseId);
  await db.insert(storeSearchDocs).values(doc);
  const rows = [...terms].map(([term, bucket]) => ({
    term,
    courseId: doc.courseId,
    bucket,
    sales: doc.sales,
    releasedAt: doc.releasedAt,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(storeSearchTerms).values(rows.slice(i, i + 1000));
}

export async function deleteDoc(db: Db, courseId: number): Promise<void> {
  // Terms go with it (foreign key, on delete cascade).
  await db.delete(storeSearchDocs).where(eq(storeSearchDocs.courseId, courseId));
}

/** Built now, so the trigger's queued rebuild of the same course is not needed. */
export async function unqueue(db: Db, courseId: number): Promise<void> {
  await db.delete(storeSearchOutbox).where(eq(storeSearchOutbox.courseId, courseId));
}

export async function renameTeam(db: Db, teamId: number, teamName: string, teamKey: string): Promise<void> {
  await db
    .update(storeSearchDocs)
    .set({ teamName, teamKey, grams: sql`studio_search_grams(${storeSearchDocs.body} || ' ' || ${teamKey})` })
    .where(eq(storeSearchDocs.teamId, teamId));
}

export async function queueAll(db: Db): Promise<void> {
  await db.execute(
    sql`insert into ${storeSearchOutbox} (course_id) select id from ${courses} where status = 'released' on conflict do nothing`,
  );
}

/** Takes up to `n` queued course ids; the rows stay locked (and go) with the caller's transaction. */
export async function takeQueued(db: Db, n: number): Promise<number[]> {
  const rows = await db.execute<{ course_id: number }>(
    sql`delete from ${storeSearchOutbox} where course_id in (
          select course_id from ${storeSearchOutbox} order by course_id limit ${n} for update skip locked)
        returning course_id`,
  );
  return rows.rows.map((r) => r.course_id);
}

// ---- reads ----

const dialect = new PgDialect();

/**
 * Runs a read; `prepared`: as a named prepared statement, so its shape (the SQL text; values are
 * parameters) is parsed and planned once per connection instead of on every request. Only for the
 * counts, whose plan does not depend on the values (a fixed cap, one term); a page's plan does (its
 * LIMIT and OFFSET), and a generic plan for it was measured far slower than planning each time.
 */
async function rows<T extends Record<string, unknown>>(db: Db, query: SQL, prepared = false): Promise<T[]> {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!prepared || !pool?.query) return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `search_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  return (await pool.query<T>({ name, text, values: params })).rows;
}

export type CardRow = {
  courseId: number;
  title: string;
  subtitle: string;
  cover: string;
  category: CourseCategory | null;
  teamName: string;
  price: number;
  lessonCount: number;
  sales: number;
  versionNo: number;
  releaseTime: number;
};

const CARD = sql.raw(`d.course_id as "courseId", d.title, d.subtitle, d.cover, d.category,
  d.team_name as "teamName", d.price, d.lesson_count as "lessonCount", d.sales,
  d.version_no as "versionNo", (extract(epoch from d.released_at) * 1000)::float8 as "releaseTime"`);

/** A text[] of bound values (drizzle would spread a JS array into a list of parameters). */
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const BODY = sql.raw(`(d.body || ' ' || d.team_key)`);

/** Another word of the keyword, with what decides how it is tested (see `anywhere`). */
export type OtherWord = { word: string; rare: boolean; inBody: boolean };

export type Filter = {
  /** The word walked in the term index. */
  driver: string;
  driverGrams: string[];
  /** The other words, each of which must match somewhere. */
  others: OtherWord[];
  category?: CourseCategory;
};

/**
 * Another word in the document of course `id`: among its terms, else in its body. A rare word (at most
 * the cap of entries) is one hashed set; a common one a probe per row (OFFSET 0 keeps it so: hashed,
 * it would read every entry). The body is read only when some body holds the word at all.
 */
const anywhere = (id: SQL, w: OtherWord) => {
  const terms = w.rare
    ? sql`${id} in (select x.course_id from store_search_terms x where x.term = ${w.word})`
    : sql`exists (select 1 from store_search_terms x where x.course_id = ${id} and x.term = ${w.word} offset 0)`;
  if (!w.inBody) return terms;
  return sql`(${terms} or exists (select 1 from store_search_docs b where b.course_id = ${id}
                  and strpos(b.body || ' ' || b.team_key, ${w.word}) > 0 offset 0))`;
};

/** The category and the other words, tested on course `id`. */
const restrict = (f: Filter, id: SQL): SQL[] => [
  ...(f.category
    ? [
        sql`exists (select 1 from store_search_docs c where c.course_id = ${id} and c.category = ${f.category})`,
      ]
    : []),
  ...f.others.map((w) => anywhere(id, w)),
];
const P = sql.raw('p.course_id');
const D = sql.raw('d.course_id');

const where = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** Documents whose terms hold the driver word: the best first, by one index range. */
export async function termPage(db: Db, f: Filter, limit: number, offset: number): Promise<CardRow[]> {
  const found = await rows<CardRow>(
    db,
    sql`
    select ${CARD} from store_search_terms p join store_search_docs d on d.course_id = p.course_id
    ${where([sql`p.term = ${f.driver}`, ...restrict(f, P)])}
    order by p.bucket, p.sales desc nulls last, p.released_at desc nulls last, p.course_id desc nulls last
    limit ${limit} offset ${offset}`,
  );
  return found;
}

/** Counts up to `cap` matches (a page never needs more: the list then says "1000+"). */
const capped = async (db: Db, inner: SQL, cap: number) =>
  Math.min(
    cap,
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (${inner} limit ${sql.raw(String(COUNT_CAP))}) m`,
        true,
      )
    )[0]!.n,
  );
const COUNT_CAP = STORE_TOTAL_CAP + 1;

/** Index entries alone, unless a category or another word asks for a probe per entry. */
export const termCount = (db: Db, f: Filter, cap: number) =>
  capped(
    db,
    sql`select 1 from store_search_terms p ${where([sql`p.term = ${f.driver}`, ...restrict(f, P)])}`,
    cap,
  );

/** The driver word in the body only (summary, lessons, team), not among the document's terms. */
const bodyOnly = (f: Filter): SQL[] => [
  sql`d.grams @> ${textArray(f.driverGrams)}`,
  // Grams hold every character and pair of the body: a word of one or two characters needs no more.
  ...([...f.driver].length > 2 ? [sql`strpos(${BODY}, ${f.driver}) > 0`] : []),
  sql`not exists (select 1 from store_search_terms x where x.course_id = d.course_id and x.term = ${f.driver})`,
];

/** Body matches not among the terms first (OFFSET 0 keeps that order), then the other words. */
const bodyOnlyDocs = (f: Filter) => sql`(select * from store_search_docs d ${where(bodyOnly(f))} offset 0) d
  ${where(restrict(f, D))}`;

export async function bodyPage(db: Db, f: Filter, limit: number, offset: number): Promise<CardRow[]> {
  const found = await rows<CardRow>(
    db,
    sql`
    select ${CARD} from ${bodyOnlyDocs(f)}
    order by d.sales desc nulls last, d.released_at desc nulls last, d.course_id desc nulls last
    limit ${limit} offset ${offset}`,
  );
  return found;
}

export const bodyCount = (db: Db, f: Filter, cap: number) =>
  capped(db, sql`select 1 from ${bodyOnlyDocs(f)}`, cap);

export const ORDERS = {
  newest: sql.raw('d.released_at desc nulls last, d.course_id desc nulls last'),
  sales: sql.raw('d.sales desc nulls last, d.released_at desc nulls last, d.course_id desc nulls last'),
  price_asc: sql.raw('d.price asc, d.course_id desc nulls last'),
  price_desc: sql.raw('d.price desc nulls last, d.course_id desc nulls last'),
} as const;
export type PlainOrder = keyof typeof ORDERS;

/**
 * Matches in another order than relevance. Many matches: walk that order's index and test each
 * document (a page is found early). Few: collect them from the term and gram indexes, then sort.
 */
export async function sortedPage(
  db: Db,
  f: Filter | null,
  category: CourseCategory | undefined,
  order: PlainOrder,
  many: boolean,
  limit: number,
  offset: number,
): Promise<CardRow[]> {
  const parts: SQL[] = category ? [sql`d.category = ${category}`] : [];
  if (f) {
    parts.push(...f.others.map((w) => anywhere(D, w)));
    parts.push(
      many
        ? anywhere(D, { word: f.driver, rare: false, inBody: true })
        : sql`d.course_id in (
            select course_id from store_search_terms where term = ${f.driver}
            union
            select course_id from store_search_docs b
            where b.grams @> ${textArray(f.driverGrams)}
              and strpos(b.body || ' ' || b.team_key, ${f.driver}) > 0)`,
    );
  }
  const found = await rows<CardRow>(
    db,
    sql`
    select ${CARD} from store_search_docs d ${where(parts)} order by ${ORDERS[order]}
    limit ${limit} offset ${offset}`,
  );
  return found;
}

/** How many documents hold a word among their terms, up to `cap`: picks the rarest word to walk. */
export const wordCount = (db: Db, w: string, cap: number) =>
  capped(db, sql`select 1 from store_search_terms p where p.term = ${w}`, cap);

export const plainCount = (db: Db, category: CourseCategory | undefined, cap: number) =>
  capped(
    db,
    sql`select 1 from store_search_docs d ${where(category ? [sql`d.category = ${category}`] : [])}`,
    cap,
  );

/** Titles whose terms hold the word, best first, for the search box's suggestions. */
export async function suggestTitles(
  db: Db,
  f: Filter,
  n: number,
): Promise<{ courseId: number; title: string }[]> {
  const found = await rows<{ courseId: number; title: string }>(
    db,
    sql`
    select d.course_id as "courseId", d.title
    from store_search_terms p join store_search_docs d on d.course_id = p.course_id
    ${where([sql`p.term = ${f.driver}`, sql`p.bucket <= 2`, ...restrict(f, P)])}
    order by p.bucket, p.sales desc nulls last, p.released_at desc nulls last, p.course_id desc nulls last
    limit ${n}`,
  );
  return found;
}

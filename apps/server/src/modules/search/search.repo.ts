/**
 * The store search's pages, read from its own tables (schema/search.ts); what is read first to pick how
 * (the counts) is in search.counts.ts, the commonest pages in search.prepared.ts, the writes in
 * search.writes.ts.
 */
import { STORE_TOTAL_CAP, type CourseCategory } from '@studio/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { Bucket, grams } from './search-text.ts';

const dialect = new PgDialect();
/**
 * Runs `query` as the named statement `name` on the pool behind `db` (the same name must always carry
 * the same text: node-postgres refuses otherwise); unnamed, and planned with its values, without a
 * name or a pool (a transaction).
 */
export async function named<T>(db: Db, name: string | undefined, query: SQL): Promise<T[]> {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!name || !pool || typeof pool.query !== 'function' || !('totalCount' in pool))
    return (await db.execute(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await pool.query({ name, text, values: params })).rows as T[];
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
  /** Not shown: the course's team and the media its release shows, for the card's duration. */
  teamId: number;
  mediaIds: number[];
};

const CARD = sql.raw(`d.course_id as "courseId", d.title, d.subtitle, d.cover, d.category,
  d.team_name as "teamName", d.price, d.lesson_count as "lessonCount", d.sales,
  d.version_no as "versionNo", (extract(epoch from d.released_at) * 1000)::float8 as "releaseTime",
  d.team_id as "teamId", d.media_ids as "mediaIds"`);

/** A text[] bound as one value (drizzle would spread a JS array into a list of parameters). */
export const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

const BODY = sql.raw(`(d.body || ' ' || d.team_key)`);

/**
 * Another word of the keyword, with what decides how it is tested (see `anywhere`): `rare`, its term
 * entries are few enough to hash; `inBody`, some body may hold it (its grams are somewhere);
 * `bodyRare`, those bodies are few enough to hash.
 */
export type OtherWord = { word: string; rare: boolean; inBody: boolean; bodyRare?: boolean };

export type Filter = {
  /** The word walked in the term index. */
  driver: string;
  driverGrams: string[];
  /** The other words, each of which must match somewhere. */
  others: OtherWord[];
  category?: CourseCategory;
  /** The driver's grams are common in bodies (search.prepared.ts `bodyCommon`). */
  driverCommon?: boolean;
  /**
   * With several words, how many documents hold every one of them among their terms, counted up to
   * `upTo` (`wordCounts`), and which (`ids`); absent when not counted.
   */
  allTerms?: { n: number; upTo: number; ids: number[] };
};

/**
 * Another word in the document of course `id`: among its terms, else in its body. A rare word is one
 * hashed set; a common one a probe per row (OFFSET 0 keeps it so: hashed, it would read every entry).
 * The body likewise: skipped when no body can hold the word, a hashed set of the few that do, or a
 * test of the row (`onRow`: the document's row is the one being read, d) or a probe of it.
 */
const anywhere = (id: SQL, w: OtherWord, onRow = false) => {
  const terms = w.rare
    ? // Inside coalesce so it stays a hashed filter of the walk: as a top-level IN, PostgreSQL would
      // make it a join and walk (and sort) every entry of the driver word instead of stopping early.
      sql`coalesce(${id} in (select x.course_id from store_search_terms x where x.term = ${w.word}), false)`
    : sql`exists (select 1 from store_search_terms x where x.course_id = ${id} and x.term = ${w.word} offset 0)`;
  if (!w.inBody) return terms;
  if (onRow) return sql`(${terms} or strpos(${BODY}, ${w.word}) > 0)`;
  if (w.bodyRare)
    return sql`(${terms} or ${id} in (select b.course_id from store_search_docs b
                  where b.grams @> ${textArray(grams(w.word))} and strpos(b.body || ' ' || b.team_key, ${w.word}) > 0))`;
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

/**
 * Whether the other words are tested on the driver's entries as one set: the documents holding every
 * word among their terms (the terms' GIN index, migration 0016), read and found fewer than the read
 * went up to (so a set worth hashing, and whole). When no other word can be in a body, those are exactly
 * the documents the entries must be in.
 */
export const testsAsSet = (f: Filter) =>
  f.others.length > 0 &&
  f.allTerms !== undefined &&
  f.allTerms.n < f.allTerms.upTo &&
  f.others.every((w) => !w.inBody);

/** The category and the other words, tested on the driver's entry `p`: as one hashed set, or each. */
const restrictEntry = (f: Filter): SQL[] =>
  testsAsSet(f)
    ? [
        // The documents the count found, passed back (under the cap, a few thousand bytes) rather than
        // read again through the index and the table. Inside coalesce, as in `anywhere`, so it stays a
        // hashed filter of the walk.
        sql`coalesce(p.course_id in (select unnest(${sql.param(f.allTerms!.ids)}::int[])), false)`,
      ]
    : restrict(f, P);

/** Several words held together by at least the cap of documents' terms: the total is known. */
export const knownCapped = (f: Filter) => f.allTerms !== undefined && f.allTerms.n >= COUNT_CAP;
const D = sql.raw('d.course_id');

const where = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** Entries any read walks at most for its count: a page never needs more (the list then says "1000+"). */
export const COUNT_CAP = STORE_TOTAL_CAP + 1;
export const int = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n))));

/** A page of cards and how many matched, up to the cap. */
export type Found = { rows: CardRow[]; total: number };

/**
 * The one statement of every page read: `ctes` (more CTEs, each followed by a comma), `page` (a CTE
 * body giving the page's `course_id`s) and `counted` (a CTE body giving one row `n`). The cards are
 * joined for the page alone, in `order` (the page's `ord`, its position, unless told otherwise); a row
 * comes back even when the page is empty, to carry the count.
 */
export async function found(
  db: Db,
  ctes: SQL,
  page: SQL,
  counted: SQL,
  name?: string,
  order: SQL = sql.raw('page.ord'),
): Promise<Found> {
  const got = await named<CardRow & { total: number }>(
    db,
    name,
    sql`with ${ctes} counted as (${counted}), page as (${page})
    select counted.n as total, ${CARD}
    from counted left join (page join store_search_docs d on d.course_id = page.course_id) on true
    order by ${order}`,
  );
  const total = got[0]?.total ?? 0;
  return { rows: got.filter((r) => r.courseId !== null).map(({ total: _, ...r }) => r), total };
}

/**
 * Relevance: the driver word's term entries in rank order (one index range, other words and the
 * category tested per entry), then, when those are fewer than the cap, the documents holding it in
 * their body only (gram index), best selling first. One statement. How far the entries are walked
 * depends on what the count statement found (`Filter.allTerms`):
 * - at least the cap of documents hold every word: the total is the cap, and the walk stops at the
 *   page's end (the body-only matches rank after every term match, so are never reached);
 * - fewer, and the entries are tested against those documents (`testsAsSet`): the term matches are
 *   exactly those documents, so their number is known and the walk stops at the page's end, or is
 *   not read at all for a page past them;
 * - otherwise the walk goes up to the cap and counts the term matches as it reads the page.
 */
export async function relevancePage(
  db: Db,
  f: Filter,
  limit: number,
  offset: number,
  name?: string,
): Promise<Found> {
  const walk = (upTo: SQL) => sql`
    t as materialized (
      select p.course_id, p.bucket, p.sales, p.released_at from store_search_terms p
      ${where([sql`p.term = ${f.driver}`, ...restrictEntry(f)])}
      order by p.bucket, p.sales desc nulls last, p.released_at desc nulls last, p.course_id desc nulls last
      limit ${upTo}),`;
  const page = (from: SQL) =>
    sql`select course_id, row_number() over () as ord from (select course_id from ${from}
        order by bucket, sales desc nulls last, released_at desc nulls last, course_id desc nulls last
        limit ${limit} offset ${offset}) x`;
  if (knownCapped(f))
    return found(
      db,
      walk(sql`${offset + limit}::int8`),
      page(sql`t`),
      sql`select ${int(COUNT_CAP)} as n`,
      name,
    );
  const set = testsAsSet(f);
  const n = Math.max(COUNT_CAP, offset + limit);
  // The term matches there are: known (the set's size), or counted as the walk reads them.
  const terms = set ? sql`${f.allTerms!.n}::int` : sql`(select count(*)::int from t)`;
  const ctes = sql`${walk(set ? sql`${Math.min(offset + limit, f.allTerms!.n)}::int8` : sql`${n}`)}
    b as materialized (
      select d.course_id, d.sales, d.released_at from store_search_docs d
      ${where([sql`${terms} < ${int(COUNT_CAP)}`, ...bodyOnly(f), ...restrict(f, D)])}
      order by d.sales desc nulls last, d.released_at desc nulls last, d.course_id desc nulls last
      limit ${n}),
    m as (
      select course_id, bucket, sales, released_at from t
      union all select course_id, ${int(Bucket.body)}, sales, released_at from b),`;
  return found(
    db,
    ctes,
    page(sql`m`),
    sql`select least(${terms} + (select count(*) from b), ${int(COUNT_CAP)})::int as n`,
    name,
  );
}

/** The driver word in the body only (summary, lessons, team), not among the document's terms. */
const bodyOnly = (f: Filter): SQL[] => [
  // A gram common in bodies is tested on each row (the gram index would hand over most of the table).
  f.driverCommon
    ? sql`(d.grams @> ${textArray(f.driverGrams)}) is true`
    : sql`d.grams @> ${textArray(f.driverGrams)}`,
  // Grams hold every character and pair of the body: a word of one or two characters needs no more.
  ...([...f.driver].length > 2 ? [sql`strpos(${BODY}, ${f.driver}) > 0`] : []),
  // Not a term match (a document's terms array holds the keys of its term rows, migration 0016).
  sql`not (d.terms @> ${textArray([f.driver])})`,
];

export const ORDER_TEXT = {
  newest: 'released_at desc nulls last, course_id desc nulls last',
  sales: 'sales desc nulls last, released_at desc nulls last, course_id desc nulls last',
  price_asc: 'price asc, course_id desc nulls last',
  price_desc: 'price desc nulls last, course_id desc nulls last',
} as const;
export type PlainOrder = keyof typeof ORDER_TEXT;
export const ORDERS = Object.fromEntries(
  Object.entries(ORDER_TEXT).map(([k, v]) => [k, sql.raw(v)]),
) as Record<PlainOrder, SQL>;
const ORDER_COLUMNS = sql.raw('course_id, released_at, sales, price');

/**
 * A keyword in another order than relevance. The matches are counted up to `collectUpTo` (term
 * entries, then body-only documents). Fewer: they are collected and sorted. As many: the order's index
 * is walked and each document tested (its term by primary key, its body on the row), which finds a
 * page after about (documents ÷ matches) × (offset + limit) rows; the caller picks the bound where the
 * two cost about the same. One statement; the branch not taken is skipped (a one-time filter).
 */
export function sortedPage(
  db: Db,
  f: Filter,
  order: PlainOrder,
  limit: number,
  offset: number,
  collectUpTo: number,
): Promise<Found> {
  const upTo = int(Math.max(COUNT_CAP, collectUpTo));
  const tests = (id: SQL) => [
    ...(f.category ? [sql`d.category = ${f.category}`] : []),
    ...f.others.map((w) => anywhere(id, w, true)),
  ];
  const ctes = sql`
    t as materialized (
      select p.course_id from store_search_terms p ${where([sql`p.term = ${f.driver}`, ...restrict(f, P)])}
      limit ${upTo}),
    tn as (select count(*)::int as n from t),
    b as materialized (
      select d.course_id from store_search_docs d
      ${where([sql`(select n from tn) < ${upTo}`, ...bodyOnly(f), ...restrict(f, D)])}
      limit ${upTo}),
    cn as (select ((select n from tn) + (select count(*) from b))::int as n),`;
  return found(
    db,
    ctes,
    sql`select course_id, row_number() over () as ord from (
          (select ${ORDER_COLUMNS} from store_search_docs d
           ${where([
             sql`(select n from cn) >= ${upTo}`,
             ...tests(D),
             anywhere(D, { word: f.driver, rare: false, inBody: true }, true),
           ])}
           order by ${ORDERS[order]} limit ${int(limit + offset)})
          union all
          (select ${ORDER_COLUMNS} from store_search_docs d
           where (select n from cn) < ${upTo}
             and d.course_id in (select course_id from t union all select course_id from b)
           order by ${ORDERS[order]} limit ${int(limit + offset)})
          order by ${ORDERS[order]} limit ${int(limit)} offset ${int(offset)}) x`,
    sql`select least(n, ${int(COUNT_CAP)})::int as n from cn`,
  );
}

/** Titles whose terms hold the word, best first, for the search box's suggestions. */
export async function suggestTitles(
  db: Db,
  f: Filter,
  n: number,
  name?: string,
): Promise<{ courseId: number; title: string }[]> {
  const found = await named<{ courseId: number; title: string }>(
    db,
    name,
    sql`
    select d.course_id as "courseId", d.title
    from store_search_terms p join store_search_docs d on d.course_id = p.course_id
    ${where([sql`p.term = ${f.driver}`, sql`p.bucket <= 2`, ...restrictEntry(f)])}
    order by p.bucket, p.sales desc nulls last, p.released_at desc nulls last, p.course_id desc nulls last
    limit ${n}`,
  );
  return found;
}

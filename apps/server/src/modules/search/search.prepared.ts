/**
 * The store search's fixed query shapes as named (prepared) statements: parsed and planned once per
 * connection, not per request. Only shapes whose best plan does not depend on the values are here: a
 * one-word page read in rank order from the term index with its total from the per-term counts
 * (migration 0015), a one-word suggestion, and a page with no keyword. Everything else is planned
 * with its values (search.repo.ts).
 */
import { STORE_TOTAL_CAP, type CourseCategory } from '@studio/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { Bucket, grams } from './search-text.ts';
import { ORDER_TEXT, type CardRow, type Found, type PlainOrder } from './search.repo.ts';

const dialect = new PgDialect();

/**
 * Runs `query` as the named statement `name` on the pool behind `db` (the same name must always carry
 * the same text: node-postgres refuses otherwise). A handle without a pool (a transaction) runs it
 * unnamed.
 */
async function named<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.query !== 'function' || !('totalCount' in pool))
    return (await db.execute(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await pool.query({ name, text, values: params })).rows as T[];
}

const CARD = sql.raw(`d.course_id as "courseId", d.title, d.subtitle, d.cover, d.category,
  d.team_name as "teamName", d.price, d.lesson_count as "lessonCount", d.sales,
  d.version_no as "versionNo", (extract(epoch from d.released_at) * 1000)::float8 as "releaseTime"`);

/** The count and the page in one statement; a row comes back even for an empty page, with the count. */
async function found(
  db: Db,
  name: string,
  counted: SQL,
  page: SQL,
  order: SQL,
  ctes = sql``,
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

const RANK = sql.raw('bucket, sales desc nulls last, released_at desc nulls last, course_id desc nulls last');
const PAGE_RANK = sql.raw(
  'page.bucket, page.sales desc nulls last, page.released_at desc nulls last, page.course_id desc nulls last',
);
const COUNT_CAP = STORE_TOTAL_CAP + 1;

/**
 * One word, no category, in relevance order: its term entries up to the page's end (rank order, one
 * index range), its total from the per-term counts, and only when fewer than the cap hold it among
 * their terms, the documents holding it in their body alone (gram index), counted up to the cap and
 * ranked after every term match, best selling first.
 */
export function wordPage(db: Db, word: string, limit: number, offset: number): Promise<Found> {
  return found(
    db,
    'store_search_word_page',
    sql`select least((select docs from df) + (select count(*) from b), ${COUNT_CAP})::int as n`,
    sql`select course_id, bucket, sales, released_at from (
          select * from t union all select course_id, ${Bucket.body}::int2, sales, released_at from b) m
        order by ${RANK} limit ${limit} offset ${offset}`,
    PAGE_RANK,
    sql`df as (select coalesce((select docs from store_search_term_counts where term = ${word}), 0) as docs),
    t as materialized (
      select course_id, bucket, sales, released_at from store_search_terms where term = ${word}
      order by ${RANK} limit ${offset + limit}),
    b as materialized (
      select d.course_id, d.sales, d.released_at from store_search_docs d
      where (select docs from df) < ${COUNT_CAP} and d.grams @> ${sql.param(grams(word))}::text[]
        and strpos(d.body || ' ' || d.team_key, ${word}) > 0
        and not exists (select 1 from store_search_terms x where x.course_id = d.course_id and x.term = ${word})
      order by ${sql.raw(ORDER_TEXT.sales)} limit ${COUNT_CAP}),`,
  );
}

/** One word's suggestions: titles whose terms hold it in the title, best first. */
export function wordSuggest(db: Db, word: string, n: number): Promise<{ courseId: number; title: string }[]> {
  return named(
    db,
    'store_search_word_suggest',
    sql`select d.course_id as "courseId", d.title
        from store_search_terms p join store_search_docs d on d.course_id = p.course_id
        where p.term = ${word} and p.bucket <= 2
        order by p.bucket, p.sales desc nulls last, p.released_at desc nulls last, p.course_id desc nulls last
        limit ${n}`,
  );
}

/**
 * No keyword: the order's index (the category's own, migration 0012) gives the page's ids alone; the
 * count reads up to the cap of the same index. One named statement per order, with and without a
 * category.
 */
export function plainPage(
  db: Db,
  category: CourseCategory | undefined,
  order: PlainOrder,
  limit: number,
  offset: number,
): Promise<Found> {
  const w = category ? sql`where category = ${category}` : sql``;
  return found(
    db,
    `store_search_plain_${order}${category ? '_category' : ''}`,
    sql`select count(*)::int as n from (select 1 from store_search_docs ${w} limit ${COUNT_CAP}) c`,
    sql`select course_id, released_at, sales, price from store_search_docs ${w}
        order by ${sql.raw(ORDER_TEXT[order])} limit ${limit} offset ${offset}`,
    sql.raw(
      ORDER_TEXT[order]
        .split(', ')
        .map((key) => `page.${key}`)
        .join(', '),
    ),
  );
}

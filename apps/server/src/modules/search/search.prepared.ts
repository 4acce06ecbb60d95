/**
 * The store search's commonest reads, each one statement: one word (no category) in relevance or
 * sales order, a one-word suggestion, a page with no keyword. Their totals come from the per-term
 * counts (migration 0015) or a capped index range, their pages from the term index's rank order.
 * Those whose best plan does not depend on the values are named (prepared) statements, parsed and
 * planned once per connection; the general reads (several words, a category, other orders) are in
 * search.repo.ts, planned with their values.
 */
import type { CourseCategory } from '@studio/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Bucket, grams } from './search-text.ts';
import { BODY_COMMON_SHARE, STATS_TTL_MS } from './search.planner.ts';
import { COUNT_CAP, found, named, ORDER_TEXT, type Found, type PlainOrder } from './search.repo.ts';

const RANK = sql.raw('bucket, sales desc nulls last, released_at desc nulls last, course_id desc nulls last');
const PAGE_RANK = sql.raw(
  'page.bucket, page.sales desc nulls last, page.released_at desc nulls last, page.course_id desc nulls last',
);

/**
 * Whether the word's grams are common in bodies (every gram on at least 1% of documents), by the
 * planner's own statistics (pg_stats, read at most once a minute per handle). It picks between two
 * statements for the body-only matches: a rare word's are read from the gram index, a common word's
 * by walking an order's index and testing each row (the gram index would hand over most of the
 * table). A stale answer costs speed, never correctness.
 */
export async function bodyCommon(db: Db, word: string): Promise<boolean> {
  let stats = gramStats.get(db);
  if (!stats || performance.now() - stats.at > STATS_TTL_MS) {
    const got = await db.execute<{ e: string[] | null; f: number[] | null }>(
      sql`select most_common_elems::text::text[] as e, most_common_elem_freqs as f from pg_stats
          where schemaname = current_schema() and tablename = 'store_search_docs' and attname = 'grams'`,
    );
    const row = got.rows[0];
    const freq = new Map((row?.e ?? []).map((g, i) => [g, row?.f?.[i] ?? 0]));
    gramStats.set(db, (stats = { freq, at: performance.now() }));
  }
  const { freq } = stats;
  return grams(word).every((g) => (freq.get(g) ?? 0) >= BODY_COMMON_SHARE);
}
const gramStats = new WeakMap<Db, { freq: Map<string, number>; at: number }>();

/** The grams test of a body: through the gram index, or (`common`) on each row walked. */
const gramTest = (word: string, common: boolean) =>
  common
    ? sql`(d.grams @> ${sql.param(grams(word))}::text[]) is true`
    : sql`d.grams @> ${sql.param(grams(word))}::text[]`;

/**
 * One word, no category, in relevance order: its term entries up to the page's end (rank order, one
 * index range), its total from the per-term counts, and only when fewer than the cap hold it among
 * their terms, the documents holding it in their body alone (gram index), counted up to the cap and
 * ranked after every term match, best selling first.
 */
export function wordPage(
  db: Db,
  word: string,
  limit: number,
  offset: number,
  common: boolean,
): Promise<Found> {
  return found(
    db,
    sql`df as (select coalesce((select docs from store_search_term_counts where term = ${word}), 0) as docs),
    t as materialized (
      select course_id, bucket, sales, released_at from store_search_terms where term = ${word}
      order by ${RANK} limit ${offset + limit}),
    b as materialized (
      select d.course_id, d.sales, d.released_at from store_search_docs d
      where (select docs from df) < ${COUNT_CAP} and ${gramTest(word, common)}
        and strpos(d.body || ' ' || d.team_key, ${word}) > 0
        and not exists (select 1 from store_search_terms x where x.course_id = d.course_id and x.term = ${word})
      order by ${sql.raw(ORDER_TEXT.sales)} limit ${COUNT_CAP}),`,
    sql`select course_id, bucket, sales, released_at from (
          select * from t union all select course_id, ${Bucket.body}::int2, sales, released_at from b) m
        order by ${RANK} limit ${limit} offset ${offset}`,
    sql`select least((select docs from df) + (select count(*) from b), ${COUNT_CAP})::int as n`,
    `store_search_word_page${common ? '_common' : ''}`,
    PAGE_RANK,
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
 * total is the documents' count (migration 0017). One named statement per order, with and without a
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
    sql``,
    sql`select course_id, released_at, sales, price from store_search_docs ${w}
        order by ${sql.raw(ORDER_TEXT[order])} limit ${limit} offset ${offset}`,
    sql`select least(coalesce(sum(docs), 0), ${COUNT_CAP})::int as n from store_search_doc_counts ${w}`,
    `store_search_plain_${order}${category ? '_category' : ''}`,
    sql.raw(
      ORDER_TEXT[order]
        .split(', ')
        .map((key) => `page.${key}`)
        .join(', '),
    ),
  );
}

const SALES = sql.raw(ORDER_TEXT.sales);
const PAGE_SALES = sql.raw(
  'page.sales desc nulls last, page.released_at desc nulls last, page.course_id desc nulls last',
);
/** Each relevance bucket's term entries are already in sales order within the rank index. */
const BUCKETS = [0, 1, 2, 3, 4, 5] as const;

/**
 * One word, no category, best selling first. The term matches in sales order are a merge of the rank
 * index's six bucket ranges (each read to the page's end at most); the body-only matches are read in
 * sales order too, only down to the sales of the last term match the page could use (so a word on
 * every document reads a page's worth), and counted (to the cap) only when fewer than the cap hold the
 * word among their terms. Planned with its values: whether walking the sales index or reading the
 * gram index finds the body matches faster depends on how common the word's grams are (`common`).
 */
export function salesWordPage(
  db: Db,
  word: string,
  limit: number,
  offset: number,
  common: boolean,
): Promise<Found> {
  const n = offset + limit;
  const bodyOnly = sql`${gramTest(word, common)}
        and strpos(d.body || ' ' || d.team_key, ${word}) > 0
        and not exists (select 1 from store_search_terms x where x.course_id = d.course_id and x.term = ${word})`;
  const runs = BUCKETS.map(
    (bucket) =>
      sql`(select course_id, sales, released_at from store_search_terms
           where term = ${word} and bucket = ${bucket} order by ${SALES} limit ${n})`,
  );
  return found(
    db,
    sql`df as (select coalesce((select docs from store_search_term_counts where term = ${word}), 0) as docs),
    t as materialized (select * from (${sql.join(runs, sql` union all `)}) r order by ${SALES} limit ${n}),
    b as materialized (
      select d.course_id, d.sales, d.released_at from store_search_docs d
      where d.sales >= coalesce((select sales from t order by ${SALES} offset ${n} - 1 limit 1), -1)
        and ${bodyOnly}
      order by ${SALES} limit ${n}),`,
    sql`select course_id, sales, released_at from (
          select * from t union all select * from b) m
        order by ${SALES} limit ${limit} offset ${offset}`,
    sql`select least((select docs from df) + coalesce((select count(*) from (
          select 1 from store_search_docs d where (select docs from df) < ${COUNT_CAP} and ${bodyOnly}
          limit ${COUNT_CAP}) c), 0), ${COUNT_CAP})::int as n`,
    `store_search_word_sales${common ? '_common' : ''}`,
    PAGE_SALES,
  );
}

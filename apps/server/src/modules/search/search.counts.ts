/**
 * What the store search reads before a page to pick how it reads it: how many documents there are,
 * and for a keyword of several words, each word's documents, its bodies and the documents holding
 * every word (`wordCounts`). The pages themselves are in search.repo.ts and search.prepared.ts.
 */
import type { CourseCategory } from '@studio/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { grams } from './search-text.ts';
import { BODY_COUNT_CAP } from './search.planner.ts';
import { int, named, textArray } from './search.repo.ts';

/** The planner's estimate of how many documents there are (0 before the first ANALYZE). */
export async function docsEstimate(db: Db): Promise<number> {
  const got = await db.execute<{ n: number }>(
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'store_search_docs'::regclass`,
  );
  return got.rows[0]?.n ?? 0;
}

/**
 * How many documents hold each word among their terms (the per-term counts of migration 0015, exact),
 * how many bodies may hold it (its grams, up to BODY_COUNT_CAP), and how many documents there are
 * (migration 0017, exact, so a word held by every one can be dropped), in one statement: picks the
 * rarest word to walk and how the others are tested.
 */
export async function wordCounts(
  db: Db,
  words: string[],
  /** Per word: its grams are common in bodies, so its bodies are taken as many (not counted). */
  common: boolean[] = [],
  /**
   * The documents holding, among their terms, every word that not every document holds: read up to
   * `upTo` when there are two such words or more, unless even the rarest word is held by more than
   * `unlessRarestOver` (the index intersects the lists at about 0.3 µs per entry of the rarest; a few
   * matches of words typed together are met sooner by walking its entries), or unless the other words
   * hold fewer entries than `unlessOthersUnder` times the documents the read would visit at most
   * (HASH_OVER_READ); not read without it.
   */
  all: { upTo: number; unlessRarestOver?: number; unlessOthersUnder?: number } | undefined,
  name?: string,
  category?: CourseCategory,
): Promise<{
  words: { terms: number; bodies: number }[];
  docs: number;
  allTerms?: number;
  /** Which documents those are, when fewer than `upTo`. */
  allIds?: number[];
}> {
  const rarest = sql.raw(`least(${words.map((_, i) => `k.n[${2 * i + 1}]`).join(', ')})`);
  const upTo = sql`${all?.upTo ?? 0}::int`;
  const docs = sql.raw(`w.n[${2 * words.length + 1}]`);
  const got = await named<{ n: number[]; ids: number[] | null }>(
    db,
    name,
    sql`with w as materialized (select array[${sql.join(
      words.flatMap((w, i) => [
        sql`coalesce((select docs from store_search_term_counts where term = ${w}), 0)`,
        common[i]
          ? sql`${int(BODY_COUNT_CAP)}`
          : sql`(select count(*)::int from (select 1 from store_search_docs d where d.grams @> ${textArray(grams(w))} limit ${int(BODY_COUNT_CAP)}) c)`,
      ]),
      sql`, `,
    )}, coalesce((select sum(docs)::int from store_search_doc_counts), 0)]::int[] as n),
    k as (select w.n, array(select u.word from unnest(${textArray(words)}) with ordinality u(word, i)
                            where w.n[2 * u.i - 1] < ${docs}) as words,
                      array(select c from unnest(w.n[1:${int(2 * words.length)}]) with ordinality u(c, i)
                            where u.i % 2 = 1 and c < ${docs}) as counts from w),
    a as materialized (select case when ${
      !all
        ? sql`true`
        : all.unlessRarestOver !== undefined
          ? sql`${rarest} > ${all.unlessRarestOver}::int`
          : all.unlessOthersUnder !== undefined
            ? sql`(select sum(c) - min(c) < ${all.unlessOthersUnder}::float8 * least(min(c), ${upTo}) from unnest(k.counts) c)`
            : sql`false`
    } or cardinality(k.words) < 2
      then null
      else array(select g.course_id from store_search_docs g where g.terms @> k.words
              ${category ? sql`and g.category = ${category}` : sql``} limit ${upTo}) end as ids from k)
    select k.n || coalesce(cardinality(a.ids), -1) as n,
           case when cardinality(a.ids) < ${upTo} then a.ids end as ids
    from k, a`,
  );
  const { n, ids } = got[0]!;
  const allTerms = n.at(-1)!;
  return {
    words: words.map((_, i) => ({ terms: n[2 * i]!, bodies: n[2 * i + 1]! })),
    docs: n[2 * words.length]!,
    ...(allTerms >= 0 && { allTerms }),
    ...(ids && { allIds: ids }),
  };
}

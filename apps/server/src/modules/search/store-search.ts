/**
 * The store search behind one interface. `PgStoreSearch` (the default and only engine) reads the
 * search documents of migration 0010 through the handle it is given: the main pool, or a read
 * replica's when SEARCH_DATABASE_URL is set (docs/deploy.md). Writes never go through it: the
 * documents are kept by search.index.ts in the writers' transactions, on the primary.
 */
import {
  STORE_SUGGEST_MAX,
  STORE_TOTAL_CAP,
  type CourseCategory,
  type StoreListPage,
  type StoreSort,
  type StoreSuggest,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { driverWord, grams, queryWords, titleHighlights } from './search-text.ts';
import {
  bodyCount,
  bodyPage,
  plainCount,
  sortedPage,
  suggestTitles,
  termCount,
  termPage,
  type CardRow,
  type Filter,
  type OtherWord,
  wordCount,
} from './search.repo.ts';

export type StoreSearchQuery = {
  keyword: string;
  category?: CourseCategory;
  sort: StoreSort;
  pageNum: number;
  pageSize: number;
};

export interface StoreSearch {
  list(q: StoreSearchQuery): Promise<StoreListPage>;
  suggest(keyword: string): Promise<StoreSuggest>;
}

/**
 * The words as the queries test them. With several, the one held by the fewest documents' terms is
 * walked (each counted up to the cap on its own index range), so the others are tested as few times
 * as possible; each other word is told whether it is rare and whether any body holds it.
 */
async function filterOf(db: Db, words: string[], category?: CourseCategory): Promise<Filter> {
  const one = (driver: string, others: OtherWord[]): Filter => ({
    driver,
    driverGrams: grams(driver),
    others,
    category,
  });
  if (words.length === 1) return one(words[0]!, []);
  const cap = STORE_TOTAL_CAP + 1;
  const counts = await Promise.all(words.map((w) => wordCount(db, w, cap)));
  const least = Math.min(...counts);
  // Among equally rare words (none indexed, or all past the cap), the most specific.
  const driver = driverWord(words.filter((_, i) => counts[i] === least));
  return one(
    driver,
    // Whether any body holds a word is not asked: planned with EXISTS, PostgreSQL reads every
    // document when none does (0.2-0.6 s at 100,000), which costs more than the probes it saves.
    words.flatMap((word, i) => (word === driver ? [] : [{ word, rare: counts[i]! < cap, inBody: true }])),
  );
}

export class PgStoreSearch implements StoreSearch {
  constructor(private readonly db: Db) {}

  async list(q: StoreSearchQuery): Promise<StoreListPage> {
    const offset = (q.pageNum - 1) * q.pageSize;
    const page = (rows: CardRow[], counted: number, words: string[]): StoreListPage => ({
      list: rows.map((r) => ({ ...r, titleHighlights: titleHighlights(r.title, words) })),
      total: Math.min(counted, STORE_TOTAL_CAP),
      totalCapped: counted > STORE_TOTAL_CAP,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    const cap = STORE_TOTAL_CAP + 1;
    const words = q.keyword ? queryWords(q.keyword) : [];
    if (!q.keyword) {
      const sort = q.sort === 'relevance' ? 'newest' : q.sort;
      const [rows, n] = await Promise.all([
        sortedPage(this.db, null, q.category, sort, true, q.pageSize, offset),
        plainCount(this.db, q.category, cap),
      ]);
      return page(rows, n, words);
    }
    // Punctuation, symbols or emoji alone: nothing to look for, so nothing found (never everything).
    if (words.length === 0) return page([], 0, words);
    const f = await filterOf(this.db, words, q.category);
    if (q.sort !== 'relevance') {
      const inTerms = await termCount(this.db, f, cap);
      const counted = inTerms < cap ? inTerms + (await bodyCount(this.db, f, cap - inTerms)) : inTerms;
      const rows = await sortedPage(this.db, f, q.category, q.sort, counted >= cap, q.pageSize, offset);
      return page(rows, counted, words);
    }
    // Term matches first (title, then tags, each best match first), then body-only matches, which
    // are read (and counted) only when the terms hold fewer than the cap.
    const [inTerms, fromTerms] = await Promise.all([
      termCount(this.db, f, cap),
      termPage(this.db, f, q.pageSize, offset),
    ]);
    if (inTerms >= cap) return page(fromTerms, inTerms, words);
    const rest = q.pageSize - fromTerms.length;
    const [inBody, fromBody] = await Promise.all([
      bodyCount(this.db, f, cap - inTerms),
      rest > 0 ? bodyPage(this.db, f, rest, Math.max(0, offset - inTerms)) : [],
    ]);
    return page([...fromTerms, ...fromBody], inTerms + inBody, words);
  }

  async suggest(keyword: string): Promise<StoreSuggest> {
    const words = queryWords(keyword);
    if (words.length === 0) return { list: [] };
    // Popular titles repeat across teams: read a few more rows than shown and keep distinct titles.
    const f = await filterOf(this.db, words);
    const rows = await suggestTitles(this.db, f, STORE_SUGGEST_MAX * 4);
    const seen = new Set<string>();
    const list = rows.filter((r) => !seen.has(r.title) && seen.add(r.title)).slice(0, STORE_SUGGEST_MAX);
    return { list: list.map((r) => ({ ...r, titleHighlights: titleHighlights(r.title, words) })) };
  }
}

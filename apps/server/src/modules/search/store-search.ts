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
  type StoreSearchPage,
  type StoreSort,
  type StoreSuggest,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { driverWord, grams, queryWords, titleHighlights } from './search-text.ts';
import {
  relevancePage,
  sortedPage,
  suggestTitles,
  type Filter,
  type Found,
  type OtherWord,
  knownCapped,
  testsAsSet,
  COUNT_CAP,
} from './search.repo.ts';
import { docsEstimate, wordCounts } from './search.counts.ts';
import {
  BODY_COUNT_CAP,
  collectUpTo,
  HASH_OVER_READ,
  hashesOther,
  STATS_TTL_MS,
  SUGGEST_READ_FACTOR,
  SUGGEST_SET_RAREST_MAX,
} from './search.planner.ts';
import { bodyCommon, plainPage, salesWordPage, wordPage, wordSuggest } from './search.prepared.ts';

export type StoreSearchQuery = {
  keyword: string;
  category?: CourseCategory;
  sort: StoreSort;
  pageNum: number;
  pageSize: number;
};

/**
 * A page as the search finds it: each card also names its team and the media its release shows
 * (not sent; the store sums their durations, store/course-media.ts).
 */
export type FoundPage = Omit<StoreSearchPage, 'list'> & {
  list: (StoreSearchPage['list'][number] & { teamId: number; mediaIds: number[] })[];
};

export interface StoreSearch {
  list(q: StoreSearchQuery): Promise<FoundPage>;
  suggest(keyword: string): Promise<StoreSuggest>;
}

/** The word counts' statement name: its text depends on these alone (the words are values). */
const countsName = (
  common: boolean[],
  category: CourseCategory | undefined,
  all?: { unlessRarestOver?: number; unlessOthersUnder?: number },
) =>
  [
    'store_search_counts',
    common.map((c) => (c ? 'c' : 'r')).join(''),
    category ? 'c' : '',
    !all ? 'n' : all.unlessRarestOver !== undefined ? 'd' : all.unlessOthersUnder !== undefined ? 'h' : '',
  ].join('_');

/**
 * The words as the queries test them. With several, the one held by the fewest documents' terms is
 * walked (the per-term counts say which), so the others are tested as few times as possible; each
 * other word is told whether it is rare and whether any body holds it, and the filter how many
 * documents hold every word among their terms (up to the cap).
 */
async function filterOf(
  db: Db,
  words: string[],
  /**
   * Matches the read needs (the cap for a page's count, a suggestion's few); `known`, those it needs
   * once the cap of documents is known to hold every word (a page's end), and the documents there are.
   */
  need: {
    matches: number;
    known: number;
    docs: number;
    all?: { upTo: number; unlessRarestOver?: number; unlessOthersUnder?: number };
  },
  category?: CourseCategory,
  /** The pool for named statements, when the caller uses them. */
  generic?: Db,
): Promise<Filter> {
  const common = await Promise.all(words.map((w) => bodyCommon(db, w)));
  const one = (driver: string, others: OtherWord[], allTerms?: Filter['allTerms']): Filter => ({
    driver,
    driverGrams: grams(driver),
    others,
    category,
    driverCommon: common[words.indexOf(driver)],
    allTerms,
  });
  if (words.length === 1) return one(words[0]!, []);
  // One statement: each word's documents by its terms (exact) and bodies (up to BODY_COUNT_CAP), and
  // the documents holding them all among their terms.
  const counted = await wordCounts(
    generic ?? db,
    words,
    common,
    need.all,
    generic && countsName(common, category, need.all),
    category,
  );
  const { words: counts, allTerms } = counted;
  const least = Math.min(...counts.map((c) => c.terms));
  // Among equally rare words (none indexed, say), the most specific.
  const driver = driverWord(words.filter((_, i) => counts[i]!.terms === least));
  const docs = Math.max(need.docs, ...counts.map((c) => c.terms), 1);
  const matches = (allTerms ?? 0) >= COUNT_CAP ? need.known : need.matches;
  return one(
    driver,
    words.flatMap((word, i) => {
      // A word every document holds among its terms matches every document: it is not tested.
      if (word === driver || counts[i]!.terms >= counted.docs) return [];
      const c = counts[i]!;
      return [
        {
          word,
          // Hashed or probed in the walk: search.planner.ts `hashesOther`.
          rare: hashesOther({
            entries: c.terms,
            driverEntries: least,
            need: matches,
            documents: docs,
            allTerms,
          }),
          inBody: c.bodies > 0,
          bodyRare: c.bodies < BODY_COUNT_CAP,
        },
      ];
    }),
    allTerms === undefined || !need.all
      ? undefined
      : { n: allTerms, upTo: need.all.upTo, ids: counted.allIds ?? [] },
  );
}

/**
 * The name of a relevance read's statement: its text depends only on these (the words, limits and
 * grams are values), so each shape is prepared once per connection.
 */
const relevanceName = (f: Filter) =>
  [
    'store_search_rel',
    f.category ? 'c' : '',
    knownCapped(f) ? 'k' : testsAsSet(f) ? 'g' : '',
    [...f.driver].length > 2 ? 'l' : 's',
    f.driverCommon ? 'c' : 'r',
    ...f.others.map((w) => `${w.rare ? 'h' : 'p'}${w.inBody ? (w.bodyRare ? 'h' : 'p') : 'n'}`),
  ].join('_');

export class PgStoreSearch implements StoreSearch {
  /**
   * `generic`: the same database, for the named statements (AppContext.searchGenericDb);
   * `hashOverRead`: when several words' documents are read as one set (HASH_OVER_READ; the tests
   * take each way with 0 and Infinity).
   */
  private readonly db: Db;
  private readonly generic: Db;
  private readonly hashOverRead: number;

  constructor(db: Db, generic: Db = db, hashOverRead = HASH_OVER_READ) {
    this.db = db;
    this.generic = generic;
    this.hashOverRead = hashOverRead;
  }

  private docs = { n: 0, at: -Infinity };
  /** The planner's estimate of the documents there are, read once a minute (STATS_TTL_MS). */
  private async docCount(): Promise<number> {
    if (performance.now() - this.docs.at > STATS_TTL_MS)
      this.docs = { n: await docsEstimate(this.db), at: performance.now() };
    return this.docs.n;
  }

  async list(q: StoreSearchQuery): Promise<FoundPage> {
    const offset = (q.pageNum - 1) * q.pageSize;
    const words = q.keyword ? queryWords(q.keyword) : [];
    const page = ({ rows, total }: Found): FoundPage => ({
      list: rows.map((r) => ({ ...r, titleHighlights: titleHighlights(r.title, words) })),
      total: Math.min(total, STORE_TOTAL_CAP),
      totalCapped: total > STORE_TOTAL_CAP,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    if (!q.keyword) {
      const sort = q.sort === 'relevance' ? 'newest' : q.sort;
      return page(await plainPage(this.generic, q.category, sort, q.pageSize, offset));
    }
    // Punctuation, symbols or emoji alone: nothing to look for, so nothing found (never everything).
    if (words.length === 0) return page({ rows: [], total: 0 });
    // One word, no category, in relevance or sales order (the common case): one named statement.
    const oneWord =
      !q.category && (q.sort === 'relevance' || q.sort === 'sales')
        ? (word: string, common: boolean) =>
            (q.sort === 'sales' ? salesWordPage : wordPage)(this.generic, word, q.pageSize, offset, common)
        : undefined;
    if (words.length === 1 && oneWord)
      return page(await oneWord(words[0]!, await bodyCommon(this.db, words[0]!)));
    const relevance = q.sort === 'relevance';
    // A relevance page reads its entries only to the page's end once the total is known (the cap).
    const matches = COUNT_CAP;
    const need = {
      matches,
      known: relevance ? offset + q.pageSize : matches,
      docs: await this.docCount(),
      // Only 综合 counts the documents holding every word (other sorts test each word on the documents
      // they walk or collect), and only where hashing the other words in its walk would cost more.
      ...(relevance && { all: { upTo: matches, unlessOthersUnder: this.hashOverRead } }),
    };
    const f = await filterOf(this.db, words, need, q.category, relevance ? this.generic : undefined);
    // The other words are on every document: the driver alone decides.
    if (f.others.length === 0 && oneWord) return page(await oneWord(f.driver, f.driverCommon ?? false));
    // Term matches first (title, then tags, each best match first), then body-only matches, which
    // are read (and counted) only when the terms hold fewer than the cap; or all in another order.
    return page(
      q.sort === 'relevance'
        ? await relevancePage(this.generic, f, q.pageSize, offset, relevanceName(f))
        : await sortedPage(
            this.db,
            f,
            q.sort,
            q.pageSize,
            offset,
            collectUpTo(await this.docCount(), offset + q.pageSize),
          ),
    );
  }

  async suggest(keyword: string): Promise<StoreSuggest> {
    const words = queryWords(keyword);
    if (words.length === 0) return { list: [] };
    // Popular titles repeat across teams: read a few more rows than shown and keep distinct titles.
    const rows =
      words.length === 1
        ? await wordSuggest(this.generic, words[0]!, STORE_SUGGEST_MAX * SUGGEST_READ_FACTOR)
        : await this.suggestWords(words);
    const seen = new Set<string>();
    const list = rows.filter((r) => !seen.has(r.title) && seen.add(r.title)).slice(0, STORE_SUGGEST_MAX);
    return { list: list.map((r) => ({ ...r, titleHighlights: titleHighlights(r.title, words) })) };
  }

  /** Several words' suggestions: a named statement per shape, as the relevance page's. */
  private async suggestWords(words: string[]): Promise<{ courseId: number; title: string }[]> {
    const n = STORE_SUGGEST_MAX * SUGGEST_READ_FACTOR;
    // The documents holding every word among their terms are counted (to use as one set) only when
    // the rarest word is not common: words typed together tend to come together, so walking a
    // common word's entries meets a few titles holding the others sooner than the index intersects.
    const all = { upTo: COUNT_CAP, unlessRarestOver: SUGGEST_SET_RAREST_MAX };
    const need = { matches: n, known: n, docs: await this.docCount(), all };
    const f = await filterOf(this.db, words, need, undefined, this.generic);
    if (f.others.length === 0) return wordSuggest(this.generic, f.driver, n);
    // No document holds every word among its terms, and no body holds the others: no title does.
    if (testsAsSet(f) && f.allTerms?.n === 0) return [];
    return suggestTitles(this.generic, f, n, relevanceName(f).replace('_rel', '_sug'));
  }
}

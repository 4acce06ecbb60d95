/**
 * The store search planner's rules and constants, each with the figures that justify it: PostgreSQL's
 * execution time per unit (a document, an entry, a row), by EXPLAIN ANALYZE, one statement at a time.
 * `BENCH_ONLY=search npm run bench` measures them again on the seeded store (bench/search-planner.ts,
 * printed under each size in bench/RESULTS.md). Figures quoted below:
 * - [A] the measurement these constants were first set by (100,000 courses, before 2026-11-26);
 * - [B] the bench, 2026-11-26, 100,000 courses, embedded PostgreSQL 18, a busy machine (load 15);
 * - [C] the same code on the machine's PostgreSQL 15, 20,000 courses, 2026-11-26.
 * The rules compare figures, so ratios matter more than absolutes (a busier machine moves all of them).
 * A wrong rule makes a page slower, never different: search.test.ts reads each way and compares.
 */

/**
 * Reading the documents that hold every word of a keyword (the terms' GIN index intersecting their
 * posting lists, then a table row per document) costs 2.5 µs a document [A], 2.08 [B], 2.13 [C];
 * hashing another word's term entries in the driver's walk 0.55 µs an entry [A], 0.23 [B], 0.17 [C].
 * So the set is read only when the other words hold at least this many times the documents it would
 * visit (the rarest word's, up to the cap): below, hashing them costs less even if every entry of the
 * walk matches. The ratio is 4.5 [A], 9.1 [B], 12.5 [C]: 4 reads the set in some cases where hashing
 * would now be cheaper (the choice [A] made); raising it wants a side-by-side bench first.
 */
export const HASH_OVER_READ = 4;

/**
 * Probing a term entry (an index descent for one entry of the walk) costs about ten times hashing it
 * [A]; 4.72 µs against 0.23 [B] and 3.31 against 0.17 [C], about twenty times. Another word is hashed
 * when its entries are at most this many times the probes the walk would make (`hashesOther`): 10 is
 * the cautious end, as hashing reads every entry of the word before the walk's first row.
 */
export const HASH_VS_PROBE = 10;

/**
 * How many bodies a word's grams are counted up to: each is a row whose grams are read and tested,
 * about 4 µs [A]; 13.97 µs [B] and 8.30 [C] with reading the row's grams array from a walk of the
 * table. 101 rows cost 0.4–1.4 ms at those figures; fewer are hashed as one set of documents, more
 * probed per row, and a page never needs to tell 101 bodies from more.
 */
export const BODY_COUNT_CAP = 101;

/**
 * A word's grams are "common in bodies" when each is on at least this share of documents (the
 * planner's own statistics, pg_stats): the gram index would then hand over at least one document in a
 * hundred to recheck (1,000 of 100,000, about 14 ms at [B]'s 13.97 µs a row), where walking an order's
 * index and testing each row finds a page of matches within about 100 rows a match. Either way is
 * correct; the share picks the faster. Not measured apart: it follows from the figures above.
 */
export const BODY_COMMON_SHARE = 0.01;

/**
 * Walking an order's index and testing each document costs about this many times collecting a match
 * and sorting it: three [A]; 9.50 µs a document walked against 1.66 µs a match [C], 5.7 times ([B]'s
 * walk figure is not comparable: its statement let PostgreSQL hash the word, since fixed). Collecting
 * costs about one match each; walking finds a page after about (documents ÷ matches) × (offset +
 * limit) documents; the two cost the same at √(ratio × documents × rows) matches: with 3, 1,900 at
 * 100,000 documents and a first page of 12, 6,000 at 1,000,000. A higher ratio would collect more
 * before walking (2,600 at [C]'s 5.7); kept at 3 until a side-by-side bench says otherwise.
 */
export const WALK_VS_COLLECT = 3;
/** Never collect more matches than this: a sort in memory of 50,000 rows (about 2 µs each [C], 0.1 s). */
export const COLLECT_MAX = 50_000;

/** How many matches a sort other than relevance collects and sorts at most, rather than walking its index. */
export const collectUpTo = (documents: number, rows: number): number =>
  Math.min(COLLECT_MAX, Math.ceil(Math.sqrt(WALK_VS_COLLECT * documents * rows)));

/**
 * Suggestions read the documents holding every word as one set only while the rarest word is on at most
 * this many documents: the index intersects the posting lists at 0.3 µs an entry of the rarest [A],
 * 0.07 [B] and [C] (4,000 entries: 0.3–1.2 ms), then reads a row per document (about 2 µs each, above),
 * while a suggestion needs only 32 titles, which walking a common word's entries and hashing the others
 * meets sooner (words typed together tend to come together).
 */
export const SUGGEST_SET_RAREST_MAX = 4_000;

/** Suggestions read this many times the titles shown: popular titles repeat across teams, and repeats are dropped. */
export const SUGGEST_READ_FACTOR = 4;

/**
 * The planner's statistics (the documents' estimate, the grams' frequencies) are read at most this
 * often per process: they move slowly (ANALYZE), and a stale one costs speed, never correctness.
 */
export const STATS_TTL_MS = 60_000;

/**
 * Whether another word's term entries are hashed in the driver's walk (else probed per entry): its
 * entries against HASH_VS_PROBE × the probes the walk needs. With the documents holding every word
 * counted, need × the driver's entries ÷ those documents (words typed together often come together);
 * else about need × documents ÷ this word's documents if the words meet by chance; at most all of the
 * driver's entries.
 */
export function hashesOther(w: {
  /** This word's term entries. */
  entries: number;
  /** The driver's (the rarest word's) entries. */
  driverEntries: number;
  /** Matches the read needs. */
  need: number;
  /** Documents there are. */
  documents: number;
  /** Documents holding every word among their terms, when counted. */
  allTerms?: number;
}): boolean {
  const probes = Math.min(
    w.driverEntries,
    w.need * (w.allTerms === undefined ? w.documents / Math.max(w.entries, 1) : w.driverEntries / w.allTerms),
  );
  return w.entries <= HASH_VS_PROBE * probes;
}

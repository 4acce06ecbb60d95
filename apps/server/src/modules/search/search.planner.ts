/**
 * The store search planner's rules and constants, each with the figures that justify it. The figures
 * are PostgreSQL's execution time per unit, measured with EXPLAIN ANALYZE on the bench's seeded store
 * (`BENCH_ONLY=search npm run bench`: bench/search-planner.ts prints them under each size in
 * bench/RESULTS.md; 100,000 courses, one statement at a time, no load). The costs are ratios more than
 * absolutes: a slower or busier machine moves every figure together, and the rules compare figures.
 * Where a rule is wrong, a page is slower, never different (search.test.ts reads each way and compares).
 */

/**
 * Reading the documents that hold every word of a keyword (the terms' GIN index intersecting their
 * posting lists, then a table row per document) costs about 2.5 µs a document (bench, 100,000 courses:
 * 1.6–4.7 µs); hashing another word's term entries in the driver's walk about 0.3–0.55 µs an entry.
 * So the set is read only when the other words hold at least this many times the documents it would
 * visit (the rarest word's, up to the cap): below, hashing them all costs less even if every entry of
 * the walk matches. 4 is the lower end of that ratio (4.5–5.6 measured), so the set is read a little
 * late rather than early: a page then costs at most what the hashed walk costs.
 */
export const HASH_OVER_READ = 4;

/**
 * Probing a term entry (one index descent for one entry of the walk) costs about ten times hashing it
 * (bench: probing 3–5 µs an entry, hashing 0.3–0.55 µs; hashing ÷ probing 0.08–0.12). So another word
 * is hashed when its entries are at most this many times the probes the walk would make: the walk
 * probes until it has the matches it needs, at most all of the driver's entries.
 */
export const HASH_VS_PROBE = 10;

/**
 * How many bodies a word's grams are counted up to (each a row whose grams are tested, about 1.5–4 µs;
 * a gram common to most bodies is read by a scan of the table): fewer are hashed as one set of
 * documents, more probed per row. 101 rows cost at most about 0.4 ms, a few percent of a page; a page
 * of 12 never needs to tell 101 bodies from more.
 */
export const BODY_COUNT_CAP = 101;

/**
 * A word's grams are "common in bodies" when each is on at least this share of documents (the
 * planner's own statistics, pg_stats): the gram index would then hand over at least 1,000 documents of
 * 100,000 to recheck, where walking an order's index and testing each row finds a page's matches within
 * about 100 rows a match. Either way is correct; the share only picks the faster.
 */
export const BODY_COMMON_SHARE = 0.01;

/**
 * Walking an order's index and testing each document costs about this many times collecting a match
 * and sorting it (bench: collecting 2–3 µs a match, walking 0.5–7 µs a document walked, which depends
 * on how rare the word is). Collecting costs about one match each; walking finds a page after about
 * (documents ÷ matches) × (offset + limit) documents; the two cost the same at
 * √(3 × documents × rows) matches: 1,900 at 100,000 documents and a first page of 12, 6,000 at 1,000,000.
 */
export const WALK_VS_COLLECT = 3;
/** Never collect more matches than this (a sort in memory of 50,000 rows, about 25 ms). */
export const COLLECT_MAX = 50_000;

/** How many matches a sort other than relevance collects and sorts at most, rather than walking its index. */
export const collectUpTo = (documents: number, rows: number): number =>
  Math.min(COLLECT_MAX, Math.ceil(Math.sqrt(WALK_VS_COLLECT * documents * rows)));

/**
 * Suggestions read the documents holding every word as one set only while the rarest word is on at most
 * this many documents: the index intersects the posting lists at about 0.14–0.3 µs an entry of the
 * rarest (so 4,000 entries, about 1 ms), and a suggestion needs only 32 titles, which walking a common
 * word's entries and hashing the others meets sooner (words typed together tend to come together).
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

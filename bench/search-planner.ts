/**
 * The figures behind the store search planner's constants (modules/search/search.planner.ts), measured
 * on the seeded database with EXPLAIN ANALYZE, one statement at a time, no load: each a median over
 * the seed's words of PostgreSQL's execution time per unit (document, entry, row). Run inside the
 * search section after each size is seeded.
 */
import pg from 'pg';
import { PATTERNS, TOPICS } from './store-seed.ts';

type Plan = { 'Execution Time': number; Plan: PlanNode };
type PlanNode = { 'Node Type': string; 'Actual Total Time'?: number; Plans?: PlanNode[] };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

/** Title words of the seed: a topic's first two characters (about 1 in 40 titles), a pattern's (1 in 20). */
function seedWords(): { topic: string[]; pattern: string[] } {
  const han = (s: string) => s.replace(/[^\u4e00-\u9fff]/g, '');
  const topic = TOPICS.map(han)
    .filter((w) => w.length >= 2)
    .map((w) => w.slice(0, 2));
  const pattern = PATTERNS.map((p) => han(p.replace('{t}', '')))
    .filter((w) => w.length >= 2)
    .map((w) => w.slice(0, 2));
  return { topic: [...new Set(topic)].slice(0, 8), pattern: [...new Set(pattern)].slice(0, 8) };
}

export async function plannerFigures(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const explain = async (text: string, values: unknown[], timing = false): Promise<Plan> => {
    const q = `explain (analyze, timing ${timing ? 'on' : 'off'}, format json) ${text}`;
    await client.query(q, values); // warm: the pages in the cache, as under load
    const got = await client.query<{ 'QUERY PLAN': Plan[] }>(q, values);
    return got.rows[0]!['QUERY PLAN'][0]!;
  };
  const ms = async (text: string, values: unknown[]) => (await explain(text, values))['Execution Time'];
  const count = async (text: string, values: unknown[]) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]!.n);
  const entries = (w: string) => count('select count(*) as n from store_search_terms where term = $1', [w]);
  try {
    await client.query('set max_parallel_workers_per_gather = 0');
    const { topic, pattern } = seedWords();
    const pairs = topic.flatMap((t, i): [string, string][] => (pattern[i] ? [[t, pattern[i]!]] : []));
    const set: number[] = [];
    const hash: number[] = [];
    const probe: number[] = [];
    const intersect: number[] = [];
    for (const [rare, common] of pairs) {
      // The documents holding both among their terms (GIN index, then a table row each): per document.
      const both = await count(
        'select count(*) as n from (select 1 from store_search_docs g where g.terms @> $1::text[] limit 1001) x',
        [[rare, common]],
      );
      set.push(
        ((await ms('select g.course_id from store_search_docs g where g.terms @> $1::text[] limit 1001', [
          [rare, common],
        ])) *
          1000) /
          Math.max(both, 1),
      );
      // The rarer word's walk alone, then with the other hashed, then with the other probed per entry.
      const walk = 'select count(*) from store_search_terms p where p.term = $1';
      const alone = await ms(walk, [rare]);
      const hashed = await ms(
        `${walk} and coalesce(p.course_id in (select x.course_id from store_search_terms x where x.term = $2), false)`,
        [rare, common],
      );
      const probed = await ms(
        `${walk} and exists (select 1 from store_search_terms x where x.course_id = p.course_id and x.term = $2 offset 0)`,
        [rare, common],
      );
      hash.push(((hashed - alone) * 1000) / (await entries(common)));
      probe.push(((probed - alone) * 1000) / (await entries(rare)));
      // The index intersecting both words' posting lists: per entry of the rarer.
      const plan = await explain(
        'select count(*) from store_search_docs g where g.terms @> $1::text[]',
        [[rare, common]],
        true,
      );
      const bitmap = findNode(plan.Plan, 'Bitmap Index Scan');
      if (bitmap?.['Actual Total Time'] !== undefined)
        intersect.push((bitmap['Actual Total Time'] * 1000) / (await entries(rare)));
    }
    // A body's grams tested on each row of a walk (no index): per row.
    const rows = Math.min(20_000, await count('select count(*) as n from store_search_docs', []));
    const gram =
      ((await ms(
        `select count(*) from (select grams from store_search_docs order by released_at desc nulls last, course_id desc nulls last limit ${rows}) d where (d.grams @> $1::text[]) is true`,
        [['原理']],
      )) *
        1000) /
      rows;
    // Another order than relevance: collecting a word's matches and sorting them (per match), or walking
    // the order's index testing each document (per document walked).
    const collect: number[] = [];
    const walked: number[] = [];
    for (const w of pattern.slice(0, 4)) {
      collect.push(
        ((await ms(
          `select d.course_id from store_search_docs d where d.course_id in (select course_id from store_search_terms where term = $1 limit 50000)
           order by d.released_at desc nulls last, d.course_id desc nulls last limit 12`,
          [w],
        )) *
          1000) /
          (await entries(w)),
      );
      walked.push(
        ((await ms(
          `select count(*) from (select course_id from store_search_docs order by released_at desc nulls last, course_id desc nulls last limit ${rows}) d
           where exists (select 1 from store_search_terms x where x.course_id = d.course_id and x.term = $1 offset 0)`,
          [w],
        )) *
          1000) /
          rows,
      );
    }
    const f = (n: number) => n.toFixed(2);
    const m = {
      set: median(set),
      hash: median(hash),
      probe: median(probe),
      intersect: median(intersect),
      collect: median(collect),
      walk: median(walked),
    };
    return `**The planner's figures** (bench/search-planner.ts: EXPLAIN ANALYZE on this database, one statement at a time, no load; medians over ${pairs.length} pairs of seed title words, µs per unit):

| figure | µs | the constant it sets (modules/search/search.planner.ts) |
|---|---:|---|
| reading the documents holding every word (GIN intersection and a table row), per document | ${f(m.set)} | \`HASH_OVER_READ\` = this ÷ hashing: ${f(m.set / m.hash)} |
| hashing another word's term entries in the walk, per entry | ${f(m.hash)} | \`HASH_OVER_READ\`; hashing vs probing: ${f(m.hash / m.probe)} (\`HASH_VS_PROBE\`) |
| probing another word's entry for one entry of the walk | ${f(m.probe)} | \`HASH_VS_PROBE\` |
| intersecting the posting lists, per entry of the rarer word | ${f(m.intersect)} | \`SUGGEST_SET_RAREST_MAX\` |
| testing a body's grams on a row walked | ${f(gram)} | \`BODY_COUNT_CAP\` |
| collecting a word's matches and sorting them, per match | ${f(m.collect)} | \`collectUpTo\`: walking ÷ collecting ${f(m.walk / m.collect)} (\`WALK_VS_COLLECT\`) |
| walking an order's index testing the word, per document walked | ${f(m.walk)} | \`WALK_VS_COLLECT\` |
`;
  } finally {
    await client.end();
  }
}

function findNode(node: PlanNode, type: string): PlanNode | undefined {
  if (node['Node Type'] === type) return node;
  for (const child of node.Plans ?? []) {
    const found = findNode(child, type);
    if (found) return found;
  }
  return undefined;
}

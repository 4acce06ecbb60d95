/**
 * The store search with no help from the page cache, at 100,000 and then 1,000,000 courses
 * (`BENCH_ONLY=search`; `BENCH_SEARCH_MAX=100000` stops after the first size). Every request asks for
 * another (keyword, page) pair, so no request finds its page cached; 50 connections, as the HTTP rows.
 * `BENCH_SEARCH_BASELINE=<another checkout>/bench/search-app.ts` runs that checkout's server on the same
 * database and measures each row on both, one right after the other (`BENCH_SEARCH_BASELINE_FIRST=1`:
 * the baseline's first), so two builds are compared side by side on the same data and machine.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { pinyin } from 'pinyin-pro';
import { freePort, startServer } from '../e2e/support/server.ts';
import { CONNECTIONS, DURATION_S, get, isOk, measure, type Row, table } from './load.ts';
import { plannerFigures } from './search-planner.ts';
import { searchSizes, type SearchSizes } from './search-seed.ts';
import { PATTERNS, seedStore, titleBigrams, TOPICS } from './store-seed.ts';

/** Keywords of every shape the issue names: pinyin, initials, mixed, several words, long and short. */
export function mixedKeywords(): string[] {
  const out = new Set<string>();
  const han = (s: string) => s.replace(/[^\u4e00-\u9fff]/g, '');
  for (const topic of TOPICS) {
    const chinese = han(topic);
    if (chinese) {
      const syllables = pinyin(chinese, { toneType: 'none', type: 'array' });
      out.add(syllables.join('')); // shujufenxi
      out.add(syllables.map((s) => s[0]).join('')); // sjfx
      out.add(`${syllables.join('')} rumen`); // two words, both pinyin
      out.add(`${chinese}入门`); // a long Chinese run, cut into dictionary words
    } else {
      out.add(`${topic.toLowerCase()}入门`); // python入门
      out.add(`${topic} rm`); // Python rm
      out.add(topic.toLowerCase().slice(0, 3)); // a latin prefix
    }
  }
  for (const pattern of PATTERNS) {
    const words = han(pattern.replace('{t}', ''));
    if (words.length >= 3) out.add(words.slice(0, 3));
  }
  return [...out];
}

/**
 * Seconds of the same load before each row is measured, not counted: the server's connections
 * prepare their statements and V8 compiles the code on first use, once per process, which a
 * long-running server has done long before. The warm-up goes on where it left off in the row's
 * sequence, so the measured requests still never find their page cached.
 */
const WARM_UP_S = 2;

/** Runs `load` for the warm-up, then for the measured row; `next` is the row's request sequence. */
async function warmedUp(url: string, next: () => string): Promise<autocannon.Result> {
  const load = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      verifyBody: isOk,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
    });
  await load(WARM_UP_S);
  return load(DURATION_S);
}

/** Each keyword in turn on page 1, then on page 2, and so on. */
function cold(url: string, path: (keyword: string, page: number) => string, words: string[]) {
  let n = 0;
  return warmedUp(url, () => {
    const i = n++;
    return path(encodeURIComponent(words[i % words.length]!), 1 + Math.floor(i / words.length));
  });
}

const list =
  (extra = '') =>
  (k: string, page: number) =>
    `/api/store/list?keyword=${k}&pageNum=${page}&pageSize=12${extra}`;

function rowsFor(base: string): { name: string; run: () => Promise<autocannon.Result> }[] {
  const bigrams = titleBigrams();
  const mixed = mixedKeywords();
  return [
    { name: `综合: ${bigrams.length} two-character title words`, run: () => cold(base, list(), bigrams) },
    {
      name: `综合: ${mixed.length} pinyin, initials, mixed and multi-word keywords`,
      run: () => cold(base, list(), mixed),
    },
    { name: 'sort=sales with a two-character word', run: () => cold(base, list('&sort=sales'), bigrams) },
    {
      name: 'no keyword: another category, sort and page size each request, pages 1–30',
      run: () => {
        // 7 categories × 4 sorts × 3 sizes × 30 pages, page-major: no pair repeats within a run.
        const pairs: string[] = [];
        for (let page = 1; page <= 30; page++)
          for (const size of [12, 24, 48])
            for (const sort of ['newest', 'sales', 'price_asc', 'price_desc'])
              for (const c of ['tech', 'business', 'design', 'language', 'education', 'life', 'other'])
                pairs.push(`category=${c}&sort=${sort}&pageSize=${size}&pageNum=${page}`);
        let n = 0;
        return warmedUp(base, () => `/api/store/list?${pairs[n++ % pairs.length]}`);
      },
    },
    {
      name: 'suggest: typed prefixes (two-character words and pinyin)',
      run: () => cold(base, (k) => `/api/store/suggest?keyword=${k}`, [...bigrams, ...mixed]),
    },
  ];
}

const sizeLine = (n: number, s: SearchSizes, seconds: number) =>
  `| ${n.toLocaleString('en')} | ${s.docsMb} + ${s.docsIndexesMb} | ${s.terms.toLocaleString('en')} | ${s.termsMb} + ${s.termsIndexesMb} | ${s.counts.toLocaleString('en')}, ${s.countsMb} | ${seconds} |`;

export async function searchSection(): Promise<string> {
  const bare = Fastify();
  bare.get('/json', async () => ({ code: 200, msg: '成功', data: { status: 'ok' } }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  const server = await startServer(
    'bench-search',
    { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false' },
    { entry: path.join(import.meta.dirname, 'search-app.ts') },
  );
  // Another checkout's server on the same database, row by row beside this one (a side-by-side run).
  const baseline = process.env.BENCH_SEARCH_BASELINE
    ? await startServer(
        'bench-search-baseline',
        {
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '100000000',
          SEED_DEMO: 'false',
          DATABASE_URL: server.databaseUrl,
        },
        { entry: process.env.BENCH_SEARCH_BASELINE },
      )
    : null;
  const max = Number(process.env.BENCH_SEARCH_MAX ?? 1_000_000);
  const parts: string[] = [];
  const sizes: string[] = [];
  try {
    const bareJson = async () => {
      await get(`http://127.0.0.1:${barePort}/json`, {}, WARM_UP_S);
      return get(`http://127.0.0.1:${barePort}/json`);
    };
    let seeded = 0;
    for (const target of [100_000, 1_000_000].filter((n) => n <= max)) {
      const started = Date.now();
      await seedStore(server.databaseUrl, target - seeded);
      seeded = target;
      const seconds = Math.round((Date.now() - started) / 1000);
      sizes.push(sizeLine(target, await searchSizes(server.databaseUrl), seconds));
      const figures = await plannerFigures(server.databaseUrl);
      const rows: Row[] = [await measure('bare Fastify JSON route (ceiling), first', bareJson)];
      const load: string[] = [];
      const before = baseline ? rowsFor(baseline.baseUrl) : [];
      for (const [i, r] of rowsFor(server.baseUrl).entries()) {
        // BENCH_SEARCH_BASELINE_FIRST=1 measures the baseline's row first (the order's own effect shows).
        const pair = [() => measure(r.name, r.run)];
        if (before[i]) pair.push(() => measure(`${r.name}, _baseline_`, before[i]!.run));
        if (process.env.BENCH_SEARCH_BASELINE_FIRST) pair.reverse();
        for (const m of pair) rows.push(await m());
        load.push(os.loadavg()[0]!.toFixed(2));
      }
      rows.push(await measure('bare Fastify JSON route (ceiling), last', bareJson));
      const ceiling = (rows[0]!.rps + rows.at(-1)!.rps) / 2;
      parts.push(
        `### ${target.toLocaleString('en')} courses\n\n${table(rows, ceiling)}\n\nCeiling: mean of the two bare runs, ${Math.round(ceiling)} req/s. Load average (1 min) after each search row: ${load.join(', ')}.\n\n${figures}`,
      );
    }
  } finally {
    await baseline?.stop();
    await server.stop();
    await bare.close();
  }
  return `Autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per row after ${WARM_UP_S} s of the same load not counted (the ceiling too); the real server (as \`npm start\` runs it, embedded PostgreSQL 18, page cache in place but never hit: every request another keyword, category or page). Courses are seeded with \`generate_series\` (titles from ${TOPICS.length} topics × ${PATTERNS.length} patterns, so a common word matches thousands); the search documents and terms with set-based SQL from the app's own \`docText\`.${baseline ? `\n\nRows marked _baseline_ come from the server at \`${process.env.BENCH_SEARCH_BASELINE}\` on the same database, measured right after this server's row.` : ''}

${parts.join('\n\n')}

**Sizes** (table + its indexes, MB):

| courses | store_search_docs | terms (rows) | store_search_terms | term counts (rows, MB with index) | seed s |
|---:|---:|---:|---:|---:|---:|
${sizes.join('\n')}
`;
}

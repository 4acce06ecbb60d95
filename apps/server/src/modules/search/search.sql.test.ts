/**
 * Every statement shape the store search runs, written out in search.sql.md for a reviewer, and held
 * to it: this test runs the search's real code for one scenario per branch of its planner (a stand-in
 * pool records the SQL, search-sql.capture.ts) and fails when the file differs. After a deliberate
 * change, rewrite it: `npx vitest run -u src/modules/search/search.sql.test.ts`
 * (from apps/server), or `npm run sql:search -w apps/server`.
 */
import { fileURLToPath } from 'node:url';
import type { CourseCategory, StoreSort } from '@studio/contract';
import { expect, it } from 'vitest';
import { recordingDb, layout, type Answers, type Captured } from './search-sql.capture.ts';
import { indexCourse, type Listing } from './search.index.ts';
import { renameTeam, setSales, takeQueued } from './search.writes.ts';
import { HASH_OVER_READ } from './search.planner.ts';
import { PgStoreSearch } from './store-search.ts';

const FILE = fileURLToPath(new URL('./search.sql.md', import.meta.url));

type Scenario = {
  title: string;
  /** Which branch it takes, and why the answers lead there. */
  why: string;
  answers?: Answers;
  run: (db: PgStoreSearch, raw: Parameters<typeof indexCourse>[0]) => Promise<unknown>;
};

const list =
  (keyword: string, sort: StoreSort = 'relevance', category?: CourseCategory, pageNum = 1) =>
  (s: PgStoreSearch) =>
    s.list({ keyword, sort, category, pageNum, pageSize: 12 });

const counts = (words: [number, number][], allTerms = -1, ids?: number[]): Answers => ({
  counts: { words, docs: 100_000, allTerms, ids },
});

const LISTING: Listing = {
  listed: true,
  teamId: 7,
  teamName: '晨光学院',
  sales: 3,
  price: 9900,
  versionNo: 2,
  releasedAt: new Date(0),
  title: '数据分析入门',
  subtitle: '',
  cover: '/api/files/cover/x.png',
  tags: [],
  category: 'tech',
  summary: '一门课',
  lessonTitles: ['第一课'],
  mediaIds: [41],
};

const SCENARIOS: Scenario[] = [
  {
    title: 'No keyword, each order',
    why: "The order's index gives the page; the total is the documents' count (named, one per order).",
    run: async (s) => {
      for (const sort of ['newest', 'sales', 'price_asc', 'price_desc'] as const) await list('', sort)(s);
    },
  },
  {
    title: 'No keyword in a category, each order',
    why: "The category's own index of each order (migration 0012).",
    run: async (s) => {
      for (const sort of ['newest', 'sales', 'price_asc', 'price_desc'] as const)
        await list('', sort, 'tech')(s);
    },
  },
  {
    title: 'One word, 综合, grams rare in bodies',
    why: 'The gram statistics (pg_stats) say the word is rare in bodies: its body-only matches come from the gram index.',
    run: list('数据'),
  },
  {
    title: 'One word, 综合, grams common in bodies',
    why: 'Every gram of the word is on at least 1% of bodies: the body-only matches are tested row by row.',
    answers: { commonGrams: ['数据'] },
    run: list('数据'),
  },
  {
    title: 'One word, best selling first',
    why: "A merge of the rank index's six bucket ranges; the body-only matches down to the last sales the page can use.",
    run: list('数据', 'sales'),
  },
  {
    title: 'One word, best selling first, grams common in bodies',
    why: 'As above, the body test made on each row walked.',
    answers: { commonGrams: ['数据'] },
    run: list('数据', 'sales'),
  },
  {
    title: 'One word in a category, 综合',
    why: 'Not a named one-word shape (the category): the general relevance read, its walk testing the category per entry.',
    run: list('数据', 'relevance', 'tech'),
  },
  {
    title: 'One word, newest first (collect or walk the order)',
    why: 'The matches are counted up to √(3 × documents × rows) and sorted, or the newest index is walked, both in one statement.',
    run: list('shujufenxi', 'newest'),
  },
  {
    title: 'Several words, 综合: at least the cap hold them all among their terms',
    why: 'The word counts read the documents holding every word and reach the cap: the total is "1000+" and the walk stops at the page\'s end.',
    answers: counts(
      [
        [500, 0],
        [2_000, 0],
      ],
      1001,
    ),
    run: list('剪纸 非遗'),
  },
  {
    title: 'Several words, 综合: fewer than the cap, none in a body (tested as one set)',
    why: 'The documents holding every word are passed back as one hashed set; their number is the total of term matches.',
    answers: counts(
      [
        [500, 0],
        [2_000, 0],
      ],
      40,
      [1, 2, 3],
    ),
    run: list('陶艺 手作'),
  },
  {
    title: 'Several words, 综合: the set not read; one word hashed, one probed and in bodies',
    why: 'The other words hold fewer entries than HASH_OVER_READ × the documents the read would visit, so the set is not read; 分析 (2,000 entries) is hashed, 入门 (90,000, in many bodies) probed per entry.',
    answers: counts(
      [
        [500, 0],
        [2_000, 0],
        [90_000, 101],
      ],
      -1,
    ),
    run: list('数据 分析 入门'),
  },
  {
    title: 'Several words, 综合: one word probed and in no body, one hashed and in few bodies',
    why: '分析 (60,000 entries, no body) is probed; 入门 (3,000 entries, 50 bodies) hashed with its few bodies.',
    answers: counts(
      [
        [500, 0],
        [60_000, 0],
        [3_000, 50],
      ],
      -1,
    ),
    run: list('数据 分析 入门'),
  },
  {
    title: 'Several words, 综合, a driver of three characters in a category',
    why: 'A driver longer than two characters is tested on the body text too (grams alone cannot tell); the category is tested per entry.',
    answers: counts(
      [
        [300, 0],
        [5_000, 0],
      ],
      -1,
    ),
    run: list('工作坊 周末', 'relevance', 'life'),
  },
  {
    title: 'Several words, best selling first',
    why: 'Other orders do not read the set: the counts (unnamed), then the collect-or-walk read with each other word tested on the row.',
    answers: counts([
      [500, 0],
      [2_000, 30],
    ]),
    run: list('数据 分析', 'sales'),
  },
  {
    title: 'Suggestions for one word',
    why: 'Titles whose terms hold it (buckets 0–2), best first (named).',
    run: (s) => s.suggest('shuju'),
  },
  {
    title: 'Suggestions for several words, the set read',
    why: 'The rarest word is on at most 4,000 documents: the documents holding them all are read as one set.',
    answers: counts(
      [
        [500, 0],
        [2_000, 0],
      ],
      12,
      [1, 2],
    ),
    run: (s) => s.suggest('python rm'),
  },
  {
    title: 'Suggestions for several words, the others hashed',
    why: 'The rarest word is on more than 4,000 documents: its walk meets a few titles holding the others sooner.',
    answers: counts(
      [
        [5_000, 0],
        [9_000, 0],
      ],
      -1,
    ),
    run: (s) => s.suggest('shuju fenxi'),
  },
  {
    title: 'Index: a released course rebuilt',
    why: "A domain event (course released) or the outbox: the document and its terms replaced in the caller's transaction.",
    run: (_, db) => indexCourse(db, async () => LISTING, 12),
  },
  {
    title: 'Index: a course no longer listed',
    why: 'Its document goes (its terms with it, on delete cascade).',
    run: (_, db) => indexCourse(db, async () => ({ ...LISTING, listed: false }), 12),
  },
  {
    title: "Index: a course's sales count changed",
    why: "A domain event (the store's sales changed): the document and its terms take the count (the sales order reads the terms).",
    run: (_, db) => setSales(db, 12, 3),
  },
  {
    title: 'Index: a team renamed, and the outbox taken',
    why: "The team's documents take the new name; the outbox gives up to a batch of queued courses.",
    run: async (_, db) => {
      await renameTeam(db, 7, '新招牌书院', '新招牌书院 xinzhaopaishuyuan xzpsy');
      await takeQueued(db, 200);
    },
  },
];

function render(scenarios: { s: Scenario; statements: Captured[] }[]): string {
  const seen = new Map<string, string>();
  const out = [
    "# The store search's SQL",
    '',
    'Every statement the store search runs (modules/search), one section per branch its planner takes.',
    "Generated by `search.sql.test.ts`, which runs the search's own code against a recording pool and",
    'fails when this file differs; rewrite it after a deliberate change with',
    '`npx vitest run -u src/modules/search/search.sql.test.ts` (from apps/server) or',
    '`npm run sql:search -w apps/server`. Values are parameters (`$1`…); a name in backticks is a named',
    '(prepared) statement, planned once per connection. A statement met before is named, not repeated.',
  ];
  for (const { s, statements } of scenarios) {
    out.push('', `## ${s.title}`, '', s.why);
    statements.forEach((st, i) => {
      const text = layout(st.text);
      const label = `${i + 1}. ${st.name ? `\`${st.name}\`` : 'unnamed'}`;
      const key = `${st.name ?? ''}\u0000${text}`;
      const before = seen.get(key);
      if (before) {
        out.push('', `${label}: as in "${before}".`);
        return;
      }
      seen.set(key, s.title);
      out.push('', label, '', '```sql', text, '```');
    });
  }
  return `${out.join('\n')}\n`;
}

it('runs the SQL written out in search.sql.md', async () => {
  const captured = [];
  for (const s of SCENARIOS) {
    const { db, statements } = recordingDb(s.answers ?? {});
    await s.run(new PgStoreSearch(db, db, HASH_OVER_READ), db);
    captured.push({ s, statements });
  }
  const text = render(captured);
  // vitest's file snapshot: a difference fails, `vitest run -u` (npm run sql:search) rewrites it.
  await expect(text, 'search.sql.md is out of date: npm run sql:search rewrites it').toMatchFileSnapshot(
    FILE,
  );
});

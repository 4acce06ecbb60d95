/**
 * The store search finds every field by pinyin, and migration 0021 rebuilds documents written before
 * it. In a file of its own: the migration queues every document there is, so it runs on this small
 * corpus, not beside search.test.ts's 1,200 copies.
 */
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.ts';
import { drainSearchOutbox } from '../../../test/search-outbox.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  bothWaysOf,
  docCountDriftOf,
  type Fields,
  listedCourse,
  searchPage,
  searchTitles,
} from './search-test-kit.ts';

let t: TestApp;
let token: string;

const listed = (f: Fields) => listedCourse(t, token, f);
const docCountDrift = () => docCountDriftOf(t);
const bothWays = () => bothWaysOf(t);
const search = (keyword: string) => searchPage(t, keyword);
const titles = (keyword: string) => searchTitles(t, keyword);

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  token = user.token;
  await createTeam(t, token, '晨光学院');
});
afterAll(() => t.close());

describe('store search: pinyin in every field', () => {
  const made: Record<string, number> = {};
  it('finds subtitle, tags, category, summary, lesson titles and team name by pinyin and initials, title matches first', async () => {
    const other = await createUser(t);
    await createTeam(t, other.token, '示例学院');
    const saved = token;
    token = other.token;
    made.lesson = await listed({ title: '写作课', lesson: '特征工程' });
    await listed({ title: '摄影课', category: 'tech' });
    made.subtitle = await listed({ title: '烹饪课', subtitle: '家常菜谱', tags: ['写作技巧'] });
    await listed({ title: '口琴课', summary: '写作与吹奏' });
    token = saved;
    const team = ['写作课', '摄影课', '烹饪课', '口琴课'].sort();
    // Each as its Chinese finds it.
    for (const [pinyin, chinese, want] of [
      ['tezheng', '特征', ['写作课']], // a lesson title
      ['tzgc', '特征工程', ['写作课']],
      ['jishu', '技术', ['摄影课']], // the category 技术与编程
      ['jiachang', '家常', ['烹饪课']], // the subtitle
      ['jiachangcaipu', '家常菜谱', ['烹饪课']],
      ['chuizou', '吹奏', ['口琴课']], // the summary
    ] as const) {
      expect(await titles(pinyin), pinyin).toEqual(want);
      expect(await titles(chinese), chinese).toEqual(want);
    }
    // The team name, full and initials, alone and with another word.
    expect((await titles('shili')).sort()).toEqual(team);
    expect((await titles('示例')).sort()).toEqual(team);
    expect((await titles('slxy')).sort()).toEqual(team);
    expect(await titles('shili tezheng')).toEqual(['写作课']);
    // 综合: the title's match first, then the tag's, then the summary's; a highlight in the title only.
    for (const k of ['xiezuo', '写作']) expect(await titles(k), k).toEqual(['写作课', '烹饪课', '口琴课']);
    const page = await search('xiezuo');
    expect(page.list.map((c) => c.titleHighlights)).toEqual([[[0, 2]], [], []]);
    expect(await docCountDrift()).toEqual([]);
  });

  it('migration 0021 rebuilds documents written before: their pinyin is found after the outbox is drained', async () => {
    const { db } = t.app.ctx;
    // Read past the store's page cache, which these plain-SQL writes do not empty.
    const [engine] = bothWays();
    const found = async (keyword: string) =>
      (await engine.list({ keyword, sort: 'relevance', pageNum: 1, pageSize: 50 })).list.map((c) => c.title);
    // Documents as the index wrote them before: tokens only in body and team key, no pinyin of subtitle and tags.
    await db.execute(sql`delete from store_search_terms where course_id in (${made.lesson}, ${made.subtitle})
                           and bucket >= 3 and term ~ '^[a-z]+$'`);
    await db.execute(sql`update store_search_docs set body = regexp_replace(body, ' [a-z ]+$', ''),
                           team_key = '示例学院', grams = studio_search_grams(regexp_replace(body, ' [a-z ]+$', '') || ' 示例学院')
                         where course_id in (${made.lesson}, ${made.subtitle})`);
    expect(await found('tezheng')).toEqual([]);
    expect(await found('jiachang')).toEqual([]);
    const migration = await fs.readFile(
      new URL('../../db/migrations/0021_search_pinyin_fields.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    await drainSearchOutbox(db);
    // The app drains the outbox too (every 5 s): rows it holds are skipped here until it commits.
    const queued = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from store_search_outbox`)).rows[0]!.n;
    await expect.poll(queued, { timeout: 30_000 }).toBe(0);
    expect(await found('tezheng')).toEqual(['写作课']);
    expect(await found('jiachang')).toEqual(['烹饪课']);
    expect((await found('shili')).length).toBe(4);
  });
});

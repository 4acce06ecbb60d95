import type { CourseCategory, StoreListPage, StoreSort, StoreSuggest } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { salesWordPage, wordPage } from './search.prepared.ts';
import { PgStoreSearch } from './store-search.ts';
import { queryWords } from './search-text.ts';
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
let ids: Record<string, number>;

const listed = (f: Fields) => listedCourse(t, token, f);
const docCountDrift = () => docCountDriftOf(t);
const bothWays = () => bothWaysOf(t);
const search = (keyword: string, extra: Record<string, string> = {}) => searchPage(t, keyword, extra);
const titles = (keyword: string, extra: Record<string, string> = {}) => searchTitles(t, keyword, extra);

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  token = user.token;
  await createTeam(t, token, '晨光学院');
  // A fixed corpus, released in this order (so the later one is the newer on equal sales).
  ids = {
    titleWord: await listed({ title: '数据分析零基础' }),
    titleSub: await listed({ title: '大数据时代的思考' }),
    tag: await listed({ title: '增长黑客实务', subtitle: '数据驱动的增长' }),
    summary: await listed({ title: '产品经理必修课', summary: '用数据说话的产品方法' }),
    lesson: await listed({ title: '清洗实务', lesson: '第一课：数据清洗' }),
    other: await listed({ title: '水彩画入门', tags: ['绘画'] }),
    python: await listed({ title: 'Python入门实战' }),
    poly: await listed({ title: '重庆银行行长讲理财' }),
  };
});
afterAll(() => t.close());

describe('store search', () => {
  it('ranks title words above title substrings above tags above summary and lesson titles', async () => {
    const page = await search('数据');
    expect(page.list.map((c) => c.courseId)).toEqual([
      ids.titleWord,
      ids.titleSub,
      ids.tag,
      // Summary and lesson-title matches share a bucket: newer first on equal sales.
      ids.lesson,
      ids.summary,
    ]);
    expect(page).toMatchObject({ total: 5, totalCapped: false });
    expect(page.list[0]!.titleHighlights).toEqual([[0, 2]]);
    expect(page.list[1]!.titleHighlights).toEqual([[1, 3]]);
    expect(page.list[2]!.titleHighlights).toEqual([]);
    // An explicit sort still applies to the same matches.
    expect((await search('数据', { sort: 'newest' })).list.map((c) => c.courseId)).toEqual([
      ids.lesson,
      ids.summary,
      ids.tag,
      ids.titleSub,
      ids.titleWord,
    ]);
    // Every word must match, each in any field; the team name and category are fields too.
    expect(await titles('数据 产品')).toEqual(['产品经理必修课']);
    expect(await titles('晨光 水彩')).toEqual(['水彩画入门']);
    expect(await titles('绘画')).toEqual(['水彩画入门']);
    expect(await titles('数据分析零基础')).toEqual(['数据分析零基础']);
  });

  it('finds Chinese titles by full pinyin, initials and mixed input, polyphones included', async () => {
    expect(await titles('shujufenxi')).toEqual(['数据分析零基础']);
    expect(await titles('sjfx')).toEqual(['数据分析零基础']);
    expect(await titles('rumen')).toEqual(['Python入门实战', '水彩画入门']);
    expect(await titles('rm')).toEqual(['Python入门实战', '水彩画入门']);
    expect(await titles('python入门')).toEqual(['Python入门实战']);
    const mixed = await search('Python rm');
    expect(mixed.list.map((c) => [c.title, c.titleHighlights])).toEqual([
      // Adjacent matches read as one.
      ['Python入门实战', [[0, 8]]],
    ]);
    // 行 reads hang in 银行 and xing elsewhere; 重 chong in 重庆: either spelling finds the title.
    for (const k of ['yinhang', 'yinxing', 'chongqing', 'cq', 'yh'])
      expect(await titles(k)).toEqual(['重庆银行行长讲理财']);
    expect((await search('yinhang')).list[0]!.titleHighlights).toEqual([[2, 4]]);
    const suggest = await call<StoreSuggest>(t, 'GET', '/store/suggest', { query: { keyword: 'rm' } });
    expect(suggest.data.list.map((s) => s.title)).toEqual(['Python入门实战', '水彩画入门']);
    expect(suggest.data.list[0]!.titleHighlights).toEqual([[6, 8]]);
    // Several words: the documents holding them all among their terms are one set.
    const both = await call<StoreSuggest>(t, 'GET', '/store/suggest', { query: { keyword: 'Python rm' } });
    expect(both.data.list.map((s) => s.title)).toEqual(['Python入门实战']);
    const other = await call<StoreSuggest>(t, 'GET', '/store/suggest', { query: { keyword: 'shuicai rm' } });
    expect(other.data.list.map((s) => s.title)).toEqual(['水彩画入门']);
  });

  it('answers 400 naming the field above 50 characters, and never fails or matches all on odd input', async () => {
    const long = await call(t, 'GET', '/store/list', { query: { keyword: '数'.repeat(51) } });
    expect(long.code).toBe(400);
    expect(long.msg).toContain('keyword');
    const longSuggest = await call(t, 'GET', '/store/suggest', { query: { keyword: 'a'.repeat(51) } });
    expect(longSuggest.code).toBe(400);
    // A NUL is refused at the edge for every operation (400 naming the field); a lone surrogate
    // cannot be sent in a URL (it arrives as U+FFFD).
    const nul = await call(t, 'GET', '/store/list', { query: { keyword: 'a\u0000' } });
    expect(nul.code).toBe(400);
    expect(nul.msg).toContain('keyword');
    for (const k of ['%', '_', '\\', '%_\\%', '！？。，', "' or 1=1 --", '😀', '\ud800', ')(*&^']) {
      const page = await call<StoreListPage>(t, 'GET', '/store/list', { query: { keyword: k } });
      expect(page.code, k).toBe(200);
      expect(page.data.list, k).toEqual([]);
      const s = await call<StoreSuggest>(t, 'GET', '/store/suggest', { query: { keyword: k } });
      expect(s.code, k).toBe(200);
    }
    expect((await call<StoreListPage>(t, 'GET', '/store/list', { query: {} })).data.total).toBe(8);
  });

  it('reflects an unrelease and a team rename in the next search', async () => {
    const other = await createUser(t);
    await createTeam(t, other.token, '旧名字工作室');
    const saved = token;
    token = other.token;
    const id = await listed({ title: '钢笔字速成' });
    token = saved;
    expect(await titles('旧名字')).toEqual(['钢笔字速成']);
    expect(
      (await call(t, 'POST', '/team/modify', { token: other.token, body: { teamName: '新招牌书院' } })).code,
    ).toBe(200);
    expect(await titles('旧名字')).toEqual([]);
    expect((await search('新招牌')).list.map((c) => [c.title, c.teamName])).toEqual([
      ['钢笔字速成', '新招牌书院'],
    ]);
    expect(
      (await call(t, 'POST', '/course/unrelease', { token: other.token, body: { courseId: id } })).code,
    ).toBe(200);
    expect(await titles('钢笔字')).toEqual([]);
    expect(await titles('gbz')).toEqual([]);
  });

  it('finds a full pinyin or a latin word longer than 12 letters', async () => {
    await listed({ title: '项目管理实战' });
    await listed({ title: 'Internationalization 指南' });
    expect(await titles('xiangmuguanli')).toEqual(['项目管理实战']);
    expect((await search('xiangmuguanli')).list[0]!.titleHighlights).toEqual([[0, 4]]);
    expect(await titles('internationalization')).toEqual(['Internationalization 指南']);
    expect(await titles('internationaliz')).toEqual(['Internationalization 指南']);
    expect(await titles('xiangmuguanli 指南')).toEqual([]);
  });

  it('finds a title by its whole pinyin past four syllables, up to 24 letters', async () => {
    const id = await listed({ title: '敏捷项目管理实战营' });
    // Six and seven syllables (19, 20 and 24 letters): each from a word's start, as typed whole.
    for (const k of ['minjiexiangmuguanli', 'xiangmuguanlishizhan', 'xiangmuguanlishizhanying']) {
      const page = await search(k);
      expect(
        page.list.map((c) => c.courseId),
        k,
      ).toContain(id);
      expect(page.list.find((c) => c.courseId === id)!.titleHighlights.length, k).toBe(1);
    }
    expect((await search('minjiexiangmuguanli')).list.map((c) => c.title)).toEqual(['敏捷项目管理实战营']);
  });

  it("keeps each term's document count with its terms through release, rename and unrelease", async () => {
    const drift = async () =>
      (
        await t.app.ctx.db.execute<{ term: string }>(
          sql`select coalesce(c.term, x.term) as term from store_search_term_counts c
              full join (select term, count(*)::int as n from store_search_terms group by term) x
                on x.term = c.term
              where coalesce(c.docs, 0) <> coalesce(x.n, 0)`,
        )
      ).rows;
    // A document's terms array (its GIN index answers several words at once) holds its terms' keys.
    const termsDrift = async () =>
      (
        await t.app.ctx.db.execute<{ course_id: number }>(
          sql`select d.course_id from store_search_docs d
              where array(select u from unnest(d.terms) u order by u) is distinct from
                    array(select x.term from store_search_terms x where x.course_id = d.course_id order by x.term)`,
        )
      ).rows;
    const other = await createUser(t);
    await createTeam(t, other.token, '计数工作室');
    const saved = token;
    token = other.token;
    const id = await listed({ title: '计数测试课', tags: ['计数'] });
    token = saved;
    expect(await docCountDrift()).toEqual([]);
    expect(await drift()).toEqual([]);
    expect(await termsDrift()).toEqual([]);
    expect((await search('计数')).total).toBe(1);
    // A document moved to another category outside the app moves its count too.
    await t.app.ctx.db.execute(sql`update store_search_docs set category = 'tech' where course_id = ${id}`);
    expect(await docCountDrift()).toEqual([]);
    expect(
      (await call(t, 'POST', '/team/modify', { token: other.token, body: { teamName: '改名书院' } })).code,
    ).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await termsDrift()).toEqual([]);
    expect(
      (await call(t, 'POST', '/course/unrelease', { token: other.token, body: { courseId: id } })).code,
    ).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await search('计数')).toMatchObject({ list: [], total: 0 });
    expect(await docCountDrift()).toEqual([]);
  });

  it('finds the same one-word pages whichever way the body-only matches are read', async () => {
    const db = t.app.ctx.searchGenericDb;
    for (const word of ['数据', '实务', '一门课', 'rumen', 'yi'])
      for (const read of [wordPage, salesWordPage])
        for (const [limit, offset] of [
          [50, 0],
          [2, 1],
        ] as const)
          expect(await read(db, word, limit!, offset!, true), word).toEqual(
            await read(db, word, limit!, offset!, false),
          );
    expect((await wordPage(db, '数据', 50, 0, true)).rows.map((r) => r.courseId)).toEqual(
      (await search('数据')).list.map((c) => c.courseId),
    );
  });

  it('cuts a dictionary word longer than three characters into its overlapping runs', () => {
    expect(queryWords('室内设计入门')).toEqual(['室内设', '内设计', '入门']);
    expect(queryWords('xiangmuguanli')).toEqual(['xiangmuguanli']);
  });

  it('drops a word every document holds, and tests it again once one does not', async () => {
    const db = t.app.ctx.db;
    // Every document holds 全站 among its terms (rows and array alike, as writeDoc writes them).
    const holdAll = async (held: boolean, courseId?: number) => {
      const only = courseId === undefined ? sql`true` : sql`course_id = ${courseId}`;
      await db.execute(
        held
          ? sql`insert into store_search_terms (term, course_id, bucket, sales, released_at)
                select '全站', course_id, 2, sales, released_at from store_search_docs where ${only}`
          : sql`delete from store_search_terms where term = '全站' and ${only}`,
      );
      await db.execute(
        held
          ? sql`update store_search_docs set terms = terms || '{全站}'::text[] where ${only}`
          : sql`update store_search_docs set terms = array_remove(terms, '全站') where ${only}`,
      );
    };
    // Read past the page cache: these writes bypass the app, so nothing empties it.
    const engine = new PgStoreSearch(t.app.ctx.searchDb, t.app.ctx.searchGenericDb);
    const search = (keyword: string, extra: { sort?: StoreSort; category?: CourseCategory } = {}) =>
      engine.list({
        keyword,
        sort: extra.sort ?? 'relevance',
        category: extra.category,
        pageNum: 1,
        pageSize: 50,
      });
    const suggestions = async (keyword: string) =>
      (await engine.suggest(keyword)).list.map((s) => s.courseId);
    await holdAll(true);
    const docs = Number((await db.execute(sql`select count(*) from store_search_docs`)).rows[0]!.count);
    expect((await search('全站')).total).toBe(docs);
    for (const extra of [{}, { sort: 'sales' }, { sort: 'newest' }, { category: 'other' }] as const) {
      const alone = await search('数据', extra);
      expect(alone.total, JSON.stringify(extra)).toBeGreaterThan(1);
      expect(await search('数据 全站', extra), JSON.stringify(extra)).toEqual(alone);
    }
    expect(await suggestions('shuju 全站')).toEqual(await suggestions('shuju'));
    // One document no longer holds it: the word is tested again, and that document drops out.
    await holdAll(false, ids.titleWord);
    for (const extra of [{}, { sort: 'sales' }] as const) {
      const alone = await search('数据', extra);
      const both = await search('数据 全站', extra);
      expect(both.list.map((c) => c.courseId)).toEqual(
        alone.list.map((c) => c.courseId).filter((id) => id !== ids.titleWord),
      );
      expect(both.total).toBe(alone.total - 1);
    }
    expect(await suggestions('shuju 全站')).not.toContain(ids.titleWord);
    await holdAll(false);
  });

  it('pages several words the same whether their documents are read as one set or hashed in the walk', async () => {
    // 陶艺 in five titles with the tag 手作, in two titles without it, and in three summaries whose
    // courses have the tag (body-only matches, ranked after every title match); 手作 in no body.
    const made = { both: [] as number[], body: [] as number[] };
    for (let i = 1; i <= 5; i++) made.both.push(await listed({ title: `陶艺入门 ${i}`, tags: ['手作'] }));
    for (let i = 1; i <= 2; i++) await listed({ title: `陶艺进阶 ${i}` });
    for (let i = 1; i <= 3; i++)
      made.body.push(await listed({ title: `周末工坊 ${i}`, summary: '陶艺体验', tags: ['手作'] }));
    await listed({ title: '木工', tags: ['手作'] });
    // Newest first among equals: the expected order of the eight matches.
    const expected = [...made.both.reverse(), ...made.body.reverse()];
    const [asSet, hashed] = bothWays();
    for (const keyword of ['陶艺 手作', '手作 陶艺'])
      for (let pageNum = 1; pageNum <= 5; pageNum++) {
        const q = { keyword, sort: 'relevance', pageNum, pageSize: 2 } as const;
        const [a, b] = [await asSet.list(q), await hashed.list(q)];
        expect(a, `${keyword} page ${pageNum}`).toEqual(b);
        expect(a.total).toBe(8);
        expect(a.list.map((c) => c.courseId)).toEqual(expected.slice((pageNum - 1) * 2, pageNum * 2));
      }
  });

  // Last: it adds 1,200 documents.
  it('pages several words held by more documents than the cap as the full ranking does', async () => {
    const db = t.app.ctx.db;
    const source = await listed({ title: '剪纸艺术入门', tags: ['非遗'] });
    // 1,200 copies of its document and terms, each with its own sales (the ranking's second key).
    await db.execute(sql`
      with c as (
        insert into courses (team_id, author_id, title, status)
        select team_id, author_id, title, 'draft' from courses, generate_series(1, 1200) where id = ${source}
        returning id),
      n as (select id, row_number() over (order by id) as i from c),
      d as (
        insert into store_search_docs (course_id, team_id, category, title, subtitle, cover, team_name, price,
          sales, lesson_count, version_no, released_at, body, team_key, grams, terms)
        select n.id, team_id, category, title, subtitle, cover, team_name, price, (n.i * 7) % 1201,
          lesson_count, version_no, released_at, body, team_key, grams, terms
        from store_search_docs, n where course_id = ${source}
        returning course_id, sales, released_at)
      insert into store_search_terms (term, course_id, bucket, sales, released_at)
      select x.term, d.course_id, x.bucket, d.sales, d.released_at
      from store_search_terms x, d where x.course_id = ${source}`);
    // The ranking by its definition: the rarer word's entry (its bucket) for each document holding both.
    const ranked = async (driver: string, other: string, limit: number, offset: number) =>
      (
        await db.execute<{ course_id: number }>(
          sql`select p.course_id from store_search_terms p
              where p.term = ${driver}
                and exists (select 1 from store_search_terms x where x.course_id = p.course_id and x.term = ${other})
              order by p.bucket, p.sales desc, p.released_at desc, p.course_id desc
              limit ${limit} offset ${offset}`,
        )
      ).rows.map((r) => r.course_id);
    // Through the API (the default rule), and each way: the documents holding both read first (the
    // total then known), or the other word hashed in the walk, which counts to the cap itself.
    const ways = [
      (keyword: string, pageNum: number) => search(keyword, { pageSize: '12', pageNum: String(pageNum) }),
      ...bothWays().map(
        (way) => (keyword: string, pageNum: number) =>
          way.list({ keyword, sort: 'relevance', pageNum, pageSize: 12 }),
      ),
    ];
    for (const [keyword, driver, other] of [
      ['剪纸 非遗', '剪纸', '非遗'],
      ['jianzhi rumen', 'jianzhi', 'rumen'],
    ] as const)
      for (const pageNum of [1, 2, 40])
        for (const way of ways) {
          const page = await way(keyword, pageNum);
          expect(page, keyword).toMatchObject({ total: 1000, totalCapped: true });
          expect(
            page.list.map((c) => c.courseId),
            `${keyword} page ${pageNum}`,
          ).toEqual(await ranked(driver, other, 12, (pageNum - 1) * 12));
        }
    const suggest = await call<StoreSuggest>(t, 'GET', '/store/suggest', {
      query: { keyword: 'jianzhi rm' },
    });
    expect(suggest.data.list.map((s) => s.title)).toEqual(['剪纸艺术入门']);
  });
});

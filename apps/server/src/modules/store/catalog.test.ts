import { Code, type Order, type Page, type StoreCard, type StoreCourse } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { buyer, payInSandbox, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

describe('catalog', () => {
  it('finds released courses by a Chinese substring, filters, sorts and pages', async () => {
    await seller(t, '深度学习实战课程', 19900, 'tech');
    await seller(t, '水彩画入门', 4900, 'design');
    const found = await call<Page<StoreCard>>(t, 'GET', '/store/list', {
      token: (await buyer(t)).user.token,
      query: { keyword: '学习实' },
    });
    expect(found.msg).toBe('成功');
    expect(found.data.list.map((c) => c.title)).toEqual(['深度学习实战课程']);
    expect(found.data.list[0]).toMatchObject({
      price: 19900,
      lessonCount: 2,
      teamName: '卖家团队',
      sales: 0,
    });
    const { user } = await buyer(t);
    const design = await call<Page<StoreCard>>(t, 'GET', '/store/list', {
      token: user.token,
      query: { category: 'design' },
    });
    expect(design.data.list.map((c) => [c.title, c.category])).toEqual([['水彩画入门', 'design']]);
    // Two characters (most Chinese words): the search's term index serves them, best match first.
    const twoChars = await call<Page<StoreCard>>(t, 'GET', '/store/list', {
      token: user.token,
      query: { keyword: '水彩' },
    });
    expect(twoChars.data.list.map((c) => c.title)).toEqual(['水彩画入门']);
    const plan = await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      return tx.execute<{ 'QUERY PLAN': string }>(
        "explain select course_id from store_search_terms where term = '水彩' order by bucket, sales desc nulls last, released_at desc nulls last, course_id desc nulls last limit 12",
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('store_search_terms_rank');
    const sorted = async (sort: string, pageSize = '20') =>
      (await call<Page<StoreCard>>(t, 'GET', '/store/list', { token: user.token, query: { sort, pageSize } }))
        .data;
    const cheap = await sorted('price_asc', '1');
    expect(cheap.list.map((c) => [c.title, c.price])).toEqual([['水彩画入门', 4900]]);
    expect(cheap.total).toBe(2);
    expect((await sorted('price_asc')).list.map((c) => c.price)).toEqual([4900, 19900]);
    expect((await sorted('price_desc')).list.map((c) => c.price)).toEqual([19900, 4900]);
    // Newest release first (the second seller released last).
    expect((await sorted('newest')).list.map((c) => c.title)).toEqual(['水彩画入门', '深度学习实战课程']);
  });

  it('sorts by sales, most sold first', async () => {
    const { user } = await buyer(t);
    const popular = await seller(t, '销量排序热门', 100);
    await seller(t, '销量排序冷门', 100);
    await call(t, 'POST', '/cart/add', { token: user.token, body: { courseId: popular.courseId } });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: user.token, body: {} });
    await payInSandbox(t, user.token, order.data.orderId);
    const list = (
      await call<Page<StoreCard>>(t, 'GET', '/store/list', {
        token: user.token,
        query: { keyword: '销量排序', sort: 'sales' },
      })
    ).data.list;
    expect(list.map((c) => [c.title, c.sales])).toEqual([
      ['销量排序热门', 1],
      ['销量排序冷门', 0],
    ]);
  });

  it('shows free-preview lessons, locks the rest, and knows its own team', async () => {
    const s = await seller(t, '可试看的课程', 990);
    const b = await buyer(t);
    const page = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: b.user.token,
      query: { courseId: String(s.courseId) },
    });
    expect(page.data.lessons.map((l) => [l.title, l.content === null])).toEqual([
      ['试看课', false],
      ['付费课', true],
    ]);
    expect(page.data).toMatchObject({ owned: false, ownTeam: false, inCart: false, versionNo: 1 });
    const own = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: s.user.token,
      query: { courseId: String(s.courseId) },
    });
    expect(own.data).toMatchObject({ owned: true, ownTeam: true });
    expect(
      (await call(t, 'POST', '/cart/add', { token: s.user.token, body: { courseId: s.courseId } })).code,
    ).toBe(Code.OWN_TEAM_COURSE);
    // Logged out (the embeddable preview): free lessons readable, the rest locked, nothing owned.
    const anonymous = await call<StoreCourse>(t, 'GET', '/store/course', {
      query: { courseId: String(s.courseId) },
    });
    expect(anonymous.data.lessons.map((l) => l.content === null)).toEqual([false, true]);
    expect(anonymous.data).toMatchObject({ owned: false, ownTeam: false, inCart: false });
  });

  it('is public: a logged-out visitor reads the same list (a stale token too)', async () => {
    await seller(t, '公开可见的课程', 990);
    const query = { keyword: '公开可见' };
    const visitor = await call<Page<StoreCard>>(t, 'GET', '/store/list', { query });
    expect(visitor.code).toBe(200);
    expect(visitor.data.list.map((c) => c.title)).toEqual(['公开可见的课程']);
    const member = await call<Page<StoreCard>>(t, 'GET', '/store/list', {
      token: (await buyer(t)).user.token,
      query,
    });
    expect(member.data).toEqual(visitor.data);
    const stale = await call<Page<StoreCard>>(t, 'GET', '/store/list', { token: 'expired-session', query });
    expect(stale.data).toEqual(visitor.data);
  });
});

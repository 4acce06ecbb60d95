import {
  chinaDay,
  chinaDayStart,
  Code,
  type Cart,
  type Order,
  type Page,
  type StoreCard,
  type StoreCourse,
  type TeamSales,
} from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createLesson, createUser, joinTeam, writeLesson } from '../../../test/factories.ts';
import { buyer, payInSandbox, releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

describe('cart, checkout and payment', () => {
  it('buys a course end to end: cart, one order with snapshot items, sandbox payment, entitlement', async () => {
    const s = await seller(t, '完整购买流程', 2990);
    const b = await buyer(t);
    const cart = await call<Cart>(t, 'POST', '/cart/add', {
      token: b.user.token,
      body: { courseId: s.courseId },
    });
    expect(cart.data).toMatchObject({ selectedCount: 1, selectedTotal: 2990 });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
    expect(order.data).toMatchObject({
      status: 'pending',
      amount: 2990,
      items: [{ courseId: s.courseId, title: '完整购买流程', versionNo: 1, price: 2990 }],
    });
    expect(order.data.expireTime - order.data.createTime).toBe(15 * 60_000);
    expect((await call<Cart>(t, 'GET', '/cart/list', { token: b.user.token })).data.list).toHaveLength(0);

    await payInSandbox(t, b.user.token, order.data.orderId);
    const paid = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.data.orderId) },
    });
    expect(paid.data.status).toBe('paid');
    const again = await call(t, 'POST', '/order/pay', {
      token: b.user.token,
      body: { orderId: order.data.orderId },
    });
    expect(again.code).toBe(Code.ORDER_ALREADY_PAID);
    const page = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: b.user.token,
      query: { courseId: String(s.courseId) },
    });
    expect(page.data.owned).toBe(true);
    expect(page.data.lessons.every((l) => l.content !== null)).toBe(true);
    expect(
      (await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } })).code,
    ).toBe(Code.ALREADY_OWNED);
    const list = await call<Page<StoreCard>>(t, 'GET', '/store/list', {
      token: b.user.token,
      query: { keyword: '完整购买' },
    });
    expect(list.data.list[0]!.sales).toBe(1);
  });

  it('prices on the server: a changed draft price does not change the order; the release price does', async () => {
    const s = await seller(t, '改价课程', 1000);
    const b = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const detail = await call<{ version: number }>(t, 'GET', '/course/detail', {
      token: s.user.token,
      query: { courseId: String(s.courseId) },
    });
    await call(t, 'POST', '/course/modify', {
      token: s.user.token,
      body: { courseId: s.courseId, version: detail.data.version, price: 1 },
    });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
    expect(order.data.amount).toBe(1000);
  });

  it('lists the cart in the order courses were added; totals the selected lines only', async () => {
    const first = await seller(t, '购物车第一门', 1990);
    const second = await seller(t, '购物车第二门', 10);
    const free = await seller(t, '购物车免费课', 0);
    const b = await buyer(t);
    for (const s of [first, second, free])
      await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const cart = await call<Cart>(t, 'GET', '/cart/list', { token: b.user.token });
    expect(cart.data.list.map((i) => [i.title, i.price, i.selected])).toEqual([
      ['购物车第一门', 1990, true],
      ['购物车第二门', 10, true],
      ['购物车免费课', 0, true],
    ]);
    expect(cart.data).toMatchObject({ selectedCount: 3, selectedTotal: 2000 });
    const unselected = await call<Cart>(t, 'POST', '/cart/select', {
      token: b.user.token,
      body: { courseIds: [first.courseId], selected: false },
    });
    expect(unselected.data).toMatchObject({ selectedCount: 2, selectedTotal: 10 });
    // A free course alone is paid the moment it is ordered.
    const order = await call<Order>(t, 'POST', '/order/checkout', {
      token: b.user.token,
      body: { courseIds: [free.courseId] },
    });
    expect(order.data).toMatchObject({ status: 'paid', amount: 0 });
    const left = await call<Cart>(t, 'GET', '/cart/list', { token: b.user.token });
    expect(left.data.list.map((i) => i.title)).toEqual(['购物车第一门', '购物车第二门']);
  });

  it('makes one order from two simultaneous checkouts of the same cart', async () => {
    const s = await seller(t, '并发下单', 500);
    const b = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const [x, y] = await Promise.all([
      call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} }),
      call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} }),
    ]);
    expect(x.data.orderId).toBe(y.data.orderId);
    const { rows } = await t.app.ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from orders where user_id = ${b.user.userId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('grants once for duplicated, parallel and replayed notifications; refuses tampering', async () => {
    const s = await seller(t, '通知幂等', 800);
    const b = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
    const payments = t.app.ctx.sandbox!;
    const notify = (n: { body: string; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: { 'content-type': 'application/json', ...n.headers },
        payload: n.body,
      });

    const tampered = await payments.buildNotification(order.data.orderNo, 800);
    const badSig = await notify({ body: tampered.body.replace('800', '1'), headers: tampered.headers });
    expect(badSig.statusCode).toBe(400);
    expect(badSig.json().code).toBe(Code.PAYMENT_REJECTED);
    const wrongAmount = await notify(await payments.buildNotification(order.data.orderNo, 1));
    expect(wrongAmount.json().code).toBe(Code.PAYMENT_REJECTED);
    expect(
      (
        await call<Order>(t, 'GET', '/order/detail', {
          token: b.user.token,
          query: { orderId: String(order.data.orderId) },
        })
      ).data.status,
    ).toBe('pending');

    const first = await payments.buildNotification(order.data.orderNo, 800);
    const second = await payments.buildNotification(order.data.orderNo, 800);
    const answers = await Promise.all([notify(first), notify(first), notify(second), notify(first)]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.map((a) => a.json().data.outcome).sort()).toEqual([
      'already_paid',
      'duplicate',
      'duplicate',
      'granted',
    ]);
    const { rows } = await t.app.ctx.db.execute<{ n: number; sales: number }>(
      `select (select count(*)::int from entitlements where course_id = ${s.courseId}) as n, coalesce((select sales from course_sales where course_id = ${s.courseId}), 0) as sales`,
    );
    expect(rows[0]).toEqual({ n: 1, sales: 1 });
  });

  it('expires unpaid orders after 15 minutes, and honours a payment that arrives late', async () => {
    const s = await seller(t, '过期订单', 600);
    const b = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
    await t.app.ctx.db.execute(
      `update orders set expires_at = now() - interval '1 second' where id = ${order.data.orderId}`,
    );
    const read = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.data.orderId) },
    });
    expect(read.data.status).toBe('expired');
    expect(
      (await call(t, 'POST', '/order/pay', { token: b.user.token, body: { orderId: order.data.orderId } }))
        .code,
    ).toBe(Code.ORDER_EXPIRED);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        ...(await t.app.ctx.sandbox!.buildNotification(order.data.orderNo, 600)).headers,
      },
      payload: (await t.app.ctx.sandbox!.buildNotification(order.data.orderNo, 600)).body,
    });
    // Built twice: the second body has its own event id, so the first headers do not match it.
    expect(late.statusCode).toBe(400);
    const n = await t.app.ctx.sandbox!.buildNotification(order.data.orderNo, 600);
    const honoured = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', ...n.headers },
      payload: n.body,
    });
    expect(honoured.json().data.outcome).toBe('granted');
    const after = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.data.orderId) },
    });
    expect(after.data.status).toBe('paid');
  });

  it("keeps carts and orders to their user and team: another user's order answers 404", async () => {
    const s = await seller(t, '隔离检查', 700);
    const b = await buyer(t);
    const other = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    expect((await call<Cart>(t, 'GET', '/cart/list', { token: other.user.token })).data.list).toHaveLength(0);
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
    const peek = await call(t, 'GET', '/order/detail', {
      token: other.user.token,
      query: { orderId: String(order.data.orderId) },
    });
    expect(peek.code).toBe(404);
    expect(peek.data).toBeNull();
    expect(
      (
        await call(t, 'POST', '/order/pay', {
          token: other.user.token,
          body: { orderId: order.data.orderId },
        })
      ).code,
    ).toBe(404);
    expect((await call<Page<Order>>(t, 'GET', '/order/list', { token: other.user.token })).data.total).toBe(
      0,
    );
    expect((await call<Page<Order>>(t, 'GET', '/order/list', { token: b.user.token })).data.total).toBe(1);
  });
});

describe('purchased courses and team sales', () => {
  it("lists the team's purchases for every member and the seller's sales for OWNER/ADMIN only", async () => {
    const s = await seller(t, '销售统计', 1500);
    const cheaper = await releasedCourse(t, s.user.token, '销售统计二', 800);
    const b = await buyer(t);
    const member = await createUser(t);
    await joinTeam(t, member.token, b.team.teamCode);
    // The cheaper course is bought first, in its own order: newest-first lists then differ from revenue order.
    const orders: Order[] = [];
    for (const courseId of [cheaper, s.courseId]) {
      await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId } });
      const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
      await payInSandbox(t, b.user.token, order.data.orderId);
      orders.push(order.data);
    }
    const newestOrderFirst = orders.map((o) => o.orderId).reverse();

    const bought = await call<Page<StoreCard>>(t, 'GET', '/store/purchased', { token: member.token });
    expect(bought.data.list.map((c) => c.courseId)).toEqual([s.courseId, cheaper]);
    const read = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: member.token,
      query: { courseId: String(s.courseId) },
    });
    expect(read.data.owned).toBe(true);
    const mine = await call<Page<Order>>(t, 'GET', '/order/list', { token: b.user.token });
    expect(mine.data.list.map((o) => o.orderId)).toEqual(newestOrderFirst);

    const sales = await call<TeamSales>(t, 'GET', '/store/team/sales', { token: s.user.token });
    expect(sales.data).toMatchObject({ orders: 2, revenue: 2300, buyers: 1 });
    const dates = sales.data.series.map((p) => p.date);
    expect(dates).toHaveLength(30);
    expect(dates).toEqual([...dates].sort());
    expect(dates.at(-1)).toBe(chinaDay(Date.now()));
    expect(sales.data.series.at(-1)).toMatchObject({ orders: 2, revenue: 2300 });
    // Most revenue first.
    expect(sales.data.courses).toEqual([
      { courseId: s.courseId, title: '销售统计', sales: 1, revenue: 1500 },
      { courseId: cheaper, title: '销售统计二', sales: 1, revenue: 800 },
    ]);
    expect((await call(t, 'GET', '/store/team/sales', { token: member.token })).code).toBe(403);
    const purchases = await call<Page<Order>>(t, 'GET', '/store/team/purchases', { token: b.user.token });
    expect(purchases.data.list.map((o) => o.orderId)).toEqual(newestOrderFirst);
    expect((await call(t, 'GET', '/store/team/purchases', { token: member.token })).code).toBe(403);
  });
});

describe('the sales chart counts China days', () => {
  it('puts a sale at 23:30 and one at 00:30 China time on two days, as the learning report counts weeks', async () => {
    const s = await seller(t, '午夜前后的销售', 1200);
    const later = await releasedCourse(t, s.user.token, '午夜后的销售', 900);
    const b = await buyer(t);
    const today = chinaDayStart(chinaDay(Date.now())).getTime();
    // 23:30 yesterday and 00:30 today in China: 15:30 and 16:30 UTC, one UTC day.
    for (const [courseId, paidAt] of [
      [s.courseId, today - 30 * 60_000],
      [later, today + 30 * 60_000],
    ] as const) {
      await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId } });
      const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
      await payInSandbox(t, b.user.token, order.data.orderId);
      await t.app.ctx.db.execute(
        sql`update orders set paid_at = ${new Date(paidAt)} where id = ${order.data.orderId}`,
      );
    }
    const sales = await call<TeamSales>(t, 'GET', '/store/team/sales', {
      token: s.user.token,
      query: { days: '2' },
    });
    expect(sales.data.series).toEqual([
      { date: chinaDay(today - 60_000), orders: 1, revenue: 1200 },
      { date: chinaDay(today), orders: 1, revenue: 900 },
    ]);
  });
});

describe('unlisted (下架) courses', () => {
  /** The buyer team pays for the seller's course through the cart and the sandbox. */
  async function buy(token: string, courseId: number) {
    await call(t, 'POST', '/cart/add', { token, body: { courseId } });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token, body: {} });
    await payInSandbox(t, token, order.data.orderId);
  }
  const read = (courseId: number, token?: string) =>
    call<StoreCourse>(t, 'GET', '/store/course', { token, query: { courseId: String(courseId) } });

  it('stay readable, every lesson of the latest release, for the teams that bought them; 404 for others', async () => {
    const s = await seller(t, '下架后仍可学习', 4990);
    const b = await buyer(t);
    const member = await createUser(t);
    await joinTeam(t, member.token, b.team.teamCode);
    const other = await buyer(t);
    await buy(b.user.token, s.courseId);
    const unrelease = (token: string) =>
      call(t, 'POST', '/course/unrelease', { token, body: { courseId: s.courseId } });
    expect((await unrelease(s.user.token)).code).toBe(200);

    for (const token of [b.user.token, member.token]) {
      const page = await read(s.courseId, token);
      expect(page.code).toBe(200);
      expect(page.data).toMatchObject({ owned: true, ownTeam: false, listed: false, versionNo: 1 });
      expect(page.data.lessons.map((l) => [l.title, l.content !== null])).toEqual([
        ['试看课', true],
        ['付费课', true],
      ]);
    }
    const bought = await call<Page<StoreCard>>(t, 'GET', '/store/purchased', { token: b.user.token });
    expect(bought.data.list.map((c) => c.courseId)).toEqual([s.courseId]);
    expect((await read(s.courseId, other.user.token)).code).toBe(Code.NOT_FOUND);
    expect((await read(s.courseId)).code).toBe(Code.NOT_FOUND);
    expect(
      (await call(t, 'POST', '/cart/add', { token: other.user.token, body: { courseId: s.courseId } })).code,
    ).toBe(Code.COURSE_NOT_FOR_SALE);
    const own = await read(s.courseId, s.user.token);
    expect(own.data).toMatchObject({ ownTeam: true, owned: true, listed: false });

    // A later release reaches the buyers, and stays theirs after the next 下架.
    const added = await createLesson(t, s.user.token, s.courseId, '新增课');
    await writeLesson(t, s.user.token, added.lessonId, '新增的内容');
    expect(
      (await call(t, 'POST', '/course/release', { token: s.user.token, body: { courseId: s.courseId } }))
        .code,
    ).toBe(200);
    expect((await unrelease(s.user.token)).code).toBe(200);
    const later = await read(s.courseId, b.user.token);
    expect(later.data).toMatchObject({ versionNo: 2, listed: false, owned: true });
    expect(later.data.lessons.map((l) => [l.title, l.content !== null])).toEqual([
      ['试看课', true],
      ['付费课', true],
      ['新增课', true],
    ]);
    expect((await read(s.courseId, other.user.token)).code).toBe(Code.NOT_FOUND);
  });
});

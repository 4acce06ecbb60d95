import { Code, type Coupon, type CouponPreview, type Order, type TeamSales } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTeam, createUser, joinTeam } from '../../../test/factories.ts';
import { buyer, payInSandbox, releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
let codeNo = 0;
const newCode = () => `T${Date.now().toString(36).toUpperCase()}${++codeNo}`;
const terms = (over: Record<string, unknown> = {}) => ({
  code: newCode(),
  kind: 'amount',
  value: 500,
  validFrom: Date.now() - DAY,
  validTo: Date.now() + DAY,
  ...over,
});
const createCoupon = (token: string, over: Record<string, unknown> = {}) =>
  call<Coupon>(t, 'POST', '/coupon/create', { token, body: terms(over) });
const addAndCheckout = async (token: string, courseIds: number[], couponCode?: string) => {
  for (const courseId of courseIds) await call(t, 'POST', '/cart/add', { token, body: { courseId } });
  return call<Order>(t, 'POST', '/order/checkout', { token, body: couponCode ? { couponCode } : {} });
};

describe('coupons', () => {
  it('a seller OWNER creates and lists coupons; a MEMBER may not; codes are unique and read case-blind', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token, '卖家团队');
    const s = { user: owner, courseId: await releasedCourse(t, owner.token, '优惠课程甲', 3000) };
    const created = await createCoupon(s.user.token, { code: 'spring-10' });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      code: 'SPRING-10',
      kind: 'amount',
      value: 500,
      used: 0,
      disabled: false,
    });
    expect((await createCoupon(s.user.token, { code: 'SPRING-10' })).code).toBe(Code.COUPON_CODE_TAKEN);
    const list = await call<{ list: Coupon[] }>(t, 'GET', '/coupon/list', { token: s.user.token });
    expect(list.data.list.map((c) => c.code)).toEqual(['SPRING-10']);

    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    expect((await createCoupon(member.token)).code).toBe(Code.FORBIDDEN);
    expect((await call(t, 'GET', '/coupon/list', { token: member.token })).code).toBe(Code.FORBIDDEN);
  });

  it('refuses bad terms by schema: percent over 100, an end before the start, a code of symbols', async () => {
    const s = await seller(t, '优惠课程乙', 3000);
    for (const bad of [
      { kind: 'percent', value: 101 },
      { validTo: Date.now() - 2 * DAY },
      { code: '优惠!!' },
    ]) {
      const r = await createCoupon(s.user.token, bad);
      expect(r.code).toBe(400);
    }
  });

  it("names only the team's own courses; another team's course answers 404", async () => {
    const a = await seller(t, '自家课程', 3000);
    const b = await seller(t, '别家课程', 3000);
    expect((await createCoupon(a.user.token, { courseIds: [b.courseId] })).code).toBe(Code.NOT_FOUND);
    expect((await createCoupon(a.user.token, { courseIds: [a.courseId] })).code).toBe(200);
  });

  it('the server prices it: preview and checkout agree, the order records the coupon, sales add what was paid', async () => {
    const s = await seller(t, '满减课程', 3000);
    const other = await releasedCourse(t, s.user.token, '不参加的课程', 2000);
    const coupon = await createCoupon(s.user.token, { value: 1000, minOrder: 2500, courseIds: [s.courseId] });
    const b = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: other } });
    const preview = await call<CouponPreview>(t, 'POST', '/coupon/preview', {
      token: b.user.token,
      body: { code: coupon.data.code.toLowerCase() },
    });
    expect(preview.data).toMatchObject({ discount: 1000, total: 4000, courseIds: [s.courseId] });
    const order = await call<Order>(t, 'POST', '/order/checkout', {
      token: b.user.token,
      body: { couponCode: coupon.data.code },
    });
    expect(order.data).toMatchObject({ amount: 4000, couponCode: coupon.data.code, discount: 1000 });
    expect(order.data.items.find((i) => i.courseId === s.courseId)?.price).toBe(2000);
    expect(order.data.items.find((i) => i.courseId === other)?.price).toBe(2000);
    await payInSandbox(t, b.user.token, order.data.orderId);
    const sales = await call<TeamSales>(t, 'GET', '/store/team/sales', {
      token: s.user.token,
      query: { days: '1' },
    });
    expect(sales.data.revenue).toBe(4000);
    const list = await call<{ list: Coupon[] }>(t, 'GET', '/coupon/list', { token: s.user.token });
    expect(list.data.list[0]).toMatchObject({ used: 1 });
  });

  it('answers why a code does not apply: unknown, not started, expired, stopped, minimum, no course of its team', async () => {
    const s = await seller(t, '条件课程', 1000);
    const elsewhere = await seller(t, '其他卖家课程', 1000);
    const b = await buyer(t);
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const preview = (code: string) =>
      call(t, 'POST', '/coupon/preview', { token: b.user.token, body: { code } });
    expect((await preview('NOPE-0000')).code).toBe(Code.COUPON_NOT_FOUND);
    const later = await createCoupon(s.user.token, {
      validFrom: Date.now() + DAY,
      validTo: Date.now() + 2 * DAY,
    });
    expect((await preview(later.data.code)).code).toBe(Code.COUPON_NOT_STARTED);
    const past = await createCoupon(s.user.token, {
      validFrom: Date.now() - 2 * DAY,
      validTo: Date.now() - DAY,
    });
    expect((await preview(past.data.code)).code).toBe(Code.COUPON_EXPIRED);
    const stopped = await createCoupon(s.user.token);
    expect((await preview(stopped.data.code)).code).toBe(200);
    await call(t, 'POST', '/coupon/disable', {
      token: s.user.token,
      body: { couponId: stopped.data.couponId },
    });
    expect((await preview(stopped.data.code)).code).toBe(Code.COUPON_EXPIRED);
    const big = await createCoupon(s.user.token, { minOrder: 5000 });
    const refused = await preview(big.data.code);
    expect(refused).toMatchObject({ code: Code.COUPON_MIN_ORDER, data: { minYuan: '50.00' } });
    expect(refused.msg).toBe('适用课程满 50.00 元才能使用这张优惠券');
    const theirs = await createCoupon(elsewhere.user.token);
    expect((await preview(theirs.data.code)).code).toBe(Code.COUPON_NOT_APPLICABLE);
    // The checkout says the same, and the cart keeps the course.
    const order = await call(t, 'POST', '/order/checkout', {
      token: b.user.token,
      body: { couponCode: past.data.code },
    });
    expect(order.code).toBe(Code.COUPON_EXPIRED);
  });

  it("another team cannot stop a seller's coupon (404)", async () => {
    const s = await seller(t, '停用课程', 1000);
    const coupon = await createCoupon(s.user.token);
    const b = await buyer(t);
    const r = await call(t, 'POST', '/coupon/disable', {
      token: b.user.token,
      body: { couponId: coupon.data.couponId },
    });
    expect(r.code).toBe(Code.NOT_FOUND);
  });

  it('never below 0.01 yuan for an amount coupon; a 100% coupon completes the order without a payment', async () => {
    const s = await seller(t, '全免课程', 800);
    const huge = await createCoupon(s.user.token, { value: 5000, perTeamLimit: null });
    const b = await buyer(t);
    const cheap = await addAndCheckout(b.user.token, [s.courseId], huge.data.code);
    expect(cheap.data).toMatchObject({ amount: 1, discount: 799, status: 'pending' });
    // The course is in that pending order: cancelled first, it can be checked out again.
    await call(t, 'POST', '/order/cancel', { token: b.user.token, body: { orderId: cheap.data.orderId } });
    await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const free = await createCoupon(s.user.token, { kind: 'percent', value: 100 });
    const freeOrder = await call<Order>(t, 'POST', '/order/checkout', {
      token: b.user.token,
      body: { couponCode: free.data.code },
    });
    expect(freeOrder.data).toMatchObject({ amount: 0, discount: 800, status: 'paid' });
  });

  it('counts uses exactly once under parallel checkouts: one use left, five teams at once, one order', async () => {
    const s = await seller(t, '限量课程', 2000);
    const coupon = await createCoupon(s.user.token, { totalLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer(t)));
    for (const b of buyers)
      await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const results = await Promise.all(
      buyers.map((b) =>
        call<Order>(t, 'POST', '/order/checkout', {
          token: b.user.token,
          body: { couponCode: coupon.data.code },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === Code.COUPON_USED_UP)).toHaveLength(4);
  });

  it('one use per team by default; a pending order holds its use until it expires', async () => {
    const s = await seller(t, '每队一次', 2000);
    const second = await releasedCourse(t, s.user.token, '每队一次之二', 2000);
    const coupon = await createCoupon(s.user.token);
    const b = await buyer(t);
    expect((await addAndCheckout(b.user.token, [s.courseId], coupon.data.code)).code).toBe(200);
    expect((await addAndCheckout(b.user.token, [second], coupon.data.code)).code).toBe(
      Code.COUPON_TEAM_LIMIT,
    );
    // The pending order's time runs out: its use comes back.
    await t.app.ctx.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where status = 'pending'`,
    );
    expect(
      (
        await call(t, 'POST', '/order/checkout', {
          token: b.user.token,
          body: { couponCode: coupon.data.code },
        })
      ).code,
    ).toBe(200);
  });
});

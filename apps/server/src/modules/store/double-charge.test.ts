/**
 * A team is never charged twice for one course (issue 31, item 1) and a pending order can be
 * cancelled (issue 32, item 6), on the sandbox provider: what the team owns or has in a pending order
 * is not bought again, paying such an order is refused before any QR, and money that still arrives
 * goes back by an automatic refund, once. WeChat Pay and Alipay: their own test files.
 */
import {
  Code,
  type Cart,
  type Coupon,
  type Order,
  type Page,
  type PayInfo,
  type Refund,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, joinTeam } from '../../../test/factories.ts';
import { buyer, payInSandbox, releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

/** A seller's course, and a buyer team of two members (OWNER and MEMBER). */
async function teamOfTwo(title: string, price: number) {
  const s = await seller(t, title, price);
  const owner = await buyer(t);
  const member = await createUser(t);
  await joinTeam(t, member.token, owner.team.teamCode);
  return { s, owner: owner.user, member, teamId: owner.team.teamId };
}

const add = (token: string, courseId: number) =>
  call<Cart>(t, 'POST', '/cart/add', { token, body: { courseId } });
const checkout = (token: string) => call<Order>(t, 'POST', '/order/checkout', { token, body: {} });
const detail = async (token: string, orderId: number) =>
  (await call<Order>(t, 'GET', '/order/detail', { token, query: { orderId: String(orderId) } })).data;
const refunds = async (token: string, side: 'buyer' | 'seller') =>
  (
    await call<Page<Refund>>(t, 'GET', '/order/refund/list', {
      token,
      query: { side, pageNum: '1', pageSize: '50' },
    })
  ).data.list;
const expire = (orderId: number) =>
  t.app.ctx.db.execute(`update orders set expires_at = now() - interval '1 second' where id = ${orderId}`);
const notify = async (orderNo: string, amount: number) => {
  const n = await t.app.ctx.sandbox!.buildNotification(orderNo, amount);
  return {
    n,
    send: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: { 'content-type': 'application/json', ...n.headers },
        payload: n.body,
      }),
  };
};
const counts = async (teamId: number, courseId: number) =>
  (
    await t.app.ctx.db.execute<{ owned: number; paid: number; refunds: number; sales: number }>(
      `select (select count(*)::int from entitlements where team_id = ${teamId} and course_id = ${courseId}) as owned,
              (select count(*)::int from orders o join order_items i on i.order_id = o.id
                 where o.team_id = ${teamId} and i.course_id = ${courseId} and o.status = 'paid') as paid,
              (select count(*)::int from refunds where buyer_team_id = ${teamId} and automatic) as refunds,
              coalesce((select sales from course_sales where course_id = ${courseId}), 0) as sales`,
    )
  ).rows[0]!;

describe('one course, one charge', () => {
  it('a course in a pending order of the team, or owned by it, is not added or checked out again; the answer names the order', async () => {
    const { s, owner, member } = await teamOfTwo('不能重复购买', 1800);
    expect((await add(owner.token, s.courseId)).code).toBe(200);
    const o1 = (await checkout(owner.token)).data;

    const again = await add(owner.token, s.courseId);
    expect(again.code).toBe(Code.COURSE_IN_PENDING_ORDER);
    expect(again.msg).toContain(o1.orderNo);
    expect(again.data).toEqual({ orderId: o1.orderId, orderNo: o1.orderNo, mine: true });
    // Another member of the team: the same order, not theirs to open.
    const theirs = await add(member.token, s.courseId);
    expect(theirs.code).toBe(Code.COURSE_IN_PENDING_ORDER);
    expect(theirs.data).toEqual({ orderId: o1.orderId, orderNo: o1.orderNo, mine: false });

    await payInSandbox(t, owner.token, o1.orderId);
    const owned = await add(member.token, s.courseId);
    expect(owned.code).toBe(Code.ALREADY_OWNED);
    expect(owned.data).toEqual({ orderId: o1.orderId, orderNo: o1.orderNo, mine: false });
  });

  it('two members racing: parallel checkouts make one order; the other is told which', async () => {
    const { s, owner, member } = await teamOfTwo('两人同时下单', 2600);
    await add(owner.token, s.courseId);
    await add(member.token, s.courseId);
    const answers = await Promise.all([checkout(owner.token), checkout(member.token)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, Code.COURSE_IN_PENDING_ORDER]);
    const made = answers.find((a) => a.code === 200)!.data;
    expect(answers.find((a) => a.code !== 200)!.data).toMatchObject({ orderId: made.orderId });
  });

  it('two orders of one course paid at once: one grants, the other is refunded automatically, once', async () => {
    const { s, owner, member, teamId } = await teamOfTwo('同时付款', 3100);
    await add(owner.token, s.courseId);
    const o1 = (await checkout(owner.token)).data;
    await expire(o1.orderId); // O1's QR is still in the owner's hand
    await add(member.token, s.courseId);
    const o2 = (await checkout(member.token)).data;
    expect(o2.orderId).toBeGreaterThan(0);

    const [n1, n2] = await Promise.all([notify(o1.orderNo, 3100), notify(o2.orderNo, 3100)]);
    const answers = await Promise.all([n1.send(), n2.send(), n1.send(), n2.send()]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.map((a) => a.json().data.outcome as string).sort()).toEqual([
      'duplicate',
      'duplicate',
      'granted',
      'refunding',
    ]);
    // Replays under other event ids find the orders paid: no second refund.
    expect((await (await notify(o1.orderNo, 3100)).send()).json().data.outcome).toBe('already_paid');
    expect((await (await notify(o2.orderNo, 3100)).send()).json().data.outcome).toBe('already_paid');
    expect(await counts(teamId, s.courseId)).toEqual({ owned: 1, paid: 2, refunds: 1, sales: 1 });

    const auto = (await refunds(owner.token, 'buyer')).filter((r) => r.automatic);
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ status: 'refunded', amount: 3100, courseId: s.courseId });
    expect(auto[0]!.reason).toContain('自动退款');
    const refundedOrder = auto[0]!.orderId === o1.orderId ? o1 : o2;
    const buyerToken = refundedOrder === o1 ? owner.token : member.token;
    expect(await detail(buyerToken, refundedOrder.orderId)).toMatchObject({
      status: 'paid',
      refundState: 'refunded',
      items: [{ courseId: s.courseId, refundStatus: 'refunded', refundAutomatic: true }],
    });
    // The seller sees it too, and its sales count one course sold.
    expect((await refunds(s.user.token, 'seller')).filter((r) => r.automatic)).toHaveLength(1);
  });

  it('a late payment of an expired order for a course bought since is paid back once; paying it is refused before any QR', async () => {
    const { s, owner, teamId } = await teamOfTwo('迟到的付款', 990);
    await add(owner.token, s.courseId);
    const o1 = (await checkout(owner.token)).data;
    const qr = new URL(
      (await call<PayInfo>(t, 'POST', '/order/pay', { token: owner.token, body: { orderId: o1.orderId } }))
        .data.qrUrl,
    );
    await expire(o1.orderId);
    await add(owner.token, s.courseId);
    const o2 = (await checkout(owner.token)).data;
    await payInSandbox(t, owner.token, o2.orderId);

    // An order made before this rule (pending, its course owned since): refused before any QR.
    await t.app.ctx.db.execute(
      `update orders set expires_at = now() + interval '10 minutes' where id = ${o1.orderId}`,
    );
    const pay = await call<PayInfo>(t, 'POST', '/order/pay', {
      token: owner.token,
      body: { orderId: o1.orderId },
    });
    expect(pay.code).toBe(Code.ORDER_COURSES_OWNED);
    expect(pay.msg).toContain(o2.orderNo);
    expect(pay.data).toEqual({ orderId: o2.orderId, orderNo: o2.orderNo, mine: true });
    await expire(o1.orderId);

    // The old QR, confirmed late: the sandbox page says the money went back.
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: qr.searchParams.toString(),
      });
    expect((await confirm()).body).toContain('已自动退款');
    expect((await confirm()).body).toContain('支付成功'); // already paid: nothing more happens
    expect(await counts(teamId, s.courseId)).toEqual({ owned: 1, paid: 2, refunds: 1, sales: 1 });
    expect(await detail(owner.token, o1.orderId)).toMatchObject({ status: 'paid', refundState: 'refunded' });
    expect(await detail(owner.token, o2.orderId)).toMatchObject({ status: 'paid', refundState: null });
  });

  it('an order of two courses, one owned since: the other is granted and the owned line paid back (部分退款)', async () => {
    const { s, owner, teamId } = await teamOfTwo('两门之一', 1000);
    const second = await releasedCourse(t, s.user.token, '两门之二', 500);
    await add(owner.token, s.courseId);
    await add(owner.token, second);
    const o1 = (await checkout(owner.token)).data;
    await expire(o1.orderId);
    await add(owner.token, s.courseId);
    await payInSandbox(t, owner.token, (await checkout(owner.token)).data.orderId);
    expect((await (await notify(o1.orderNo, 1500)).send()).json().data.outcome).toBe('refunding');
    expect(await detail(owner.token, o1.orderId)).toMatchObject({
      refundState: 'partial',
      items: [
        { courseId: s.courseId, refundStatus: 'refunded', refundAutomatic: true },
        { courseId: second, refundStatus: null },
      ],
    });
    expect((await counts(teamId, second)).owned).toBe(1);
  });
});

describe('cancelling a pending order', () => {
  it('frees its coupon use; a cancelled order is not paid; money that still arrives goes back', async () => {
    const { s, owner, member, teamId } = await teamOfTwo('取消订单', 2000);
    const coupon = await call<Coupon>(t, 'POST', '/coupon/create', {
      token: s.user.token,
      body: {
        code: `CANCEL${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
        kind: 'amount',
        value: 500,
        validFrom: Date.now() - 60_000,
        validTo: Date.now() + 3600_000,
        totalLimit: 1,
      },
    });
    expect(coupon.code).toBe(200);
    await add(owner.token, s.courseId);
    const o1 = (
      await call<Order>(t, 'POST', '/order/checkout', {
        token: owner.token,
        body: { couponCode: coupon.data.code },
      })
    ).data;
    expect(o1.amount).toBe(1500);
    const qr = new URL(
      (await call<PayInfo>(t, 'POST', '/order/pay', { token: owner.token, body: { orderId: o1.orderId } }))
        .data.qrUrl,
    );

    // A MEMBER cancels only their own; another team's order answers 404.
    expect(
      (await call(t, 'POST', '/order/cancel', { token: member.token, body: { orderId: o1.orderId } })).code,
    ).toBe(Code.FORBIDDEN);
    const stranger = await buyer(t);
    expect(
      (await call(t, 'POST', '/order/cancel', { token: stranger.user.token, body: { orderId: o1.orderId } }))
        .code,
    ).toBe(Code.NOT_FOUND);
    const cancelled = await call<Order>(t, 'POST', '/order/cancel', {
      token: owner.token,
      body: { orderId: o1.orderId },
    });
    expect(cancelled.code).toBe(200);
    expect(cancelled.data.status).toBe('cancelled');
    expect(
      (await call(t, 'POST', '/order/cancel', { token: owner.token, body: { orderId: o1.orderId } })).code,
    ).toBe(200);
    expect(
      (await call(t, 'POST', '/order/pay', { token: owner.token, body: { orderId: o1.orderId } })).code,
    ).toBe(Code.ORDER_CANCELLED);
    const list = await call<{ list: Coupon[] }>(t, 'GET', '/coupon/list', { token: s.user.token });
    expect(list.data.list.find((c) => c.couponId === coupon.data.couponId)?.used).toBe(0);

    // The course and the coupon (one use in all) are free again: the member buys with it.
    await add(member.token, s.courseId);
    const o2 = await call<Order>(t, 'POST', '/order/checkout', {
      token: member.token,
      body: { couponCode: coupon.data.code },
    });
    expect(o2.code).toBe(200);
    await payInSandbox(t, member.token, o2.data.orderId);
    expect(
      (await call(t, 'POST', '/order/cancel', { token: member.token, body: { orderId: o2.data.orderId } }))
        .code,
    ).toBe(Code.ORDER_NOT_CANCELLABLE);

    // The cancelled order's QR is paid anyway: every line goes back.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: qr.searchParams.toString(),
    });
    expect(late.body).toContain('已自动退款');
    const auto = (await refunds(owner.token, 'buyer')).find((r) => r.orderId === o1.orderId)!;
    expect(auto).toMatchObject({ automatic: true, status: 'refunded', amount: 1500 });
    expect(auto.reason).toContain('已取消');
    expect(await counts(teamId, s.courseId)).toMatchObject({ owned: 1, refunds: 1, sales: 1 });
  });

  it('a cancelled order never granted, even when the team does not own the course', async () => {
    const { s, owner, teamId } = await teamOfTwo('取消后付款', 700);
    await add(owner.token, s.courseId);
    const o1 = (await checkout(owner.token)).data;
    await call(t, 'POST', '/order/cancel', { token: owner.token, body: { orderId: o1.orderId } });
    expect((await (await notify(o1.orderNo, 700)).send()).json().data.outcome).toBe('refunding');
    expect(await counts(teamId, s.courseId)).toEqual({ owned: 0, paid: 1, refunds: 1, sales: 0 });
    expect(await detail(owner.token, o1.orderId)).toMatchObject({ refundState: 'refunded' });
  });
});

describe('the sandbox pay page', () => {
  it('shows the amount and the courses being paid for, escaped', async () => {
    const s = await seller(t, '<img src=x onerror=alert(1)>课程', 4250);
    const b = await buyer(t);
    await add(b.user.token, s.courseId);
    const order = (await checkout(b.user.token)).data;
    const qr = new URL(
      (
        await call<PayInfo>(t, 'POST', '/order/pay', {
          token: b.user.token,
          body: { orderId: order.orderId },
        })
      ).data.qrUrl,
    );
    const page = await t.app.inject({ method: 'GET', url: qr.pathname + qr.search });
    expect(page.body).toContain('支付金额：<strong>¥42.50</strong>');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;课程');
    expect(page.body).not.toContain('<img src=x');
  });
});

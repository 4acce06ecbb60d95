/** Refunds with the sandbox provider: asking, deciding, paying back once, and what a refund takes away. */
import { Code, type Page, type Refund, type StoreCourse, type TeamSales } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, joinTeam } from '../../../test/factories.ts';
import { boughtCourse, buyer, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

const bought = (title: string, price: number, pay = true) => boughtCourse(t, title, price, pay);

const apply = (token: string, orderId: number, courseId: number, reason = '内容与介绍不符') =>
  call<Refund>(t, 'POST', '/order/refund/apply', { token, body: { orderId, courseId, reason } });
const approve = (token: string, refundId: number) =>
  call<Refund>(t, 'POST', '/order/refund/approve', { token, body: { refundId } });
const refuse = (token: string, refundId: number) =>
  call<Refund>(t, 'POST', '/order/refund/refuse', { token, body: { refundId } });
const list = (token: string, side: 'buyer' | 'seller') =>
  call<Page<Refund>>(t, 'GET', '/order/refund/list', {
    token,
    query: { side, pageNum: '1', pageSize: '10' },
  });
const owned = async (token: string, courseId: number) =>
  (await call<StoreCourse>(t, 'GET', '/store/course', { token, query: { courseId: String(courseId) } })).data
    .owned;
const sales = async (token: string) => (await call<TeamSales>(t, 'GET', '/store/team/sales', { token })).data;

describe('refunds', () => {
  it('is asked by the buyer, approved by the seller, paid back once; the course and the sale are gone', async () => {
    const { s, b, order } = await bought('退款课程', 4500);
    expect((await sales(s.user.token)).revenue).toBe(4500);
    const asked = await apply(b.user.token, order.orderId, s.courseId);
    expect(asked.code).toBe(200);
    expect(asked.data).toMatchObject({
      orderNo: order.orderNo,
      courseId: s.courseId,
      title: '退款课程',
      amount: 4500,
      status: 'requested',
      reason: '内容与介绍不符',
      buyerTeamName: '买家团队',
      sellerTeamName: '卖家团队',
      decideTime: null,
    });
    expect((await apply(b.user.token, order.orderId, s.courseId)).code).toBe(Code.REFUND_EXISTS);
    expect((await list(b.user.token, 'buyer')).data.list.map((r) => r.refundId)).toEqual([
      asked.data.refundId,
    ]);
    expect((await list(b.user.token, 'seller')).data.total).toBe(0);
    expect((await list(s.user.token, 'seller')).data.list[0]).toMatchObject({ status: 'requested' });

    const done = await approve(s.user.token, asked.data.refundId);
    expect(done.data).toMatchObject({ status: 'refunded' });
    expect(done.data.refundTime).not.toBeNull();
    expect(await owned(b.user.token, s.courseId)).toBe(false);
    expect((await sales(s.user.token)).revenue).toBe(0);
    expect((await approve(s.user.token, asked.data.refundId)).code).toBe(Code.REFUND_NOT_PENDING);
    expect((await apply(b.user.token, order.orderId, s.courseId)).code).toBe(Code.ALREADY_REFUNDED);
    // Bought again after a refund: a new order, the course back.
    expect(
      (await call(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } })).code,
    ).toBe(200);
  });

  it('answers 404 for another team, 403 for a MEMBER, and codes for bad states', async () => {
    const { s, b, order } = await bought('规则课程', 1000);
    const stranger = await buyer(t);
    expect((await apply(stranger.user.token, order.orderId, s.courseId)).code).toBe(Code.NOT_FOUND);
    expect((await apply(s.user.token, order.orderId, s.courseId)).code).toBe(Code.NOT_FOUND);
    expect((await apply(b.user.token, order.orderId, 999_999)).code).toBe(Code.NOT_FOUND);
    const member = await createUser(t);
    await joinTeam(t, member.token, b.team.teamCode);
    expect((await apply(member.token, order.orderId, s.courseId)).code).toBe(Code.FORBIDDEN);
    expect((await list(member.token, 'buyer')).code).toBe(Code.FORBIDDEN);

    const pending = await bought('未支付课程', 800, false);
    expect((await apply(pending.b.user.token, pending.order.orderId, pending.s.courseId)).code).toBe(
      Code.ORDER_NOT_PAID,
    );

    await t.app.ctx.db.execute(
      sql`update orders set paid_at = now() - interval '8 days' where id = ${order.orderId}`,
    );
    const late = await apply(b.user.token, order.orderId, s.courseId);
    expect(late).toMatchObject({
      code: Code.REFUND_WINDOW_PASSED,
      data: { days: 7 },
      msg: '已超过付款后 7 天的退款期限',
    });
  });

  it('a refused refund keeps the course; the seller of another team gets 404; it can be asked again', async () => {
    const { s, b, order } = await bought('拒绝退款课程', 2000);
    const asked = (await apply(b.user.token, order.orderId, s.courseId)).data;
    const other = await seller(t, '别的课程', 100);
    expect((await approve(other.user.token, asked.refundId)).code).toBe(Code.NOT_FOUND);
    expect((await refuse(b.user.token, asked.refundId)).code).toBe(Code.NOT_FOUND);
    expect((await refuse(s.user.token, asked.refundId)).data.status).toBe('refused');
    expect((await approve(s.user.token, asked.refundId)).code).toBe(Code.REFUND_NOT_PENDING);
    expect(await owned(b.user.token, s.courseId)).toBe(true);
    expect((await sales(s.user.token)).revenue).toBe(2000);
    expect((await apply(b.user.token, order.orderId, s.courseId)).data.status).toBe('requested');
  });

  it('two approvals at once pay back once', async () => {
    const { s, b, order } = await bought('并发退款课程', 3000);
    const asked = (await apply(b.user.token, order.orderId, s.courseId)).data;
    const answers = await Promise.all([
      approve(s.user.token, asked.refundId),
      approve(s.user.token, asked.refundId),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, Code.REFUND_NOT_PENDING]);
    const events = await t.app.ctx.db.execute(
      sql`select outcome from payment_events where order_no = ${asked.refundNo}`,
    );
    expect(events.rows).toEqual([{ outcome: 'refunded' }]);
    const [course] = (
      await t.app.ctx.db.execute(sql`select sales from course_sales where course_id = ${s.courseId}`)
    ).rows;
    expect(course).toEqual({ sales: 0 });
    expect(await owned(b.user.token, s.courseId)).toBe(false);
  });

  it('lists its paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of ['apply', 'list', 'approve', 'refuse'])
      expect(doc.paths).toHaveProperty([`/api/order/refund/${p}`]);
    expect(doc.paths).toHaveProperty(['/api/pay/refund-notify/{provider}']);
  });
});

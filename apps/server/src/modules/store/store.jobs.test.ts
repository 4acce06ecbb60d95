import type { Cart, Order } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/factories.ts';
import { buyer, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ORDER_EXPIRE_QUEUE } from './store.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(() => t.close());

describe('order expiry job', () => {
  it("schedules one pg-boss job per order, 15 minutes out; the queue's worker expires the order only once it is due", async () => {
    const s = await seller(t, '到期任务', 900);
    const b = await buyer(t);
    await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
    const { rows } = await t.app.ctx.db.execute<{ start_after: Date; data: { orderId: number } }>(
      `select start_after, data from pgboss.job where name = 'order-expire' and singleton_key = 'order-${order.data.orderId}'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({ orderId: order.data.orderId });
    const delay = new Date(rows[0]!.start_after).getTime() - order.data.createTime;
    expect(delay).toBeGreaterThanOrEqual(15 * 60_000);
    expect(delay).toBeLessThan(16 * 60_000);

    // Through the queue: the real worker runs the handler. Due early (as a retry or a clock skew
    // would), it leaves a pending order alone; once the order's 15 minutes are up, it expires it.
    const jobs = t.app.ctx.jobs!;
    const completed = async () =>
      (
        await t.app.ctx.db.execute<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = '${ORDER_EXPIRE_QUEUE}' and state = 'completed'`,
        )
      ).rows[0]!.n;
    const statusOf = async () =>
      (
        await t.app.ctx.db.execute<{ status: string }>(
          `select status from orders where id = ${order.data.orderId}`,
        )
      ).rows[0]!.status;
    await jobs.send(ORDER_EXPIRE_QUEUE, { orderId: order.data.orderId });
    await vi.waitFor(async () => expect(await completed()).toBe(1), { timeout: 20_000, interval: 100 });
    expect(await statusOf()).toBe('pending');
    await t.app.ctx.db.execute(
      `update orders set expires_at = now() - interval '1 second' where id = ${order.data.orderId}`,
    );
    await jobs.send(ORDER_EXPIRE_QUEUE, { orderId: order.data.orderId });
    await vi.waitFor(async () => expect(await completed()).toBe(2), { timeout: 20_000, interval: 100 });
    expect(await statusOf()).toBe('expired');
  });
});

import type { Cart, Order } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { buyer, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { expirePendingOrder } from './orders.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(() => t.close());

describe('order expiry job', () => {
  it('schedules one pg-boss job per order, 15 minutes out, that expires only a pending order', async () => {
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

    // What the job does when it runs: nothing before the time, expired after it.
    expect(await expirePendingOrder(t.app.ctx.db, order.data.orderId)).toBe(false);
    await t.app.ctx.db.execute(
      `update orders set expires_at = now() - interval '1 second' where id = ${order.data.orderId}`,
    );
    expect(await expirePendingOrder(t.app.ctx.db, order.data.orderId)).toBe(true);
    const { rows: status } = await t.app.ctx.db.execute<{ status: string }>(
      `select status from orders where id = ${order.data.orderId}`,
    );
    expect(status[0]!.status).toBe('expired');
  });
});

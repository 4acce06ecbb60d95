/**
 * The search's documents follow their owners' changes through domain events published in the
 * writer's transaction (no trigger of the search on another module's table): a sale and its refund
 * (the store's count, copied into the document and its terms, which the sales order reads), and a
 * course's deletion, sold or not.
 */
import type { Cart, Order, Refund } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { buyer, payInSandbox } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { docCountDriftOf, listedCourse, searchPage } from './search-test-kit.ts';

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await createUser(t)).token;
  await createTeam(t, seller, '事件书院');
});
afterAll(() => t.close());

/** The sales its document and its terms carry, each distinct value once (none: no document). */
const salesOf = async (courseId: number) => {
  const read = async (table: string) =>
    (
      await t.app.ctx.db.execute<{ sales: number }>(
        sql`select distinct sales from ${sql.identifier(table)} where course_id = ${courseId}`,
      )
    ).rows.map((r) => r.sales);
  return { doc: await read('store_search_docs'), terms: await read('store_search_terms') };
};

const remove = (courseId: number) => call(t, 'POST', '/course/delete', { token: seller, body: { courseId } });

describe('the search follows its owners’ domain events', () => {
  it("takes a course's sales from its sale and its refund, and drops its document when it is deleted", async () => {
    const id = await listedCourse(t, seller, { title: '事件销量课', tags: ['事件'] });
    expect(await salesOf(id)).toEqual({ doc: [0], terms: [0] });

    const b = await buyer(t);
    await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: id } });
    const order = (await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;
    await payInSandbox(t, b.user.token, order.orderId);
    expect(await salesOf(id)).toEqual({ doc: [1], terms: [1] });
    expect((await searchPage(t, '事件销量', { sort: 'sales' })).list.map((c) => c.sales)).toEqual([1]);

    const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
      token: b.user.token,
      body: { orderId: order.orderId, courseId: id, reason: '事件测试' },
    });
    const approved = await call<Refund>(t, 'POST', '/order/refund/approve', {
      token: seller,
      body: { refundId: asked.data.refundId },
    });
    expect(approved.data.status).toBe('refunded');
    expect(await salesOf(id)).toEqual({ doc: [0], terms: [0] });

    // Ordered once, so kept for its order: deleted, it leaves the store, and its document goes.
    expect((await remove(id)).code).toBe(200);
    expect(await salesOf(id)).toEqual({ doc: [], terms: [] });
    expect((await searchPage(t, '事件销量')).total).toBe(0);
    expect(await docCountDriftOf(t)).toEqual([]);
  });

  it('drops the document of a course never ordered with the course', async () => {
    const id = await listedCourse(t, seller, { title: '事件删除课' });
    expect((await searchPage(t, '事件删除')).total).toBe(1);
    expect((await remove(id)).code).toBe(200);
    expect((await searchPage(t, '事件删除')).total).toBe(0);
    expect(await docCountDriftOf(t)).toEqual([]);
  });
});

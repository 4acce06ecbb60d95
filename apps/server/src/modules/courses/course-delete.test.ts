/**
 * Deleting a course (issue 31, item 12): what a seller expects. A course nobody ordered is deleted
 * outright; a sold one leaves the team's lists and the store, and stays for its buyers and for the
 * orders and sales naming it; while a buyer's order for it awaits payment it is refused (30010).
 */
import {
  Code,
  type Cart,
  type Course,
  type LearnCourseItem,
  type Order,
  type Page,
  type StoreCard,
  type StoreCourse,
  type TeamSales,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { buyer, payInSandbox, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (token: string, courseId: number) =>
  call(t, 'POST', '/course/delete', { token, body: { courseId } });

describe('deleting a course that was sold', () => {
  it('refuses while an order awaits payment; once paid, the course leaves the seller and the store, buyers keep it', async () => {
    const s = await seller(t, '售出后删除的课程', 1990);
    const b = await buyer(t);
    const later = await buyer(t);
    await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    await call<Cart>(t, 'POST', '/cart/add', { token: later.user.token, body: { courseId: s.courseId } });
    const order = (await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;

    // A buyer is paying: refused with its own code (HTTP 200 envelope), nothing changed.
    const refused = await remove(s.user.token, s.courseId);
    expect(refused.code).toBe(Code.COURSE_DELETE_AWAITING_PAYMENT);
    await payInSandbox(t, b.user.token, order.orderId);

    // Paid: deleted for the seller (no foreign key error, no 500).
    expect((await remove(s.user.token, s.courseId)).code).toBe(200);
    const list = await call<Page<Course>>(t, 'GET', '/course/list', { token: s.user.token, query: {} });
    expect(list.data.list.map((c) => c.courseId)).not.toContain(s.courseId);
    const detail = await call(t, 'GET', '/course/detail', {
      token: s.user.token,
      query: { courseId: String(s.courseId) },
    });
    expect(detail.code).toBe(404);
    expect((await remove(s.user.token, s.courseId)).code).toBe(404);

    // Gone from the store and from carts; a visitor's buy page is 404.
    const store = await call<Page<StoreCard>>(t, 'GET', '/store/list', { query: { keyword: '售出后删除' } });
    expect(store.data.list).toHaveLength(0);
    expect((await call<Cart>(t, 'GET', '/cart/list', { token: later.user.token })).data.list).toHaveLength(0);
    const visitor = await call(t, 'GET', '/store/course', { query: { courseId: String(s.courseId) } });
    expect(visitor.code).toBe(404);

    // The buyer keeps it: learns it, reads every lesson, and the order keeps its line.
    const learning = await call<{ list: LearnCourseItem[] }>(t, 'GET', '/learn/list', {
      token: b.user.token,
      query: { filter: 'all' },
    });
    expect(learning.data.list.map((c) => c.courseId)).toContain(s.courseId);
    const page = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: b.user.token,
      query: { courseId: String(s.courseId) },
    });
    expect(page.code).toBe(200);
    expect(page.data.lessons.every((l) => l.content !== null)).toBe(true);
    const kept = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(kept.data).toMatchObject({
      status: 'paid',
      items: [{ courseId: s.courseId, title: '售出后删除的课程', price: 1990 }],
    });

    // The seller's sales still count it.
    const sales = await call<TeamSales>(t, 'GET', '/store/team/sales', { token: s.user.token, query: {} });
    expect(sales.data.courses).toEqual([
      expect.objectContaining({ courseId: s.courseId, sales: 1, revenue: 1990 }),
    ]);
  });

  it('deletes a course nobody ordered outright', async () => {
    const s = await seller(t, '没人买的课程', 990);
    expect((await remove(s.user.token, s.courseId)).code).toBe(200);
    const [row] = (
      await t.app.ctx.db.execute<{ n: number }>(
        `select count(*)::int as n from courses where id = ${s.courseId}`,
      )
    ).rows;
    expect(row!.n).toBe(0);
  });
});

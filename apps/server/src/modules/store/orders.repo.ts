import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courses,
  entitlements,
  orderItems,
  orders,
  paymentEvents,
  teams,
  type OrderRow,
} from '../../db/schema.ts';
import { orderCoupons } from './coupons.repo.ts';

export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = {
  order: OrderRow;
  items: OrderItemRow[];
  teamName: string;
  /** The coupon the order used, and what it took off. */
  coupon: { code: string; discount: number } | null;
};

/**
 * Whether any order names this course (its deletion then keeps it for the orders and buyers), and
 * whether one of them awaits payment now (not yet expired).
 */
export async function courseOrderState(
  db: Db,
  courseId: number,
): Promise<{ ordered: boolean; awaitingPayment: boolean }> {
  const rows = await db.execute<{ ordered: boolean; awaiting: boolean }>(sql`
    select exists (select 1 from ${orderItems} where ${orderItems.courseId} = ${courseId}) as ordered,
           exists (
             select 1 from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
             where ${orderItems.courseId} = ${courseId} and ${orders.status} = 'pending'
               and ${orders.expiresAt} > now()
           ) as awaiting`);
  const row = rows.rows[0];
  return { ordered: Boolean(row?.ordered), awaitingPayment: Boolean(row?.awaiting) };
}

/** Serialises checkouts of one user in one team (two clicks, two tabs) inside the caller's transaction. */
export async function lockCheckout(db: Db, userId: number, teamId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${userId}, ${teamId})`);
}

export async function recentPendingOrder(db: Db, userId: number, teamId: number, sinceMs: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.teamId, teamId),
        eq(orders.status, 'pending'),
        gt(orders.createdAt, new Date(Date.now() - sinceMs)),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return rows[0];
}

export async function insertOrder(
  db: Db,
  order: typeof orders.$inferInsert,
  items: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row!.id })));
  return row!;
}

export async function attachItems(
  db: Db,
  rows: { order: OrderRow; teamName: string }[],
): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} in ${ids}`)
    .orderBy(orderItems.id);
  const coupons = await orderCoupons(db, ids);
  return rows.map((r) => ({
    ...r,
    items: items.filter((i) => i.orderId === r.order.id),
    coupon: coupons.get(r.order.id) ?? null,
  }));
}

export async function findUserOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderWithItems | undefined> {
  const rows = await db
    .select({ order: orders, teamName: teams.teamName })
    .from(orders)
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return (await attachItems(db, rows))[0];
}

export async function listUserOrders(db: Db, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({ order: orders, teamName: teams.teamName })
    .from(orders)
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.userId, userId));
  return { rows: await attachItems(db, rows), total: total?.n ?? 0 };
}

/** The amount of an order by its number (the sandbox payer's page pays it). */
export async function findOrderAmount(db: Db, orderNo: string): Promise<number | undefined> {
  const [row] = await db.select({ amount: orders.amount }).from(orders).where(eq(orders.orderNo, orderNo));
  return row?.amount;
}

export async function lockOrderByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return rows[0];
}

/** Records a notification once; false when this event id was seen before (a replay or a retry). */
export async function recordPaymentEvent(db: Db, row: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length === 1;
}

export async function setEventOutcome(
  db: Db,
  provider: string,
  eventId: string,
  outcome: string,
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

/** Marks paid and grants every item to the team, once: entitlements are unique per team and course. */
/** Marks the order paid and grants its courses; `provider`, when given, is the one it was paid with. */
export async function markPaidAndGrant(
  db: Db,
  order: OrderRow,
  txnId: string,
  provider?: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'paid', paidAt: new Date(), providerTxn: txnId, ...(provider ? { provider } : {}) })
    .where(eq(orders.id, order.id));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const item of items) {
    const granted = await db
      .insert(entitlements)
      .values({ teamId: order.teamId, courseId: item.courseId, orderId: order.id })
      .onConflictDoNothing()
      .returning({ courseId: entitlements.courseId });
    // The search documents copy the count in the same transaction (trigger of migration 0010).
    if (granted.length)
      await db
        .update(courses)
        .set({ sales: sql`${courses.sales} + 1` })
        .where(eq(courses.id, item.courseId));
  }
}

/** The provider the buyer chose on the pay page, while the order is still pending. */
export async function setPendingOrderProvider(db: Db, orderId: number, provider: string): Promise<void> {
  await db
    .update(orders)
    .set({ provider })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

/** Marks a pending order expired once its time is up; a paid order is never touched. */
export async function expirePendingOrder(db: Db, orderId: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), sql`${orders.expiresAt} <= now()`))
    .returning({ id: orders.id });
  return rows.length === 1;
}

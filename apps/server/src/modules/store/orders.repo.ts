import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SaleCount } from './sales.ts';
import {
  courseSales,
  entitlements,
  orderItems,
  type OrderRow,
  orders,
  paymentEvents,
  refunds,
  teamNames,
} from '../../db/schema.ts';
import { orderCoupons } from './coupons.repo.ts';

export type OrderItemRow = typeof orderItems.$inferSelect;
/** A line with its refund that is open or done (a refused one is left out: it may be asked again). */
export type OrderLine = OrderItemRow & {
  refund: { status: 'requested' | 'processing' | 'refunded'; automatic: boolean } | null;
};
export type OrderWithItems = {
  order: OrderRow;
  items: OrderLine[];
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

/** The advisory-lock class of a team's checkouts; negative, so never an id pair of another lock. */
const CHECKOUT_LOCK = -2;

/**
 * Serialises the checkouts of one team (two clicks, two tabs, two members) inside the caller's
 * transaction: the courses in the team's pending orders are read under it.
 */
export async function lockCheckout(db: Db, teamId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK}, ${teamId})`);
}

/** The order (id, number, buyer) holding each course: one the team owns, or a pending one of it. */
export type HeldBy = { courseId: number; orderId: number; orderNo: string; userId: number };

/** Which of these courses the team owns, with the order that granted each (other than `except`). */
export async function ownedBy(
  db: Db,
  teamId: number,
  courseIds: number[],
  except?: number,
): Promise<HeldBy[]> {
  if (courseIds.length === 0) return [];
  return db
    .select({
      courseId: entitlements.courseId,
      orderId: orders.id,
      orderNo: orders.orderNo,
      userId: orders.userId,
    })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(
      and(
        eq(entitlements.teamId, teamId),
        inArray(entitlements.courseId, courseIds),
        ...(except === undefined ? [] : [ne(entitlements.orderId, except)]),
      ),
    );
}

/** Which of these courses are in a pending order of the team whose time is not up. */
export async function pendingWith(db: Db, teamId: number, courseIds: number[]): Promise<HeldBy[]> {
  if (courseIds.length === 0) return [];
  return db
    .select({
      courseId: orderItems.courseId,
      orderId: orders.id,
      orderNo: orders.orderNo,
      userId: orders.userId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.status, 'pending'),
        gt(orders.expiresAt, sql`now()`),
        inArray(orderItems.courseId, courseIds),
      ),
    )
    .orderBy(desc(orders.id));
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
    .select({ item: orderItems, status: refunds.status, automatic: refunds.automatic })
    .from(orderItems)
    .leftJoin(refunds, and(eq(refunds.orderItemId, orderItems.id), ne(refunds.status, 'refused')))
    .where(sql`${orderItems.orderId} in ${ids}`)
    .orderBy(orderItems.id);
  const lines: OrderLine[] = items.map(({ item, status, automatic }) => ({
    ...item,
    refund: status && status !== 'refused' ? { status, automatic: automatic ?? false } : null,
  }));
  const coupons = await orderCoupons(db, ids);
  return rows.map((r) => ({
    ...r,
    items: lines.filter((i) => i.orderId === r.order.id),
    coupon: coupons.get(r.order.id) ?? null,
  }));
}

export async function findUserOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderWithItems | undefined> {
  const rows = await db
    .select({ order: orders, teamName: teamNames.teamName })
    .from(orders)
    .innerJoin(teamNames, eq(teamNames.id, orders.teamId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return (await attachItems(db, rows))[0];
}

/** An order of the team, whoever of it bought (a cancel by the team's OWNER/ADMIN answers it). */
export async function findTeamOrder(
  db: Db,
  teamId: number,
  orderId: number,
): Promise<OrderWithItems | undefined> {
  const rows = await db
    .select({ order: orders, teamName: teamNames.teamName })
    .from(orders)
    .innerJoin(teamNames, eq(teamNames.id, orders.teamId))
    .where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)));
  return (await attachItems(db, rows))[0];
}

export async function listUserOrders(db: Db, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({ order: orders, teamName: teamNames.teamName })
    .from(orders)
    .innerJoin(teamNames, eq(teamNames.id, orders.teamId))
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

/** What an order by its number is for (the sandbox payer's page shows and pays it). */
export async function findOrderSummary(db: Db, orderNo: string) {
  const [row] = await db
    .select({ id: orders.id, amount: orders.amount, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  if (!row) return undefined;
  const items = await db
    .select({ title: orderItems.title, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(orderItems.id);
  return { ...row, items };
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

/**
 * Marks the order paid and grants its courses once (entitlements are unique per team and course);
 * `provider`, when given, is the one it was paid with. Answers the lines not granted: those whose
 * course the team holds by another order, and every line when `grant` is false (a cancelled order);
 * and the sales counts of the courses granted, each a sale more, for the caller to publish (sales.ts).
 */
export async function markPaidAndGrant(
  db: Db,
  order: OrderRow,
  txnId: string,
  provider?: string,
  grant = true,
): Promise<{ notGranted: OrderItemRow[]; sales: SaleCount[] }> {
  await db
    .update(orders)
    .set({ status: 'paid', paidAt: new Date(), providerTxn: txnId, ...(provider ? { provider } : {}) })
    .where(eq(orders.id, order.id));
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  if (!grant) return { notGranted: items, sales: [] };
  const notGranted: OrderItemRow[] = [];
  const sales: SaleCount[] = [];
  for (const item of items) {
    const granted = await db
      .insert(entitlements)
      .values({ teamId: order.teamId, courseId: item.courseId, orderId: order.id })
      .onConflictDoNothing()
      .returning({ courseId: entitlements.courseId });
    // The sale counts in this transaction.
    if (granted.length)
      sales.push(
        ...(await db
          .insert(courseSales)
          .values({ courseId: item.courseId, sales: 1 })
          .onConflictDoUpdate({ target: courseSales.courseId, set: { sales: sql`${courseSales.sales} + 1` } })
          .returning({ courseId: courseSales.courseId, sales: courseSales.sales })),
      );
    else notGranted.push(item);
  }
  return { notGranted, sales };
}

/** Cancels a pending order of the team (its coupon use is freed: only paid and pending ones count). */
export async function cancelPendingOrder(db: Db, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
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

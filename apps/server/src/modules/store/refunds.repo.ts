import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { SaleCount } from './sales.ts';
import {
  courseOwners,
  courseSales,
  entitlements,
  orderItems,
  orders,
  type RefundRow,
  refunds,
  teamNames,
} from '../../db/schema.ts';

/** The current team's order, locked: a refund asked for it is checked against its state. */
export async function lockTeamOrder(db: Db, teamId: number, orderId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)))
    .for('update');
  return rows[0];
}

/** A line of an order, with the team that sells its course. */
export async function findOrderLine(db: Db, orderId: number, courseId: number) {
  const rows = await db
    .select({ item: orderItems, sellerTeamId: courseOwners.teamId })
    .from(orderItems)
    .innerJoin(courseOwners, eq(courseOwners.id, orderItems.courseId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.courseId, courseId)));
  return rows[0];
}

/** The refund of an order line that is open or done (a refused one does not count). */
export async function findLiveRefund(db: Db, orderItemId: number): Promise<RefundRow | undefined> {
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderItemId, orderItemId), ne(refunds.status, 'refused')));
  return rows[0];
}

export async function insertRefund(db: Db, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await db.insert(refunds).values(row).returning();
  return inserted!;
}

/** A refund made to the seller team, locked for a decision; undefined for another team's. */
export async function lockSellerRefund(db: Db, sellerTeamId: number, refundId: number) {
  const rows = await db
    .select({
      refund: refunds,
      orderNo: orders.orderNo,
      orderAmount: orders.amount,
      provider: orders.provider,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.id, refundId), eq(refunds.sellerTeamId, sellerTeamId)))
    .for('update', { of: refunds });
  return rows[0];
}

/** The team that sells each of these courses, by course id (the seller side of a refund). */
export async function sellerTeamsOf(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseOwners.id, teamId: courseOwners.teamId })
    .from(courseOwners)
    .where(inArray(courseOwners.id, courseIds));
  return new Map(rows.map((r) => [r.courseId, r.teamId]));
}

/**
 * A refund with its order's number, paid total and provider: to start it at the provider (an
 * automatic refund) or to ask the provider about it (the check job).
 */
export async function findRefundToCheck(db: Db, refundId: number) {
  const rows = await db
    .select({
      refund: refunds,
      orderNo: orders.orderNo,
      orderAmount: orders.amount,
      provider: orders.provider,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  return rows[0];
}

export async function lockRefundByNo(db: Db, refundNo: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.refundNo, refundNo)).for('update');
  return rows[0];
}

export async function updateRefund(
  db: Db,
  refundId: number,
  patch: Partial<typeof refunds.$inferInsert>,
): Promise<void> {
  await db.update(refunds).set(patch).where(eq(refunds.id, refundId));
}

/** Puts an approved refund back to 待处理 when the provider refused it (only while still processing). */
export async function reopenRefund(db: Db, refundId: number): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'requested', decidedBy: null, decidedAt: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'processing')));
}

/**
 * Marks a refund paid back and takes the course from the buying team (the entitlement its order
 * granted), with one sale less; inside the caller's transaction, on the locked refund row. Answers
 * the course's new sales count when an entitlement was taken; an automatic refund of a line never
 * granted (the team holds the course by another order, or the order was cancelled) takes nothing,
 * must revoke nothing, and answers none.
 */
export async function markRefundedAndRevoke(
  db: Db,
  refund: RefundRow,
  providerRefundId: string,
): Promise<SaleCount[]> {
  await updateRefund(db, refund.id, { status: 'refunded', refundedAt: new Date(), providerRefundId });
  const [item] = await db
    .select({ courseId: orderItems.courseId })
    .from(orderItems)
    .where(eq(orderItems.id, refund.orderItemId));
  const revoked = await db
    .delete(entitlements)
    .where(
      and(
        eq(entitlements.teamId, refund.buyerTeamId),
        eq(entitlements.courseId, item!.courseId),
        eq(entitlements.orderId, refund.orderId),
      ),
    )
    .returning({ courseId: entitlements.courseId });
  if (!revoked.length) return [];
  return db
    .update(courseSales)
    .set({ sales: sql`greatest(${courseSales.sales} - 1, 0)` })
    .where(eq(courseSales.courseId, item!.courseId))
    .returning({ courseId: courseSales.courseId, sales: courseSales.sales });
}

const buyerTeams = alias(teamNames, 'buyer_team');
const sellerTeams = alias(teamNames, 'seller_team');

const refundViews = (db: Db) =>
  db
    .select({
      refund: refunds,
      orderNo: orders.orderNo,
      courseId: orderItems.courseId,
      title: orderItems.title,
      buyerTeamName: buyerTeams.teamName,
      sellerTeamName: sellerTeams.teamName,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(orderItems, eq(orderItems.id, refunds.orderItemId))
    .innerJoin(buyerTeams, eq(buyerTeams.id, refunds.buyerTeamId))
    .innerJoin(sellerTeams, eq(sellerTeams.id, refunds.sellerTeamId));

export type RefundView = Awaited<ReturnType<ReturnType<typeof refundViews>['execute']>>[number];

export async function findRefundView(db: Db, refundId: number): Promise<RefundView | undefined> {
  return (await refundViews(db).where(eq(refunds.id, refundId)))[0];
}

/** The refunds a team asked for (`buyer`) or that were asked of it (`seller`), newest first. */
export async function pageRefunds(
  db: Db,
  side: 'buyer' | 'seller',
  teamId: number,
  limit: number,
  offset: number,
) {
  const where = side === 'buyer' ? eq(refunds.buyerTeamId, teamId) : eq(refunds.sellerTeamId, teamId);
  const rows = await refundViews(db).where(where).orderBy(desc(refunds.id)).limit(limit).offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(refunds)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

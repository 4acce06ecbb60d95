import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { courseOwners, invoices, orderItems, orders, refunds, teamNames } from '../../db/schema.ts';

/** What each seller team sold in an order, refunded lines left out (fen). */
export async function orderSellerTotals(db: Db, orderId: number) {
  return db
    .select({
      sellerTeamId: courseOwners.teamId,
      amount: sql<number>`sum(${orderItems.price})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(courseOwners, eq(courseOwners.id, orderItems.courseId))
    .leftJoin(refunds, and(eq(refunds.orderItemId, orderItems.id), eq(refunds.status, 'refunded')))
    .where(and(eq(orderItems.orderId, orderId), sql`${refunds.id} is null`))
    .groupBy(courseOwners.teamId);
}

/** Inserts the invoices not asked yet (one per order and seller team); answers their ids. */
export async function insertInvoices(db: Db, rows: (typeof invoices.$inferInsert)[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(invoices)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  return inserted.map((r) => r.id);
}

/** An invoice asked of the seller team; undefined for another team's. */
export async function findSellerInvoice(db: Db, sellerTeamId: number, invoiceId: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.sellerTeamId, sellerTeamId)));
  return rows[0];
}

/** Marks a requested invoice issued with its file; false when it was issued meanwhile. */
export async function markIssued(db: Db, invoiceId: number, fileKey: string): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ status: 'issued', fileKey, issuedAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), ne(invoices.status, 'issued')))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

/** An invoice either side of it may read: the buying or the selling team. */
export async function findTeamInvoice(db: Db, teamId: number, invoiceId: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, invoiceId),
        sql`(${invoices.buyerTeamId} = ${teamId} or ${invoices.sellerTeamId} = ${teamId})`,
      ),
    );
  return rows[0];
}

const buyerTeams = alias(teamNames, 'buyer_team');
const sellerTeams = alias(teamNames, 'seller_team');

const invoiceViews = (db: Db) =>
  db
    .select({
      invoice: invoices,
      orderNo: orders.orderNo,
      buyerTeamName: buyerTeams.teamName,
      sellerTeamName: sellerTeams.teamName,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(buyerTeams, eq(buyerTeams.id, invoices.buyerTeamId))
    .innerJoin(sellerTeams, eq(sellerTeams.id, invoices.sellerTeamId));

export type InvoiceView = Awaited<ReturnType<ReturnType<typeof invoiceViews>['execute']>>[number];

export async function findInvoiceViews(db: Db, ids: number[]): Promise<InvoiceView[]> {
  if (ids.length === 0) return [];
  return invoiceViews(db)
    .where(sql`${invoices.id} in ${ids}`)
    .orderBy(invoices.id);
}

export async function pageInvoices(
  db: Db,
  side: 'buyer' | 'seller',
  teamId: number,
  orderId: number | undefined,
  limit: number,
  offset: number,
) {
  const where = and(
    side === 'buyer' ? eq(invoices.buyerTeamId, teamId) : eq(invoices.sellerTeamId, teamId),
    orderId === undefined ? undefined : eq(invoices.orderId, orderId),
  );
  const rows = await invoiceViews(db).where(where).orderBy(desc(invoices.id)).limit(limit).offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

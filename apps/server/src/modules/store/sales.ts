/**
 * The store's sales count (`course_sales`) changes in the transaction that grants a course (a sale
 * more) or refunds it (one less). Each new count is published there (`sales.changed`), so what others
 * keep of it (the search documents, ordered by sales) changes in the same transaction.
 */
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';

/** A course's sales count after a change. */
export type SaleCount = { courseId: number; sales: number };

export async function publishSales(ctx: AppContext, db: Db, counts: SaleCount[]): Promise<void> {
  for (const { courseId, sales } of counts)
    await ctx.domainEvents.publish(db, { type: 'sales.changed', courseId, sales });
}

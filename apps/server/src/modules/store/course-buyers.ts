/** Who bought a sold course: each holding team's buyer (the entitlement's order), for its new releases. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { entitlements, orderItems, orders } from '../../db/schema.ts';

export async function courseBuyers(
  db: Db,
  courseId: number,
): Promise<{ teamId: number; userId: number; title: string }[]> {
  return db
    .selectDistinct({ teamId: entitlements.teamId, userId: orders.userId, title: orderItems.title })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.courseId, courseId)))
    .where(eq(entitlements.courseId, courseId));
}

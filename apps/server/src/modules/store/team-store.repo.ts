import { and, desc, eq, gte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courseOwners,
  courseSales,
  currentReleases,
  entitlements,
  orderItems,
  orders,
  refunds,
  teamNames,
} from '../../db/schema.ts';
import { listed, type ListedCourse } from './catalog.repo.ts';

/** The team's bought courses, each with the release it now reads (buyers follow later releases). */
export async function pagePurchased(db: Db, teamId: number, limit: number, offset: number) {
  const where = eq(entitlements.teamId, teamId);
  const rows: ListedCourse[] = await db
    .select(listed())
    .from(entitlements)
    .innerJoin(currentReleases, eq(currentReleases.courseId, entitlements.courseId))
    .innerJoin(teamNames, eq(teamNames.id, currentReleases.teamId))
    .leftJoin(courseSales, eq(courseSales.courseId, currentReleases.courseId))
    .where(where)
    .orderBy(desc(entitlements.grantedAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(entitlements)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

const soldItems = (db: Db, teamId: number, since: Date) =>
  db
    .select({
      orderId: orders.id,
      buyerTeam: orders.teamId,
      paidAt: orders.paidAt,
      courseId: orderItems.courseId,
      title: courseOwners.title,
      price: orderItems.price,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(courseOwners, eq(courseOwners.id, orderItems.courseId))
    .where(
      and(
        eq(courseOwners.teamId, teamId),
        eq(orders.status, 'paid'),
        gte(orders.paidAt, since),
        // A refunded line is no sale: the figures subtract it; nor is money paid back automatically
        // (the team owned the course, or the order was cancelled), from the moment it is made.
        notExists(
          db
            .select({ one: sql`1` })
            .from(refunds)
            .where(
              and(
                eq(refunds.orderItemId, orderItems.id),
                or(eq(refunds.status, 'refunded'), eq(refunds.automatic, true)),
              ),
            ),
        ),
      ),
    );

export type SoldItem = Awaited<ReturnType<ReturnType<typeof soldItems>['execute']>>[number];

export async function listSoldItems(db: Db, teamId: number, since: Date): Promise<SoldItem[]> {
  return soldItems(db, teamId, since);
}

export async function pageTeamPaidOrders(db: Db, teamId: number, limit: number, offset: number) {
  const where = and(eq(orders.teamId, teamId), eq(orders.status, 'paid'));
  const rows = await db
    .select({ order: orders, teamName: teamNames.teamName })
    .from(orders)
    .innerJoin(teamNames, eq(teamNames.id, orders.teamId))
    .where(where)
    .orderBy(desc(orders.paidAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

import { and, desc, eq, gte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courses,
  courseReleases,
  entitlements,
  orderItems,
  orders,
  refunds,
  teams,
} from '../../db/schema.ts';
import type { ListedCourse } from './catalog.repo.ts';

/** The team's bought courses, each with the release it now reads (buyers follow later releases). */
export async function pagePurchased(db: Db, teamId: number, limit: number, offset: number) {
  const where = eq(entitlements.teamId, teamId);
  const rows: ListedCourse[] = await db
    .select({
      courseId: courses.id,
      teamId: courses.teamId,
      category: courses.category,
      sales: courses.sales,
      teamName: teams.teamName,
      release: courseReleases,
    })
    .from(entitlements)
    .innerJoin(courses, eq(courses.id, entitlements.courseId))
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .innerJoin(teams, eq(teams.id, courses.teamId))
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
      title: courses.title,
      price: orderItems.price,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(courses, eq(courses.id, orderItems.courseId))
    .where(
      and(
        eq(courses.teamId, teamId),
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
    .select({ order: orders, teamName: teams.teamName })
    .from(orders)
    .innerJoin(teams, eq(teams.id, orders.teamId))
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

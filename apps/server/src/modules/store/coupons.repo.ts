import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, type CouponRow, coupons, courseOwners, orders } from '../../db/schema.ts';

/**
 * Orders holding a use of a coupon: paid ones, and pending ones whose time is not up (an order that
 * expires unpaid gives its use back without anyone rewriting a counter).
 */
const liveUse = sql`(${orders.status} = 'paid' or (${orders.status} = 'pending' and ${orders.expiresAt} > now()))`;

export async function insertCoupon(db: Db, row: typeof coupons.$inferInsert): Promise<CouponRow | undefined> {
  const [created] = await db.insert(coupons).values(row).onConflictDoNothing().returning();
  return created;
}

export type CouponWithUses = CouponRow & { used: number };

export async function listTeamCoupons(db: Db, teamId: number): Promise<CouponWithUses[]> {
  const used = db
    .select({ couponId: couponRedemptions.couponId, n: sql<number>`count(*)::int`.as('n') })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(liveUse)
    .groupBy(couponRedemptions.couponId)
    .as('used');
  const rows = await db
    .select({ coupon: coupons, used: sql<number>`coalesce(${used.n}, 0)`.mapWith(Number) })
    .from(coupons)
    .leftJoin(used, eq(used.couponId, coupons.id))
    .where(eq(coupons.teamId, teamId))
    .orderBy(desc(coupons.id));
  return rows.map((r) => ({ ...r.coupon, used: r.used }));
}

/** A coupon by the code a buyer typed; `lock` holds the row till the transaction ends (checkout). */
export async function findCouponByCode(db: Db, code: string, lock = false): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Live uses of a coupon: by everyone, and by one buying team. */
export async function couponUses(db: Db, couponId: number, teamId: number) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      team: sql<number>`count(*) filter (where ${couponRedemptions.teamId} = ${teamId})`.mapWith(Number),
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(and(eq(couponRedemptions.couponId, couponId), liveUse));
  return { all: row?.all ?? 0, team: row?.team ?? 0 };
}

export async function insertRedemption(db: Db, row: typeof couponRedemptions.$inferInsert): Promise<void> {
  await db.insert(couponRedemptions).values(row);
}

/** Disables the team's coupon; false when the team has no such coupon. */
export async function disableCoupon(db: Db, teamId: number, couponId: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ disabledAt: sql`coalesce(${coupons.disabledAt}, now())` })
    .where(and(eq(coupons.id, couponId), eq(coupons.teamId, teamId)))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/** The coupon code and discount of each of these orders that used one. */
export async function orderCoupons(
  db: Db,
  orderIds: number[],
): Promise<Map<number, { code: string; discount: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: couponRedemptions.orderId, code: coupons.code, discount: couponRedemptions.discount })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(sql`${couponRedemptions.orderId} in ${orderIds}`);
  return new Map(rows.map((r) => [r.orderId, { code: r.code, discount: r.discount }]));
}

/**
 * Which of these course ids are the seller team's live courses (another team's ids are left out, never
 * told apart): a coupon names only its own team's courses. Read here, like the catalog reads listed
 * courses, so the store never calls into the courses module (courses calls the store: deletion, prices).
 */
export async function teamCourseIds(
  db: Db,
  teamId: number,
  courseIds: readonly number[],
): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ id: courseOwners.id })
    .from(courseOwners)
    .where(
      and(
        eq(courseOwners.teamId, teamId),
        isNull(courseOwners.deletedAt),
        sql`${courseOwners.id} in ${courseIds}`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

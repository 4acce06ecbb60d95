import { Code, type Coupon, type CouponCreateBody, type CouponPreview } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { CouponRow } from '../../db/schema.ts';
import { type TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import {
  couponUses,
  disableCoupon,
  findCouponByCode,
  insertCoupon,
  listTeamCoupons,
  teamCourseIds,
  type CouponWithUses,
} from './coupons.repo.ts';
import { basket } from './cart.service.ts';
import { couponDiscount, sumCents, type SaleCourse } from './pricing.ts';

const toCoupon = (c: CouponWithUses): Coupon => ({
  couponId: c.id,
  code: c.code,
  kind: c.kind,
  value: c.value,
  minOrder: c.minOrder,
  validFrom: c.validFrom.getTime(),
  validTo: c.validTo.getTime(),
  totalLimit: c.totalLimit,
  perTeamLimit: c.perTeamLimit,
  courseIds: c.courseIds,
  used: c.used,
  disabled: c.disabledAt !== null,
  createTime: c.createdAt.getTime(),
});

/** A seller team's new coupon: its courses must be the team's own; codes are unique in the store. */
export async function createCoupon(c: TeamCtx, body: CouponCreateBody): Promise<Coupon> {
  authorize(c, 'coupon.manage');
  const teamId = c.membership.team.id;
  if (body.courseIds) {
    const own = await teamCourseIds(c.ctx.db, teamId, body.courseIds);
    if (body.courseIds.some((id) => !own.has(id))) throw new AppError(Code.NOT_FOUND);
  }
  const created = await insertCoupon(c.ctx.db, {
    teamId,
    code: body.code,
    kind: body.kind,
    value: body.value,
    minOrder: body.minOrder,
    validFrom: new Date(body.validFrom),
    validTo: new Date(body.validTo),
    totalLimit: body.totalLimit,
    perTeamLimit: body.perTeamLimit,
    courseIds: body.courseIds ? [...new Set(body.courseIds)] : null,
    createdBy: c.actor.user.id,
  });
  if (!created) throw new AppError(Code.COUPON_CODE_TAKEN);
  return toCoupon({ ...created, used: 0 });
}

export async function listCoupons(c: TeamCtx): Promise<{ list: Coupon[] }> {
  authorize(c, 'coupon.view');
  return { list: (await listTeamCoupons(c.ctx.db, c.membership.team.id)).map(toCoupon) };
}

/** Stops a coupon for new orders (orders that used it keep their price). Another team's: 404. */
export async function stopCoupon(c: TeamCtx, couponId: number): Promise<void> {
  authorize(c, 'coupon.manage');
  if (!(await disableCoupon(c.ctx.db, c.membership.team.id, couponId))) throw new AppError(Code.NOT_FOUND);
}

/**
 * The coupon a buying team may use now, by its code: live, started, not past its end, with a use
 * left in all and for this team. At checkout `lock` holds the coupon row, so parallel checkouts
 * count its uses one after another and never hand out more than its limits.
 */
export async function usableCoupon(
  db: Db,
  code: string,
  buyerTeamId: number,
  lock = false,
): Promise<CouponRow> {
  const coupon = await findCouponByCode(db, code, lock);
  if (!coupon) throw new AppError(Code.COUPON_NOT_FOUND);
  const now = Date.now();
  if (coupon.disabledAt || coupon.validTo.getTime() <= now) throw new AppError(Code.COUPON_EXPIRED);
  if (coupon.validFrom.getTime() > now) throw new AppError(Code.COUPON_NOT_STARTED);
  const uses = await couponUses(db, coupon.id, buyerTeamId);
  if (coupon.totalLimit !== null && uses.all >= coupon.totalLimit) throw new AppError(Code.COUPON_USED_UP);
  if (coupon.perTeamLimit !== null && uses.team >= coupon.perTeamLimit)
    throw new AppError(Code.COUPON_TEAM_LIMIT);
  return coupon;
}

/** What the coupon takes off these courses, in fen by course id (the rules are pricing's). */
export const couponOff = (coupon: CouponRow, courses: readonly SaleCourse[]) =>
  couponDiscount(
    {
      teamId: coupon.teamId,
      kind: coupon.kind,
      value: coupon.value,
      minOrder: coupon.minOrder,
      courseIds: coupon.courseIds,
    },
    courses,
  );

/** The cart's answer to a typed code: what checkout would take off the selected courses, nothing written. */
export async function previewCoupon(c: TeamCtx, code: string, courseIds?: number[]): Promise<CouponPreview> {
  authorize(c, 'order.create');
  const { courses, team } = await basket(c.ctx.db, c.actor.user.id, c.membership.team.id, courseIds);
  if (courses.length === 0) throw new AppError(Code.CART_EMPTY);
  const coupon = await usableCoupon(c.ctx.db, code, team.teamId);
  const off = couponOff(coupon, courses);
  const discount = sumCents(off.values());
  return {
    code: coupon.code,
    discount,
    total: sumCents(courses.map((l) => l.release.price)) - discount,
    courseIds: [...off.keys()],
  };
}

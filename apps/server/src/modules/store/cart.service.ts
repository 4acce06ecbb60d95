import { Code, type Cart } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { type TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { findListed, listListed, ownedCourseIds, type ListedCourse } from './catalog.repo.ts';
import { toCard } from './catalog.service.ts';
import { addCartItem, cartRows, removeCartItems, selectCartItems } from './cart.repo.ts';
import { ownedBy, pendingWith, type HeldBy } from './orders.repo.ts';
import { assertBuyable, buyability, linesTotal, priceFor, type BuyingTeam } from './pricing.ts';

/** The order holding a course, as the envelope's data: the web links to the asker's own in 交易信息. */
export const heldData = (held: HeldBy, userId: number) => ({
  orderId: held.orderId,
  orderNo: held.orderNo,
  mine: held.userId === userId,
});

/**
 * A course the team owns (40003) or has in a pending order (40030) is not bought again: refused with
 * the order that holds it. Checkout calls it under the team's checkout lock, so two members racing
 * make one order.
 */
export async function assertNotHeld(db: Db, userId: number, teamId: number, courseIds: number[]) {
  const [owned] = await ownedBy(db, teamId, courseIds);
  if (owned) throw new AppError(Code.ALREADY_OWNED, { data: heldData(owned, userId) });
  const [pending] = await pendingWith(db, teamId, courseIds);
  if (pending)
    throw new AppError(Code.COURSE_IN_PENDING_ORDER, {
      params: { orderNo: pending.orderNo },
      data: heldData(pending, userId),
    });
}

const buyingTeam = async (c: TeamCtx): Promise<BuyingTeam> => ({
  teamId: c.membership.team.id,
  owned: await ownedCourseIds(c.ctx.db, c.membership.team.id),
});

/** The cart of this user in this team, priced from the server's latest releases. */
export async function getCart(c: TeamCtx): Promise<Cart> {
  const rows = await cartRows(c.ctx.db, c.actor.user.id, c.membership.team.id);
  const listed = new Map(
    (
      await listListed(
        c.ctx.db,
        rows.map((r) => r.courseId),
      )
    ).map((l) => [l.courseId, l]),
  );
  const team = await buyingTeam(c);
  const lines = rows.flatMap((r) => {
    const l = listed.get(r.courseId);
    if (!l) return [];
    const item = {
      ...toCard(l),
      price: priceFor(l, team),
      selected: r.selected,
      owned: team.owned.has(l.courseId),
    };
    return [{ item, payable: r.selected && buyability(l, team).buyable }];
  });
  const payable = lines.filter((line) => line.payable).map((line) => line.item);
  return {
    list: lines.map((line) => line.item),
    selectedCount: payable.length,
    selectedTotal: linesTotal(payable),
  };
}

export async function addToCart(c: TeamCtx, courseId: number): Promise<Cart> {
  authorize(c, 'order.create');
  await assertNotHeld(c.ctx.db, c.actor.user.id, c.membership.team.id, [courseId]);
  assertBuyable([await findListed(c.ctx.db, courseId)], await buyingTeam(c));
  await addCartItem(c.ctx.db, c.actor.user.id, c.membership.team.id, courseId);
  return getCart(c);
}

export async function removeFromCart(c: TeamCtx, courseIds: number[]): Promise<Cart> {
  await removeCartItems(c.ctx.db, c.actor.user.id, c.membership.team.id, courseIds);
  return getCart(c);
}

export async function selectInCart(c: TeamCtx, courseIds: number[], selected: boolean): Promise<Cart> {
  await selectCartItems(c.ctx.db, c.actor.user.id, c.membership.team.id, courseIds, selected);
  return getCart(c);
}

/**
 * What an order of this user and team would hold: the cart's selected courses (or exactly
 * `courseIds` of the cart), each released, of another team and not owned yet (else the refusal in
 * rule order). Checkout and the coupon preview price the same basket.
 */
export async function basket(
  db: Db,
  userId: number,
  teamId: number,
  courseIds?: number[],
): Promise<{ courses: ListedCourse[]; team: BuyingTeam }> {
  const rows = (await cartRows(db, userId, teamId)).filter((r) =>
    courseIds ? courseIds.includes(r.courseId) : r.selected,
  );
  if (rows.length === 0) return { courses: [], team: { teamId, owned: new Set() } };
  const listed = new Map(
    (
      await listListed(
        db,
        rows.map((r) => r.courseId),
      )
    ).map((l) => [l.courseId, l]),
  );
  // Owned (40003) or in a pending order of the team (40030): refused with the order that holds it.
  await assertNotHeld(
    db,
    userId,
    teamId,
    rows.map((r) => r.courseId),
  );
  const team = { teamId, owned: await ownedCourseIds(db, teamId) };
  assertBuyable(
    rows.map((r) => listed.get(r.courseId)),
    team,
  );
  return { courses: [...listed.values()], team };
}

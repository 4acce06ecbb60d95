import { type Cart, Code } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorizeWrite } from '../../platform/policy.ts';
import type { Membership } from '../teams/teams.repo.ts';
import { findListed, isOwned, listListed, ownedCourseIds } from './catalog.repo.ts';
import { toCard } from './catalog.service.ts';
import { addCartItem, cartRows, removeCartItems, selectCartItems } from './cart.repo.ts';

type Ctx = { ctx: AppContext; actor: Actor; membership: Membership };

/** The cart of this user in this team, priced from the server's latest releases. */
export async function getCart({ ctx, actor, membership }: Ctx): Promise<Cart> {
  const rows = await cartRows(ctx.db, actor.user.id, membership.team.id);
  const listed = new Map(
    (
      await listListed(
        ctx.db,
        rows.map((r) => r.courseId),
      )
    ).map((l) => [l.courseId, l]),
  );
  const owned = await ownedCourseIds(ctx.db, membership.team.id);
  const list = rows.flatMap((r) => {
    const l = listed.get(r.courseId);
    return l ? [{ ...toCard(l), selected: r.selected, owned: owned.has(r.courseId) }] : [];
  });
  const payable = list.filter((i) => i.selected && !i.owned);
  return { list, selectedCount: payable.length, selectedTotal: payable.reduce((sum, i) => sum + i.price, 0) };
}

export async function addToCart(c: Ctx, courseId: number): Promise<Cart> {
  authorizeWrite(c.membership);
  const listed = await findListed(c.ctx.db, courseId);
  if (!listed) throw new AppError(Code.COURSE_NOT_FOR_SALE);
  if (listed.teamId === c.membership.team.id) throw new AppError(Code.OWN_TEAM_COURSE);
  if (await isOwned(c.ctx.db, c.membership.team.id, courseId)) throw new AppError(Code.ALREADY_OWNED);
  await addCartItem(c.ctx.db, c.actor.user.id, c.membership.team.id, courseId);
  return getCart(c);
}

export async function removeFromCart(c: Ctx, courseIds: number[]): Promise<Cart> {
  await removeCartItems(c.ctx.db, c.actor.user.id, c.membership.team.id, courseIds);
  return getCart(c);
}

export async function selectInCart(c: Ctx, courseIds: number[], selected: boolean): Promise<Cart> {
  await selectCartItems(c.ctx.db, c.actor.user.id, c.membership.team.id, courseIds, selected);
  return getCart(c);
}

import { Code, type NonMember, type Page, type TeamRole, type TeamUser } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize, type Who } from '../../platform/policy.ts';
import { memberAbilitiesOf } from '../../platform/abilities.ts';
import { maskPhone, updateUser } from '../users/index.ts';
import {
  deleteMember,
  lockTeam,
  pageMembers,
  roleOf,
  searchNonMembers,
  setOwner,
  setRole,
  type MemberRow,
} from './members.repo.ts';
import type { Membership } from '../../platform/membership.ts';

/** A member's row, with what the viewer's role allows on it. */
const toTeamUser =
  (viewer: Who) =>
  (m: MemberRow): TeamUser => ({
    userId: m.user.id,
    nickName: m.user.nickName,
    headImage: m.user.headImage,
    phone: maskPhone(m.user.phone),
    userTeamRole: m.role,
    joinTime: m.joinedAt.getTime(),
    abilities: memberAbilitiesOf(viewer, { userId: m.user.id, role: m.role }),
  });

export async function listMembers(
  ctx: AppContext,
  viewer: Who,
  q: { keyword: string; role?: TeamRole; pageNum: number; pageSize: number },
): Promise<Page<TeamUser>> {
  authorize(viewer, 'team.view');
  const teamId = viewer.membership.team.id;
  // The team page (no filter) is read far more than members change: its rows are cached, and any
  // change of a member or a user empties the cache in every process (the 'auth' triggers).
  const { rows, total } =
    q.keyword || q.role
      ? await pageMembers(ctx.db, teamId, q)
      : await memberPages(ctx.db).get(`${teamId}:${q.pageNum}:${q.pageSize}`, () =>
          pageMembers(ctx.db, teamId, q),
        );
  return { list: rows.map(toTeamUser(viewer)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

type MemberPage = Awaited<ReturnType<typeof pageMembers>>;
const memberPageCaches = new WeakMap<Db, TtlCache<MemberPage>>();
/** Unfiltered member pages by team, page and size, kept up to 10 s per process (platform/cache.ts). */
function memberPages(db: Db): TtlCache<MemberPage> {
  let cache = memberPageCaches.get(db);
  if (!cache) memberPageCaches.set(db, (cache = new TtlCache<MemberPage>(db, 'auth', MEMBER_PAGE_CACHE)));
  return cache;
}
const MEMBER_PAGE_CACHE = { ttlMs: 10_000, max: 2_000 };

export async function searchMembers(ctx: AppContext, viewer: Who, keyword: string) {
  authorize(viewer, 'team.view');
  const { rows } = await pageMembers(ctx.db, viewer.membership.team.id, {
    keyword,
    pageNum: 1,
    pageSize: 20,
  });
  return { list: rows.map(toTeamUser(viewer)) };
}

export async function searchNonMembersOf(
  ctx: AppContext,
  membership: Membership,
  q: { keyword: string; pageNum: number; pageSize: number },
): Promise<{ list: NonMember[] }> {
  authorize(membership, 'team.invite');
  const rows = await searchNonMembers(
    ctx.db,
    membership.team.id,
    q.keyword,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  return {
    list: rows.map((u) => ({
      userId: u.id,
      nickName: u.nickName,
      headImage: u.headImage,
      phone: maskPhone(u.phone),
    })),
  };
}

export async function removeMember(ctx: AppContext, actor: Actor, membership: Membership, userId: number) {
  const teamId = membership.team.id;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const role = (await roleOf(tx, teamId, userId)) ?? null;
    authorize({ actor, membership }, 'member.remove', { userId, role });
    await deleteMember(tx, teamId, userId);
  });
}

/** Leaving checks the id given (the one call besides /team/change that takes a team id). */
export async function leaveTeam(ctx: AppContext, actor: Actor, teamId: number) {
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const role = await roleOf(tx, teamId, actor.user.id);
    if (!role) throw new AppError(Code.TEAM_NOT_FOUND);
    if (role === 'OWNER') throw new AppError(Code.OWNER_MUST_TRANSFER);
    await deleteMember(tx, teamId, actor.user.id);
    if (actor.user.lastTeamId === teamId) await updateUser(tx, actor.user.id, { lastTeamId: null });
  });
}

export async function changeRole(
  ctx: AppContext,
  actor: Actor,
  membership: Membership,
  userId: number,
  role: TeamRole,
) {
  const teamId = membership.team.id;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const current = (await roleOf(tx, teamId, userId)) ?? null;
    authorize({ actor, membership }, 'member.changeRole', { userId, role: current });
    await setRole(tx, teamId, userId, role);
  });
}

/** Hands the team over; the old owner becomes ADMIN. Serialised on the team row, so one OWNER always. */
export async function transferOwnership(
  ctx: AppContext,
  actor: Actor,
  membership: Membership,
  userId: number,
) {
  const teamId = membership.team.id;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    // The actor's role is read again inside the lock: a transfer that raced this one may have made
    // them ADMIN already.
    const own = await roleOf(tx, teamId, actor.user.id);
    const target = (await roleOf(tx, teamId, userId)) ?? null;
    authorize({ actor, membership: { ...membership, role: own ?? 'MEMBER' } }, 'member.transferOwner', {
      userId,
      role: target,
    });
    await setRole(tx, teamId, actor.user.id, 'ADMIN');
    await setRole(tx, teamId, userId, 'OWNER');
    await setOwner(tx, teamId, userId);
  });
}

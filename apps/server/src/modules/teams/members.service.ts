import { Code, type NonMember, type Page, type TeamRole, type TeamUser } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { maskPhone } from '../users/user-info.presenter.ts';
import { updateUser } from '../users/users.repo.ts';
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

const toTeamUser = (m: MemberRow): TeamUser => ({
  userId: m.user.id,
  nickName: m.user.nickName,
  headImage: m.user.headImage,
  phone: maskPhone(m.user.phone),
  userTeamRole: m.role,
  joinTime: m.joinedAt.getTime(),
});

export async function listMembers(
  ctx: AppContext,
  membership: Membership,
  q: { keyword: string; role?: TeamRole; pageNum: number; pageSize: number },
): Promise<Page<TeamUser>> {
  authorize(membership, 'team.view');
  const { rows, total } = await pageMembers(ctx.db, membership.team.id, q);
  return { list: rows.map(toTeamUser), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function searchMembers(ctx: AppContext, membership: Membership, keyword: string) {
  authorize(membership, 'team.view');
  const { rows } = await pageMembers(ctx.db, membership.team.id, { keyword, pageNum: 1, pageSize: 20 });
  return { list: rows.map(toTeamUser) };
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
  authorize(membership, 'team.removeMember');
  if (userId === actor.user.id) throw new AppError(Code.CANNOT_REMOVE_SELF);
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, membership.team.id);
    const target = await roleOf(tx, membership.team.id, userId);
    if (!target) throw new AppError(Code.NOT_FOUND);
    if (target === 'OWNER') throw new AppError(Code.CANNOT_REMOVE_OWNER);
    if (target === 'ADMIN') authorize(membership, 'team.removeAdmin');
    await deleteMember(tx, membership.team.id, userId);
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
  authorize(membership, 'team.changeRole');
  if (userId === actor.user.id) throw new AppError(Code.CANNOT_CHANGE_OWN_ROLE);
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, membership.team.id);
    const target = await roleOf(tx, membership.team.id, userId);
    if (!target) throw new AppError(Code.NOT_FOUND);
    if (target === 'OWNER') throw new AppError(Code.CANNOT_CHANGE_OWNER_ROLE);
    await setRole(tx, membership.team.id, userId, role);
  });
}

/** Hands the team over; the old owner becomes ADMIN. Serialised on the team row, so one OWNER always. */
export async function transferOwnership(
  ctx: AppContext,
  actor: Actor,
  membership: Membership,
  userId: number,
) {
  authorize(membership, 'team.transferOwner');
  if (userId === actor.user.id) throw new AppError(Code.ALREADY_OWNER);
  const teamId = membership.team.id;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    // Re-read inside the lock: a transfer that raced this one may have made the actor ADMIN already.
    if ((await roleOf(tx, teamId, actor.user.id)) !== 'OWNER') throw new AppError(Code.FORBIDDEN);
    if (!(await roleOf(tx, teamId, userId))) throw new AppError(Code.NOT_FOUND);
    await setRole(tx, teamId, actor.user.id, 'ADMIN');
    await setRole(tx, teamId, userId, 'OWNER');
    await setOwner(tx, teamId, userId);
  });
}

/**
 * Invitations to a team: an OWNER/ADMIN invites a registered user found by search; the user is a
 * member only after accepting. Every lookup by id also checks whose it is: another user's (or another
 * team's) invitation answers 20009 (INVITATION_NOT_FOUND), never its data.
 */
import {
  Code,
  type InvitationSent,
  type LastTeam,
  type MyInvitation,
  TEAM_MESSAGES,
  type TeamInvitation,
  type TeamRole,
} from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { findUserById, maskPhone, updateUser } from '../users/index.ts';
import {
  deleteInvitationOfTeam,
  deleteInvitationOfUser,
  deleteInvitationsOfMember,
  findInvitationOfUser,
  listInvitationsOfTeam,
  listInvitationsOfUser,
  upsertInvitation,
} from './invitations.repo.ts';
import { deleteJoinRequestOf } from './join-requests.repo.ts';
import { lockTeam, roleOf } from './members.repo.ts';
import { isExpired, type Membership } from '../../platform/membership.ts';
import { toLastTeam } from './team.presenter.ts';
import { findMembership, findTeamById, insertMember } from './teams.repo.ts';

export type Answer<T> = { data: T; code: number; msg?: string };

const notFound = () => new AppError(Code.INVITATION_NOT_FOUND);

/** `/team/user/invite/join { userId }`: a pending invitation, never a membership. */
export async function inviteUser(
  ctx: AppContext,
  actor: Actor,
  membership: Membership,
  userId: number,
  role: TeamRole = 'MEMBER',
): Promise<Answer<InvitationSent>> {
  authorize(membership, 'team.invite');
  if (role === 'ADMIN') authorize(membership, 'team.inviteAdmin');
  const user = await findUserById(ctx.db, userId);
  if (!user || user.phone === null) throw new AppError(Code.NOT_FOUND);
  const teamId = membership.team.id;
  if (await roleOf(ctx.db, teamId, userId)) {
    return { data: null, code: Code.ALREADY_MEMBER, msg: TEAM_MESSAGES.alreadyMemberOther };
  }
  const invitationId = await upsertInvitation(ctx.db, { teamId, userId, role, invitedBy: actor.user.id });
  await ctx.domainEvents.publish(ctx.db, {
    type: 'team.invited',
    teamId,
    teamName: membership.team.teamName,
    userId,
    inviterName: actor.user.nickName,
  });
  return { data: { invitationId }, code: Code.OK, msg: TEAM_MESSAGES.invitationSent };
}

export async function listMyInvitations(ctx: AppContext, actor: Actor): Promise<{ list: MyInvitation[] }> {
  const rows = await listInvitationsOfUser(ctx.db, actor.user.id);
  return {
    list: rows.map((r) => ({
      invitationId: r.id,
      teamId: r.team.id,
      teamName: r.team.teamName,
      teamLogo: r.team.teamLogo,
      role: r.role as TeamRole,
      inviterName: r.inviterName,
      createTime: r.createdAt.getTime(),
    })),
  };
}

/** Accepting makes the user a member with the invited role; the team becomes current. */
export async function acceptInvitation(
  ctx: AppContext,
  actor: Actor,
  invitationId: number,
): Promise<Answer<LastTeam>> {
  const userId = actor.user.id;
  const joined = await ctx.db.transaction(async (tx) => {
    const invitation = await findInvitationOfUser(tx, invitationId, userId);
    if (!invitation) throw notFound();
    // Serialised with the team's other membership changes (one OWNER, removals, transfers).
    await lockTeam(tx, invitation.teamId);
    const team = await findTeamById(tx, invitation.teamId);
    if (!team) throw notFound();
    if (isExpired(team.expireDate)) throw new AppError(Code.TEAM_EXPIRED); // read-only: nobody joins
    if (!(await deleteInvitationOfUser(tx, invitationId, userId))) throw notFound(); // answered meanwhile
    const inserted = await insertMember(tx, team.id, userId, invitation.role as TeamRole);
    await deleteJoinRequestOf(tx, team.id, userId);
    await updateUser(tx, userId, { lastTeamId: team.id });
    return { teamId: team.id, inserted };
  });
  const membership = (await findMembership(ctx.db, userId, joined.teamId))!;
  return { data: toLastTeam(membership), code: joined.inserted ? Code.OK : Code.ALREADY_MEMBER };
}

export async function declineInvitation(ctx: AppContext, actor: Actor, invitationId: number): Promise<void> {
  if (!(await deleteInvitationOfUser(ctx.db, invitationId, actor.user.id))) throw notFound();
}

export async function listTeamInvitations(
  ctx: AppContext,
  membership: Membership,
): Promise<{ list: TeamInvitation[] }> {
  authorize(membership, 'team.viewInvitations');
  const rows = await listInvitationsOfTeam(ctx.db, membership.team.id);
  return {
    list: rows.map((r) => ({
      invitationId: r.id,
      userId: r.user.id,
      nickName: r.user.nickName,
      headImage: r.user.headImage,
      phone: maskPhone(r.user.phone),
      role: r.role as TeamRole,
      inviterName: r.inviterName,
      createTime: r.createdAt.getTime(),
    })),
  };
}

export async function cancelInvitation(ctx: AppContext, membership: Membership, invitationId: number) {
  authorize(membership, 'team.cancelInvitation');
  if (!(await deleteInvitationOfTeam(ctx.db, invitationId, membership.team.id))) throw notFound();
}

/** Joining by code or link (or an approved request) settles any invitation and join request to the team. */
export async function settleInvitations(db: Db, teamId: number, userId: number): Promise<void> {
  await deleteInvitationsOfMember(db, teamId, userId);
  await deleteJoinRequestOf(db, teamId, userId);
}

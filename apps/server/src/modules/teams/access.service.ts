/**
 * Who gets into a team besides a personal invitation: the team code (reset, turned off, 加入需审批),
 * invite links (listed, revoked) and the join requests a code makes while approval is on. Changing
 * any of it is `team.access` (OWNER/ADMIN); another team's link or request answers its not-found code.
 */
import {
  Code,
  type InviteLink,
  type JoinRequest,
  type MyJoinRequest,
  type TeamAccess,
  type TeamAccessModify,
  WebPaths,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import type { TeamRow } from '../../db/schema.ts';
import { maskPhone, setLastTeamIfNone } from '../users/index.ts';
import { settleInvitations } from './invitations.service.ts';
import { listTeamInvites, revokeTeamInvite } from './invites.repo.ts';
import {
  listJoinRequestsOfTeam,
  listJoinRequestsOfUser,
  takeJoinRequestOfTeam,
} from './join-requests.repo.ts';
import { lockTeam, updateTeam } from './members.repo.ts';
import { newTeamCode } from './team-code.ts';
import { insertMember } from './teams.repo.ts';

const toAccess = (team: TeamRow): TeamAccess => ({
  teamCode: team.teamCode,
  codeEnabled: team.codeEnabled,
  joinApproval: team.joinApproval,
});

/** A code drawn twice (another team's, or a parallel reset) breaks the unique index: draw again. */
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A new team code: the old one stops working at once (it then finds no team). */
export async function resetTeamCode(c: TeamCtx): Promise<TeamAccess> {
  authorize(c, 'team.access');
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      return toAccess(await updateTeam(c.ctx.db, c.membership.team.id, { teamCode: newTeamCode() }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not draw a free team code');
}

/** Turns the team code on or off, and 加入需审批 on or off. */
export async function modifyTeamAccess(c: TeamCtx, body: TeamAccessModify): Promise<TeamAccess> {
  authorize(c, 'team.access');
  const patch = {
    ...(body.codeEnabled !== undefined ? { codeEnabled: body.codeEnabled } : {}),
    ...(body.joinApproval !== undefined ? { joinApproval: body.joinApproval } : {}),
  };
  return toAccess(await updateTeam(c.ctx.db, c.membership.team.id, patch));
}

const linkState = (invite: {
  revokedAt: Date | null;
  expiresAt: Date;
  maxUses: number | null;
  uses: number;
}): InviteLink['state'] => {
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= Date.now()) return 'expired';
  return invite.maxUses !== null && invite.uses >= invite.maxUses ? 'usedUp' : 'active';
};

/** The team's invite links, newest first, each with its uses and whether it still works. */
export async function listInviteLinks(c: TeamCtx): Promise<{ list: InviteLink[] }> {
  authorize(c, 'team.viewInvitations');
  const rows = await listTeamInvites(c.ctx.db, c.membership.team.id);
  return {
    list: rows.map(({ invite, creatorName }) => ({
      inviteId: invite.id,
      url: `${c.actor.origin}${WebPaths.joinTeam(invite.token)}`,
      role: invite.role as InviteLink['role'],
      expireTime: invite.expiresAt.getTime(),
      maxUses: invite.maxUses,
      uses: invite.uses,
      creatorName,
      createTime: invite.createdAt.getTime(),
      state: linkState(invite),
    })),
  };
}

/** A revoked link stops working at once (revoking it again changes nothing). */
export async function revokeInviteLink(c: TeamCtx, inviteId: number): Promise<void> {
  authorize(c, 'team.access');
  if (!(await revokeTeamInvite(c.ctx.db, c.membership.team.id, inviteId))) {
    throw new AppError(Code.INVITE_LINK_NOT_FOUND);
  }
}

export async function listTeamJoinRequests(c: TeamCtx): Promise<{ list: JoinRequest[] }> {
  authorize(c, 'team.viewInvitations');
  const rows = await listJoinRequestsOfTeam(c.ctx.db, c.membership.team.id);
  return {
    list: rows.map((r) => ({
      requestId: r.id,
      userId: r.user.id,
      nickName: r.user.nickName,
      headImage: r.user.headImage,
      phone: maskPhone(r.user.phone),
      createTime: r.createdAt.getTime(),
    })),
  };
}

export async function listMyJoinRequests(ctx: AppContext, actor: Actor): Promise<{ list: MyJoinRequest[] }> {
  const rows = await listJoinRequestsOfUser(ctx.db, actor.user.id);
  return {
    list: rows.map((r) => ({
      requestId: r.id,
      teamName: r.teamName,
      teamLogo: r.teamLogo,
      createTime: r.createdAt.getTime(),
    })),
  };
}

/**
 * Approving makes the requester a MEMBER (their current team when they have none); declining
 * leaves nothing behind. Serialised with the team's other membership changes.
 */
export async function decideJoinRequest(c: TeamCtx, requestId: number, approve: boolean): Promise<void> {
  authorize(c, 'team.access');
  const teamId = c.membership.team.id;
  await c.ctx.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const taken = await takeJoinRequestOfTeam(tx, requestId, teamId);
    if (!taken) throw new AppError(Code.JOIN_REQUEST_NOT_FOUND);
    if (!approve) return;
    await insertMember(tx, teamId, taken.userId, 'MEMBER');
    await settleInvitations(tx, teamId, taken.userId);
    await setLastTeamIfNone(tx, taken.userId, teamId);
  });
}

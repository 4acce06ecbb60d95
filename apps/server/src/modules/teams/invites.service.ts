import {
  Code,
  type InviteCreated,
  type InviteInfo,
  type JoinPending,
  type LastTeam,
  type TeamRole,
  WebPaths,
} from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { updateUser } from '../users/index.ts';
import { settleInvitations } from './invitations.service.ts';
import {
  findInviteTeamId,
  findLiveInvite,
  findTeamByCode,
  giveBackInviteUse,
  insertInvite,
  takeInviteUse,
} from './invites.repo.ts';
import { isExpired, type Membership } from '../../platform/membership.ts';
import { upsertJoinRequest } from './join-requests.repo.ts';
import { managerIds } from './members.repo.ts';
import { toLastTeam } from './team.presenter.ts';
import { findMembership, findTeamById, insertMember } from './teams.repo.ts';

const TEAM_CODE = /^[A-Za-z0-9]{6}$/;

export async function createInvite(
  ctx: AppContext,
  actor: Actor,
  membership: Membership,
  body: { role: 'ADMIN' | 'MEMBER'; expireHours: number; maxUses: number },
): Promise<InviteCreated> {
  authorize(membership, 'team.invite');
  if (body.role === 'ADMIN') authorize(membership, 'team.inviteAdmin');
  const token = randomToken(12);
  const expiresAt = new Date(Date.now() + body.expireHours * 3_600_000);
  await insertInvite(ctx.db, {
    teamId: membership.team.id,
    token,
    role: body.role,
    expiresAt,
    maxUses: body.maxUses,
    createdBy: actor.user.id,
  });
  return {
    inviteCode: token,
    url: `${actor.origin}${WebPaths.joinTeam(token)}`,
    expireTime: expiresAt.getTime(),
  };
}

export type JoinResult = { team: LastTeam; code: number } | { pending: JoinPending };

/**
 * Joins by a link token or a team code; joining again answers 20014 and spends no use of a link. A
 * team code that is turned off answers 20020; one whose team asks for approval makes a pending
 * request instead of a membership.
 */
export async function joinByInvite(ctx: AppContext, actor: Actor, inviteCode: string): Promise<JoinResult> {
  const byCode = TEAM_CODE.test(inviteCode) ? await findTeamByCode(ctx.db, inviteCode) : undefined;
  const teamId = byCode?.id ?? (await findInviteTeamId(ctx.db, inviteCode));
  if (teamId === undefined)
    throw new AppError(TEAM_CODE.test(inviteCode) ? Code.TEAM_NOT_FOUND : Code.INVITE_INVALID);

  const existing = await findMembership(ctx.db, actor.user.id, teamId);
  if (existing) {
    await updateUser(ctx.db, actor.user.id, { lastTeamId: teamId });
    return { team: toLastTeam(existing), code: Code.ALREADY_MEMBER };
  }
  const team = byCode ?? (await findTeamById(ctx.db, teamId));
  if (!team) throw new AppError(Code.TEAM_NOT_FOUND);
  if (isExpired(team.expireDate)) throw new AppError(Code.TEAM_EXPIRED); // read-only: nobody joins
  if (byCode && !byCode.codeEnabled) throw new AppError(Code.TEAM_CODE_DISABLED);
  if (byCode?.joinApproval) {
    const request = await upsertJoinRequest(ctx.db, byCode.id, actor.user.id);
    await ctx.domainEvents.publish(ctx.db, {
      type: 'team.joinRequested',
      teamId: byCode.id,
      requestId: request.id,
      requesterName: actor.user.nickName,
      adminIds: await managerIds(ctx.db, byCode.id),
    });
    return {
      pending: {
        requestId: request.id,
        teamName: byCode.teamName,
        teamLogo: byCode.teamLogo,
        createTime: request.createdAt.getTime(),
        pending: true,
      },
    };
  }

  let role: TeamRole = 'MEMBER';
  if (!byCode) {
    const use = await takeInviteUse(ctx.db, inviteCode);
    if (!use) throw new AppError(Code.INVITE_INVALID);
    role = use.role;
  }
  const joined = await insertMember(ctx.db, team.id, actor.user.id, role);
  await settleInvitations(ctx.db, team.id, actor.user.id);
  if (!joined && !byCode) await giveBackInviteUse(ctx.db, inviteCode); // joined concurrently by another tab
  const membership = (await findMembership(ctx.db, actor.user.id, team.id))!;
  await updateUser(ctx.db, actor.user.id, { lastTeamId: team.id });
  return { team: toLastTeam(membership), code: joined ? Code.OK : Code.ALREADY_MEMBER };
}

/**
 * What an invite link or team code shows before joining: the team's name and logo, the role, who
 * made the link and until when. Nothing else (no id, no team code, no members).
 */
export async function describeInvite(ctx: AppContext, inviteCode: string): Promise<InviteInfo> {
  if (TEAM_CODE.test(inviteCode)) {
    const team = await findTeamByCode(ctx.db, inviteCode);
    if (team) {
      if (!team.codeEnabled) throw new AppError(Code.TEAM_CODE_DISABLED);
      return {
        teamName: team.teamName,
        teamLogo: team.teamLogo,
        role: 'MEMBER',
        inviterName: null,
        expireTime: null,
        approval: team.joinApproval,
      };
    }
  }
  const invite = await findLiveInvite(ctx.db, inviteCode);
  if (!invite) throw new AppError(TEAM_CODE.test(inviteCode) ? Code.TEAM_NOT_FOUND : Code.INVITE_INVALID);
  return {
    teamName: invite.team.teamName,
    teamLogo: invite.team.teamLogo,
    role: invite.role as TeamRole,
    inviterName: invite.inviterName,
    expireTime: invite.expiresAt.getTime(),
    approval: false,
  };
}

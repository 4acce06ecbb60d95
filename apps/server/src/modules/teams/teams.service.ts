import { Code, type CurrentTeam, type LastTeam, type TeamListItem } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { isOwnFileUrl } from '../files/index.ts';
import { authorize } from '../../platform/policy.ts';
import { updateUser } from '../users/index.ts';
import { updateTeam } from './members.repo.ts';
import { newTeamCode } from './team-code.ts';
import { toLastTeam } from './team.presenter.ts';
import {
  countMembers,
  findLastJoined,
  findMembership,
  insertTeamWithOwner,
  listMemberships,
  memberIdsAmong,
} from './teams.repo.ts';
import type { Membership } from '../../platform/membership.ts';

/** A user's membership of a team, if any (a signed media address is checked against it again). */
export const findUserMembership = (ctx: AppContext, userId: number, teamId: number) =>
  findMembership(ctx.db, userId, teamId);

/** Which of these users are members of the team (a comment's @mentions are checked against it). */
export const teamMemberIdsAmong = (ctx: AppContext, teamId: number, userIds: number[]) =>
  memberIdsAmong(ctx.db, teamId, userIds);

export async function listSwitchableTeams(ctx: AppContext, actor: Actor): Promise<{ list: TeamListItem[] }> {
  const memberships = await listMemberships(ctx.db, actor.user.id);
  return {
    list: memberships.map((m) => ({
      ...toLastTeam(m),
      memberCount: m.memberCount,
      current: m.team.id === actor.user.lastTeamId,
    })),
  };
}

export async function describeCurrentTeam(ctx: AppContext, membership: Membership): Promise<CurrentTeam> {
  return {
    ...toLastTeam(membership),
    ownerId: membership.team.ownerId,
    memberCount: await countMembers(ctx.db, membership.team.id),
    createTime: membership.team.createdAt.getTime(),
    codeEnabled: membership.team.codeEnabled,
    joinApproval: membership.team.joinApproval,
  };
}

/** Creates a team owned by the actor and makes it their current team. */
export async function createTeam(
  ctx: AppContext,
  actor: Actor,
  teamName: string,
  teamLogo = '',
): Promise<LastTeam> {
  if (!isOwnFileUrl(ctx.config, teamLogo)) throw invalidInput('teamLogo', 'uploadedImageOnly');
  for (let attempt = 0; attempt < 8; attempt++) {
    const team = await insertTeamWithOwner(ctx.db, {
      teamCode: newTeamCode(),
      teamName,
      teamLogo,
      ownerId: actor.user.id,
    });
    if (!team) continue;
    await updateUser(ctx.db, actor.user.id, { lastTeamId: team.id });
    return toLastTeam({ team, role: 'OWNER' });
  }
  throw new Error('could not draw a free team code');
}

/** Switches the current team; a team the actor is not in answers "not found", never its data. */
export async function changeTeam(ctx: AppContext, actor: Actor, teamId: number): Promise<LastTeam> {
  const membership = await findMembership(ctx.db, actor.user.id, teamId);
  if (!membership) throw new AppError(Code.TEAM_NOT_FOUND);
  await updateUser(ctx.db, actor.user.id, { lastTeamId: teamId });
  return toLastTeam(membership);
}

export async function lastJoinedTeam(ctx: AppContext, actor: Actor): Promise<LastTeam | null> {
  const membership = await findLastJoined(ctx.db, actor.user.id);
  return membership ? toLastTeam(membership) : null;
}

export async function modifyTeam(
  ctx: AppContext,
  membership: Membership,
  patch: { teamName?: string; teamLogo?: string },
): Promise<LastTeam> {
  authorize(membership, 'team.modify');
  if (patch.teamLogo !== undefined && !isOwnFileUrl(ctx.config, patch.teamLogo)) {
    throw invalidInput('teamLogo', 'uploadedImageOnly');
  }
  const team = await ctx.db.transaction(async (tx) => {
    const row = await updateTeam(tx, membership.team.id, patch);
    if (patch.teamName !== undefined)
      await ctx.domainEvents.publish(tx, { type: 'team.renamed', teamId: row.id, teamName: row.teamName });
    return row;
  });
  return toLastTeam({ team, role: membership.role });
}

import { Code, Routes } from '@studio/contract/constants';
import type { InviteInfo, LastTeam, MyInvitation, RemovedFromTeam, TeamInvitation } from '@studio/contract';
import { isApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { applyCurrentTeam, fetchTeamList } from './team-store.ts';
import { call, callEnvelope } from '../../lib/call.ts';

/** Query keys: the badge and /selectTeam share `mine`, so answering one updates both. */
export const invitationKeys = {
  mine: ['invitations', 'mine'] as const,
  team: (teamId: number) => ['team', teamId, 'invitations'] as const,
  link: (inviteCode: string) => ['invitations', 'link', inviteCode] as const,
  removedFrom: ['invitations', 'removedFrom'] as const,
};

/** My pending invitations. Silent: the header badge must never raise an error notice. */
export const fetchMyInvitations = async (): Promise<MyInvitation[]> =>
  (await call.get(Routes.team.invitationList, undefined, { silent: true })).list;

/**
 * An answered invitation leaves the cached list at once, and the header badge with it: a refetch
 * still on its way from before the answer is cancelled, so it cannot bring the invitation back.
 */
async function forgetInvitation(invitationId: number) {
  await queryClient.cancelQueries({ queryKey: invitationKeys.mine });
  queryClient.setQueryData<MyInvitation[]>(invitationKeys.mine, (list) =>
    list?.filter((i) => i.invitationId !== invitationId),
  );
}

/** Accepting makes the invited team the current one (20014: already a member, switched too). */
export const acceptInvitation = async (invitationId: number): Promise<LastTeam> => {
  const data = await call.post(Routes.team.invitationAccept, { invitationId });
  await forgetInvitation(invitationId);
  applyCurrentTeam(data); // also refreshes every query, the badge included
  void fetchTeamList();
  return data;
};

export const declineInvitation = async (invitationId: number): Promise<void> => {
  await callEnvelope.post(Routes.team.invitationDecline, { invitationId });
  await forgetInvitation(invitationId);
  await queryClient.invalidateQueries({ queryKey: invitationKeys.mine });
};

/** OWNER/ADMIN invites a registered user; `already` when they are a member (20014). */
export const inviteMember = async (userId: number): Promise<{ already: boolean }> => {
  const { code } = await callEnvelope.post(Routes.team.userInviteJoin, { userId });
  await queryClient.invalidateQueries({ queryKey: ['team'] });
  return { already: code === Code.ALREADY_MEMBER };
};

export const fetchTeamInvitations = async (): Promise<TeamInvitation[]> =>
  (await call.get(Routes.team.invitationTeamList)).list;

export const cancelInvitation = async (invitationId: number): Promise<void> => {
  await callEnvelope.post(Routes.team.invitationCancel, { invitationId });
  await queryClient.invalidateQueries({ queryKey: ['team'] });
};

/** What an invite link or team code invites to; null when it is unknown, expired or used up. */
export const fetchInviteInfo = async (inviteCode: string): Promise<InviteInfo | null> => {
  try {
    return await call.get(Routes.team.inviteInfo, { inviteCode }, { silent: true });
  } catch (error) {
    const gone: number[] = [Code.INVITE_INVALID, Code.TEAM_NOT_FOUND, Code.TEAM_CODE_DISABLED];
    if (isApiError(error) && gone.includes(error.code)) {
      return null;
    }
    throw error;
  }
};

/**
 * Asks the server whether the user was removed from their last team: its 541 then names the team.
 * Works however the user got here (a 541 redirect, a reload, a new session). Null otherwise.
 */
export const fetchRemovedFrom = async (): Promise<RemovedFromTeam | null> => {
  try {
    await callEnvelope.get(Routes.team.currentList, undefined, { silent: true, stayOnPage: true });
    return null;
  } catch (error) {
    if (!isApiError(error) || error.code !== Code.NO_TEAM) return null;
    const data = error.data as Partial<RemovedFromTeam> | null | undefined;
    return typeof data?.teamId === 'number' && typeof data.teamName === 'string'
      ? { teamId: data.teamId, teamName: data.teamName }
      : null;
  }
};

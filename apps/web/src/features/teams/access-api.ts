import { Routes } from '@studio/contract/constants';
import type { InviteLink, JoinRequest, MyJoinRequest, TeamAccess, TeamAccessModify } from '@studio/contract';
import { queryClient } from '../../lib/query-client.ts';
import { fetchCurrentTeam } from './team-api.ts';
import { call, callEnvelope } from '../../lib/call.ts';

/** Query keys: the team's links and requests live under `['team', id]`, refreshed with the team. */
export const accessKeys = {
  links: (teamId: number) => ['team', teamId, 'links'] as const,
  requests: (teamId: number) => ['team', teamId, 'joinRequests'] as const,
  mine: ['joinRequests', 'mine'] as const,
};

/** A change of the code or its settings: the team (its code in the header too) is read again. */
const afterAccessChange = async (access: TeamAccess): Promise<TeamAccess> => {
  await fetchCurrentTeam();
  await queryClient.invalidateQueries({ queryKey: ['team'] });
  return access;
};

export const resetTeamCode = async (): Promise<TeamAccess> =>
  afterAccessChange(await call.post(Routes.team.codeReset));

export const modifyTeamAccess = async (body: TeamAccessModify): Promise<TeamAccess> =>
  afterAccessChange(await call.post(Routes.team.accessModify, body));

export const fetchInviteLinks = async (): Promise<InviteLink[]> =>
  (await call.get(Routes.team.inviteList)).list;

export const revokeInviteLink = async (inviteId: number): Promise<void> => {
  await callEnvelope.post(Routes.team.inviteRevoke, { inviteId });
  await queryClient.invalidateQueries({ queryKey: ['team'] });
};

export const fetchJoinRequests = async (): Promise<JoinRequest[]> =>
  (await call.get(Routes.team.joinRequestList)).list;

/** Approving adds a member: the member list and count are read again. */
export const decideJoinRequest = async (requestId: number, approve: boolean): Promise<void> => {
  const path = approve ? Routes.team.joinRequestApprove : Routes.team.joinRequestDecline;
  await callEnvelope.post(path, { requestId });
  await queryClient.invalidateQueries({ queryKey: ['team'] });
};

/** My pending requests (/selectTeam). Silent: a failure here must not raise a notice. */
export const fetchMyJoinRequests = async (): Promise<MyJoinRequest[]> =>
  (await call.get(Routes.team.joinRequestMine, undefined, { silent: true })).list;

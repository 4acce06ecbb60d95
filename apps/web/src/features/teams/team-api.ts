import { Code, Routes } from '@studio/contract/constants';
import type {
  Envelope,
  CurrentTeam,
  InviteCreate,
  InviteCreated,
  JoinPending,
  LastTeam,
  NonMember,
  Page,
  TeamModify,
  TeamUser,
  TeamUserListQuery,
} from '@studio/contract';
import { queryClient } from '../../lib/query-client.ts';
import { readStoredUser } from '../../lib/storage.ts';
import { saveLastTeam } from '../../lib/session-store.ts';
import { applyCurrentTeam, fetchTeamList } from './team-store.ts';
import { call, callEnvelope } from '../../lib/call.ts';

/** Query keys of the team centre; everything under `['team']` is refreshed after a change. */
export const teamKeys = {
  all: ['team'] as const,
  current: (teamId: number) => ['team', teamId, 'current'] as const,
  members: (teamId: number, query: TeamUserListQuery) => ['team', teamId, 'members', query] as const,
  nonMembers: (teamId: number, keyword: string) => ['team', teamId, 'non', keyword] as const,
};

const toLastTeam = (team: LastTeam): LastTeam => ({
  teamId: team.teamId,
  teamCode: team.teamCode,
  teamName: team.teamName,
  teamLogo: team.teamLogo,
  expireDate: team.expireDate,
  teamExpire: team.teamExpire,
  userTeamRole: team.userTeamRole,
  abilities: team.abilities,
});

const sameTeam = (a: LastTeam | null | undefined, b: LastTeam): boolean =>
  !!a && JSON.stringify(toLastTeam(a)) === JSON.stringify(b);

/** Keeps the stored lastTeam (header, role checks) in step with what the server just said. */
export const syncLastTeam = (team: LastTeam): void => {
  const fresh = toLastTeam(team);
  if (!sameTeam(readStoredUser()?.lastTeam, fresh)) saveLastTeam(fresh);
};

/** GET /team/current/list; a role or expiry changed elsewhere reaches the stored lastTeam here. */
export const fetchCurrentTeam = async (): Promise<CurrentTeam> => {
  const data = await call.get(Routes.team.currentList);
  syncLastTeam(data);
  return data;
};

export const fetchMembers = async (query: TeamUserListQuery): Promise<Page<TeamUser>> =>
  call.get(Routes.team.userList, query);

export const searchNonMembers = async (keyword: string): Promise<NonMember[]> =>
  (await call.get(Routes.team.userSearchNon, { keyword })).list;

/** After any change: the team centre's queries and the switcher's list. */
export const refreshTeam = async (): Promise<void> => {
  void fetchTeamList();
  await queryClient.invalidateQueries({ queryKey: teamKeys.all });
};

export const modifyTeam = async (body: TeamModify): Promise<LastTeam> => {
  const data = await call.post(Routes.team.modify, body);
  applyCurrentTeam(data);
  void fetchTeamList();
  return data;
};

export const changeRole = async (userId: number, role: 'ADMIN' | 'MEMBER'): Promise<void> => {
  await callEnvelope.post(Routes.team.userRole, { userId, role });
  await refreshTeam();
};

export const removeMember = async (userId: number): Promise<void> => {
  await callEnvelope.post(Routes.team.userRemove, { userId });
  await refreshTeam();
};

/** The old owner becomes ADMIN: the stored lastTeam takes the role and abilities the server now gives. */
export const transferOwnership = async (userId: number): Promise<void> => {
  await callEnvelope.post(Routes.team.ownerChange, { userId });
  await fetchCurrentTeam();
  await refreshTeam();
};

/** Leaves a team; when it was the current one, there is no current team any more. */
export const leaveTeam = async (teamId: number): Promise<void> => {
  await callEnvelope.post(Routes.team.userLeave, { teamId });
  if (readStoredUser()?.lastTeam?.teamId === teamId) saveLastTeam(null);
  queryClient.removeQueries({ queryKey: teamKeys.all });
  void fetchTeamList();
};

export const createInvite = async (body: InviteCreate): Promise<InviteCreated> =>
  call.post(Routes.team.inviteCreate, body);

export type JoinOutcome = { team: LastTeam; already: boolean } | { pending: JoinPending };

/**
 * Joins by link token or team code; the team becomes current. 20014 (already a member) switches too.
 * A team code whose team asks for approval answers the pending request instead: nothing switches.
 */
export const joinTeam = async (inviteCode: string): Promise<JoinOutcome> => {
  const answer = await callEnvelope.post(Routes.team.userInviteJoin, { inviteCode });
  // A code or link answers the team or the pending request; the invitation's answer is for a userId.
  const { code, data } = answer as Envelope<LastTeam | JoinPending>;
  if ('pending' in data) return { pending: data };
  applyCurrentTeam(toLastTeam(data));
  void fetchTeamList();
  return { team: data, already: code === Code.ALREADY_MEMBER };
};

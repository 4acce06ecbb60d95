import { Routes } from '@studio/contract/constants';
import type { LastTeam, TeamListItem } from '@studio/contract';
import { create } from 'zustand';
import { queryClient } from '../../lib/query-client.ts';
import { onStoredUserChange } from '../../lib/storage.ts';
import { saveLastTeam } from '../../lib/session-store.ts';
import { call } from '../../lib/call.ts';

interface TeamState {
  list: TeamListItem[];
  /** Seed §4: set while the list is fetched, cleared afterwards. */
  loading: boolean;
  /** Whether a fetch has finished once, so an empty list means "no teams", not "not asked yet". */
  loaded: boolean;
  /** The last fetch failed. Nothing is shown for it (seed §4); pages may offer a retry. */
  failed: boolean;
}

const initial: TeamState = { list: [], loading: false, loaded: false, failed: false };

export const useTeams = create<TeamState>(() => initial);

onStoredUserChange((user) => {
  if (!user) useTeams.setState(initial);
});

/** GET /team/change/list → data.list. Errors are swallowed silently (seed §4). */
export const fetchTeamList = async (): Promise<void> => {
  useTeams.setState({ loading: true });
  try {
    const { list } = await call.get(Routes.team.changeList, undefined, { silent: true });
    useTeams.setState({ list, failed: false });
  } catch {
    useTeams.setState({ failed: true });
  } finally {
    useTeams.setState({ loading: false, loaded: true });
  }
};

/** Makes `team` the current one everywhere: stored user, list flags, and every cached query. */
export const applyCurrentTeam = (team: LastTeam): void => {
  saveLastTeam(team);
  useTeams.setState((state) => ({
    list: state.list.map((item) => ({ ...item, current: item.teamId === team.teamId })),
  }));
  void queryClient.invalidateQueries();
};

/** POST /team/change {teamId} → the new LastTeam. */
export const changeTeam = async (teamId: number): Promise<LastTeam> => {
  const data = await call.post(Routes.team.change, { teamId });
  applyCurrentTeam(data);
  return data;
};

/** POST /team/create → the new team, already current. */
export const createTeam = async (body: { teamName: string; teamLogo?: string }): Promise<LastTeam> => {
  const data = await call.post(Routes.team.create, body);
  applyCurrentTeam(data);
  void fetchTeamList();
  return data;
};

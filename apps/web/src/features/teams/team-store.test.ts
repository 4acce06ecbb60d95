import { Routes } from '@studio/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNotices, setNoticeApi } from '../../lib/notice.ts';
import { http } from '../../lib/request.ts';
import { readStoredUser, writeStoredUser } from '../../lib/storage.ts';
import { team, user } from '../../test/fixtures.ts';
import { changeTeam, fetchTeamList, useTeams } from './team-store.ts';

const mock = new MockAdapter(http);
const notices = { error: vi.fn(), warning: vi.fn() };
const item = (teamId: number, current = false) => ({
  ...team({ teamId, teamName: `T${teamId}` }),
  memberCount: 2,
  current,
});

beforeEach(() => {
  resetNotices();
  setNoticeApi(notices);
  notices.error.mockReset();
  useTeams.setState({ list: [], loading: false, loaded: false, failed: false });
});
afterEach(() => mock.reset());

describe('team list (seed §4)', () => {
  it('sets the loading flag during the fetch, clears it afterwards, and keeps data.list', async () => {
    let release: () => void = () => {};
    mock.onGet(Routes.team.changeList).reply(
      () =>
        new Promise((resolve) => {
          release = () => resolve([200, { code: 200, msg: 'ok', data: { list: [item(1, true), item(2)] } }]);
        }),
    );
    const done = fetchTeamList();
    expect(useTeams.getState().loading).toBe(true);
    await vi.waitFor(() => expect(mock.history.get).toHaveLength(1));
    release();
    await done;
    expect(useTeams.getState()).toMatchObject({ loading: false, loaded: true, failed: false });
    expect(useTeams.getState().list.map((t) => t.teamId)).toEqual([1, 2]);
  });

  it('swallows errors silently: resolves, no notice, loading cleared', async () => {
    mock.onGet(Routes.team.changeList).reply(200, { code: 20001, msg: 'boom', data: null });
    await expect(fetchTeamList()).resolves.toBeUndefined();
    mock.onGet(Routes.team.changeList).reply(500);
    await expect(fetchTeamList()).resolves.toBeUndefined();
    expect(notices.error).not.toHaveBeenCalled();
    expect(useTeams.getState()).toMatchObject({ loading: false, failed: true });
  });

  it('switching posts {teamId} and stores the answered LastTeam as lastTeam', async () => {
    writeStoredUser(user({ lastTeam: team({ teamId: 1 }) }));
    useTeams.setState({ list: [item(1, true), item(2)] });
    mock
      .onPost(Routes.team.change)
      .reply(200, { code: 200, msg: 'ok', data: team({ teamId: 2, teamName: 'T2' }) });
    await changeTeam(2);
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ teamId: 2 });
    expect(readStoredUser()?.lastTeam?.teamId).toBe(2);
    expect(readStoredUser()?.token).toBe('tok-1');
    expect(useTeams.getState().list.map((t) => t.current)).toEqual([false, true]);
  });
});

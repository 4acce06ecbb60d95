import { USER_INFO_STORAGE_KEY } from '@studio/contract/constants';
import { describe, expect, it } from 'vitest';
import { team, user } from '../test/fixtures.ts';
import { readStoredUser } from './storage.ts';

describe('the stored user', () => {
  it('reads a user stored before abilities were sent with nothing allowed until the server says', () => {
    const { abilities: _dropped, ...oldTeam } = team({ userTeamRole: 'OWNER' });
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user({ lastTeam: oldTeam as never })));
    expect(readStoredUser()?.lastTeam?.abilities).toEqual({
      manage: false,
      modify: false,
      invite: false,
      inviteAdmin: false,
      leave: false,
      sales: false,
      coupons: false,
      access: false,
    });
  });

  it('keeps the abilities the server sent', () => {
    localStorage.setItem(
      USER_INFO_STORAGE_KEY,
      JSON.stringify(user({ lastTeam: team({ userTeamRole: 'ADMIN' }) })),
    );
    expect(readStoredUser()?.lastTeam?.abilities).toMatchObject({ manage: true, inviteAdmin: false });
  });
});

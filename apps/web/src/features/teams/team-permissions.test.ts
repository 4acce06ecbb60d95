import type { TeamRole, TeamUser } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { memberActions, teamAbilities } from './team-permissions.ts';

const member = (userId: number, userTeamRole: TeamRole): TeamUser => ({
  userId,
  userTeamRole,
  nickName: `U${userId}`,
  headImage: '',
  phone: '138****0000',
  joinTime: 0,
});
const SELF = 1;

describe('teamAbilities (PRODUCT.md role matrix)', () => {
  it('OWNER and ADMIN manage; only the OWNER invites admins; the OWNER cannot leave', () => {
    expect(teamAbilities('OWNER', false)).toEqual({
      manager: true,
      modify: true,
      invite: true,
      inviteAdmin: true,
      leave: false,
    });
    expect(teamAbilities('ADMIN', false)).toEqual({
      manager: true,
      modify: true,
      invite: true,
      inviteAdmin: false,
      leave: true,
    });
    expect(teamAbilities('MEMBER', false)).toEqual({
      manager: false,
      modify: false,
      invite: false,
      inviteAdmin: false,
      leave: true,
    });
  });

  it('an expired team is read-only: no writes, leaving stays', () => {
    expect(teamAbilities('OWNER', true)).toMatchObject({ manager: true, modify: false, invite: false });
    expect(teamAbilities('ADMIN', true)).toMatchObject({ modify: false, invite: false, leave: true });
  });
});

describe('memberActions', () => {
  it('OWNER: role change both ways, transfer and remove on anyone but themselves', () => {
    expect(memberActions('OWNER', SELF, member(2, 'MEMBER'))).toEqual(['makeAdmin', 'transfer', 'remove']);
    expect(memberActions('OWNER', SELF, member(3, 'ADMIN'))).toEqual(['makeMember', 'transfer', 'remove']);
    expect(memberActions('OWNER', SELF, member(SELF, 'OWNER'))).toEqual([]);
  });

  it('ADMIN: removes MEMBERs only, never ADMINs or the OWNER, never changes roles', () => {
    expect(memberActions('ADMIN', SELF, member(2, 'MEMBER'))).toEqual(['remove']);
    expect(memberActions('ADMIN', SELF, member(3, 'ADMIN'))).toEqual([]);
    expect(memberActions('ADMIN', SELF, member(4, 'OWNER'))).toEqual([]);
    expect(memberActions('ADMIN', SELF, member(SELF, 'ADMIN'))).toEqual([]);
  });

  it('MEMBER: nothing', () => {
    expect(memberActions('MEMBER', SELF, member(2, 'MEMBER'))).toEqual([]);
    expect(memberActions('MEMBER', SELF, member(4, 'OWNER'))).toEqual([]);
  });
});

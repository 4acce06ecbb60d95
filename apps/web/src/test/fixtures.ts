import type { LastTeam, TeamAbilities, TeamRole, UserInfo } from '@studio/contract';

/** What the server's policy answers for each role (apps/server/src/platform/policy.ts). */
export const teamAbilities = (role: TeamRole): TeamAbilities => {
  const manager = role !== 'MEMBER';
  return {
    manage: manager,
    modify: manager,
    invite: manager,
    inviteAdmin: role === 'OWNER',
    leave: role !== 'OWNER',
    sales: manager,
    coupons: manager,
  };
};

export const team = (over: Partial<LastTeam> = {}): LastTeam => ({
  teamId: 7,
  teamCode: 'ABC123',
  teamName: '星火课程组',
  teamLogo: '',
  expireDate: null,
  teamExpire: false,
  userTeamRole: 'OWNER',
  abilities: teamAbilities(over.userTeamRole ?? 'OWNER'),
  ...over,
});

export const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  userId: 1,
  nickName: '小明',
  headImage: '',
  phone: '138****0000',
  createTime: 1_700_000_000_000,
  register: true,
  token: 'tok-1',
  tokenExpTime: 1_900_000_000_000,
  lastTeam: team(),
  hasPassword: false,
  ...over,
});

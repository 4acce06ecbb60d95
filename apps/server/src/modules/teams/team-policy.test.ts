/** Every team action × every role, checked through the real HTTP API. */
import { Code, type UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fixture = {
  teamId: number;
  owner: UserInfo;
  admin: UserInfo;
  member: UserInfo;
  targetMember: UserInfo;
  targetAdmin: UserInfo;
  outsider: UserInfo;
  removed: UserInfo;
  /** An invite link of the team and a pending request to join by its code (加入需审批 on). */
  inviteId: number;
  requestId: number;
};

async function join(token: string, code: string) {
  const res = await call(t, 'POST', '/team/user/invite/join', { token, body: { inviteCode: code } });
  if (res.code !== 200) throw new Error(`join failed ${res.code} ${res.msg}`);
}

async function fixture(): Promise<Fixture> {
  const owner = await createUser(t);
  const team = await createTeam(t, owner.token, '策略团队');
  const [admin, member, targetMember, targetAdmin, outsider, removed] = await Promise.all(
    Array.from({ length: 6 }, () => createUser(t)),
  );
  for (const u of [admin!, member!, targetMember!, targetAdmin!, removed!])
    await join(u.token, team.teamCode);
  for (const u of [admin!, targetAdmin!]) {
    await call(t, 'POST', '/team/user/role', {
      token: owner.token,
      body: { userId: u.userId, role: 'ADMIN' },
    });
  }
  await call(t, 'POST', '/team/user/remove', { token: owner.token, body: { userId: removed!.userId } });
  await call(t, 'POST', '/team/invite/create', { token: owner.token, body: { role: 'MEMBER' } });
  const links = await call<{ list: { inviteId: number }[] }>(t, 'GET', '/team/invite/list', {
    token: owner.token,
  });
  await call(t, 'POST', '/team/access/modify', { token: owner.token, body: { joinApproval: true } });
  const requester = await createUser(t);
  const asked = await call<{ requestId: number }>(t, 'POST', '/team/user/invite/join', {
    token: requester.token,
    body: { inviteCode: team.teamCode },
  });
  return {
    inviteId: links.data.list[0]!.inviteId,
    requestId: asked.data.requestId,
    teamId: team.teamId,
    owner,
    admin: admin!,
    member: member!,
    targetMember: targetMember!,
    targetAdmin: targetAdmin!,
    outsider: outsider!,
    removed: removed!,
  };
}

type Role = 'OWNER' | 'ADMIN' | 'MEMBER' | 'REMOVED' | 'LOGGED_OUT';
type Case = {
  action: string;
  method: 'GET' | 'POST';
  path: string;
  body?: (f: Fixture) => unknown;
  query?: Record<string, string>;
  expect: Record<Role, number>;
};

const ALL_OK = { OWNER: 200, ADMIN: 200, MEMBER: 200, REMOVED: Code.NO_TEAM, LOGGED_OUT: 401 };
const MANAGERS = { OWNER: 200, ADMIN: 200, MEMBER: 403, REMOVED: Code.NO_TEAM, LOGGED_OUT: 401 };
const OWNER_ONLY = { OWNER: 200, ADMIN: 403, MEMBER: 403, REMOVED: Code.NO_TEAM, LOGGED_OUT: 401 };

const CASES: Case[] = [
  { action: 'view current team', method: 'GET', path: '/team/current/list', expect: ALL_OK },
  {
    action: 'list members',
    method: 'GET',
    path: '/team/user/list',
    query: { pageNum: '1', pageSize: '10' },
    expect: ALL_OK,
  },
  {
    action: 'search members',
    method: 'GET',
    path: '/team/user/search',
    query: { keyword: '' },
    expect: ALL_OK,
  },
  {
    action: 'modify team',
    method: 'POST',
    path: '/team/modify',
    body: () => ({ teamName: '新名字' }),
    expect: MANAGERS,
  },
  {
    action: 'search non-members',
    method: 'GET',
    path: '/team/user/search/non',
    query: { keyword: '用户' },
    expect: MANAGERS,
  },
  {
    action: 'create member invite',
    method: 'POST',
    path: '/team/invite/create',
    body: () => ({ role: 'MEMBER' }),
    expect: MANAGERS,
  },
  {
    action: 'create admin invite',
    method: 'POST',
    path: '/team/invite/create',
    body: () => ({ role: 'ADMIN' }),
    expect: OWNER_ONLY,
  },
  {
    action: 'reset the team code',
    method: 'POST',
    path: '/team/code/reset',
    expect: MANAGERS,
  },
  {
    action: 'turn the team code off',
    method: 'POST',
    path: '/team/access/modify',
    body: () => ({ codeEnabled: false }),
    expect: MANAGERS,
  },
  {
    action: 'list invite links',
    method: 'GET',
    path: '/team/invite/list',
    expect: MANAGERS,
  },
  {
    action: 'revoke an invite link',
    method: 'POST',
    path: '/team/invite/revoke',
    body: (f) => ({ inviteId: f.inviteId }),
    expect: MANAGERS,
  },
  {
    action: 'list join requests',
    method: 'GET',
    path: '/team/join/request/list',
    expect: MANAGERS,
  },
  {
    action: 'approve a join request',
    method: 'POST',
    path: '/team/join/request/approve',
    body: (f) => ({ requestId: f.requestId }),
    expect: MANAGERS,
  },
  {
    action: 'decline a join request',
    method: 'POST',
    path: '/team/join/request/decline',
    body: (f) => ({ requestId: f.requestId }),
    expect: MANAGERS,
  },
  {
    action: 'list pending invitations',
    method: 'GET',
    path: '/team/invitation/team/list',
    expect: MANAGERS,
  },
  {
    action: 'invite a user',
    method: 'POST',
    path: '/team/user/invite/join',
    body: (f) => ({ userId: f.outsider.userId }),
    expect: MANAGERS,
  },
  {
    action: 'remove a MEMBER',
    method: 'POST',
    path: '/team/user/remove',
    body: (f) => ({ userId: f.targetMember.userId }),
    expect: MANAGERS,
  },
  {
    action: 'remove an ADMIN',
    method: 'POST',
    path: '/team/user/remove',
    body: (f) => ({ userId: f.targetAdmin.userId }),
    expect: OWNER_ONLY,
  },
  {
    action: 'remove the OWNER',
    method: 'POST',
    path: '/team/user/remove',
    body: (f) => ({ userId: f.owner.userId }),
    expect: {
      OWNER: Code.CANNOT_REMOVE_SELF,
      ADMIN: Code.CANNOT_REMOVE_OWNER,
      MEMBER: 403,
      REMOVED: Code.NO_TEAM,
      LOGGED_OUT: 401,
    },
  },
  {
    action: 'change a role',
    method: 'POST',
    path: '/team/user/role',
    body: (f) => ({ userId: f.targetMember.userId, role: 'ADMIN' }),
    expect: OWNER_ONLY,
  },
  {
    action: 'transfer ownership',
    method: 'POST',
    path: '/team/owner/change',
    body: (f) => ({ userId: f.targetMember.userId }),
    expect: OWNER_ONLY,
  },
  {
    action: 'leave',
    method: 'POST',
    path: '/team/user/leave',
    body: (f) => ({ teamId: f.teamId }),
    expect: {
      OWNER: Code.OWNER_MUST_TRANSFER,
      ADMIN: 200,
      MEMBER: 200,
      REMOVED: Code.TEAM_NOT_FOUND,
      LOGGED_OUT: 401,
    },
  },
];

const tokenOf = (f: Fixture, role: Role): string | undefined =>
  ({
    OWNER: f.owner.token,
    ADMIN: f.admin.token,
    MEMBER: f.member.token,
    REMOVED: f.removed.token,
    LOGGED_OUT: undefined,
  })[role];

describe('team role matrix', () => {
  const roles: Role[] = ['OWNER', 'ADMIN', 'MEMBER', 'REMOVED', 'LOGGED_OUT'];
  for (const c of CASES) {
    it(`${c.action}: ${roles.map((r) => `${r}→${c.expect[r]}`).join(', ')}`, async () => {
      const seen: Record<string, number> = {};
      for (const role of roles) {
        const f = await fixture(); // a fresh team per call: actions change the team
        const res = await call(t, c.method, c.path, {
          token: tokenOf(f, role),
          body: c.body?.(f),
          query: c.query,
        });
        seen[role] = res.code;
      }
      expect(seen).toEqual(c.expect);
    });
  }
});

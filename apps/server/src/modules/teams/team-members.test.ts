import {
  Code,
  type InviteCreated,
  type LastTeam,
  type Page,
  type TeamUser,
  type UserInfo,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

const joinWith = (token: string, inviteCode: string) =>
  call<LastTeam>(t, 'POST', '/team/user/invite/join', { token, body: { inviteCode } });
const invite = (token: string, body: object) =>
  call<InviteCreated>(t, 'POST', '/team/invite/create', { token, body });
const owners = async (teamId: number) =>
  (
    await t.app.ctx.db.execute<{ user_id: number }>(
      `select user_id from team_members where team_id = ${teamId} and role = 'OWNER'`,
    )
  ).rows;

describe('invitations', () => {
  it('joins by link with its role; a second join answers 20014 and spends no use; a used-up link answers 20004', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const link = await invite(owner.token, { role: 'ADMIN', maxUses: 1, expireHours: 1 });
    expect(link.data.url).toBe(`https://studio.example/selectTeam?invite=${link.data.inviteCode}`);
    expect(link.data.expireTime).toBeGreaterThan(Date.now() + 3_500_000);
    const b = await createUser(t);
    const joined = await joinWith(b.token, link.data.inviteCode);
    expect(joined.code).toBe(200);
    expect(joined.data).toMatchObject({ teamId: team.teamId, userTeamRole: 'ADMIN' });
    expect((await call<UserInfo>(t, 'GET', '/user/info', { token: b.token })).data.lastTeam?.teamId).toBe(
      team.teamId,
    );
    expect((await joinWith(b.token, link.data.inviteCode)).code).toBe(Code.ALREADY_MEMBER);
    const c = await createUser(t);
    expect((await joinWith(c.token, link.data.inviteCode)).code).toBe(Code.INVITE_INVALID);
  });

  it('refuses an expired link, and joins by team code as MEMBER', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const link = await invite(owner.token, { role: 'MEMBER' });
    await t.app.ctx.db.execute(`update team_invites set expires_at = now() - interval '1 second'`);
    const b = await createUser(t);
    expect((await joinWith(b.token, link.data.inviteCode)).code).toBe(Code.INVITE_INVALID);
    const byCode = await joinWith(b.token, team.teamCode.toLowerCase());
    expect(byCode.data.userTeamRole).toBe('MEMBER');
    expect((await joinWith(b.token, 'ZZZZZZ')).code).toBe(Code.TEAM_NOT_FOUND);
  });

  it('finds a user by the whole phone number, never by part of it, and invites (not adds) them', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const phone = '13611112222';
    const target = await createUser(t, phone);
    const partial = await call<{ list: unknown[] }>(t, 'GET', '/team/user/search/non', {
      token: owner.token,
      query: { keyword: '1361111' },
    });
    expect(partial.data.list).toHaveLength(0);
    const found = await call<{ list: { userId: number; phone: string }[] }>(
      t,
      'GET',
      '/team/user/search/non',
      {
        token: owner.token,
        query: { keyword: phone },
      },
    );
    expect(found.data.list).toEqual([
      expect.objectContaining({ userId: target.userId, phone: '136****2222' }),
    ]);
    const added = await call(t, 'POST', '/team/user/invite/join', {
      token: owner.token,
      body: { userId: target.userId },
    });
    expect(added.code).toBe(200);
    // Invited, not a member: the search still finds them until they accept.
    const still = await call<{ list: { userId: number }[] }>(t, 'GET', '/team/user/search/non', {
      token: owner.token,
      query: { keyword: phone },
    });
    expect(still.data.list.map((u) => u.userId)).toEqual([target.userId]);
  });

  it('finds a user outside the team by the whole nickname only, never by part of it', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const target = await createUser(t);
    const renamed = await call(t, 'POST', '/user/modify', {
      token: target.token,
      body: { nickName: '演示Stranger' },
    });
    expect(renamed.code).toBe(200);
    const search = async (keyword: string) =>
      (
        await call<{ list: { userId: number }[] }>(t, 'GET', '/team/user/search/non', {
          token: owner.token,
          query: { keyword },
        })
      ).data.list.map((u) => u.userId);
    for (const part of ['演示', 'Stranger', '示S', '用户']) expect(await search(part)).toEqual([]);
    expect(await search('演示Stranger')).toEqual([target.userId]);
    expect(await search('演示stranger')).toEqual([target.userId]);
  });
});

describe('member list', () => {
  it('pages, filters by role and keyword, and masks phones', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const people = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (const p of people) await joinWith(p.token, team.teamCode);
    await call(t, 'POST', '/user/modify', { token: people[0]!.token, body: { nickName: '张三丰' } });
    const page1 = await call<Page<TeamUser>>(t, 'GET', '/team/user/list', {
      token: owner.token,
      query: { pageNum: '1', pageSize: '4' },
    });
    expect(page1.data.total).toBe(6);
    expect(page1.data.list).toHaveLength(4);
    expect(page1.data.list[0]!.userTeamRole).toBe('OWNER');
    expect(page1.data.list.every((u) => /^\d{3}\*{4}\d{4}$/.test(u.phone))).toBe(true);
    const page2 = await call<Page<TeamUser>>(t, 'GET', '/team/user/list', {
      token: owner.token,
      query: { pageNum: '2', pageSize: '4' },
    });
    expect(page2.data.list).toHaveLength(2);
    const owners = await call<Page<TeamUser>>(t, 'GET', '/team/user/list', {
      token: owner.token,
      query: { role: 'OWNER' },
    });
    expect(owners.data.list.map((u) => u.userId)).toEqual([owner.userId]);
    const byName = await call<{ list: TeamUser[] }>(t, 'GET', '/team/user/search', {
      token: owner.token,
      query: { keyword: '三丰' },
    });
    expect(byName.data.list.map((u) => u.nickName)).toEqual(['张三丰']);
    const bad = await call(t, 'GET', '/team/user/list', { token: owner.token, query: { pageSize: '1000' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('pageSize');
  });

  it("carries the viewer's abilities: on each member's row and on the team", async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const [admin, member] = await Promise.all([createUser(t), createUser(t)]);
    await joinWith(admin!.token, team.teamCode);
    await joinWith(member!.token, team.teamCode);
    await call(t, 'POST', '/team/user/role', {
      token: owner.token,
      body: { userId: admin!.userId, role: 'ADMIN' },
    });
    const rowsFor = async (token: string) => {
      const res = await call<Page<TeamUser>>(t, 'GET', '/team/user/list', {
        token,
        query: { pageSize: '10' },
      });
      return Object.fromEntries(res.data.list.map((u) => [u.userTeamRole, u.abilities]));
    };
    const none = { remove: false, changeRole: false, transferOwner: false };
    expect(await rowsFor(owner.token)).toEqual({
      OWNER: none,
      ADMIN: { remove: true, changeRole: true, transferOwner: true },
      MEMBER: { remove: true, changeRole: true, transferOwner: true },
    });
    expect(await rowsFor(admin!.token)).toEqual({
      OWNER: none,
      ADMIN: none,
      MEMBER: { remove: true, changeRole: false, transferOwner: false },
    });
    expect(await rowsFor(member!.token)).toEqual({ OWNER: none, ADMIN: none, MEMBER: none });
    const current = await call<LastTeam>(t, 'GET', '/team/current/list', { token: member!.token });
    expect(current.data.abilities).toEqual({
      manage: false,
      modify: false,
      invite: false,
      inviteAdmin: false,
      leave: true,
      sales: false,
      coupons: false,
      access: false,
    });
    const ownersTeam = await call<LastTeam>(t, 'GET', '/team/current/list', { token: owner.token });
    expect(ownersTeam.data.abilities).toMatchObject({ manage: true, inviteAdmin: true, leave: false });
  });
});

describe('rules about oneself', () => {
  it("answers their own codes: removing or handing the team to oneself (HTTP 400), changing one's own role", async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const self = { userId: owner.userId };
    expect(await call(t, 'POST', '/team/user/remove', { token: owner.token, body: self })).toMatchObject({
      status: 400,
      code: Code.CANNOT_REMOVE_SELF,
      msg: '不能移除自己，请使用退出团队',
    });
    expect(await call(t, 'POST', '/team/owner/change', { token: owner.token, body: self })).toMatchObject({
      status: 400,
      code: Code.ALREADY_OWNER,
      msg: '你已经是所有者',
    });
    expect(
      await call(t, 'POST', '/team/user/role', { token: owner.token, body: { ...self, role: 'ADMIN' } }),
    ).toMatchObject({ status: 200, code: Code.CANNOT_CHANGE_OWN_ROLE, msg: '不能修改自己的角色' });
  });
});

describe('one OWNER always, under concurrency', () => {
  it('two simultaneous transfers leave exactly one owner', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    await joinWith(a!.token, team.teamCode);
    await joinWith(b!.token, team.teamCode);
    const results = await Promise.all([
      call(t, 'POST', '/team/owner/change', { token: owner.token, body: { userId: a!.userId } }),
      call(t, 'POST', '/team/owner/change', { token: owner.token, body: { userId: b!.userId } }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 403]);
    const rows = await owners(team.teamId);
    expect(rows).toHaveLength(1);
    const teamRow = (
      await t.app.ctx.db.execute<{ owner_id: number }>(`select owner_id from teams where id = ${team.teamId}`)
    ).rows[0]!;
    expect(teamRow.owner_id).toBe(rows[0]!.user_id);
  });

  it('a transfer racing the new owner leaving leaves a valid team', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await createUser(t);
      const team = await createTeam(t, owner.token);
      const a = await createUser(t);
      await joinWith(a.token, team.teamCode);
      await Promise.all([
        call(t, 'POST', '/team/owner/change', { token: owner.token, body: { userId: a.userId } }),
        call(t, 'POST', '/team/user/leave', { token: a.token, body: { teamId: team.teamId } }),
      ]);
      const rows = await owners(team.teamId);
      expect(rows).toHaveLength(1);
      const members = (
        await t.app.ctx.db.execute<{ user_id: number }>(
          `select user_id from team_members where team_id = ${team.teamId}`,
        )
      ).rows;
      expect(members.map((m) => m.user_id)).toContain(rows[0]!.user_id);
    }
  });
});

describe('tenant isolation', () => {
  it("answers 404 (never data) for another team's members, and lists only the session team", async () => {
    const x = await createUser(t);
    await createTeam(t, x.token, '团队X');
    const y = await createUser(t);
    const teamY = await createTeam(t, y.token, '团队Y');
    const yMember = await createUser(t);
    await joinWith(yMember.token, teamY.teamCode);
    for (const [path, body] of [
      ['/team/user/remove', { userId: yMember.userId }],
      ['/team/user/role', { userId: yMember.userId, role: 'ADMIN' }],
      ['/team/owner/change', { userId: yMember.userId }],
    ] as const) {
      const res = await call(t, 'POST', path, { token: x.token, body });
      expect(res.code, path).toBe(404);
      expect(res.data).toBeNull();
    }
    expect(
      (await call(t, 'POST', '/team/user/leave', { token: x.token, body: { teamId: teamY.teamId } })).code,
    ).toBe(Code.TEAM_NOT_FOUND);
    const list = await call<Page<TeamUser>>(t, 'GET', '/team/user/list', { token: x.token });
    expect(list.data.list.map((u) => u.userId)).toEqual([x.userId]);
    const search = await call<{ list: TeamUser[] }>(t, 'GET', '/team/user/search', {
      token: x.token,
      query: { keyword: '' },
    });
    expect(search.data.list.map((u) => u.userId)).toEqual([x.userId]);
    // Y's team is untouched.
    expect((await owners(teamY.teamId)).map((r) => r.user_id)).toEqual([y.userId]);
  });

  it('a member removed while using the team gets 541 on the next call', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const b = await createUser(t);
    await joinWith(b.token, team.teamCode);
    expect((await call(t, 'GET', '/team/user/list', { token: b.token })).code).toBe(200);
    await call(t, 'POST', '/team/user/remove', { token: owner.token, body: { userId: b.userId } });
    expect((await call(t, 'GET', '/team/user/list', { token: b.token })).code).toBe(Code.NO_TEAM);
  });
});

describe('expired team', () => {
  it('is read-only: writes answer 542, reads and leaving still work, nobody joins', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const b = await createUser(t);
    await joinWith(b.token, team.teamCode);
    await t.app.ctx.db.execute(
      `update teams set expire_date = now() - interval '1 day' where id = ${team.teamId}`,
    );
    const info = await call<UserInfo>(t, 'GET', '/user/info', { token: owner.token });
    expect(info.data.lastTeam?.teamExpire).toBe(true);
    expect(
      (await call(t, 'POST', '/team/modify', { token: owner.token, body: { teamName: '改名' } })).code,
    ).toBe(Code.TEAM_EXPIRED);
    expect((await invite(owner.token, { role: 'MEMBER' })).code).toBe(Code.TEAM_EXPIRED);
    expect((await call(t, 'GET', '/team/user/list', { token: owner.token })).code).toBe(200);
    const c = await createUser(t);
    expect((await joinWith(c.token, team.teamCode)).code).toBe(Code.TEAM_EXPIRED);
    expect(
      (await call(t, 'POST', '/team/user/leave', { token: b.token, body: { teamId: team.teamId } })).code,
    ).toBe(200);
  });
});

import { Code, type LastTeam, type TeamListItem, type UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('teams: create, list, switch', () => {
  it('creates a team that becomes current, with a short readable code', async () => {
    const user = await createUser(t);
    expect((await call(t, 'GET', '/team/current/list', { token: user.token })).code).toBe(Code.NO_TEAM);
    const team = await call<LastTeam>(t, 'POST', '/team/create', {
      token: user.token,
      body: { teamName: '产品团队' },
    });
    expect(team.code).toBe(200);
    expect(team.data.userTeamRole).toBe('OWNER');
    expect(team.data.teamCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{6}$/);
    const info = await call<UserInfo>(t, 'GET', '/user/info', { token: user.token });
    expect(info.data.lastTeam?.teamId).toBe(team.data.teamId);
    const current = await call<{ memberCount: number; ownerId: number }>(t, 'GET', '/team/current/list', {
      token: user.token,
    });
    expect(current.data).toMatchObject({ memberCount: 1, ownerId: user.userId });
  });

  it('validates the team name', async () => {
    const user = await createUser(t);
    const res = await call(t, 'POST', '/team/create', { token: user.token, body: { teamName: 'a' } });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('teamName');
  });

  it('lists the teams to switch to and switches', async () => {
    const user = await createUser(t);
    const a = await createTeam(t, user.token, '团队甲');
    const b = await createTeam(t, user.token, '团队乙');
    const list = await call<{ list: TeamListItem[] }>(t, 'GET', '/team/change/list', { token: user.token });
    expect(list.data.list.map((x) => [x.teamName, x.current, x.memberCount])).toEqual([
      ['团队甲', false, 1],
      ['团队乙', true, 1],
    ]);
    const changed = await call<LastTeam>(t, 'POST', '/team/change', {
      token: user.token,
      body: { teamId: a.teamId },
    });
    expect(changed.data.teamId).toBe(a.teamId);
    expect((await call<UserInfo>(t, 'GET', '/user/info', { token: user.token })).data.lastTeam?.teamId).toBe(
      a.teamId,
    );
    const last = await call<LastTeam>(t, 'GET', '/team/last/join', { token: user.token });
    expect(last.data.teamId).toBe(b.teamId);
  });

  it("never switches into another user's team", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const team = await createTeam(t, owner.token);
    const res = await call(t, 'POST', '/team/change', {
      token: stranger.token,
      body: { teamId: team.teamId },
    });
    expect(res.code).toBe(Code.TEAM_NOT_FOUND);
    expect(res.data).toBeNull();
  });

  it('answers 541 once the current team is no longer a membership', async () => {
    const user = await createUser(t);
    const team = await createTeam(t, user.token);
    await t.app.ctx.db.execute(`delete from team_members where team_id = ${team.teamId}`);
    expect((await call(t, 'GET', '/team/current/list', { token: user.token })).code).toBe(Code.NO_TEAM);
    expect((await call<UserInfo>(t, 'GET', '/user/info', { token: user.token })).data.lastTeam).toBeNull();
  });
});

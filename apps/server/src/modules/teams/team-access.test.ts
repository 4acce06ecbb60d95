/** Team access: resetting and turning off the team code, 加入需审批, listing and revoking invite links. */
import {
  Code,
  type CurrentTeam,
  type InviteCreated,
  type InviteLink,
  type JoinPending,
  type JoinRequest,
  type LastTeam,
  type MyJoinRequest,
  type TeamAccess,
  type TeamListItem,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

const join = (token: string, inviteCode: string) =>
  call<LastTeam | JoinPending>(t, 'POST', '/team/user/invite/join', { token, body: { inviteCode } });
const info = (token: string, inviteCode: string) =>
  call(t, 'GET', '/team/invite/info', { token, query: { inviteCode } });
const access = (token: string, body: object) =>
  call<TeamAccess>(t, 'POST', '/team/access/modify', { token, body });
const teamsOf = async (token: string) =>
  (await call<{ list: TeamListItem[] }>(t, 'GET', '/team/change/list', { token })).data.list.map(
    (team) => team.teamId,
  );
const links = async (token: string) =>
  (await call<{ list: InviteLink[] }>(t, 'GET', '/team/invite/list', { token })).data.list;

async function ownedTeam() {
  const owner = await createUser(t);
  const team = await createTeam(t, owner.token, '门禁团队');
  return { owner, team };
}

describe('the team code', () => {
  it('is reset by OWNER/ADMIN: the old code finds no team, the new one joins', async () => {
    const { owner, team } = await ownedTeam();
    const reset = await call<TeamAccess>(t, 'POST', '/team/code/reset', { token: owner.token });
    expect(reset.code).toBe(200);
    expect(reset.data.teamCode).toMatch(/^[A-Z2-9]{6}$/);
    expect(reset.data.teamCode).not.toBe(team.teamCode);
    const current = await call<CurrentTeam>(t, 'GET', '/team/current/list', { token: owner.token });
    expect(current.data).toMatchObject({ teamCode: reset.data.teamCode, codeEnabled: true });

    const b = await createUser(t);
    expect((await join(b.token, team.teamCode)).code).toBe(Code.TEAM_NOT_FOUND);
    expect((await info(b.token, team.teamCode)).code).toBe(Code.TEAM_NOT_FOUND);
    expect((await join(b.token, reset.data.teamCode)).code).toBe(200);
    expect(await teamsOf(b.token)).toContain(team.teamId);
  });

  it('is turned off: joining and looking it up answer 20020, links still work; on again it joins', async () => {
    const { owner, team } = await ownedTeam();
    const off = await access(owner.token, { codeEnabled: false });
    expect(off.data).toEqual({ teamCode: team.teamCode, codeEnabled: false, joinApproval: false });
    const b = await createUser(t);
    expect((await join(b.token, team.teamCode)).code).toBe(Code.TEAM_CODE_DISABLED);
    expect((await info(b.token, team.teamCode)).code).toBe(Code.TEAM_CODE_DISABLED);
    expect(await teamsOf(b.token)).not.toContain(team.teamId);

    const link = await call<InviteCreated>(t, 'POST', '/team/invite/create', {
      token: owner.token,
      body: { role: 'MEMBER' },
    });
    expect((await join(b.token, link.data.inviteCode)).code).toBe(200);

    await access(owner.token, { codeEnabled: true });
    const c = await createUser(t);
    expect((await join(c.token, team.teamCode)).code).toBe(200);
    expect((await access(owner.token, {})).status).toBe(400);
  });
});

describe('加入需审批', () => {
  it('a join by code makes a pending request the requester sees; approving makes a MEMBER', async () => {
    const { owner, team } = await ownedTeam();
    await access(owner.token, { joinApproval: true });
    const b = await createUser(t);
    const looked = await call<{ approval: boolean }>(t, 'GET', '/team/invite/info', {
      token: b.token,
      query: { inviteCode: team.teamCode },
    });
    expect(looked.data.approval).toBe(true);

    const asked = await join(b.token, team.teamCode);
    expect(asked.code).toBe(200);
    expect(asked.data).toMatchObject({ pending: true, teamName: '门禁团队' });
    const requestId = (asked.data as JoinPending).requestId;
    // Not a member yet: the team is not among theirs and its data answers 541.
    expect(await teamsOf(b.token)).not.toContain(team.teamId);
    expect(
      (await call(t, 'POST', '/team/change', { token: b.token, body: { teamId: team.teamId } })).code,
    ).toBe(Code.TEAM_NOT_FOUND);
    // Asking again keeps the one request.
    expect(((await join(b.token, team.teamCode)).data as JoinPending).requestId).toBe(requestId);
    const mine = await call<{ list: MyJoinRequest[] }>(t, 'GET', '/team/join/request/mine', {
      token: b.token,
    });
    expect(mine.data.list).toEqual([expect.objectContaining({ requestId, teamName: '门禁团队' })]);
    const pending = await call<{ list: JoinRequest[] }>(t, 'GET', '/team/join/request/list', {
      token: owner.token,
    });
    expect(pending.data.list).toEqual([
      expect.objectContaining({ requestId, userId: b.userId, phone: expect.stringMatching(/\*\*\*\*/) }),
    ]);

    // Another team's manager cannot decide it.
    const other = await ownedTeam();
    const foreign = await call(t, 'POST', '/team/join/request/approve', {
      token: other.owner.token,
      body: { requestId },
    });
    expect(foreign.code).toBe(Code.JOIN_REQUEST_NOT_FOUND);

    const approved = await call(t, 'POST', '/team/join/request/approve', {
      token: owner.token,
      body: { requestId },
    });
    expect(approved.code).toBe(200);
    const list = await call<{ list: TeamListItem[] }>(t, 'GET', '/team/change/list', { token: b.token });
    expect(list.data.list.find((x) => x.teamId === team.teamId)).toMatchObject({ userTeamRole: 'MEMBER' });
    expect(
      (await call<{ list: unknown[] }>(t, 'GET', '/team/join/request/mine', { token: b.token })).data.list,
    ).toEqual([]);
    const again = await call(t, 'POST', '/team/join/request/approve', {
      token: owner.token,
      body: { requestId },
    });
    expect(again.code).toBe(Code.JOIN_REQUEST_NOT_FOUND);
  });

  it('declining leaves the requester outside; a link joins at once and settles a pending request', async () => {
    const { owner, team } = await ownedTeam();
    await access(owner.token, { joinApproval: true });
    const b = await createUser(t);
    const first = (await join(b.token, team.teamCode)).data as JoinPending;
    const declined = await call(t, 'POST', '/team/join/request/decline', {
      token: owner.token,
      body: { requestId: first.requestId },
    });
    expect(declined.code).toBe(200);
    expect(await teamsOf(b.token)).not.toContain(team.teamId);

    await join(b.token, team.teamCode);
    const link = await call<InviteCreated>(t, 'POST', '/team/invite/create', {
      token: owner.token,
      body: { role: 'MEMBER' },
    });
    expect((await join(b.token, link.data.inviteCode)).data).toMatchObject({ teamId: team.teamId });
    expect(
      (await call<{ list: unknown[] }>(t, 'GET', '/team/join/request/list', { token: owner.token })).data
        .list,
    ).toEqual([]);
  });
});

describe('invite links', () => {
  it('default to one use for 24 hours; are listed with their state and revoked at once', async () => {
    const { owner, team } = await ownedTeam();
    const made = await call<InviteCreated>(t, 'POST', '/team/invite/create', {
      token: owner.token,
      body: {},
    });
    const hours = (made.data.expireTime - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [listed] = await links(owner.token);
    expect(listed).toMatchObject({
      url: made.data.url,
      role: 'MEMBER',
      maxUses: 1,
      uses: 0,
      state: 'active',
    });
    const b = await createUser(t);
    expect((await join(b.token, made.data.inviteCode)).code).toBe(200);
    expect((await links(owner.token))[0]).toMatchObject({ uses: 1, state: 'usedUp' });

    const many = await call<InviteCreated>(t, 'POST', '/team/invite/create', {
      token: owner.token,
      body: { maxUses: 10, expireHours: 72 },
    });
    const id = (await links(owner.token))[0]!.inviteId;
    // Another team cannot revoke it.
    const other = await ownedTeam();
    const foreign = await call(t, 'POST', '/team/invite/revoke', {
      token: other.owner.token,
      body: { inviteId: id },
    });
    expect(foreign.code).toBe(Code.INVITE_LINK_NOT_FOUND);
    expect(
      (await call(t, 'POST', '/team/invite/revoke', { token: owner.token, body: { inviteId: id } })).code,
    ).toBe(200);
    expect((await links(owner.token))[0]).toMatchObject({ inviteId: id, state: 'revoked' });
    const c = await createUser(t);
    expect((await info(c.token, many.data.inviteCode)).code).toBe(Code.INVITE_INVALID);
    expect((await join(c.token, many.data.inviteCode)).code).toBe(Code.INVITE_INVALID);
    expect(await teamsOf(c.token)).not.toContain(team.teamId);
  });
});

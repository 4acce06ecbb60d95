/** Adding a user by search makes an invitation they accept or decline; never a membership at once. */
import {
  Code,
  type InviteInfo,
  type LastTeam,
  type MyInvitation,
  type Page,
  type TeamInvitation,
  type TeamUser,
  type UserInfo,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addByInvitation,
  call,
  createTeam,
  createUser,
  inviteUser,
  joinTeam,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const memberIds = async (token: string) =>
  (await call<Page<TeamUser>>(t, 'GET', '/team/user/list', { token })).data.list.map((u) => u.userId);
const myInvitations = async (token: string) =>
  (await call<{ list: MyInvitation[] }>(t, 'GET', '/team/invitation/list', { token })).data.list;
const teamInvitations = (token: string) =>
  call<{ list: TeamInvitation[] }>(t, 'GET', '/team/invitation/team/list', { token });
const accept = (token: string, invitationId: number) =>
  call<LastTeam>(t, 'POST', '/team/invitation/accept', { token, body: { invitationId } });
const decline = (token: string, invitationId: number) =>
  call(t, 'POST', '/team/invitation/decline', { token, body: { invitationId } });

describe('inviting a user by search', () => {
  it('creates an invitation, not a membership; the user sees it, accepts, and is a member in that team', async () => {
    const owner = await createUser(t);
    await call(t, 'POST', '/user/modify', { token: owner.token, body: { nickName: '邀请人甲' } });
    const team = await createTeam(t, owner.token, '邀请团队');
    const b = await createUser(t);

    const sent = await call<{ invitationId: number }>(t, 'POST', '/team/user/invite/join', {
      token: owner.token,
      body: { userId: b.userId },
    });
    expect(sent.code).toBe(200);
    expect(sent.msg).toBe('已发送邀请，对方接受后加入团队');
    expect(sent.data.invitationId).toBeGreaterThan(0);
    expect(await memberIds(owner.token)).toEqual([owner.userId]);
    // B is not a member: no current team, nothing of the team to see.
    expect((await call<UserInfo>(t, 'GET', '/user/info', { token: b.token })).data.lastTeam).toBeNull();
    expect((await call(t, 'GET', '/team/user/list', { token: b.token })).code).toBe(Code.NO_TEAM);
    expect(
      (await call(t, 'POST', '/team/change', { token: b.token, body: { teamId: team.teamId } })).code,
    ).toBe(Code.TEAM_NOT_FOUND);

    // Inviting again is idempotent: the same invitation.
    const again = await inviteUser(t, owner.token, b.userId);
    expect(again).toBe(sent.data.invitationId);

    const pending = await myInvitations(b.token);
    expect(pending).toEqual([
      expect.objectContaining({
        invitationId: sent.data.invitationId,
        teamId: team.teamId,
        teamName: '邀请团队',
        role: 'MEMBER',
        inviterName: '邀请人甲',
      }),
    ]);
    const listed = await teamInvitations(owner.token);
    expect(listed.data.list).toEqual([
      expect.objectContaining({ userId: b.userId, inviterName: '邀请人甲', role: 'MEMBER' }),
    ]);
    expect(listed.data.list[0]!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);

    const accepted = await accept(b.token, sent.data.invitationId);
    expect(accepted.code).toBe(200);
    expect(accepted.data).toMatchObject({
      teamId: team.teamId,
      teamName: '邀请团队',
      userTeamRole: 'MEMBER',
    });
    expect((await call<UserInfo>(t, 'GET', '/user/info', { token: b.token })).data.lastTeam?.teamId).toBe(
      team.teamId,
    );
    expect(await memberIds(owner.token)).toEqual([owner.userId, b.userId]);
    expect(await myInvitations(b.token)).toEqual([]);
    expect((await teamInvitations(owner.token)).data.list).toEqual([]);
    // Answered: accepting again is 20009 (no such invitation); inviting a member answers 20014 and makes no invitation.
    expect((await accept(b.token, sent.data.invitationId)).code).toBe(Code.INVITATION_NOT_FOUND);
    const member = await call(t, 'POST', '/team/user/invite/join', {
      token: owner.token,
      body: { userId: b.userId },
    });
    expect(member).toMatchObject({ code: Code.ALREADY_MEMBER, msg: '该用户已经是团队成员', data: null });
  });

  it('declining leaves the user outside the team and the invitation gone', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const b = await createUser(t);
    const invitationId = await inviteUser(t, owner.token, b.userId);
    expect((await decline(b.token, invitationId)).code).toBe(200);
    expect(await myInvitations(b.token)).toEqual([]);
    expect(await memberIds(owner.token)).toEqual([owner.userId]);
    expect((await accept(b.token, invitationId)).code).toBe(Code.INVITATION_NOT_FOUND);
    expect((await decline(b.token, invitationId)).code).toBe(Code.INVITATION_NOT_FOUND);
  });

  it("another user can neither see, accept nor decline someone else's invitation (20009)", async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const [b, c] = await Promise.all([createUser(t), createUser(t)]);
    const invitationId = await inviteUser(t, owner.token, b.userId);
    expect(await myInvitations(c.token)).toEqual([]);
    const stolen = await accept(c.token, invitationId);
    expect(stolen).toMatchObject({ code: Code.INVITATION_NOT_FOUND, msg: '邀请不存在或已处理', data: null });
    expect((await decline(c.token, invitationId)).code).toBe(Code.INVITATION_NOT_FOUND);
    // The owner is not the invitee either.
    expect((await accept(owner.token, invitationId)).code).toBe(Code.INVITATION_NOT_FOUND);
    expect(await memberIds(owner.token)).toEqual([owner.userId]);
    expect(await myInvitations(b.token)).toHaveLength(1);
  });

  it('only OWNER/ADMIN invite; an ADMIN role is the OWNER’s to hand out; another team cannot cancel', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const [admin, member, outsider] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await addByInvitation(t, owner.token, admin);
    await call(t, 'POST', '/team/user/role', {
      token: owner.token,
      body: { userId: admin.userId, role: 'ADMIN' },
    });
    await joinTeam(t, member.token, team.teamCode);

    const byMember = await call(t, 'POST', '/team/user/invite/join', {
      token: member.token,
      body: { userId: outsider.userId },
    });
    expect(byMember.code).toBe(Code.FORBIDDEN);
    expect((await teamInvitations(member.token)).code).toBe(Code.FORBIDDEN);
    const adminAsAdmin = await call(t, 'POST', '/team/user/invite/join', {
      token: admin.token,
      body: { userId: outsider.userId, role: 'ADMIN' },
    });
    expect(adminAsAdmin.code).toBe(Code.FORBIDDEN);
    const invitationId = await inviteUser(t, admin.token, outsider.userId);
    expect(await myInvitations(outsider.token)).toHaveLength(1);

    // Another team's manager cannot cancel it; a MEMBER cannot; the team's ADMIN can.
    const other = await createUser(t);
    await createTeam(t, other.token);
    const cancel = (token: string) =>
      call(t, 'POST', '/team/invitation/cancel', { token, body: { invitationId } });
    expect((await cancel(other.token)).code).toBe(Code.INVITATION_NOT_FOUND);
    expect((await cancel(member.token)).code).toBe(Code.FORBIDDEN);
    expect((await cancel(admin.token)).code).toBe(200);
    expect(await myInvitations(outsider.token)).toEqual([]);
    expect((await accept(outsider.token, invitationId)).code).toBe(Code.INVITATION_NOT_FOUND);
    expect((await cancel(owner.token)).code).toBe(Code.INVITATION_NOT_FOUND);
  });

  it('an invitation with the ADMIN role makes an admin; joining by code settles a pending invitation', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const [b, c] = await Promise.all([createUser(t), createUser(t)]);
    const forB = await inviteUser(t, owner.token, b.userId, 'ADMIN');
    expect((await myInvitations(b.token))[0]?.role).toBe('ADMIN');
    expect((await accept(b.token, forB)).data.userTeamRole).toBe('ADMIN');

    await inviteUser(t, owner.token, c.userId);
    await joinTeam(t, c.token, team.teamCode);
    expect(await myInvitations(c.token)).toEqual([]);
    expect((await teamInvitations(owner.token)).data.list).toEqual([]);
  });

  it('an expired team cannot be joined by accepting', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token);
    const b = await createUser(t);
    const invitationId = await inviteUser(t, owner.token, b.userId);
    await t.app.ctx.db.execute(
      `update teams set expire_date = now() - interval '1 day' where id = ${team.teamId}`,
    );
    expect((await accept(b.token, invitationId)).code).toBe(Code.TEAM_EXPIRED);
    expect((await teamInvitations(owner.token)).data.list).toHaveLength(1); // still readable
  });
});

describe('a removed member', () => {
  it('hears 541 naming the team they were removed from', async () => {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.token, '移除测试团队');
    const b = await createUser(t);
    await joinTeam(t, b.token, team.teamCode);
    await call(t, 'POST', '/team/user/remove', { token: owner.token, body: { userId: b.userId } });
    const res = await call(t, 'GET', '/team/current/list', { token: b.token });
    expect(res).toMatchObject({
      code: Code.NO_TEAM,
      msg: '你已被移出团队「移除测试团队」',
      data: { teamId: team.teamId, teamName: '移除测试团队' },
    });
    // Without a current team at all, the 541 names nothing.
    const c = await createUser(t);
    expect(await call(t, 'GET', '/team/current/list', { token: c.token })).toMatchObject({
      code: Code.NO_TEAM,
      msg: '请先选择团队',
      data: null,
    });
  });
});

describe('invite link lookup', () => {
  it('names the team, the role and who made the link, and nothing more', async () => {
    const owner = await createUser(t);
    await call(t, 'POST', '/user/modify', { token: owner.token, body: { nickName: '链接作者' } });
    const team = await createTeam(t, owner.token, '链接团队');
    const link = await call<{ inviteCode: string }>(t, 'POST', '/team/invite/create', {
      token: owner.token,
      body: { role: 'ADMIN', maxUses: 1 },
    });
    const b = await createUser(t);
    const info = await call<InviteInfo>(t, 'GET', '/team/invite/info', {
      token: b.token,
      query: { inviteCode: link.data.inviteCode },
    });
    expect(info.code).toBe(200);
    expect(Object.keys(info.data).sort()).toEqual([
      'approval',
      'expireTime',
      'inviterName',
      'role',
      'teamLogo',
      'teamName',
    ]);
    expect(info.data).toMatchObject({ teamName: '链接团队', role: 'ADMIN', inviterName: '链接作者' });
    const byCode = await call<InviteInfo>(t, 'GET', '/team/invite/info', {
      token: b.token,
      query: { inviteCode: team.teamCode },
    });
    expect(byCode.data).toEqual({
      teamName: '链接团队',
      teamLogo: '',
      role: 'MEMBER',
      inviterName: null,
      expireTime: null,
      approval: false,
    });
    // Used up: the lookup says so as the join would.
    await call(t, 'POST', '/team/user/invite/join', {
      token: b.token,
      body: { inviteCode: link.data.inviteCode },
    });
    const spent = await call(t, 'GET', '/team/invite/info', {
      token: b.token,
      query: { inviteCode: link.data.inviteCode },
    });
    expect(spent.code).toBe(Code.INVITE_INVALID);
    expect((await call(t, 'GET', '/team/invite/info', { query: { inviteCode: team.teamCode } })).code).toBe(
      401,
    );
  });
});

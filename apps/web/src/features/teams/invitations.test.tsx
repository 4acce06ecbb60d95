import { Code, Routes, type InviteInfo, type MyInvitation } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { readStoredUser, writeStoredUser } from '../../lib/storage.ts';
import { team, user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const invitation: MyInvitation = {
  invitationId: 31,
  teamId: 9,
  teamName: '远方团队',
  teamLogo: '',
  role: 'MEMBER',
  inviterName: '老王',
  createTime: 1_700_000_000_000,
};
const joined = team({ teamId: 9, teamName: '远方团队', userTeamRole: 'MEMBER' });
const clickButton = async (name: string) =>
  fireEvent.click(
    (await screen.findByText(name, { selector: 'button span' })).closest('button') as HTMLButtonElement,
  );

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.team.currentList).reply(200, { code: Code.NO_TEAM, msg: '请先选择团队', data: null });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('invitations from a team', () => {
  it('/selectTeam lists them with team, role and inviter; accepting enters the team', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [invitation] }));
    let accepted = false;
    mock.onPost(Routes.team.invitationAccept).reply(() => {
      accepted = true;
      return ok(joined);
    });
    // As the server: once accepted, the team is current.
    mock
      .onGet(Routes.team.currentList)
      .reply(() =>
        accepted
          ? ok({ ...joined, ownerId: 2, memberCount: 2, createTime: 1 })
          : [200, { code: Code.NO_TEAM, msg: '请先选择团队', data: null }],
      );
    const router = renderApp('/selectTeam');
    await screen.findByText('选择团队', { selector: 'h1' }); // the lazy page is in
    // Text queries: role queries over antd's whole page are slow in jsdom.
    const title = await screen.findByText('待处理的团队邀请', { selector: 'h2' });
    const region = within(title.closest('[role="region"]') as HTMLElement);
    expect(region.getByText('「远方团队」邀请你以成员身份加入')).toBeTruthy();
    expect(region.getByText(/老王 邀请/)).toBeTruthy();
    // The header says so too, linking here.
    const badge = document.querySelector('header a[aria-label="团队邀请（1）"]');
    expect(badge?.getAttribute('href')).toBe('/selectTeam');
    await clickButton('接受');
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ invitationId: 31 });
    expect(readStoredUser()?.lastTeam?.teamName).toBe('远方团队');
  });

  it('declining asks first, posts the id and the invitation disappears', async () => {
    writeStoredUser(user({ lastTeam: null }));
    let pending = [invitation];
    mock.onGet(Routes.team.invitationList).reply(() => ok({ list: pending }));
    mock.onPost(Routes.team.invitationDecline).reply(() => {
      pending = [];
      return ok(null);
    });
    renderApp('/selectTeam');
    await screen.findByText('待处理的团队邀请', { selector: 'h2' });
    expect(document.querySelector('header a[aria-label="团队邀请（1）"]')).toBeTruthy();
    await clickButton('拒绝');
    expect(await screen.findByText('拒绝「远方团队」的邀请？')).toBeTruthy();
    const confirm = (await screen.findAllByText('拒绝', { selector: 'button span' })).at(-1)!;
    fireEvent.click(confirm.closest('button') as HTMLButtonElement);
    await waitFor(() => expect(screen.queryByText('待处理的团队邀请')).toBeNull());
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ invitationId: 31 });
    expect(document.querySelector('header a[aria-label^="团队邀请"]')).toBeNull();
  });
});

describe('a removed member', () => {
  it('/selectTeam names the team they were removed from', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    mock.onGet(Routes.team.currentList).reply(200, {
      code: Code.NO_TEAM,
      msg: '你已被移出团队「星火课程组」',
      data: { teamId: 7, teamName: '星火课程组' },
    });
    renderApp('/selectTeam');
    expect(await screen.findByText('你已被移出团队「星火课程组」')).toBeTruthy();
  });

  it('a 541 on a team page lands on /selectTeam with the notice', async () => {
    writeStoredUser(user());
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    mock.onGet(Routes.team.currentList).reply(200, {
      code: Code.NO_TEAM,
      msg: '你已被移出团队「星火课程组」',
      data: { teamId: 7, teamName: '星火课程组' },
    });
    const router = renderApp('/personal/team');
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
    expect(await screen.findByText('你已被移出团队「星火课程组」')).toBeTruthy();
    expect(readStoredUser()?.lastTeam).toBeNull();
  });

  it('no notice for a user who simply has no team', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    renderApp('/selectTeam');
    await screen.findByText('你还没有加入任何团队');
    await waitFor(() => expect(mock.history.get.some((r) => r.url === Routes.team.currentList)).toBe(true));
    expect(screen.queryByText(/你已被移出团队/)).toBeNull();
  });
});

describe('an invite link', () => {
  it('names the team, the role and who made it', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    const info: InviteInfo = {
      teamName: '远方团队',
      teamLogo: '',
      role: 'ADMIN',
      inviterName: '老王',
      expireTime: 1_900_000_000_000,
      approval: false,
    };
    mock.onGet(Routes.team.inviteInfo).reply(...ok(info));
    renderApp('/selectTeam?invite=tok_abc123');
    expect(await screen.findByText('「远方团队」邀请你以管理员身份加入')).toBeTruthy();
    expect(screen.getByText(/邀请人：老王/)).toBeTruthy();
    expect(mock.history.get.find((r) => r.url === Routes.team.inviteInfo)?.params).toEqual({
      inviteCode: 'tok_abc123',
    });
  });

  it('an expired or used-up link says so', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    mock
      .onGet(Routes.team.inviteInfo)
      .reply(200, { code: Code.INVITE_INVALID, msg: '邀请链接已过期或已用完', data: null });
    renderApp('/selectTeam?invite=tok_abc123');
    expect(await screen.findByText('这个邀请链接无效，请向对方要一个新的链接。')).toBeTruthy();
  });
});

describe('greeting', () => {
  it('a brand-new user is welcomed as new, not back', async () => {
    writeStoredUser(user({ newUser: true }));
    mock.onGet(Routes.user.info).reply(...ok(user()));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    renderApp('/author');
    expect(await screen.findByRole('heading', { name: '欢迎加入，小明' })).toBeTruthy();
    expect(screen.queryByText(/欢迎回来/)).toBeNull();
  });
});

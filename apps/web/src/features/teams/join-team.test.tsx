import { Code, Routes } from '@studio/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/request.ts';
import { readStoredUser, writeStoredUser } from '../../lib/storage.ts';
import { team, user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { WECHAT_REDIRECT_KEY } from '../auth/wechat-keys.ts';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK) => [200, { code, msg: 'ok', data }] as const;
const joined = team({ teamId: 9, teamName: '远方团队', userTeamRole: 'MEMBER' });
const posted = () => JSON.parse(mock.history.post[0]?.data as string) as unknown;
const clickButton = async (name: string) =>
  fireEvent.click(
    (await screen.findByText(name, { selector: 'button span' })).closest('button') as HTMLButtonElement,
  );

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => mock.reset());

describe('joining a team', () => {
  it('/selectTeam?invite=… shows the invitation and joins only when confirmed', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onPost(Routes.team.userInviteJoin).reply(...ok(joined));
    const router = renderApp('/selectTeam?invite=tok_abc123');
    expect(await screen.findByText('你收到了一个团队邀请')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
    await clickButton('加入团队');
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'));
    expect(posted()).toEqual({ inviteCode: 'tok_abc123' });
    expect(readStoredUser()?.lastTeam?.teamName).toBe('远方团队');
    expect(await screen.findByText('已加入「远方团队」')).toBeTruthy();
  });

  it('20014 (already a member) is a success: says so and switches', async () => {
    writeStoredUser(user());
    mock.onPost(Routes.team.userInviteJoin).reply(...ok(joined, Code.ALREADY_MEMBER));
    mock
      .onGet(Routes.team.inviteInfo)
      .reply(
        ...ok({ teamName: '远方团队', teamLogo: '', role: 'MEMBER', inviterName: null, expireTime: null }),
      );
    const router = renderApp('/selectTeam?invite=DEMO88');
    expect(await screen.findByText('「远方团队」邀请你以成员身份加入')).toBeTruthy();
    await clickButton('加入团队');
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'));
    expect(await screen.findByText(/你已经是该团队成员/)).toBeTruthy();
    expect(readStoredUser()?.lastTeam?.teamId).toBe(9);
  });

  it('暂不加入 drops the invitation from the address', async () => {
    writeStoredUser(user({ lastTeam: null }));
    const router = renderApp('/selectTeam?invite=tok_abc123');
    await clickButton('暂不加入');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('你收到了一个团队邀请')).toBeNull();
  });

  it('the join card takes a pasted invite link and sends only its code', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onPost(Routes.team.userInviteJoin).reply(...ok(joined));
    const router = renderApp('/creatTeam');
    const input = await screen.findByLabelText('团队码或邀请链接');
    fireEvent.change(input, { target: { value: 'https://studio.example/selectTeam?invite=Tok-9_xyz' } });
    await clickButton('加入');
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'));
    expect(posted()).toEqual({ inviteCode: 'Tok-9_xyz' });
  });

  it('the join card refuses input without a code, naming what it expects', async () => {
    writeStoredUser(user({ lastTeam: null }));
    renderApp('/selectTeam');
    const input = await screen.findByLabelText('团队码或邀请链接');
    // A neutral example, never the demo team's real code.
    expect((input as HTMLInputElement).placeholder).toBe('例如 AB12CD，或粘贴邀请链接');
    fireEvent.change(input, { target: { value: 'https://studio.example/selectTeam' } });
    await clickButton('加入');
    expect(await screen.findByText('请输入 6 位团队码，或粘贴完整的邀请链接')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });
});

describe('an invite link through login', () => {
  it('/loading keeps the invite for a user without a team', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.user.info).reply(...ok(user({ lastTeam: null })));
    const router = renderApp(`/loading?redirect=${encodeURIComponent('/selectTeam?invite=tok_abc123')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
    expect(router.state.location.search).toBe('?invite=tok_abc123');
    expect(await screen.findByText('你收到了一个团队邀请')).toBeTruthy();
  });

  it('a WeChat login (which leaves the page) still lands on the invitation afterwards', async () => {
    sessionStorage.setItem(WECHAT_REDIRECT_KEY, '/selectTeam?invite=tok_abc123');
    mock.onPost(Routes.auth.wechatCallback).reply(...ok(user({ token: 'wx', lastTeam: null })));
    mock.onGet(Routes.user.info).reply(...ok(user({ token: 'wx', lastTeam: null })));
    const router = renderApp('/wxAuth?code=abc&state=s1');
    await waitFor(() => expect(router.state.location.search).toBe('?invite=tok_abc123'));
    expect(router.state.location.pathname).toBe('/selectTeam');
    expect(sessionStorage.getItem(WECHAT_REDIRECT_KEY)).toBeNull();
  });

  it('a logged-out visitor of the link is sent to /login with the whole link as redirect', async () => {
    const router = renderApp('/selectTeam?invite=tok_abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/selectTeam?invite=tok_abc123',
    );
  });
});

describe('an expired team', () => {
  it('a 542 answer turns the stored team read-only and shows the alert', async () => {
    writeStoredUser(user());
    mock.onGet(Routes.user.info).reply(...ok(user()));
    renderApp('/author');
    await screen.findByText(/欢迎回来/);
    expect(screen.queryByText('团队已过期，只能查看，不能修改')).toBeNull();
    mock.onPost(Routes.team.modify).reply(200, { code: Code.TEAM_EXPIRED, msg: '团队已过期', data: null });
    await expect(http.post(Routes.team.modify, { teamName: 'xx' })).rejects.toBeTruthy();
    expect(readStoredUser()?.lastTeam?.teamExpire).toBe(true);
    expect(await screen.findByText('团队已过期，只能查看，不能修改')).toBeTruthy();
  });
});

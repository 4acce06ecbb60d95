import { Code, Routes, USER_INFO_STORAGE_KEY } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/request.ts';
import { readStoredUser, writeStoredUser } from '../../lib/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK) => [200, { code, msg: 'ok', data }] as const;
const body = (i: number) => JSON.parse(mock.history.post[i]?.data as string) as unknown;

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => {
  mock.reset();
  vi.unstubAllGlobals();
});

// The login card calls with fetch (features/auth/login/login-api.ts); /loading and /wxAuth with axios.
describe('login page', () => {
  it('validates the phone as you type', async () => {
    renderApp('/login');
    const panel = within(await screen.findByRole('tabpanel', { name: '验证码登录' }));
    fireEvent.change(panel.getByLabelText('手机号'), { target: { value: '123' } });
    expect(await panel.findByText('请输入正确的 11 位手机号')).toBeTruthy();
  });

  it('SMS login: sends the code (10005 counts as sent), logs in, stores userInfo, goes to /loading', async () => {
    const calls = stubFetch({
      [Routes.auth.smsSend]: [{ code: Code.SMS_ALREADY_SENT }],
      [Routes.auth.loginSms]: [{ code: Code.OK, data: user({ token: 'new-token' }) }],
    });
    mock.onGet(Routes.user.info).reply(...ok(user({ token: 'ignored' })));
    const router = renderApp('/login');

    const panel = within(await screen.findByRole('tabpanel', { name: '验证码登录' }));
    fireEvent.change(panel.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(panel.getByRole('button', { name: '获取验证码' }));
    expect(await panel.findByText('验证码已发送')).toBeTruthy();
    expect(await panel.findByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ phone: '13800000000', purpose: 'login' });

    fireEvent.change(panel.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(panel.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/author'));
    expect(calls[1]?.body).toEqual({ phone: '13800000000', code: '123456' });
    // /loading refreshed the user but kept the token from the login answer.
    expect(readStoredUser()?.token).toBe('new-token');
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toContain('new-token');
  });

  it('password login puts a wrong-password answer under the password field', async () => {
    const calls = stubFetch({
      [Routes.auth.loginPassword]: [{ code: Code.LOGIN_WRONG, msg: '手机号或密码错误' }],
    });
    renderApp('/login');
    fireEvent.click(await screen.findByRole('tab', { name: '密码登录' }));
    const panel = within(await screen.findByRole('tabpanel', { name: '密码登录' }));
    fireEvent.change(panel.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.change(panel.getByLabelText('密码'), { target: { value: 'abc12345' } });
    fireEvent.click(panel.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ phone: '13800000000', password: 'abc12345' });
    expect((await panel.findAllByText('手机号或密码错误')).length).toBeGreaterThan(0);
  });

  it('password login warns on the try before the last and says how long a lock lasts', async () => {
    stubFetch({
      [Routes.auth.loginPassword]: [
        {
          code: Code.LOGIN_WRONG_LAST_TRY,
          msg: '手机号或密码错误，还可尝试 1 次，再错将锁定 15 分钟',
          data: { triesLeft: 1, lockSeconds: 900 },
        },
        { code: Code.LOGIN_LOCKED, msg: '登录尝试次数过多，请 15 分钟后再试', data: { waitSeconds: 897 } },
      ],
    });
    renderApp('/login');
    fireEvent.click(await screen.findByRole('tab', { name: '密码登录' }));
    const panel = within(await screen.findByRole('tabpanel', { name: '密码登录' }));
    fireEvent.change(panel.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.change(panel.getByLabelText('密码'), { target: { value: 'abc12345' } });
    fireEvent.click(panel.getByRole('button', { name: '登录' }));
    expect(
      (await panel.findAllByText('手机号或密码错误，还可尝试 1 次，再错将锁定 15 分钟')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(panel.getByRole('button', { name: '登录' }));
    expect((await panel.findAllByText('登录尝试次数过多，请 15 分钟后再试')).length).toBeGreaterThan(0);
  });
});

describe('WeChat QR login with the simulator', () => {
  it('the desktop page follows the login: once a phone confirms, it goes to /wxAuth and logs in', async () => {
    const calls = stubFetch({
      [Routes.auth.wechatQr]: [
        {
          code: Code.OK,
          data: { state: 's9', qrUrl: '/api/auth/wechat/simulator?state=s9', mode: 'simulator' },
        },
      ],
      [Routes.auth.wechatStatus]: [
        { code: Code.OK, data: { status: 'waiting', code: null } },
        { code: Code.OK, data: { status: 'confirmed', code: 'c9' } },
      ],
    });
    mock.onPost(Routes.auth.wechatCallback).reply(...ok(user({ token: 'wx-desktop' })));
    mock.onGet(Routes.user.info).reply(...ok(user({ token: 'wx-desktop' })));
    const router = renderApp('/login');
    fireEvent.click(await screen.findByRole('tab', { name: '微信登录' }));
    expect(await screen.findByRole('img', { name: '微信登录二维码' })).toBeTruthy();
    // 在本机打开 confirms in this window; the QR code is for a phone (a whole address).
    expect(screen.getByRole('link', { name: /在本机打开微信模拟器/ }).getAttribute('href')).toBe(
      `${window.location.origin}/api/auth/wechat/simulator?state=s9&here=1`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'), { timeout: 8000 });
    expect(body(0)).toEqual({ code: 'c9', state: 's9' });
    expect(calls.filter((c) => c.route === Routes.auth.wechatStatus).length).toBeGreaterThanOrEqual(2);
    expect(readStoredUser()?.token).toBe('wx-desktop');
  });
});

describe('/wxAuth', () => {
  it('without code and state, says so and links back to /login', async () => {
    renderApp('/wxAuth');
    expect(await screen.findByText('微信登录链接无效或已过期')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
  });

  it('a new WeChat user (register: false) binds a phone on the same page with the login card’s SMS form, then enters', async () => {
    mock.onPost(Routes.auth.wechatCallback).reply(...ok(user({ register: false, phone: '', token: 'wx' })));
    const calls = stubFetch({
      [Routes.auth.smsSend]: [{ code: Code.OK }],
      [Routes.auth.wechatBind]: [{ code: Code.OK, data: user({ register: true, token: 'wx' }) }],
    });
    mock.onGet(Routes.user.info).reply(...ok(user({ token: 'wx', lastTeam: null })));
    const router = renderApp('/wxAuth?code=abc&state=s1');

    expect(await screen.findByRole('heading', { name: '绑定手机号' })).toBeTruthy();
    expect(body(0)).toEqual({ code: 'abc', state: 's1' });
    expect(readStoredUser()?.register).toBe(false);

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    // The login's countdown, in the same words.
    expect(await screen.findByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ phone: '13900000000', purpose: 'bind' });

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定并进入' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
    expect(calls[1]).toMatchObject({
      route: Routes.auth.wechatBind,
      body: { phone: '13900000000', code: '654321' },
      // Under the session WeChat's callback gave.
      headers: { 'x-request-tkToken': 'wx' },
    });
  });
});

describe('/loading', () => {
  it('goes to /author when the refreshed user has a lastTeam', async () => {
    writeStoredUser(user());
    mock.onGet(Routes.user.info).reply(...ok(user({ nickName: '新名字' })));
    const router = renderApp('/loading');
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'));
    expect(readStoredUser()?.nickName).toBe('新名字');
  });

  it('goes to /selectTeam when there is no lastTeam', async () => {
    writeStoredUser(user());
    mock.onGet(Routes.user.info).reply(...ok(user({ lastTeam: null })));
    const router = renderApp('/loading');
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
  });
});

/**
 * The login card in both of its modes: the visitor's island (the server's page, hydrated by
 * `hydrateIslands` with the words sent in the page) and the app's /login (react-i18next, the router).
 */
import { Code, Routes, USER_INFO_STORAGE_KEY } from '@studio/contract/constants';
import type { UiLang } from '@studio/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderPublicPage } from '../../../public/entry-server.tsx';
import { hydrateIslands } from '../../../public/islands.tsx';
import type { LoginIslandProps } from '../../../public/login-island-view.tsx';
import { hasMemberCookie } from '../../../lib/cookies.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const props = (over: Partial<LoginIslandProps> = {}): LoginIslandProps => ({
  way: 'sms',
  next: '/loading?redirect=%2Fstore%2Flist',
  redirect: '/store/list',
  wechat: null,
  ...over,
});
/** The server's /login page (its body) in the page's language. */
const loginPage = (p: LoginIslandProps, lang: UiLang = 'zh-CN') =>
  renderPublicPage({ page: 'login', ...p, lang, url: '/login' });

let roots: Root[] = [];
let island: HTMLElement | null = null;
afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  island?.remove();
  roots = [];
  island = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * The server's page, `before` run on it (a visitor typing before the script came), then hydrated as
 * the page's script does (`hydrateIslands`). Returns what the page was sent to, and React's complaints
 * (a mismatch is one: React reports it through console.error).
 */
async function hydrateIsland(
  p: LoginIslandProps,
  before?: (container: HTMLElement) => void,
  lang: UiLang = 'zh-CN',
) {
  const container = document.createElement('div');
  container.innerHTML = loginPage(p, lang);
  document.body.append(container);
  island = container;
  before?.(container);
  const left: string[] = [];
  const complaints: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => complaints.push(args));
  // React's recoverable errors (a mismatch) go to reportError, an error event on the window.
  const onError = (event: ErrorEvent) => complaints.push(event.error);
  window.addEventListener('error', onError);
  onTestFinished(() => window.removeEventListener('error', onError));
  await act(async () => {
    roots = await hydrateIslands(container, { login: { leave: (url: string) => left.push(url) } });
  });
  expect(roots).toHaveLength(1);
  return { container, left, complaints };
}

describe('the login card as the visitor’s island', () => {
  it('hydrates the server’s HTML as it is (no mismatch), then turns its buttons on', async () => {
    const html = loginPage(props());
    // Without the script the forms post nowhere: the server sends their buttons off.
    expect(html.match(/<button type="submit"[^>]*disabled=""/g)).toHaveLength(2);
    const { container, complaints } = await hydrateIsland(props());
    expect(complaints).toEqual([]);
    const page = within(container);
    for (const button of page.getAllByRole('button', { name: '登录', hidden: true })) {
      expect((button as HTMLButtonElement).disabled).toBe(false);
    }
    expect((page.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('checks what was typed before it arrived, then each field as you type', async () => {
    const { container } = await hydrateIsland(props(), (c) => {
      (c.querySelector('#sms-phone') as HTMLInputElement).value = '12';
    });
    const page = within(within(container).getByRole('tabpanel', { name: '验证码登录' }));
    expect(page.getByText('请输入正确的 11 位手机号')).toBeTruthy();
    expect(page.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(page.getByLabelText('手机号'), { target: { value: '13800000000' } });
    expect(page.queryByText('请输入正确的 11 位手机号')).toBeNull();
  });

  it('SMS: sends the code (10005 counts as sent) with its countdown, logs in, stores the session, loads /loading', async () => {
    const calls = stubFetch({
      [Routes.auth.smsSend]: [{ code: Code.SMS_ALREADY_SENT }],
      [Routes.auth.loginSms]: [{ code: Code.OK, data: user({ token: 'island-token' }) }],
    });
    const { container, left } = await hydrateIsland(props());
    const page = within(within(container).getByRole('tabpanel', { name: '验证码登录' }));
    fireEvent.change(page.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(page.getByRole('button', { name: '获取验证码' }));
    expect(await page.findByText('验证码已发送')).toBeTruthy();
    expect(await page.findByRole('button', { name: '60 秒后重新获取' })).toBeTruthy();
    fireEvent.change(page.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(page.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(left).toEqual(['/loading?redirect=%2Fstore%2Flist']));
    expect(calls.map((c) => c.body)).toEqual([
      { phone: '13800000000', purpose: 'login' },
      { phone: '13800000000', code: '123456' },
    ]);
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toContain('island-token');
    expect(hasMemberCookie()).toBe(true);
  });

  it('password: switches tab in place (the address follows), says a wrong try under the field in the page’s language', async () => {
    stubFetch({
      [Routes.auth.loginPassword]: [
        { code: Code.LOGIN_WRONG_LAST_TRY, msg: 'server words', data: { triesLeft: 1, lockSeconds: 900 } },
      ],
    });
    const replace = vi.spyOn(history, 'replaceState');
    const { container, left } = await hydrateIsland(props(), undefined, 'en-US');
    const page = within(container);
    fireEvent.click(page.getByRole('tab', { name: 'Password' }));
    expect(replace).toHaveBeenLastCalledWith(null, '', '/login?way=password&redirect=%2Fstore%2Flist');
    const panel = within(page.getByRole('tabpanel', { name: 'Password' }));
    fireEvent.change(panel.getByLabelText('Phone'), { target: { value: '13800000000' } });
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'wrong1234' } });
    fireEvent.click(panel.getByRole('button', { name: 'Log in' }));
    const field = panel.getByLabelText('Password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const said = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(said.textContent).toMatch(/1 .*15 min/);
    expect(said.textContent).not.toContain('server words');
    expect(left).toEqual([]);
  });

  it('WeChat: the server’s QR, kept for /wxAuth; once a phone confirms, goes to /wxAuth with the code', async () => {
    const calls = stubFetch({
      [Routes.auth.wechatStatus]: [
        { code: Code.OK, data: { status: 'waiting', code: null } },
        { code: Code.OK, data: { status: 'confirmed', code: 'c7' } },
      ],
    });
    const qr = {
      state: 's7',
      qrUrl: 'http://x.test/api/auth/wechat/simulator?state=s7',
      mode: 'simulator',
    } as const;
    const { container, left, complaints } = await hydrateIsland(props({ way: 'wechat', wechat: qr }));
    expect(complaints).toEqual([]);
    const page = within(container);
    expect(page.getByRole('img', { name: '微信登录二维码' })).toBeTruthy();
    expect(page.getByRole('link', { name: '在本机打开微信模拟器' }).getAttribute('href')).toBe(
      `${qr.qrUrl}&here=1`,
    );
    expect(sessionStorage.getItem('wechatLoginState')).toBe('s7');
    expect(sessionStorage.getItem('wechatLoginRedirect')).toBe('/store/list');
    await waitFor(() => expect(left).toEqual(['/wxAuth?code=c7&state=s7']), { timeout: 6000 });
    expect(calls.filter((c) => c.route === Routes.auth.wechatStatus)).toHaveLength(2);
  });
});

describe('the login card in the app (/login)', () => {
  it('is the same card, with the app’s words: SMS login stores the session and goes on through /loading', async () => {
    useSession.setState({ status: 'ready', user: null });
    const calls = stubFetch({
      [Routes.auth.smsSend]: [{ code: Code.OK }],
      [Routes.auth.loginSms]: [{ code: Code.OK, data: user({ token: 'app-token', lastTeam: null }) }],
    });
    const router = renderApp('/login?redirect=%2Fstore%2Flist');
    const card = (await screen.findByRole('heading', { name: '登录/注册' })).closest('.lc') as HTMLElement;
    expect(card).toBeTruthy();
    expect(within(card).getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('true');
    const page = within(within(card).getByRole('tabpanel', { name: '验证码登录' }));
    fireEvent.change(page.getByLabelText('手机号'), { target: { value: '12' } });
    expect(page.getByText('请输入正确的 11 位手机号')).toBeTruthy();
    fireEvent.change(page.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(page.getByRole('button', { name: '获取验证码' }));
    expect(await page.findByText('验证码已发送')).toBeTruthy();
    fireEvent.change(page.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(page.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
    expect(calls.map((c) => c.body)).toEqual([
      { phone: '13800000000', purpose: 'login' },
      { phone: '13800000000', code: '123456' },
    ]);
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toContain('app-token');
  });

  it('its tabs follow and set `?way=`, and the language switch names the other language', async () => {
    useSession.setState({ status: 'ready', user: null });
    const router = renderApp('/login?way=password');
    const tab = await screen.findByRole('tab', { name: '密码登录' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    await waitFor(() => expect(router.state.location.search).toBe('?way=sms'));
    const english = screen.getByRole('button', { name: 'English' });
    expect(english.getAttribute('lang')).toBe('en-US');
  });
});

// The server-rendered login page with its script, as a browser runs them: the page's HTML from the
// server renderer, then startLoginPage, with fetch answered here.
import {
  Code,
  MEMBER_COOKIE,
  PLATFORM_CODE,
  SOURCE_HEADER,
  USER_INFO_STORAGE_KEY,
  type UiLang,
} from '@studio/contract/constants';
import type { PublicPageBody, WechatQr } from '@studio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WECHAT_REDIRECT_KEY, WECHAT_STATE_KEY } from '../features/auth/wechat-keys.ts';
import { renderPublicPage } from './entry-server.tsx';
import { startLoginPage } from './login-client.ts';

type Answer = { code: number; msg: string; data: unknown };
let answers: Answer[];
let calls: { url: string; body: unknown; headers: Record<string, string> }[];
let went: string[];

const user = { userId: 7, token: 't'.repeat(40), register: true, nickName: '新用户', phone: '13900000000' };

function open(
  options: {
    way?: 'sms' | 'password' | 'wechat';
    lang?: UiLang;
    redirect?: string | null;
    wechat?: WechatQr;
    /** Fields typed into before the script started (a slow phone): id → value. */
    typedBefore?: Record<string, string>;
  } = {},
) {
  const redirect = options.redirect ?? null;
  const model: PublicPageBody = {
    page: 'login',
    way: options.way ?? 'sms',
    redirect,
    next: redirect ? `/loading?redirect=${encodeURIComponent(redirect)}` : '/loading',
    wechat: options.wechat ?? null,
  };
  document.documentElement.lang = options.lang ?? 'zh-CN';
  document.body.innerHTML = renderPublicPage({ ...model, lang: options.lang ?? 'zh-CN', url: '/login' });
  for (const [id, value] of Object.entries(options.typedBefore ?? {})) {
    (document.getElementById(id) as HTMLInputElement).value = value;
  }
  startLoginPage(document.querySelector<HTMLElement>('[data-login-page]')!, (url) => went.push(url));
}

const panel = (name: string) => document.getElementById(`login-panel-${name}`)!;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorOf = (id: string) => document.getElementById(`${id}-error`)!;
const type = (id: string, value: string) => {
  input(id).value = value;
  input(id).dispatchEvent(new Event('input', { bubbles: true }));
};
const submit = (name: string) =>
  panel(name).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  answers = [];
  calls = [];
  went = [];
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${MEMBER_COOKIE}=; max-age=0; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({
        url,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
        headers: init.headers as Record<string, string>,
      });
      const answer = answers.shift() ?? { code: 200, msg: 'ok', data: null };
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the login page script', () => {
  it('enables the forms, and says a field rule as you type (and takes it back once met)', () => {
    open();
    expect(panel('sms').querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
    type('sms-phone', '12');
    expect(errorOf('sms-phone').textContent).toBe('请输入正确的 11 位手机号');
    expect(errorOf('sms-phone').hidden).toBe(false);
    expect(input('sms-phone').getAttribute('aria-invalid')).toBe('true');
    type('sms-phone', '13900000000');
    expect(errorOf('sms-phone').hidden).toBe(true);
    expect(input('sms-phone').hasAttribute('aria-invalid')).toBe(false);
  });

  it('checks what was typed before the script arrived, as if typed after', () => {
    open({ typedBefore: { 'sms-phone': '12', 'password-phone': '13900000000' } });
    expect(errorOf('sms-phone').textContent).toBe('请输入正确的 11 位手机号');
    expect(errorOf('sms-phone').hidden).toBe(false);
    expect(errorOf('password-phone').hidden).toBe(true);
    // An empty field is not called wrong before anything is typed in it.
    expect(input('sms-code').hasAttribute('aria-invalid')).toBe(false);
  });

  it('a submit with bad fields calls nothing and names every field that is wrong', () => {
    open({ lang: 'en-US' });
    submit('sms');
    expect(calls).toEqual([]);
    expect(errorOf('sms-phone').textContent).toBe('Enter a valid 11-digit phone number');
    expect(errorOf('sms-code').textContent).toMatch(/6 digits/);
    expect(document.activeElement).toBe(input('sms-phone'));
  });

  it('switches to the password tab in place, the address following', () => {
    open({ redirect: '/store/preview/3' });
    const tab = document.getElementById('login-tab-password')!;
    tab.click();
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById('login-tab-sms')!.getAttribute('aria-selected')).toBe('false');
    expect(panel('password').hidden).toBe(false);
    expect(panel('sms').hidden).toBe(true);
    expect(location.search).toBe('?way=password&redirect=%2Fstore%2Fpreview%2F3');
  });

  it('a wrong password is said under the password field in the page language; the right one stores the session and goes on', async () => {
    open({ way: 'password', lang: 'en-US', redirect: '/store/list' });
    type('password-phone', '13800000000');
    type('password-password', 'wrong123');
    answers.push({ code: Code.LOGIN_WRONG, msg: '手机号或密码错误', data: null });
    submit('password');
    await settle();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/login/password',
      body: { phone: '13800000000', password: 'wrong123' },
      headers: { [SOURCE_HEADER]: PLATFORM_CODE },
    });
    expect(errorOf('password-password').textContent).toBe('Wrong phone number or password');
    expect(went).toEqual([]);
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull();

    type('password-password', 'demo1234');
    answers.push({ code: 200, msg: 'ok', data: user });
    submit('password');
    await settle();
    expect(JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY)!)).toMatchObject({ userId: 7 });
    expect(document.cookie).toContain(`${MEMBER_COOKIE}=1`);
    expect(went).toEqual(['/loading?redirect=%2Fstore%2Flist']);
  });

  it('the try before the last warns under the password field, and a lock says how long it lasts', async () => {
    open({ way: 'password' });
    type('password-phone', '13800000000');
    type('password-password', 'wrong123');
    answers.push({
      code: Code.LOGIN_WRONG_LAST_TRY,
      msg: '手机号或密码错误，还可尝试 1 次，再错将锁定 15 分钟',
      data: { triesLeft: 1, lockSeconds: 900 },
    });
    submit('password');
    await settle();
    expect(errorOf('password-password').textContent).toBe(
      '手机号或密码错误，还可尝试 1 次，再错将锁定 15 分钟',
    );
    answers.push({
      code: Code.LOGIN_LOCKED,
      msg: '登录尝试次数过多，请 15 分钟后再试',
      data: { waitSeconds: 870 },
    });
    submit('password');
    await settle();
    expect(errorOf('password-password').textContent).toBe('登录尝试次数过多，请 15 分钟后再试');
    expect(errorOf('password-password').hidden).toBe(false);
  });

  it('获取验证码 sends once and counts down; a too-early resend says how long to wait; a wrong code goes under the code', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    open();
    const button = panel('sms').querySelector<HTMLButtonElement>('button[data-send-code]')!;
    button.click();
    expect(calls).toEqual([]);
    expect(errorOf('sms-phone').hidden).toBe(false);

    type('sms-phone', '13900000000');
    answers.push({ code: Code.SMS_ALREADY_SENT, msg: '验证码已发送，请查收', data: null });
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('60 秒后重新获取'));
    expect(calls[0]).toMatchObject({ body: { phone: '13900000000', purpose: 'login' } });
    expect(button.disabled).toBe(true);
    expect(panel('sms').querySelector('.pp-form-error')!.textContent).toBe('验证码已发送');
    vi.advanceTimersByTime(2000);
    expect(button.textContent).toBe('58 秒后重新获取');
    vi.advanceTimersByTime(58_000);
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);

    answers.push({ code: Code.SMS_SEND_TOO_OFTEN, msg: '…', data: { waitSeconds: 45 } });
    button.click();
    await vi.waitFor(() =>
      expect(panel('sms').querySelector('.pp-form-error')!.textContent).toBe(
        '验证码发送过于频繁，请 45 秒后再试',
      ),
    );
    expect(button.disabled).toBe(false);

    type('sms-code', '123456');
    answers.push({ code: Code.SMS_CODE_WRONG, msg: '验证码错误或已过期', data: null });
    submit('sms');
    await vi.waitFor(() => expect(errorOf('sms-code').textContent).toBe('验证码错误或已过期'));
  });

  it("the WeChat way keeps its state and the page asked for for /wxAuth; WeChat's own QR page is gone to at once", () => {
    open({
      way: 'wechat',
      redirect: '/learn',
      wechat: {
        state: 's1',
        qrUrl: 'http://127.0.0.1/api/auth/wechat/simulator?state=s1',
        mode: 'simulator',
      },
    });
    expect(sessionStorage.getItem(WECHAT_STATE_KEY)).toBe('s1');
    expect(sessionStorage.getItem(WECHAT_REDIRECT_KEY)).toBe('/learn');
    expect(document.querySelector('svg[role="img"]')).not.toBeNull();
    expect(went).toEqual([]);

    open({
      way: 'wechat',
      wechat: { state: 's2', qrUrl: 'https://open.weixin.qq.com/connect/qrconnect?x=1', mode: 'open' },
    });
    expect(sessionStorage.getItem(WECHAT_STATE_KEY)).toBe('s2');
    expect(sessionStorage.getItem(WECHAT_REDIRECT_KEY)).toBeNull();
    expect(went).toEqual(['https://open.weixin.qq.com/connect/qrconnect?x=1']);
  });

  it('follows a QR login confirmed on a phone: on to /wxAuth with the code once confirmed; a spent code says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const qrUrl = 'http://127.0.0.1/api/auth/wechat/simulator?state=s1';
      answers = [
        { code: 200, msg: 'ok', data: { status: 'waiting', code: null } },
        { code: 200, msg: 'ok', data: { status: 'confirmed', code: 'c1' } },
      ];
      open({ way: 'wechat', wechat: { state: 's1', qrUrl, mode: 'simulator' } });
      // 在本机打开 confirms in this window; the QR code itself is for a phone.
      expect(panel('wechat').querySelector('a.pp-button-primary')?.getAttribute('href')).toBe(
        `${qrUrl}&here=1`,
      );
      await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.url).toBe('/api/auth/wechat/status?state=s1');
      expect(went).toEqual([]);
      await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(went).toEqual(['/wxAuth?code=c1&state=s1']));
      expect(panel('wechat').querySelector<HTMLElement>('[data-wechat-confirmed]')?.hidden).toBe(false);

      answers = [{ code: 200, msg: 'ok', data: { status: 'expired', code: null } }];
      went = [];
      open({ way: 'wechat', wechat: { state: 's2', qrUrl, mode: 'simulator' } });
      await vi.advanceTimersByTimeAsync(1500);
      const expired = panel('wechat').querySelector<HTMLElement>('[data-wechat-expired]')!;
      await vi.waitFor(() => expect(expired.hidden).toBe(false));
      expect(expired.textContent).toBe('二维码已失效，请刷新后重新扫码');
      expect(went).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

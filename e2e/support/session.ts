/** Logs in through the real API and hands the session to a browser context the way the app stores it. */
import { MEMBER_COOKIE, USER_INFO_STORAGE_KEY, type UserInfo } from '@studio/contract';
import type { BrowserContext } from 'playwright-core';
import { smsCodeFromLog } from './server.ts';

export async function apiLogin(baseUrl: string, phone: string, password: string): Promise<UserInfo> {
  const res = await fetch(`${baseUrl}/api/auth/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-tkForm': 'pc' },
    body: JSON.stringify({ phone, password }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: UserInfo };
  if (body.code !== 200) throw new Error(`login failed: ${body.code} ${body.msg}`);
  return body.data;
}

/** Signs up a new phone through the SMS login (the code read from the server's log). */
export async function apiSignUp(baseUrl: string, logFile: string, phone: string): Promise<UserInfo> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-tkForm': 'pc' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: UserInfo };
  };
  const sent = await post('/auth/sms/send', { phone, purpose: 'login' });
  if (sent.code !== 200 && sent.code !== 10005) throw new Error(`SMS refused: ${sent.code} ${sent.msg}`);
  const login = await post('/auth/login/sms', { phone, code: await smsCodeFromLog(logFile, phone) });
  if (login.code !== 200) throw new Error(`sign up failed: ${login.code} ${login.msg}`);
  return login.data;
}

/**
 * The session as the app keeps it after logging in: the user in localStorage, and the member cookie
 * (so the server answers public pages with the app, not the visitor's page). The test servers all
 * listen on 127.0.0.1.
 */
export async function useSession(context: BrowserContext, user: UserInfo): Promise<void> {
  await context.addCookies([{ name: MEMBER_COOKIE, value: '1', domain: '127.0.0.1', path: '/' }]);
  await context.addInitScript(
    ([key, value]) => {
      // Frames with an opaque origin (about:blank, a sandboxed frame) have no storage: only the app's
      // pages get the session, and the failure report no longer lists their refusal as uncaught.
      if (window.origin === 'null' || window.location.protocol !== 'http:') return;
      if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!);
    },
    [USER_INFO_STORAGE_KEY, JSON.stringify(user)],
  );
}

/** Calls the API as a logged-in user; answers `data`, or throws with the envelope's code and message. */
export async function apiAs<T>(baseUrl: string, user: UserInfo, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-tkToken': user.token,
      'x-request-tkForm': 'pc',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * WeChat for the login tests (modules/auth/wechat*.test.ts): a fake WeChat API server, and a browser
 * inside WeChat that keeps the cookies the server sets (the state's binding to this browser, the
 * simulator's WeChat user).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './test-app.ts';

export type FakeWechat = Awaited<ReturnType<typeof fakeWechatServer>>;

/**
 * WeChat's API on 127.0.0.1 (/sns/oauth2/access_token, /sns/userinfo): `answer` gives the JSON for a
 * request's URL, or null for a 404; every path asked, with its query, is kept in `seen`.
 */
export async function fakeWechatServer(answer: (url: URL) => object | null) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    seen.push(url.pathname + url.search);
    res.setHeader('content-type', 'application/json');
    const body = answer(url);
    if (!body) res.statusCode = 404;
    res.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    /** The app with the Open Platform's login (app wxapp, secret sec-123) against this server, and `env`. */
    app: (env: Record<string, string> = {}) =>
      createTestApp({
        WECHAT_MODE: 'open',
        WECHAT_APP_ID: 'wxapp',
        WECHAT_APP_SECRET: 'sec-123',
        WECHAT_OPEN_BASE_URL: base,
        WECHAT_API_BASE_URL: base,
        PUBLIC_URL: 'https://studio.example',
        ...env,
      }),
    close: () => void server.close(),
  };
}

type Answer<T> = { code: number; msg: string; data: T };

export function browser(t: TestApp) {
  const jar = new Map<string, string>();
  const keep = (setCookie: string | string[] | undefined) => {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    async post<T>(url: string, body: unknown, token?: string): Promise<Answer<T> & { status: number }> {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: {
          cookie: cookie(),
          'x-request-tkForm': 'pc',
          ...(token ? { 'x-request-tkToken': token } : {}),
        },
        payload: body as object,
      });
      keep(res.headers['set-cookie']);
      return { ...(res.json() as Answer<T>), status: res.statusCode };
    },
    async get(url: string) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie() } });
      keep(res.headers['set-cookie']);
      return res;
    },
    async form(url: string, fields: Record<string, string>) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      keep(res.headers['set-cookie']);
      return res;
    },
  };
}
export type Browser = ReturnType<typeof browser>;

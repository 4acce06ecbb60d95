import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, type JsConfig } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { redisFor, TEST_REDIS_URL } from '../../../test/redis.ts';

const sign = (ticket: string, c: JsConfig, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${url}`)
    .digest('hex');

describe('JSSDK wx.config against a fake WeChat server', () => {
  let t: TestApp;
  let t2: TestApp;
  let server: http.Server;
  const counts = { token: 0, ticket: 0 };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://127.0.0.1');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/token') {
        counts.token++;
        const ok =
          url.searchParams.get('secret') === 'mp-secret' &&
          url.searchParams.get('grant_type') === 'client_credential';
        // Slow, so that concurrent requests overlap with the fetch.
        setTimeout(
          () =>
            res.end(
              JSON.stringify(
                ok ? { access_token: `AT${counts.token}`, expires_in: 7200 } : { errcode: 40001 },
              ),
            ),
          150,
        );
      } else if (url.pathname === '/cgi-bin/ticket/getticket') {
        counts.ticket++;
        expect(url.searchParams.get('type')).toBe('jsapi');
        res.end(JSON.stringify({ errcode: 0, ticket: `TICKET-${counts.ticket}`, expires_in: 7200 }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const env = {
      WECHAT_MP_MODE: 'mp',
      WECHAT_MP_APP_ID: 'wxmp',
      WECHAT_MP_APP_SECRET: 'mp-secret',
      WECHAT_API_BASE_URL: base,
      PUBLIC_URL: 'https://studio.example',
    };
    t = await createTestApp(env);
    // A second process on the same database.
    t2 = await createTestApp(env, {}, { databaseUrl: t.databaseUrl });
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
    server.close();
  });

  const ask = (app: TestApp, url: string) =>
    call<JsConfig>(app, 'GET', '/auth/wechat/mp/js-config', { query: { url } });

  it('fetches the ticket once for many concurrent requests on two processes, and signs correctly', async () => {
    const page = 'https://studio.example/store/preview/12?from=timeline';
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => ask(i % 2 ? t2 : t, `${page}#wechat_redirect`)),
    );
    expect(counts).toEqual({ token: 1, ticket: 1 });
    for (const a of answers) {
      expect(a.code).toBe(200);
      expect(a.data.appId).toBe('wxmp');
      // The URL is signed without its #fragment.
      expect(a.data.signature).toBe(sign('TICKET-1', a.data, page));
    }
    await ask(t, page);
    await ask(t2, page);
    expect(counts).toEqual({ token: 1, ticket: 1 });
  });

  it('refreshes a ticket with under 5 minutes left, once', async () => {
    const page = 'https://studio.example/share/3';
    // The stored ticket has one minute left (under the 5 minutes): the next request refreshes it.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    await client.query(
      `update app_settings set value = jsonb_set(value::jsonb, '{ticketExpiresAt}', to_jsonb((extract(epoch from now()) * 1000 + 60000)::bigint))::text where key = 'wechat_mp_jsapi'`,
    );
    await client.end();
    const answers = await Promise.all([ask(t, page), ask(t2, page), ask(t, page)]);
    expect(counts.ticket).toBe(2);
    // The access_token still had long to live: not fetched again.
    expect(counts.token).toBe(1);
    for (const a of answers) expect(a.data.signature).toBe(sign('TICKET-2', a.data, page));
  });

  it('refuses a page of another host, and garbage never answers 5xx', async () => {
    for (const url of [
      'https://evil.example/store/preview/1',
      'not a url',
      '/store/preview/1',
      'javascript:alert(1)',
    ]) {
      const a = await ask(t, url);
      expect(a.status, url).toBeLessThan(500);
      expect(a.code, url).toBe(Code.REDIRECT_NOT_ALLOWED);
    }
    const none = await call(t, 'GET', '/auth/wechat/mp/js-config');
    expect(none.status).toBe(400);
  });
});

describe('JSSDK wx.config in the simulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a simulated config for a page of this site', async () => {
    const a = await call<JsConfig>(t, 'GET', '/auth/wechat/mp/js-config', {
      query: { url: 'http://localhost/store/preview/1' },
    });
    expect(a.code).toBe(200);
    expect(a.data.mode).toBe('simulator');
    expect(a.data.signature).toMatch(/^[0-9a-f]{40}$/);
  });
});

const haveRedis = await redisFor('the JSSDK ticket in Redis');

describe.skipIf(!haveRedis)('JSSDK ticket cached in Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let server: http.Server;
  const counts = { token: 0, ticket: 0 };
  // A fresh app id per run: the Redis key is per app id, and Redis outlives the test databases.
  const appId = `wxmp_${Date.now()}`;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://127.0.0.1');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/token') {
        counts.token++;
        setTimeout(
          () => res.end(JSON.stringify({ access_token: `RT${counts.token}`, expires_in: 7200 })),
          150,
        );
      } else {
        counts.ticket++;
        res.end(JSON.stringify({ errcode: 0, ticket: `RTICKET-${counts.ticket}`, expires_in: 7200 }));
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const env = {
      WECHAT_MP_MODE: 'mp',
      WECHAT_MP_APP_ID: appId,
      WECHAT_MP_APP_SECRET: 'mp-secret',
      WECHAT_API_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      PUBLIC_URL: 'https://studio.example',
      REDIS_URL: TEST_REDIS_URL,
    };
    // Two processes on two databases: only Redis is shared.
    a = await createTestApp(env);
    b = await createTestApp(env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    server.close();
  });

  it('fetches once for concurrent requests on two processes, and refreshes a ticket near expiry', async () => {
    const page = 'https://studio.example/wx-preview/5';
    const ask = (t: TestApp) =>
      call<JsConfig>(t, 'GET', '/auth/wechat/mp/js-config', { query: { url: page } });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(i % 2 ? a : b)));
    expect(counts).toEqual({ token: 1, ticket: 1 });
    for (const x of answers) expect(x.data.signature).toBe(sign('RTICKET-1', x.data, page));
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL);
    const key = `studio:wechat-mp-jsapi:${appId}`;
    const stored = JSON.parse((await redis.get(key))!) as { ticketExpiresAt: number };
    stored.ticketExpiresAt = Date.now() + 60_000;
    await redis.set(key, JSON.stringify(stored), 'PX', 3_600_000);
    await redis.quit();
    const again = await Promise.all([ask(a), ask(b), ask(a)]);
    expect(counts).toEqual({ token: 1, ticket: 2 });
    for (const x of again) expect(x.data.signature).toBe(sign('RTICKET-2', x.data, page));
  });
});

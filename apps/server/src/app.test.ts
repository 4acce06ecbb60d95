import http from 'node:http';
import { API_BASE, Code, endpointNames } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isFrameablePath } from './platform/web-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the HTTP edge', () => {
  it('answers health and readiness', async () => {
    expect((await call(t, 'GET', '/health')).data).toEqual({ status: 'ok' });
    expect((await call(t, 'GET', '/ready')).data).toEqual({ status: 'ready' });
  });

  it('wraps HTTP errors in the envelope: unknown route 404, wrong method 405, bad JSON 400', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
    const method = await t.app.inject({ method: 'DELETE', url: '/api/user/info' });
    expect(method.statusCode).toBe(405);
    expect(method.json().code).toBe(405);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/sms',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().msg).toContain('JSON');
  });

  it('refuses an oversized body with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/sms',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
  });

  it('sends security headers, and lets only iframe previews be framed by other sites', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(res.headers['content-security-policy'])).toContain('frame-src https://player.bilibili.com');
    // Lesson video plays through Media Source Extensions (hls.js), from blob: addresses.
    expect(String(res.headers['content-security-policy'])).toContain("media-src 'self' blob:");
    const frame = await t.app.inject({ method: 'GET', url: '/create/course/1/iframe/preview' });
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(String(frame.headers['content-security-policy'])).toContain('frame-ancestors *');
  });

  it('lets other sites frame exactly the iframe preview pages, decided on the decoded path alone', async () => {
    const frameable = [
      '/create/course/1/iframe/preview',
      '/create/course/1/iframe/preview/',
      '/create/course/1/iframe/preview?lang=en',
      '/create/course/12/lesson/34/iframe/preview',
      '/store/course/7/iframe/preview',
      '/store/course/%37/iframe/preview',
    ];
    const notFrameable = [
      '/personal/user?x=/iframe/preview',
      '/personal/user?x=%2Fiframe%2Fpreview',
      '/login?redirect=/create/course/1/iframe/preview',
      '/personal/team#/iframe/preview',
      '/personal/team%23/iframe/preview',
      '/personal/user%2F..%2F..%2Fcreate/course/1/iframe/preview',
      '/create%2Fcourse%2F1%2Fiframe%2Fpreview',
      '/create/course/1/iframe%2Fpreview',
      '/create/course/1/iframe%5Cpreview',
      '//create/course/1/iframe/preview',
      '/create/course/1//iframe/preview',
      '/personal/user/../../create/course/1/iframe/preview',
      '/create/course/1/x/../iframe/preview',
      '/create/course/1/%2e%2e/1/iframe/preview',
      '/create/course/1/./iframe/preview',
      '/create/course/1/iframe/preview/x',
      '/create/course/1/iframe/preview//',
      '/create/course/1/iframe/preview/..',
      '/create/course/1/iframe/previewx',
      '/CREATE/course/1/IFRAME/preview',
      '/create/course/1/IFrame/Preview',
      '/personal/iframe/preview',
      '/iframe/preview',
      '/create/course/x/iframe/preview',
      '/create/course/1/iframe/preview%00',
      '/create/course/1/iframe/preview%',
      '/api/health?/iframe/preview',
    ];
    // Over a real socket: inject would normalise the URL before the app sees it; a client need not.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const get = (url: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: url }, (res) => {
          res.resume();
          resolve(res);
        });
        req.on('error', reject);
      });
    for (const url of frameable) {
      expect(isFrameablePath(url), url).toBe(true);
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(String(res.headers['content-security-policy']), url).toContain('frame-ancestors *');
    }
    for (const url of notFrameable) {
      expect(isFrameablePath(url), url).toBe(false);
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain('frame-ancestors *');
    }
    // A URL the router cannot read is refused before any hook, still with the headers and the envelope.
    const bad = await t.app.inject({ method: 'GET', url: '/create/course/1/iframe/preview%' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(400);
    expect(bad.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an unknown error generically with the request id, and logs it', async () => {
    // Break the database connection of a throwaway app: the query fails inside a handler.
    const broken = await createTestApp();
    await broken.app.ctx.db.execute('select 1');
    const pool = (broken.app.ctx.db as unknown as { $client: { end: () => Promise<void> } }).$client;
    await pool.end();
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/auth/login/password',
      payload: { phone: '13800000000', password: 'x' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(Code.SERVER_ERROR);
    expect(body.msg).toMatch(/^服务器错误（请求编号 [0-9a-f-]{36}）$/);
    expect(body.msg).not.toMatch(/pool|pg|Cannot/i);
    await broken.app.close();
  });

  it('lists every API route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
      info: { description: string };
    };
    // The business codes, from the contract's table (AI has its own, not 409).
    expect(doc.info.description).toContain(
      '| 50001 | errors.aiOutlineLocked | 大纲已开始生成课时，不能再修改 |  |',
    );
    expect(doc.info.description).toContain(
      '| 30006 | errors.lessonsLimit | 一门课程最多 {{max}} 个课时 | 400 |',
    );
    expect(doc.info.description).toContain('| 10012 | errors.smsCodeLocked |');
    // The tus endpoints, hidden from the paths, are named in the description.
    expect(doc.info.description).toContain('`/api/attachment/upload` (metadata `filename` and `lessonId`');
    for (const p of [
      '/api/auth/sms/send',
      '/api/auth/login/sms',
      '/api/auth/login/password',
      '/api/auth/wechat/qr',
      '/api/auth/wechat/callback',
      '/api/auth/wechat/bind',
      '/api/auth/logout',
      '/api/user/info',
      '/api/user/modify',
      '/api/user/password',
      '/api/file/upload',
      '/api/team/change/list',
      '/api/team/create',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
  });
});

/**
 * The API routes not in the contract's endpoint table, each with why: none answers a JSON envelope
 * a client calls for (streams, files, providers' webhooks, simulator pages). The list only shrinks.
 */
const OUTSIDE_THE_TABLE: Record<string, string> = {
  'GET /api/files/{*}': 'an uploaded image',
  'GET /api/media/hls/{*}': 'a playlist, key or segment',
  'GET /api/attachment/open': 'a redirect to a signed download',
  'GET /api/attachment/file/{token}': 'a file',
  'GET /api/store/team/sales/export': 'a CSV or XLSX file',
  'GET /api/store/team/purchases/export': 'a CSV or XLSX file',
  'GET /api/order/invoice/download': 'a PDF file',
  'GET /api/learn/report/csv': 'a CSV file',
  'GET /api/training/report/task/export': 'a CSV or XLSX file',
  'GET /api/training/report/course/export': 'a CSV or XLSX file',
  'GET /api/exam/question/export': 'an XLSX file',
  'GET /api/exam/question/template': 'an XLSX file',
  'GET /api/course/exam/question/export': 'an XLSX file',
  'GET /api/course/exam/question/template': 'an XLSX file',
  'GET /api/ai/job/stream': 'server-sent events',
  'POST /api/ai/assist': 'server-sent events',
  'GET /api/notification/stream': 'server-sent events',
  'POST /api/pay/notify/{provider}': "a payment provider's webhook (its own answer)",
  'POST /api/pay/refund-notify/{provider}': "a payment provider's webhook",
  'GET /api/pay/sandbox': 'the sandbox payment page',
  'POST /api/pay/sandbox/confirm': 'the sandbox payment page',
  'GET /api/pay/sandbox/cashier': 'the sandbox cashier page',
  'POST /api/pay/sandbox/cashier/confirm': 'the sandbox cashier page',
  'GET /api/auth/wechat/simulator': 'the WeChat simulator page',
  'POST /api/auth/wechat/simulator/confirm': 'the WeChat simulator page',
  'GET /api/auth/wechat/simulator/done': 'the WeChat simulator page',
  'GET /api/auth/wechat/mp/simulator': 'the 公众号 simulator page',
  'POST /api/auth/wechat/mp/simulator/confirm': 'the 公众号 simulator page',
};

describe('one definition per endpoint', () => {
  it('registers every endpoint of the table from it (serve names it), and no other route answers JSON', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    const named = new Map(operations.map(({ route, op }) => [route, op.operationId]));
    // Each endpoint of the table, at its method and path, is the route serve registered from it.
    const table = [...endpointNames].map(([def, name]) => [`${def.method} ${API_BASE}${def.path}`, name]);
    expect(table.filter(([route, name]) => named.get(route!) !== name)).toEqual([]);
    // Any other route is one of the few outside the table, and declares no envelope answer.
    const others = operations.filter(({ op }) => op.operationId === undefined);
    expect(others.map(({ route }) => route).filter((route) => !(route in OUTSIDE_THE_TABLE))).toEqual([]);
    expect(
      others
        .filter(
          ({ op }) => op.responses?.['200'] !== undefined && JSON.stringify(op.responses).includes('"msg"'),
        )
        .map(({ route }) => route),
    ).toEqual([]);
    expect(Object.keys(OUTSIDE_THE_TABLE).filter((route) => !named.has(route))).toEqual([]);
  });

  it('describes the document parse with its progress lines (NDJSON) beside its envelope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>
      >;
    };
    const parse = doc.paths['/api/ai/document/parse']!['post']!;
    expect(Object.keys(parse.responses['200']!.content)).toEqual([
      'application/json',
      'application/x-ndjson',
    ]);
    expect(JSON.stringify(parse.responses['200']!.content['application/x-ndjson'])).toContain('"progress"');
  });
});

describe('metrics', () => {
  it('exposes request counts and latency by route pattern at /metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_resident_memory_bytes');
  });
});

import http from 'node:http';
import { Code } from '@studio/contract';
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

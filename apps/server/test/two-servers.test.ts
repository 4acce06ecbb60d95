/**
 * Two servers on one PostgreSQL, each with its own pool, job workers and LISTEN connection, listening
 * on two ports of 127.0.0.1: what one writes the other serves, streams cross over, and a payment
 * notification delivered to both is granted once.
 */
import type { AddressInfo } from 'node:net';
import type { AiJob, Cart, Order, UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TemplateGenerator } from '../src/platform/ai/template-generator.ts';
import { call, createTeam, createUser } from './factories.ts';
import { buyer, seller } from './store-factories.ts';
import { createTestApp, twoListeningApps, type TestApp } from './test-app.ts';
import { redisFor, TEST_REDIS_URL } from './redis.ts';

let a: TestApp;
let b: TestApp;
let closeBoth: () => Promise<void>;
const urlOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  // B generates slowly so its stream is still running when A is asked to follow it.
  ({
    a,
    b,
    close: closeBoth,
  } = await twoListeningApps({ JOBS_ENABLED: 'true' }, { generator: new TemplateGenerator(20) }));
});
afterAll(() => closeBoth());

describe('two servers, one database', () => {
  it('serves a session made on one server from the other', async () => {
    const user = await createUser(a);
    const res = await fetch(`${urlOf(b)}/api/user/info`, { headers: { 'x-request-tkToken': user.token } });
    const body = (await res.json()) as { code: number; data: UserInfo };
    expect(body.code).toBe(200);
    expect(body.data.userId).toBe(user.userId);
  });

  it('streams, on one server, a job whose events the other writes', async () => {
    const user = await createUser(a);
    await createTeam(a, user.token);
    const job = await call<AiJob>(a, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: '跨进程', lessonCount: 2 },
    });
    const jobId = job.data.jobId;
    for (let i = 0; i < 100; i++) {
      const d = await call<AiJob>(a, 'GET', '/ai/job/detail', {
        token: user.token,
        query: { jobId: String(jobId) },
      });
      if (d.data.status === 'outline_ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const controller = new AbortController();
    const limit = setTimeout(() => controller.abort(), 20_000);
    const res = await fetch(`${urlOf(b)}/api/ai/job/stream?jobId=${jobId}`, {
      headers: { 'x-request-tkToken': user.token },
      signal: controller.signal,
    });
    await call(a, 'POST', '/ai/job/generate', { token: user.token, body: { jobId } });
    let text = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        if (text.includes('"type":"done"')) break;
      }
    } finally {
      clearTimeout(limit);
      controller.abort();
    }
    expect(text).toContain('"type":"text-delta"');
    expect(text).toContain('"type":"done"');
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(new Set(ids).size).toBe(ids.length);
    // Both servers work jobs, yet each lesson was written once: one start, first attempt, each.
    const starts = [...text.matchAll(/"type":"lesson-start","idx":(\d+),"attempt":(\d+)/g)];
    expect(starts.map((m) => m[1]).sort()).toEqual(['0', '1']);
    expect(starts.every((m) => m[2] === '1')).toBe(true);
  });

  it('grants once when the same notification reaches both servers at once', async () => {
    const s = await seller(a, '双服务器购买', 1100);
    const buyerTeam = await buyer(a);
    await call<Cart>(a, 'POST', '/cart/add', { token: buyerTeam.user.token, body: { courseId: s.courseId } });
    const order = await call<Order>(b, 'POST', '/order/checkout', { token: buyerTeam.user.token, body: {} });
    const n = await a.app.ctx.sandbox!.buildNotification(order.data.orderNo, 1100);
    const send = (t: TestApp) =>
      fetch(`${urlOf(t)}/api/pay/notify/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...n.headers },
        body: n.body,
      }).then((r) => r.json() as Promise<{ data: { outcome: string } }>);
    const outcomes = (await Promise.all([send(a), send(b), send(a), send(b)]))
      .map((r) => r.data.outcome)
      .sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'granted']);
    const { rows } = await a.app.ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from entitlements where course_id = ${s.courseId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('holds account rate limits across both servers', async () => {
    const phone = '13512340000';
    const first = await call(a, 'POST', '/auth/sms/send', { body: { phone, purpose: 'login' } });
    const second = await call(b, 'POST', '/auth/sms/send', { body: { phone, purpose: 'login' } });
    expect([first.code, second.code]).toEqual([200, 10005]);
  });
});

const REDIS_URL = TEST_REDIS_URL;
const haveRedis = await redisFor('the Redis request-limit test');

describe.skipIf(!haveRedis)('the per-IP request limit with REDIS_URL', () => {
  it('counts one address across both servers', async () => {
    // A fresh key prefix per run: Redis outlives the test.
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `test${Date.now()}:`, RATE_LIMIT_PER_MINUTE: '6' };
    const one = await createTestApp(env);
    const two = await createTestApp(env, {}, { databaseUrl: one.databaseUrl });
    try {
      const ip = '198.51.100.7';
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        codes.push((await call(i % 2 ? two : one, 'GET', '/store/list', { ip })).status);
      }
      // Six allowed in all, not six per server.
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      // Another address is not affected.
      expect((await call(two, 'GET', '/store/list', { ip: '198.51.100.8' })).status).toBe(200);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('counts page loads across both servers apart from API calls', async () => {
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: `test${Date.now()}p:`,
      RATE_LIMIT_PER_MINUTE: '3',
      PAGE_RATE_LIMIT_PER_MINUTE: '4',
    };
    const one = await createTestApp(env);
    const two = await createTestApp(env, {}, { databaseUrl: one.databaseUrl });
    try {
      const remoteAddress = '198.51.100.10';
      const pages: number[] = [];
      for (let i = 0; i < 5; i++)
        pages.push((await (i % 2 ? two : one).app.inject({ url: '/teamList', remoteAddress })).statusCode);
      // No web build in tests: a page is 404 here, but it is counted, by both servers together.
      expect(pages).toEqual([404, 404, 404, 404, 429]);
      const api = await call(two, 'GET', '/store/list', { ip: remoteAddress });
      expect(api.status).toBe(200);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('without Redis each server counts alone', async () => {
    const one = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const two = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' }, {}, { databaseUrl: one.databaseUrl });
    try {
      const ip = '198.51.100.9';
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await call(i % 2 ? two : one, 'GET', '/store/list', { ip })).status);
      expect(codes).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

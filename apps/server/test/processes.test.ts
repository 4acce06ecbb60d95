/**
 * Two server processes on one database, and SIGKILL in the middle of work. Process A works the jobs;
 * process B only serves HTTP (JOBS_ENABLED=false, a web-only node), so where the AI job runs is
 * known. A is killed mid-stream, mid-checkout and mid-notification, then restarted; the tests show
 * a client following the stream moves to B without a lost or repeated event, and nothing is lost or
 * doubled in the database.
 */
import fs from 'node:fs/promises';
import type { AiJob, CourseDetail, Order } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser, newPhone } from './factories.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.ts';
import { jobEnded, readJobStream } from './job-stream.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { buyer, seller } from './store-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const LESSON_MARK = '崩溃恢复课文';
// ~4 s per lesson: long enough to kill the writer in the middle.
const LESSON_CHUNKS = [
  `## ${LESSON_MARK}\n\n`,
  ...Array.from({ length: 40 }, (_, i) => `第 ${i + 1} 句，讲解要点。`),
  '\n\n- 练习一\n- 练习二\n',
];
const OUTLINE = {
  title: '进程崩溃演练',
  subtitle: '两节',
  summary: '用来演示崩溃恢复。',
  lessons: [
    { title: '第一课', goal: '目标一' },
    { title: '第二课', goal: '目标二' },
  ],
};

let helper: TestApp; // the same database, for factories and for looking behind the API
let llm: FakeLlm;
let a: ServerProcess;
let b: ServerProcess;

type Answer<T> = { code: number; msg: string; data: T };
async function api<T = unknown>(
  server: ServerProcess,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  const res = await fetch(`${server.baseUrl}/api${path}${qs}`, {
    method,
    headers: {
      'x-request-tkForm': 'pc',
      ...(opts.token ? { 'x-request-tkToken': opts.token } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return (await res.json()) as Answer<T>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = async (query: ReturnType<typeof sql>) =>
  (await helper.app.ctx.db.execute<{ n: number }>(query)).rows[0]!.n;

beforeAll(async () => {
  helper = await createTestApp();
  llm = await startFakeLlm();
  llm.respond = ({ stream }) =>
    stream
      ? { kind: 'stream', chunks: LESSON_CHUNKS, delayMs: 100 }
      : { kind: 'json', content: JSON.stringify(OUTLINE) };
  const env = {
    AI_BASE_URL: llm.baseUrl,
    AI_MODEL: 'fake',
    AI_API_KEY: 'test-key',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  [a, b] = await Promise.all([
    startServerProcess('a', helper.databaseUrl, helper.dataDir, env),
    startServerProcess('b', helper.databaseUrl, helper.dataDir, { ...env, JOBS_ENABLED: 'false' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await llm?.close();
  await helper?.close();
});

describe('two server processes on one database', () => {
  it('logs in on one process with a code sent by the other, and the session works on both', async () => {
    const phone = newPhone();
    expect((await api(a, 'POST', '/auth/sms/send', { body: { phone, purpose: 'login' } })).code).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      const log = await fs.readFile(a.logFile, 'utf8');
      code = [...log.matchAll(/"sms":\{"phone":"(\d+)","code":"(\d+)"\}/g)].findLast(
        (m) => m[1] === phone,
      )?.[2];
      if (!code) await sleep(100);
    }
    const login = await api<{ token: string; userId: number }>(b, 'POST', '/auth/login/sms', {
      body: { phone, code },
    });
    expect(login.code).toBe(200);
    const info = await api<{ userId: number }>(a, 'GET', '/user/info', { token: login.data.token });
    expect(info.data.userId).toBe(login.data.userId);
  });

  it('moves a stream to the other process when one is killed, and the job resumes after a restart', async () => {
    const user = await createUser(helper);
    await createTeam(helper, user.token);
    const token = user.token;
    const created = await api<AiJob>(a, 'POST', '/ai/job/create', {
      token,
      body: { topic: '崩溃恢复', lessonCount: 2 },
    });
    expect(created.code).toBe(200);
    const jobId = created.data.jobId;
    for (let i = 0; i < 150; i++) {
      const d = await api<AiJob>(b, 'GET', '/ai/job/detail', { token, query: { jobId: String(jobId) } });
      if (d.data.status === 'outline_ready') break;
      await sleep(200);
    }

    const firstPart = readJobStream(a.baseUrl, token, jobId, (e) => e.some((x) => x.type === 'text-delta'), {
      timeoutMs: 30_000,
    });
    expect((await api(a, 'POST', '/ai/job/generate', { token, body: { jobId } })).code).toBe(200);
    const part1 = await firstPart;
    expect(part1.ended).toBe('stopped');

    // SIGKILL the process that serves the stream and writes the lessons.
    await a.kill();
    const lastId = part1.events.filter((e) => e.id !== null).at(-1)!.id!;
    // The client reconnects to B with Last-Event-ID; B follows the log as A's successor writes it.
    const secondPart = readJobStream(b.baseUrl, token, jobId, jobEnded, {
      lastEventId: lastId,
      timeoutMs: 90_000,
    });
    // The restarted process finds the killed worker's lessons (their heartbeat stopped) and retries them.
    await a.restart();
    const part2 = await secondPart;
    expect(part2.ended).toBe('stopped');
    expect(part2.events.some((e) => e.type === 'done')).toBe(true);

    // No lost and no repeated event: the two parts are exactly the job's log replayed from the start.
    const full = await readJobStream(b.baseUrl, token, jobId, jobEnded);
    const seen = [...part1.events, ...part2.events].filter((e) => e.id !== null).map((e) => e.id);
    expect(seen).toEqual(full.events.filter((e) => e.id !== null).map((e) => e.id));
    expect(full.events.some((e) => e.type === 'lesson-start' && e.attempt === 2)).toBe(true);

    // Nothing doubled: two lessons, each holding its text once.
    const job = await api<AiJob>(b, 'GET', '/ai/job/detail', { token, query: { jobId: String(jobId) } });
    expect(job.data.status).toBe('done');
    expect(job.data.lessons.map((l) => l.status)).toEqual(['done', 'done']);
    const course = await api<CourseDetail>(b, 'GET', '/course/detail', {
      token,
      query: { courseId: String(job.data.courseId) },
    });
    expect(course.data.lessons).toHaveLength(2);
    for (const lesson of course.data.lessons) {
      const detail = await api<{ content: unknown }>(b, 'GET', '/lesson/detail', {
        token,
        query: { lessonId: String(lesson.lessonId) },
      });
      const text = JSON.stringify(detail.data.content);
      expect(text.split(LESSON_MARK)).toHaveLength(2);
      expect(text).toContain('第 40 句');
    }
  }, 150_000);

  it('keeps each checkout whole when the process dies in the middle of it', async () => {
    const shopper = await buyer(helper);
    const token = shopper.user.token;
    const teamId = shopper.team.teamId;
    const ordersOfTeam = () => count(sql`select count(*)::int as n from orders where team_id = ${teamId}`);
    // A kill at several points of the request: before, during or after its transaction.
    for (const [i, delayMs] of [0, 15, 40].entries()) {
      const s = await seller(helper, `崩溃结账${i}`, 1000 + i);
      expect((await call(helper, 'POST', '/cart/add', { token, body: { courseId: s.courseId } })).code).toBe(
        200,
      );
      const before = await ordersOfTeam();
      const request = api(a, 'POST', '/order/checkout', { token, body: {} }).catch(() => undefined);
      await sleep(delayMs);
      await a.kill();
      await request;
      const after = await ordersOfTeam();
      const inCart = await count(
        sql`select count(*)::int as n from cart_items where team_id = ${teamId} and course_id = ${s.courseId}`,
      );
      // Either the whole order exists and the cart gave the course up, or neither happened.
      expect(after - before + inCart).toBe(1);
      await a.restart();
    }
    // Every order has its lines and its amount is their sum: no half-written order.
    const broken = await count(sql`
      select count(*)::int as n from orders o
      where o.team_id = ${teamId}
        and o.amount <> coalesce((select sum(price) from order_items i where i.order_id = o.id), -1)`);
    expect(broken).toBe(0);
    // What the crash left in the cart checks out on the restarted process, once.
    const again = await api<Order>(a, 'POST', '/order/checkout', { token, body: {} });
    expect(again.code).toBe(200);
    expect(await ordersOfTeam()).toBeLessThanOrEqual(3);
  }, 120_000);

  it('grants a purchase exactly once when the process dies while handling its payment notification', async () => {
    const s = await seller(helper, '崩溃支付', 2300);
    const shopper = await buyer(helper);
    const token = shopper.user.token;
    await call(helper, 'POST', '/cart/add', { token, body: { courseId: s.courseId } });
    const order = await api<Order>(b, 'POST', '/order/checkout', { token, body: {} });
    expect(order.code).toBe(200);
    const notice = await helper.app.ctx.sandbox!.buildNotification(order.data.orderNo, 2300);
    const deliver = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/api/pay/notify/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...notice.headers },
        body: notice.body,
      }).then((r) => r.json() as Promise<Answer<{ outcome: string }>>);

    const first = deliver(a).catch(() => undefined);
    await sleep(5);
    await a.kill();
    await first;
    // The provider redelivers until it gets a 200: to the other process, then to the restarted one.
    const second = await deliver(b);
    expect(['granted', 'duplicate']).toContain(second.data.outcome);
    await a.restart();
    expect((await deliver(a)).data.outcome).toBe('duplicate');

    const paid = await api<Order>(b, 'GET', '/order/detail', {
      token,
      query: { orderId: String(order.data.orderId) },
    });
    expect(paid.data.status).toBe('paid');
    expect(
      await count(
        sql`select count(*)::int as n from entitlements where team_id = ${shopper.team.teamId} and course_id = ${s.courseId}`,
      ),
    ).toBe(1);
    const eventId = (JSON.parse(notice.body) as { eventId: string }).eventId;
    expect(await count(sql`select count(*)::int as n from payment_events where event_id = ${eventId}`)).toBe(
      1,
    );
  }, 120_000);
});

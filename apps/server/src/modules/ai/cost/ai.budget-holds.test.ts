/**
 * Lessons in flight reserve the budget: two server processes on one database, three lesson workers
 * each, a job of five lessons, and a budget that fits the outline and exactly two lessons' estimates
 * (the fake provider's counts equal the estimates). Each lesson holds its estimate under the team's
 * lock before it starts, so two start, side by side or not; the other three stop with 50061 and are
 * resumed once the budget allows. A translation's lessons and an assist hold the same way.
 */
import { type AiEstimate, type AiJob, Code } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryLessons, rewriteAssist, waitForJob } from '../../../../test/ai-jobs.ts';
import { call, createCourse, createLesson, teamOwner, writeLesson } from '../../../../test/factories.ts';
import { type FakeLlm, generatorFor, startFakeLlm } from '../../../../test/fake-llm.ts';
import { translateAnswer } from '../../../../test/fake-translator.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

const TOPIC = '预算测试';
const LESSONS = 5;
const FITS = 2;

let t: TestApp;
let other: TestApp;
let llm: FakeLlm;
let lessonTokens: number;
const env = (budget: number) => ({
  JOBS_ENABLED: 'true',
  AI_CONCURRENCY: '3',
  AI_TEAM_MONTHLY_TOKENS: String(budget),
});

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.respond = ({ stream, body }) => {
    // Slow enough that every worker has taken its lesson before the first ends.
    if (stream) return { kind: 'stream', chunks: ['## 要点\n', '内容', '。\n'], delayMs: 400 };
    const n = Number(/恰好 (\d+) 节课/.exec(body)?.[1] ?? 1);
    const lessons = Array.from({ length: n }, (_, i) => ({ title: `第${i + 1}课`, goal: '目标' }));
    return { kind: 'json', content: JSON.stringify({ title: '课', subtitle: '', summary: '课', lessons }) };
  };
  // A budget for the estimates: the app's own estimate tells a lesson's (two lessons less one).
  const probe = await createTestApp(env(1_000_000), { generator: generatorFor(llm) });
  try {
    const { user } = await teamOwner(probe);
    const estimate = async (lessonCount: number) =>
      (
        await call<AiEstimate>(probe, 'POST', '/ai/estimate', {
          token: user.token,
          body: { kind: 'create', topic: TOPIC, lessonCount },
        })
      ).data.totalTokens;
    lessonTokens = (await estimate(2)) - (await estimate(1));
  } finally {
    await probe.close();
  }
  // Every call (the outline too) costs exactly a lesson's estimate.
  llm.usage = { prompt_tokens: lessonTokens - 1000, completion_tokens: 1000 };
  const budget = (1 + FITS) * lessonTokens;
  t = await createTestApp(env(budget), { generator: generatorFor(llm) });
  other = await createTestApp(env(budget), { generator: generatorFor(llm) }, { databaseUrl: t.databaseUrl });
}, 90_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
  await llm?.close();
});

describe('the budget with lessons in flight', () => {
  it('starts only the lessons whose estimates fit, across processes; the rest stop with 50061 and resume', async () => {
    const { user } = await teamOwner(t);
    const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: TOPIC, lessonCount: LESSONS },
    });
    expect(created.code, created.msg).toBe(200);
    const ready = await waitForJob(t, user.token, created.data.jobId, (j) => j.status === 'outline_ready');
    const streamsBefore = llm.requests.filter((r) => r.stream).length;
    await call(t, 'POST', '/ai/job/generate', { token: user.token, body: { jobId: ready.jobId } });
    const job = await waitForJob(t, user.token, ready.jobId, (j) => j.status !== 'generating', 30_000);

    // Only FITS lessons reached the provider; the others stopped before they started.
    expect(llm.requests.filter((r) => r.stream).length - streamsBefore).toBe(FITS);
    expect(job.lessons.filter((l) => l.status === 'done')).toHaveLength(FITS);
    const stopped = job.lessons.filter((l) => l.status === 'failed');
    expect(stopped).toHaveLength(LESSONS - FITS);
    for (const l of stopped) expect(l.error?.code).toBe(Code.AI_BUDGET_STOPPED);
    expect(job.error?.code).toBe(Code.AI_BUDGET_STOPPED);
    // The real counts replaced the holds: nothing is left held.
    const used = await t.app.ctx.db.execute<{ tokens: number; holds: number }>(sql`
      select (select sum(input_tokens + output_tokens) from ai_usage where job_id = ${job.jobId}) as tokens,
             (select count(*) from ai_budget_holds) as holds`);
    expect(used.rows[0]).toEqual({ tokens: (1 + FITS) * lessonTokens, holds: 0 });

    // With the budget raised (a new month, another limit), each stopped lesson resumes.
    for (const app of [t, other]) app.app.ctx.config.AI_TEAM_MONTHLY_TOKENS = 100 * lessonTokens;
    const resumed = await retryLessons(
      t,
      user.token,
      job,
      stopped.map((l) => job.lessons.indexOf(l)),
    );
    expect(resumed.status).toBe('done');
  }, 90_000);

  it('counts what runs in flight hold: an assist is refused while holds take what is left, and lets go of its own', async () => {
    const { user } = await teamOwner(t);
    const teamId = (
      await t.app.ctx.db.execute<{ team_id: number }>(
        sql`select team_id from team_members where user_id = ${user.userId} limit 1`,
      )
    ).rows[0]!.team_id;
    const budget = t.app.ctx.config.AI_TEAM_MONTHLY_TOKENS;
    // Another run in flight holds the whole month.
    await t.app.ctx.db.execute(sql`insert into ai_budget_holds (team_id, tokens, expires_at)
      values (${teamId}, ${budget}, now() + interval '1 hour')`);
    const assist = () => rewriteAssist(t, user.token, '一段话');
    const refused = (await assist()).json() as { code: number };
    expect(refused.code).toBe(Code.AI_BUDGET_USED_UP);
    const estimate = await call<AiEstimate>(t, 'POST', '/ai/estimate', {
      token: user.token,
      body: { kind: 'assist', action: 'rewrite', text: '一段话' },
    });
    expect(estimate.data).toMatchObject({ allowed: false, budget: { used: 0, left: 0 } });

    // That run ends: the assist runs, and its own hold is gone with its count recorded.
    await t.app.ctx.db.execute(sql`delete from ai_budget_holds where team_id = ${teamId}`);
    expect((await assist()).body).toContain('"type":"done"');
    const after = await t.app.ctx.db.execute<{ holds: number; used: number }>(sql`
      select (select count(*)::int from ai_budget_holds where team_id = ${teamId}) as holds,
             (select count(*)::int from ai_usage where team_id = ${teamId} and kind = 'assist') as used`);
    expect(after.rows[0]).toEqual({ holds: 0, used: 1 });
  });

  it('a translation’s lessons hold too: with room for one, one is translated and the others stop (50061) until the budget allows', async () => {
    const { user } = await teamOwner(t);
    const { courseId } = await createCourse(t, user.token, '翻译预算课程');
    for (const n of [1, 2, 3]) {
      const { lessonId } = await createLesson(t, user.token, courseId, `第${n}课`);
      await writeLesson(t, user.token, lessonId, `第${n}课的内容`);
    }
    const respond = llm.respond;
    // Slow, so that every worker has taken its lesson before the first ends.
    llm.respond = ({ stream, body }) =>
      stream ? { ...translateAnswer(body, 'en-US'), delayMs: 400 } : respond({ stream, body });
    // Nothing used yet, so the run may start; the first lesson's hold alone takes what is left.
    for (const app of [t, other]) app.app.ctx.config.AI_TEAM_MONTHLY_TOKENS = 1;
    try {
      const streamsBefore = llm.requests.filter((r) => r.stream).length;
      const started = await call<AiJob>(t, 'POST', '/ai/translate', {
        token: user.token,
        body: { courseId, language: 'en-US' },
      });
      expect(started.code, started.msg).toBe(200);
      const job = await waitForJob(
        t,
        user.token,
        started.data.jobId,
        (j) => j.status !== 'generating',
        30_000,
      );
      expect(llm.requests.filter((r) => r.stream).length - streamsBefore).toBe(1);
      expect(job.lessons.filter((l) => l.status === 'done')).toHaveLength(1);
      const stopped = job.lessons.filter((l) => l.status === 'failed');
      expect(stopped.map((l) => l.error?.code)).toEqual([Code.AI_BUDGET_STOPPED, Code.AI_BUDGET_STOPPED]);
      const holds = await t.app.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ai_budget_holds`,
      );
      expect(holds.rows[0]!.n).toBe(0);

      for (const app of [t, other]) app.app.ctx.config.AI_TEAM_MONTHLY_TOKENS = 100 * lessonTokens;
      const resumed = await retryLessons(
        t,
        user.token,
        job,
        stopped.map((l) => job.lessons.indexOf(l)),
      );
      expect(resumed.status).toBe('done');
    } finally {
      llm.respond = respond;
    }
  }, 60_000);
});

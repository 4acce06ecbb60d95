/**
 * Cost in the open, through the fake OpenAI-compatible provider (127.0.0.1), which reports 100 input +
 * 200 output tokens per call: every call is recorded by team, member, kind and month; the monthly budget
 * (1,000 tokens here) refuses new runs once used up and stops a running job after the lesson that
 * crossed it, resumably; estimates before a run; another team sees none of it.
 */
import { type AiEstimate, type AiJob, type AiUsage, Code } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteAssist, waitForJob } from '../../../../test/ai-jobs.ts';
import {
  addByInvitation,
  call,
  createCourse,
  createLesson,
  createUser,
  teamOwner,
  writeLesson,
} from '../../../../test/factories.ts';
import { type FakeLlm, generatorFor, startFakeLlm } from '../../../../test/fake-llm.ts';
import { translateAnswer } from '../../../../test/fake-translator.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { ESTIMATE } from './ai.estimate.ts';

const outline = (n: number) =>
  JSON.stringify({
    title: '测试课程',
    subtitle: '',
    summary: '一门测试课程',
    lessons: Array.from({ length: n }, (_, i) => ({ title: `第${i + 1}课`, goal: '目标' })),
  });

const OVERSIZED = `## 失控\n${'Runaway text again. '.repeat(150).concat('\n\n').repeat(200)}`;

let t: TestApp;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  llm.usage = { prompt_tokens: 100, completion_tokens: 200 };
  llm.respond = ({ stream, body }) => {
    if (stream && body.includes('<texts>')) return translateAnswer(body, 'en-US');
    if (stream && body.includes('超大课时')) return { kind: 'stream', chunks: [OVERSIZED] };
    if (stream) return { kind: 'stream', chunks: ['## 要点\n', '内容。\n'] };
    const n = Number(/恰好 (\d+) 节课/.exec(body)?.[1] ?? 1);
    return { kind: 'json', content: outline(n) };
  };
  t = await createTestApp(
    {
      // One lesson at a time, so the lesson that crosses the budget is the last one written.
      JOBS_ENABLED: 'true',
      AI_CONCURRENCY: '1',
      AI_TEAM_MONTHLY_TOKENS: '1000',
      AI_PRICE_PER_MILLION_INPUT_TOKENS: '200',
      AI_PRICE_PER_MILLION_OUTPUT_TOKENS: '800',
    },
    { generator: generatorFor(llm) },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const usageOf = async (token: string, month?: string) =>
  (await call<AiUsage>(t, 'GET', '/ai/usage', { token, query: month ? { month } : {} })).data;

async function generated(token: string, lessonCount: number, topic = '数据分析入门'): Promise<AiJob> {
  const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
    token,
    body: { topic, lessonCount },
  });
  expect(created.code, created.msg).toBe(200);
  const ready = await waitForJob(t, token, created.data.jobId, (j) => j.status === 'outline_ready');
  const started = await call<AiJob>(t, 'POST', '/ai/job/generate', { token, body: { jobId: ready.jobId } });
  expect(started.code, started.msg).toBe(200);
  return waitForJob(t, token, ready.jobId, (j) => j.status === 'done' || j.status === 'failed');
}

describe('AI usage', () => {
  it('records each call by kind and member, by month; members only for managers; another team sees nothing', async () => {
    const { user: owner } = await teamOwner(t);
    const member = await createUser(t);
    await addByInvitation(t, owner.token, member);
    const job = await generated(member.token, 2);
    expect(job.status).toBe('done');

    const rows = await t.app.ctx.db.execute<{ kind: string; user_id: number; tokens: number }>(
      sql`select kind, user_id, input_tokens + output_tokens as tokens, estimated from ai_usage
          where job_id = ${job.jobId} order by id`,
    );
    expect(rows.rows).toEqual([
      { kind: 'outline', user_id: member.userId, tokens: 300, estimated: false },
      { kind: 'lesson', user_id: member.userId, tokens: 300, estimated: false },
      { kind: 'lesson', user_id: member.userId, tokens: 300, estimated: false },
    ]);
    // A month before, as the team centre lists it.
    const teamId = (
      await t.app.ctx.db.execute<{ team_id: number }>(
        sql`select team_id from ai_jobs where id = ${job.jobId}`,
      )
    ).rows[0]!.team_id;
    await t.app.ctx.db
      .execute(sql`insert into ai_usage (team_id, user_id, kind, month, input_tokens, output_tokens)
      values (${teamId}, ${owner.userId}, 'assist', '2020-01', 40, 2)`);

    const seen = await usageOf(owner.token);
    expect(seen.budget).toMatchObject({ limit: 1000, used: 900, left: 100 });
    expect(seen.months[0]).toMatchObject({ month: seen.budget.month, totalTokens: 900 });
    expect(seen.months.at(-1)).toEqual({
      month: '2020-01',
      inputTokens: 40,
      outputTokens: 2,
      totalTokens: 42,
    });
    expect(seen.members).toEqual([
      { userId: member.userId, name: member.nickName, inputTokens: 300, outputTokens: 600, totalTokens: 900 },
    ]);
    expect((await usageOf(owner.token, '2020-01')).members).toEqual([
      { userId: owner.userId, name: owner.nickName, inputTokens: 40, outputTokens: 2, totalTokens: 42 },
    ]);
    // A MEMBER sees the team's months and budget, not who used what.
    const asMember = await usageOf(member.token);
    expect(asMember.budget.used).toBe(900);
    expect(asMember.members).toBeNull();

    // Another team: its own (empty) use, never this team's, for any month asked.
    const { user: stranger } = await teamOwner(t);
    const other = await usageOf(stranger.token, '2020-01');
    expect(other.budget.used).toBe(0);
    expect(other.months).toEqual([
      { month: other.budget.month, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    ]);
    expect(other.members).toEqual([]);
  });

  it('stops a running job after the lesson that crosses the budget, resumably, and refuses new runs', async () => {
    const { user } = await teamOwner(t);
    // Outline 300, then lessons of 300: the third lesson crosses 1,000; the fourth and fifth do not start.
    const job = await generated(user.token, 5);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({ code: Code.AI_BUDGET_STOPPED, params: { limit: 1000 } });
    expect(job.lessons.map((l) => l.status)).toEqual(['done', 'done', 'done', 'failed', 'failed']);
    expect(job.lessons[4]!.error?.code).toBe(Code.AI_BUDGET_STOPPED);
    expect((await usageOf(user.token)).budget).toMatchObject({ used: 1200, left: 0 });
    const lessonCalls = llm.requests.length;

    // Used up: a new job, a retry of a stopped lesson, an assist and a translation are refused, unspent.
    const refusals = [
      await call(t, 'POST', '/ai/job/create', { token: user.token, body: { topic: '另一门课' } }),
      await call(t, 'POST', '/ai/job/retry', { token: user.token, body: { jobId: job.jobId, idx: 3 } }),
      await call(t, 'POST', '/ai/assist', { token: user.token, body: { action: 'rewrite', text: '一段话' } }),
      await call(t, 'POST', '/ai/translate', {
        token: user.token,
        body: { courseId: job.courseId, language: 'en-US' },
      }),
    ];
    for (const r of refusals) {
      expect(r.code).toBe(Code.AI_BUDGET_USED_UP);
      expect(r.msg).toContain('1000 tokens');
    }
    expect(llm.requests.length).toBe(lessonCalls);
    const estimate = await call<AiEstimate>(t, 'POST', '/ai/estimate', {
      token: user.token,
      body: { kind: 'create', topic: '另一门课', lessonCount: 1 },
    });
    expect(estimate.data.allowed).toBe(false);
  }, 60_000);

  it('estimates tokens and money before a run, for a topic, a translation and an assist', async () => {
    const { user } = await teamOwner(t);
    const topic = await call<AiEstimate>(t, 'POST', '/ai/estimate', {
      token: user.token,
      body: { kind: 'create', topic: '数据分析', lessonCount: 3 },
    });
    // Topic "数据分析" is 4 tokens; one outline call and three lesson calls.
    const call1 = ESTIMATE.callOverhead + 4;
    const inputTokens = call1 + 3 * (call1 + ESTIMATE.outlinePerLesson);
    const outputTokens = ESTIMATE.outlineBase + 3 * (ESTIMATE.outlinePerLesson + ESTIMATE.lessonOutput);
    expect(topic.data).toMatchObject({
      generator: 'ai',
      inputTokens,
      outputTokens,
      totalTokens: inputTokens + outputTokens,
      // 200 fen per million input, 800 per million output, rounded up.
      costFen: Math.ceil((inputTokens * 200 + outputTokens * 800) / 1e6),
      allowed: true,
      budget: { limit: 1000, used: 0, left: 1000 },
    });

    const { courseId } = await createCourse(t, user.token, '课程');
    const { lessonId } = await createLesson(t, user.token, courseId, '一');
    await writeLesson(t, user.token, lessonId, '你好世界');
    const translate = await call<AiEstimate>(t, 'POST', '/ai/estimate', {
      token: user.token,
      body: { kind: 'translate', courseId, language: 'en-US' },
    });
    // Texts: the lesson title 一 (1), 你好世界 (4), the course title 课程 (2); three lines.
    const lines = 3 * ESTIMATE.translateLine;
    expect(translate.data).toMatchObject({
      inputTokens: ESTIMATE.callOverhead + 7 + lines,
      outputTokens: Math.ceil(7 * ESTIMATE.translateGrowth) + lines,
    });

    const assist = await call<AiEstimate>(t, 'POST', '/ai/estimate', {
      token: user.token,
      body: { kind: 'assist', action: 'rewrite', text: 'abcdefgh 你好' },
    });
    // 9 narrow characters (a quarter token each, rounded up together) and 2 wide.
    expect(assist.data).toMatchObject({ inputTokens: ESTIMATE.callOverhead + 5, outputTokens: 5 });

    // A translation and an assist are recorded as such, the assist before its stream ends.
    const translation = await call<AiJob>(t, 'POST', '/ai/translate', {
      token: user.token,
      body: { courseId, language: 'en-US' },
    });
    expect(
      (await waitForJob(t, user.token, translation.data.jobId, (j) => j.status !== 'generating')).status,
    ).toBe('done');
    const assisted = await rewriteAssist(t, user.token, '一段话');
    expect(assisted.body).toContain('"type":"done"');
    const kinds = await t.app.ctx.db.execute<{ kind: string; user_id: number }>(
      sql`select kind, user_id from ai_usage where user_id = ${user.userId} order by id`,
    );
    expect(kinds.rows).toEqual([
      { kind: 'translate', user_id: user.userId },
      { kind: 'assist', user_id: user.userId },
    ]);
    expect((await usageOf(user.token)).budget.used).toBe(600);

    // Another team's course is not found, as for the translation itself.
    const { user: stranger } = await teamOwner(t);
    const hidden = await call(t, 'POST', '/ai/estimate', {
      token: stranger.token,
      body: { kind: 'translate', courseId, language: 'en-US' },
    });
    expect(hidden.code).toBe(Code.NOT_FOUND);
  });

  it('records a lesson that failed on writing once, with its failure (its written state rolled back)', async () => {
    const { user } = await teamOwner(t);
    const job = await generated(user.token, 1, '超大课时');
    expect(job.lessons[0]!.error?.code).toBe(Code.AI_LESSON_TOO_LARGE);
    const rows = await t.app.ctx.db.execute<{ kind: string }>(
      sql`select kind from ai_usage where job_id = ${job.jobId} order by id`,
    );
    expect(rows.rows.map((r) => r.kind)).toEqual(['outline', 'lesson']);
  });

  it('lists its paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(doc.paths).toHaveProperty(['/api/ai/estimate']);
    expect(doc.paths).toHaveProperty(['/api/ai/usage']);
  });
});

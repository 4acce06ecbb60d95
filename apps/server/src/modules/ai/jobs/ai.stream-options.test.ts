/**
 * A provider that rejects `stream_options` (some older OpenAI-compatible servers answer 400 to any
 * field they do not know): the streamed call is tried once more without it, the server is remembered
 * as such (no second 400), and the tokens are counted from the text, flagged estimated.
 */
import type { AiJob } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteAssist, waitForJob } from '../../../../test/ai-jobs.ts';
import { call, teamOwner } from '../../../../test/factories.ts';
import { type FakeLlm, generatorFor, startFakeLlm } from '../../../../test/fake-llm.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  llm.usage = { prompt_tokens: 100, completion_tokens: 200 };
  llm.rejectStreamOptions = true;
  llm.respond = ({ stream }) =>
    stream
      ? { kind: 'stream', chunks: ['## 要点\n', '内容。\n'] }
      : {
          kind: 'json',
          content: JSON.stringify({
            title: '测试课程',
            subtitle: '',
            summary: '一门测试课程',
            lessons: [{ title: '第1课', goal: '目标' }],
          }),
        };
  t = await createTestApp(
    { JOBS_ENABLED: 'true', AI_TEAM_MONTHLY_TOKENS: '100000' },
    { generator: generatorFor(llm) },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const withOptions = (body: string) => 'stream_options' in (JSON.parse(body) as object);

describe('a provider that rejects stream_options', () => {
  it('generates without it after one 400, remembers that, and records estimated tokens', async () => {
    const { user } = await teamOwner(t);
    const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: '数据分析入门', lessonCount: 1 },
    });
    expect(created.code, created.msg).toBe(200);
    const ready = await waitForJob(t, user.token, created.data.jobId, (j) => j.status === 'outline_ready');
    await call(t, 'POST', '/ai/job/generate', { token: user.token, body: { jobId: ready.jobId } });
    const job = await waitForJob(t, user.token, ready.jobId, (j) => j.status !== 'generating');
    expect(job.status).toBe('done');

    // The lesson's stream: once with stream_options (400), once without.
    const streams = llm.requests.filter((r) => r.stream);
    expect(streams.map((r) => withOptions(r.body))).toEqual([true, false]);

    // Remembered for this base URL: the next stream goes without it at once.
    const assisted = await rewriteAssist(t, user.token, '一段需要改写的话');
    expect(assisted.body).toContain('"type":"done"');
    expect(llm.requests.filter((r) => r.stream).map((r) => withOptions(r.body))).toEqual([
      true,
      false,
      false,
    ]);

    // The outline (not streamed) has the provider's counts; the streams are counted from the text.
    const rows = await t.app.ctx.db.execute<{
      kind: string;
      input_tokens: number;
      output_tokens: number;
      estimated: boolean;
    }>(
      sql`select kind, input_tokens, output_tokens, estimated from ai_usage
          where user_id = ${user.userId} order by id`,
    );
    expect(rows.rows.map((r) => [r.kind, r.estimated])).toEqual([
      ['outline', false],
      ['lesson', true],
      ['assist', true],
    ]);
    expect(rows.rows[0]).toMatchObject({ input_tokens: 100, output_tokens: 200 });
    for (const r of rows.rows.slice(1)) {
      expect(r.input_tokens).toBeGreaterThan(10);
      // "## 要点\n内容。\n": 5 wide characters and 5 others.
      expect(r.output_tokens).toBe(7);
    }
  }, 60_000);
});

/**
 * A job's state and its log never disagree: each transition writes both in one transaction, a run that
 * lost its lesson (a cancel, a redelivery's newer attempt) writes neither, and a job's detail is one
 * moment of both, so the progress page (snapshot + the log after its lastEventId) shows what is true.
 */
import { aiCreateBody, type AiJob, type Outline } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTeam, createUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { connect, type Database } from '../../../db/client.ts';
import { markdownToDoc } from './markdown-doc.ts';
import { TemplateGenerator } from '../../../platform/ai/template-generator.ts';
import { createDraftCourseForAi } from '../../courses/index.ts';
import { eventsAfter, insertJob, jobLessons } from './ai.repo.ts';
import { generationStarted, jobCancelled } from './ai.state.ts';
import { lessonFailed, lessonStarted, lessonText, lessonWritten } from './ai.lesson-state.ts';
import { aiError } from '../shared/ai.errors.ts';
import { runJobLesson } from './ai.jobs.ts';

/**
 * The template generator; a held lesson writes a little, waits until the test lets it go on (a
 * redelivery has claimed the lesson meanwhile), writes more, and waits for its abort.
 */
class HoldingGenerator extends TemplateGenerator {
  hold: Promise<void> | null = null;
  override async lesson(...args: Parameters<TemplateGenerator['lesson']>) {
    const [, , , onDelta, signal] = args;
    const hold = this.hold;
    if (!hold || !signal) return super.lesson(...args);
    this.hold = null;
    onDelta('先写的');
    await hold;
    onDelta('迟到的');
    return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  }
}

let t: TestApp;
let other: Database;
const generator = new HoldingGenerator(5);
beforeAll(async () => {
  t = await createTestApp({}, { generator });
  other = connect(t.databaseUrl, 2);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const outline: Outline = {
  title: '状态与日志',
  subtitle: '一课一事',
  summary: '每个状态的变化都有它的事件。',
  lessons: [
    { title: '第一课', goal: '' },
    { title: '第二课', goal: '' },
  ],
};

/** A job whose lessons are queued (generating, nothing claimed), made as the service makes one. */
async function generatingJob() {
  const user = await createUser(t);
  const { teamId } = await createTeam(t, user.token);
  const job = await insertJob(t.app.ctx.db, {
    teamId,
    userId: user.userId,
    status: 'outline_ready',
    request: aiCreateBody.parse({ topic: '状态与日志', lessonCount: 2 }),
    outline,
    generatorKind: 'template',
    generatorLabel: 'template',
  });
  const titles = outline.lessons.map((l) => l.title);
  await generationStarted(t.app.ctx, job.id, titles, (tx) =>
    createDraftCourseForAi(tx, { teamId, authorId: user.userId, ...outline, lessonTitles: titles }),
  );
  return { token: user.token, jobId: job.id };
}

const log = async (jobId: number) =>
  (await eventsAfter(t.app.ctx.db, jobId, 0)).map((e) => ({ id: e.id, type: e.type, ...e.data }));

/** Makes every append of `type` to the log fail, for the length of `body`. */
async function failingLog<T>(type: string, body: () => Promise<T>): Promise<T> {
  await t.app.ctx.db.execute(
    sql.raw(`create or replace function test_fail_event() returns trigger language plpgsql as $$
      begin if new.type = '${type}' then raise exception 'log down'; end if; return new; end $$`),
  );
  await t.app.ctx.db.execute(
    sql`create trigger test_fail_event before insert on ai_events for each row execute function test_fail_event()`,
  );
  try {
    return await body();
  } finally {
    await t.app.ctx.db.execute(sql`drop trigger test_fail_event on ai_events`);
  }
}

describe('AI job state', () => {
  it("a job's detail is one moment: a lesson started while it is read is in its rows and its lastEventId, or in neither", async () => {
    const { token, jobId } = await generatingJob();
    let detail: Promise<{ code: number; data: AiJob }> | undefined;
    // The detail's read of the log waits on this lock while a worker claims lesson 1 and commits:
    // exactly the interleaving of a generate's answer racing its first lesson on a busy machine.
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ai_events in access exclusive mode`);
      detail = call<AiJob>(t, 'GET', '/ai/job/detail', { token, query: { jobId: String(jobId) } });
      for (let i = 0; ; i++) {
        const { rows } = await t.app.ctx.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike '%ai_events%'`);
        if (rows[0]!.n > 0) break;
        if (i > 2_000) throw new Error('the detail never read the log');
        await new Promise((r) => setImmediate(r));
      }
      expect(await lessonStarted({ ...t.app.ctx, db: tx, events: null }, jobId, 0)).toBeDefined();
    });
    const answered = await detail!;
    expect(answered, JSON.stringify(answered)).toMatchObject({ code: 200 });
    const snapshot = answered.data;
    const started = (await log(jobId)).find((e) => e.type === 'lesson-start')!;
    const covered = snapshot.lastEventId >= started.id;
    // The page replays the covered events only for their text: the row must already say running.
    expect(snapshot.lessons[0]!.status).toBe(covered ? 'running' : 'pending');
  });

  it('a claim whose lesson-start cannot be logged is no claim', async () => {
    const { jobId } = await generatingJob();
    await expect(failingLog('lesson-start', () => lessonStarted(t.app.ctx, jobId, 0))).rejects.toThrow();
    expect((await jobLessons(t.app.ctx.db, jobId))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await log(jobId)).map((e) => e.type)).toEqual(['stage']);
  });

  it('a cancel whose events cannot be logged cancels nothing', async () => {
    const { jobId } = await generatingJob();
    await expect(failingLog('error', () => jobCancelled(t.app.ctx, jobId))).rejects.toThrow();
    const [job] = await t.app.ctx.db
      .execute<{ status: string }>(sql`select status from ai_jobs where id = ${jobId}`)
      .then((r) => r.rows);
    expect(job!.status).toBe('generating');
    expect((await jobLessons(t.app.ctx.db, jobId)).map((l) => l.status)).toEqual(['pending', 'pending']);
    expect((await log(jobId)).map((e) => e.type)).toEqual(['stage']);

    // Logged: both, together.
    expect(await jobCancelled(t.app.ctx, jobId)).toBe(true);
    expect((await jobLessons(t.app.ctx.db, jobId)).map((l) => l.status)).toEqual(['failed', 'failed']);
    expect((await log(jobId)).map((e) => e.type)).toEqual(['stage', 'stage', 'error', 'error']);
  });

  it('a run whose lesson a redelivery claimed again writes no text, no lesson and no failure over the newer attempt', async () => {
    const { jobId } = await generatingJob();
    const first = await lessonStarted(t.app.ctx, jobId, 0);
    expect(await lessonText(t.app.ctx, jobId, { idx: 0, attempt: first!.attempts }, '第一次的')).toBe(true);
    const second = await lessonStarted(t.app.ctx, jobId, 0);
    expect(second!.attempts).toBe(first!.attempts + 1);

    const stale = { idx: 0, attempt: first!.attempts };
    expect(await lessonText(t.app.ctx, jobId, stale, '旧的')).toBe(false);
    expect(await lessonWritten(t.app.ctx, jobId, stale, first!.lessonId!, markdownToDoc('旧的'))).toBe(false);
    expect(await lessonFailed(t.app.ctx, jobId, stale, aiError(0))).toBe(false);

    const fresh = { idx: 0, attempt: second!.attempts };
    expect(await lessonText(t.app.ctx, jobId, fresh, '## 新的')).toBe(true);
    expect(await lessonWritten(t.app.ctx, jobId, fresh, second!.lessonId!, markdownToDoc('## 新的'))).toBe(
      true,
    );
    expect((await jobLessons(t.app.ctx.db, jobId))[0]!.status).toBe('done');
    // The text after the last lesson-start is the newer attempt's alone.
    const events = await log(jobId);
    expect(events.map((e) => [e.type, 'text' in e ? e.text : undefined])).toEqual([
      ['stage', undefined],
      ['lesson-start', undefined],
      ['text-delta', '第一次的'],
      ['lesson-start', undefined],
      ['text-delta', '## 新的'],
      ['lesson-done', undefined],
    ]);
  });

  it("a redelivered lesson streams once: the page sees only the newer run's text, and one lesson-done", async () => {
    const { jobId } = await generatingJob();
    let goOn = () => {};
    generator.hold = new Promise<void>((resolve) => (goOn = resolve));
    const first = runJobLesson(t.app.ctx, jobId, 0, t.app.log);
    for (let i = 0; !(await log(jobId)).some((e) => e.type === 'text-delta'); i++) {
      if (i > 2_000) throw new Error('the first run never wrote');
      await new Promise((r) => setTimeout(r, 10));
    }
    // pg-boss hands the lesson to a second worker (a heartbeat missed on a busy machine): it claims
    // the lesson again and writes it; the first run, let go, writes on until its poll aborts it.
    await runJobLesson(t.app.ctx, jobId, 0, t.app.log);
    goOn();
    await first;

    const events = await log(jobId);
    const lastStart = events.findLastIndex((e) => e.type === 'lesson-start');
    const shown = events
      .slice(lastStart)
      .filter((e) => e.type === 'text-delta')
      .map((e) => ('text' in e ? e.text : ''))
      .join('');
    expect(shown).toContain('## 学习目标');
    expect(shown).toContain('## 练习');
    expect(JSON.stringify(events)).not.toContain('迟到的');
    expect(events.filter((e) => e.type === 'lesson-done')).toHaveLength(1);
    expect((await jobLessons(t.app.ctx.db, jobId))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });
});

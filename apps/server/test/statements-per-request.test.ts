/**
 * Statements each write path sends to PostgreSQL once warm (session cached, statements prepared),
 * counted on every pg client of the process (BEGIN and COMMIT count too). The bench shows what
 * they cost (bench/RESULTS.md); this holds the count, so an added round trip is seen at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesListening, cachesSettled } from '../src/platform/cache.ts';
import { addByInvitation, call, createLesson, createUser, paragraphDoc } from './factories.ts';
import { learnCalls, quizCourse } from './learning-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await cachesListening(t.app.ctx.db);
});
afterAll(() => t.close());

/**
 * The statements sent while `run` runs (nothing else uses this app meanwhile), but the session's:
 * its cache may just have been emptied by the set-up's own writes (test/caches.test.ts holds it).
 */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; name?: string };
    sent.push(typeof q === 'string' ? q : (q.name ?? q.text ?? '?'));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent.filter((name) => name !== 'find_session_actor');
}

describe('statements per request, warm', () => {
  it('lesson save: the ownership lookup and one statement (save, course touched, revision)', async () => {
    const owner = await createUser(t);
    await call(t, 'POST', '/team/create', { token: owner.token, body: { teamName: '语句团队' } });
    const course = await call<{ courseId: number }>(t, 'POST', '/course/create', {
      token: owner.token,
      body: { title: '语句课程' },
    });
    const lesson = await createLesson(t, owner.token, course.data.courseId);
    let version = lesson.version;
    const save = async (text: string) => {
      const res = await call<{ version: number }>(t, 'POST', '/lesson/save', {
        token: owner.token,
        body: { lessonId: lesson.lessonId, version, content: paragraphDoc(text) },
      });
      expect(res.code).toBe(200);
      version = res.data.version;
    };
    await save('暖身');
    const sent = await statementsOf(() => save('计数'));
    expect(sent, sent.join('\n')).toHaveLength(2);
  });

  it('learning progress: one named statement (planned once per connection)', async () => {
    const s = await quizCourse(t);
    const learner = await createUser(t);
    await addByInvitation(t, s.user.token, learner);
    const { progress } = learnCalls(() => t);
    const body = { courseId: s.courseId, lessonId: s.first, position: 0.5, reachedEnd: false };
    expect((await progress(learner.token, body)).code).toBe(200);
    const sent = await statementsOf(async () => {
      expect((await progress(learner.token, { ...body, position: 0.6 })).code).toBe(200);
    });
    expect(sent, sent.join('\n')).toEqual(['save_position']);
  });

  it('member list: none while the page is cached', async () => {
    const owner = await createUser(t);
    const team = await call(t, 'POST', '/team/create', {
      token: owner.token,
      body: { teamName: '名单团队' },
    });
    const list = () =>
      call(t, 'GET', '/team/user/list', { token: owner.token, query: { pageNum: '1', pageSize: '10' } });
    // The set-up's writes are heard before the page is cached: a late notification would empty it.
    await cachesSettled(t.app.ctx.db);
    expect((await list()).code).toBe(200);
    const sent = await statementsOf(async () => expect((await list()).code).toBe(200));
    expect(sent, sent.join('\n')).toHaveLength(0);
    expect(team.code).toBe(200);
  });
});

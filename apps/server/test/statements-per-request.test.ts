/**
 * Statements each write path sends to PostgreSQL once warm (session cached, statements prepared),
 * counted on every pg client of the process (BEGIN and COMMIT count too). The bench shows what
 * they cost (bench/RESULTS.md); this holds the count, so an added round trip is seen at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSaveBatcher } from '../src/modules/courses/lessons.repo.ts';
import { positionBatcher } from '../src/modules/learning/position-saves.repo.ts';
import { cachesListening, cachesSettled } from '../src/platform/cache.ts';
import type { WriteBatcher } from '../src/platform/write-batch.ts';
import { addByInvitation, call, createLesson, createUser, paragraphDoc } from './factories.ts';
import { learnCalls, quizCourse } from './learning-factories.ts';
import { seller } from './store-factories.ts';
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
  // A connection the pool opens meanwhile says LISTEN once (cache.ts): not a request's statement.
  return sent.filter((name) => name !== 'find_session_actor' && !name.startsWith('listen '));
}

/** Runs the calls with the batcher held until `queued` of them wait in it, so they run as one batch. */
async function asOneBatch(
  batcher: Pick<WriteBatcher<unknown, unknown>, 'hold' | 'waiting'>,
  queued: number,
  calls: () => Promise<unknown>[],
) {
  const release = batcher.hold();
  try {
    const answers = calls();
    // Bounded (10 s): in-process requests only have to reach the batcher, slower on a loaded machine.
    for (let i = 0; i < 500 && batcher.waiting < queued; i++) await new Promise((r) => setTimeout(r, 20));
    expect(batcher.waiting).toBe(queued);
    release();
    await Promise.all(answers);
  } finally {
    release();
  }
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
    expect(sent, sent.join('\n')).toEqual(['find_lesson_owners', 'save_lessons']);
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
    expect(sent, sent.join('\n')).toEqual(['save_positions']);
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
  it('store list, a page no cache holds: the search’s one statement, the cards’ media ids with it', async () => {
    await seller(t, '语句商店课', 990);
    const list = () => call(t, 'GET', '/store/list', { query: { pageSize: '7' } });
    const sent = await statementsOf(async () => expect((await list()).code).toBe(200));
    expect(sent, sent.join('\n')).toEqual(['store_search_plain_newest']);
  });
  // Last: its many writes (memberships, sessions) are still notifying caches when it ends.
  it('under concurrency, saves share statements: ten learners’ progress in one, five lesson saves in one', async () => {
    const s = await quizCourse(t);
    const { progress } = learnCalls(() => t);
    const body = { courseId: s.courseId, lessonId: s.first, position: 0.5, reachedEnd: false };
    const learners: { token: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const learner = await createUser(t);
      await addByInvitation(t, s.user.token, learner);
      expect((await progress(learner.token, body)).code).toBe(200);
      learners.push(learner);
    }
    const progressSent = await statementsOf(() =>
      asOneBatch(positionBatcher(t.app.ctx.db), 10, () =>
        learners.map((l) => progress(l.token, { ...body, position: 0.7 })),
      ),
    );
    expect(progressSent, progressSent.join('\n')).toEqual(['save_positions']);

    const owner = await createUser(t);
    await call(t, 'POST', '/team/create', { token: owner.token, body: { teamName: '并发语句团队' } });
    const saves: { lessonId: number; version: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const course = await call<{ courseId: number }>(t, 'POST', '/course/create', {
        token: owner.token,
        body: { title: `并发课程 ${i}` },
      });
      saves.push(await createLesson(t, owner.token, course.data.courseId));
    }
    const saveSent = await statementsOf(() =>
      asOneBatch(lessonSaveBatcher(t.app.ctx.db), 5, () =>
        saves.map((l) =>
          call(t, 'POST', '/lesson/save', {
            token: owner.token,
            body: { lessonId: l.lessonId, version: l.version, content: paragraphDoc('并发') },
          }).then((r) => expect(r.code).toBe(200)),
        ),
      ),
    );
    // The ownership lookups batch too (as they arrive: one to five statements), the saves in one.
    expect(
      saveSent.filter((n) => n === 'save_lessons'),
      saveSent.join('\n'),
    ).toHaveLength(1);
    expect(saveSent.filter((n) => n !== 'save_lessons').every((n) => n === 'find_lesson_owners')).toBe(true);
    expect(saveSent.length, saveSent.join('\n')).toBeLessThanOrEqual(6);
  });
});

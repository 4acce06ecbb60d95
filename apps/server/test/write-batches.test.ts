/**
 * Lesson saves and progress saves made at the same time run as one statement (platform/write-batch.ts):
 * what a batch must not change. Each batch here is made deterministically: the batcher is held while
 * the requests reach it, then released.
 */
import { Code, type LearnProgress } from '@studio/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSaveBatcher } from '../src/modules/courses/lessons.repo.ts';
import { positionBatcher } from '../src/modules/learning/position-saves.repo.ts';
import type { WriteBatcher } from '../src/platform/write-batch.ts';
import { addByInvitation, call, createCourse, createLesson, createUser, paragraphDoc } from './factories.ts';
import { learnCalls, quizCourse, timePasses } from './learning-factories.ts';
import { buyer } from './store-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let sql: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  sql = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
});
afterAll(async () => {
  await sql.end();
  await t.close();
});

/** Runs the calls with the batcher held until `queued` of them wait in it, so they run as one batch. */
async function asOneBatch<T>(
  batcher: Pick<WriteBatcher<unknown, unknown>, 'hold' | 'waiting'>,
  queued: number,
  calls: (() => Promise<T>)[],
) {
  const release = batcher.hold();
  try {
    const answers = calls.map((c) => c());
    // Bounded (10 s): in-process requests only have to reach the batcher, slower on a loaded machine.
    for (let i = 0; i < 500 && batcher.waiting < queued; i++) await new Promise((r) => setTimeout(r, 20));
    expect(batcher.waiting).toBe(queued);
    release();
    return await Promise.all(answers);
  } finally {
    release();
  }
}

const column = async <T>(query: string, values: unknown[]): Promise<T[]> =>
  (await sql.query(query, values)).rows.map((r) => Object.values(r)[0] as T);

describe('lesson saves in one batch', () => {
  it('a stale version still answers the conflict, and two saves of one lesson behave as if one ran after the other', async () => {
    const owner = await createUser(t);
    await call(t, 'POST', '/team/create', { token: owner.token, body: { teamName: '批量保存团队' } });
    // a and d share a course: d's save waits for the batch holding a's (the batcher's course key),
    // and its statement touches the course again.
    const lessons = [];
    const courses = [];
    for (const title of ['甲', '乙', '丙']) {
      const course = await createCourse(t, owner.token, `课程${title}`);
      courses.push(course.courseId);
      lessons.push(await createLesson(t, owner.token, course.courseId));
    }
    const [a, b, c] = lessons as [(typeof lessons)[0], (typeof lessons)[0], (typeof lessons)[0]];
    const d = await createLesson(t, owner.token, courses[0]!, '第二课');
    const save = (lessonId: number, version: number, text: string) => () =>
      call<{ version: number }>(t, 'POST', '/lesson/save', {
        token: owner.token,
        body: { lessonId, version, content: paragraphDoc(text) },
      });
    // b moves on once, so its old version is stale.
    expect((await save(b.lessonId, b.version, '乙一')()).code).toBe(200);

    const answers = await asOneBatch(lessonSaveBatcher(t.app.ctx.db), 5, [
      save(a.lessonId, a.version, '甲一'),
      save(b.lessonId, b.version, '乙旧'),
      save(d.lessonId, d.version, '丁一'),
      save(a.lessonId, a.version, '甲二'),
      save(c.lessonId, c.version, '丙一'),
    ]);
    expect(answers.map((r) => r.code)).toEqual([200, Code.CONFLICT, 200, Code.CONFLICT, 200]);
    expect(answers[0]!.data.version).toBe(a.version + 1);

    const text = (lessonId: number) =>
      column<string>("select content #>> '{content,0,content,0,text}' from lessons where id = $1", [
        lessonId,
      ]);
    expect(await text(a.lessonId)).toEqual(['甲一']);
    expect(await text(b.lessonId)).toEqual(['乙一']);
    expect(await text(c.lessonId)).toEqual(['丙一']);
    expect(await text(d.lessonId)).toEqual(['丁一']);
    expect(await column<number>('select version from lessons where id = $1', [a.lessonId])).toEqual([
      a.version + 1,
    ]);
    // The course carries its lessons' save time.
    expect(
      await column<boolean>(
        'select c.updated_at = l.updated_at from courses c join lessons l on l.course_id = c.id where l.id = $1',
        [d.lessonId],
      ),
    ).toEqual([true]);
    // Each saved lesson has its author's revision with the saved text; the refused saves left none.
    const revisions = await column<string>(
      "select content #>> '{content,0,content,0,text}' from lesson_revisions where lesson_id = any($1) order by lesson_id",
      [[a.lessonId, b.lessonId, c.lessonId, d.lessonId]],
    );
    expect(revisions).toEqual(['甲一', '乙一', '丙一', '丁一']);
  });
});

describe('progress saves in one batch', () => {
  const { progress } = learnCalls(() => t);

  /** A released course and learners of its team (its own course: learnable), each warmed once. */
  async function learners(n: number) {
    const s = await quizCourse(t);
    const people = [];
    for (let i = 0; i < n; i++) {
      const u = await createUser(t);
      await addByInvitation(t, s.user.token, u);
      people.push(u);
    }
    return { s, people };
  }

  const positionOf = async (userId: number, lessonId: number) =>
    (
      await column<number>('select position from learning_lessons where user_id = $1 and lesson_id = $2', [
        userId,
        lessonId,
      ])
    )[0];

  it('a row the database refuses, or that kills its connection, fails only its own request; nothing answered as saved is missing', async () => {
    const { s, people } = await learners(4);
    const outsider = await buyer(t); // another team, which never bought the course
    // 0.875 ends the connection mid-statement (a crash: the batch's statement dies), 0.125 is refused.
    await sql.query(`
      create or replace function test_refuse_position() returns trigger language plpgsql as $$
      begin
        if new.position = 0.125 then raise exception 'refused by the test'; end if;
        if new.position = 0.875 then perform pg_terminate_backend(pg_backend_pid()); end if;
        return new;
      end $$;
      create trigger test_refuse_position before insert or update on learning_lessons
        for each row execute function test_refuse_position();`);
    try {
      const sent = [0.3, 0.875, 0.6, 0.125];
      const at = { courseId: s.courseId, lessonId: s.first, reachedEnd: false };
      const answers = await asOneBatch(positionBatcher(t.app.ctx.db), 4, [
        ...people.map((p, i) => () => progress(p.token, { ...at, position: sent[i]! })),
        () => progress(outsider.user.token, { ...at, position: 0.5 }),
      ]);
      expect(answers.map((r) => r.code)).toEqual([200, 500, 200, 500, Code.NOT_FOUND]);
      for (const [i, p] of people.entries()) {
        const stored = await positionOf(p.userId, s.first);
        // Answered as saved ⇔ in the database.
        if (answers[i]!.code === 200) expect(stored).toBe(sent[i]);
        else expect(stored).toBeUndefined();
      }
      expect(await positionOf(outsider.user.userId, s.first)).toBeUndefined();
    } finally {
      await sql.query(
        'drop trigger test_refuse_position on learning_lessons; drop function test_refuse_position()',
      );
    }
  });

  it('takes the learner’s lesson row before the course row, as completing does: no deadlock with it', async () => {
    const { s, people } = await learners(1);
    const u = people[0]!;
    const at = { courseId: s.courseId, lessonId: s.first };
    expect((await progress(u.token, { ...at, position: 0.2 })).code).toBe(200);
    // The pool here has one connection: the transaction below holds it, the watcher reads.
    // A completion's order (lesson-completion.ts): the lesson row, then the course row, in one transaction.
    const tx = await sql.connect();
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await watcher.connect();
    try {
      await tx.query('begin');
      await tx.query(
        'update learning_lessons set completed_at = now() where user_id = $1 and lesson_id = $2',
        [u.userId, s.first],
      );
      const saved = progress(u.token, { ...at, position: 0.4 });
      // Bounded (10 s): until the save waits for the completion's lesson row.
      const waiting = async () =>
        (
          await watcher.query(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%learning_lessons%' and pid <> $1",
            [(await tx.query('select pg_backend_pid() as pid')).rows[0].pid],
          )
        ).rows[0].n as number;
      for (let i = 0; i < 500 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(1);
      // Had the save taken the course row first, this would wait for it: a deadlock, one of them refused.
      await tx.query(
        'update learning_courses set last_studied_at = now() where user_id = $1 and course_id = $2',
        [u.userId, s.courseId],
      );
      await tx.query('commit');
      expect((await saved).code).toBe(200);
      const stored = await watcher.query(
        'select position from learning_lessons where user_id = $1 and lesson_id = $2',
        [u.userId, s.first],
      );
      expect(stored.rows).toEqual([{ position: 0.4 }]);
    } finally {
      await tx.query('rollback').catch(() => undefined);
      tx.release();
      await watcher.end();
    }
  });

  it('the completion rules hold for each row of a batch', async () => {
    const { s, people } = await learners(3);
    const [early, waited, quiz] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    for (const p of [early, waited]) {
      expect((await progress(p.token, { courseId: s.courseId, lessonId: s.first, position: 0 })).code).toBe(
        200,
      );
    }
    await timePasses(t, waited.userId, 31);
    const end = (token: string, lessonId: number) => () =>
      progress(token, { courseId: s.courseId, lessonId, position: 1, reachedEnd: true });
    const answers = await asOneBatch(positionBatcher(t.app.ctx.db), 3, [
      end(early.token, s.first),
      end(waited.token, s.first),
      end(quiz.token, s.second),
    ]);
    const data = answers.map((r) => r.data as LearnProgress);
    // The minimum time (30 s, server clock): not yet for one, met for the other; quizzes unanswered: not done.
    expect(data[0]).toMatchObject({ state: 'in_progress', completedCount: 0 });
    expect(data[0]!.waitSeconds).toBeGreaterThan(25);
    expect(data[1]).toMatchObject({ state: 'completed', completedCount: 1, waitSeconds: 0 });
    expect(data[2]).toMatchObject({ state: 'in_progress', completedCount: 0 });
  });
});

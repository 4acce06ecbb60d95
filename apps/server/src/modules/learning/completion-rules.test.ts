/** What completing a lesson and a course means under the course's settings, and revoking. */
import { Code, type Certificate, type Refund } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { buyer } from '../../../test/store-factories.ts';
import { buy, learnCalls, quizCourse, setCompletion, timePasses } from '../../../test/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { learnCourse, progress, answer, markDone } = learnCalls(() => t);

describe('what completing means (the course’s settings)', () => {
  it('paging through with 下一课时 earns nothing: a plain lesson needs the minimum time, measured on the server', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const at = { courseId: s.courseId, lessonId: s.first };
    const player = await learnCourse(token, s.courseId);
    expect(player.data.completion).toEqual({ minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null });
    expect(player.data.lessons.map((l) => [l.quizCount, l.score, l.waitSeconds])).toEqual([
      [0, null, 30],
      [2, 0, 0],
    ]);

    // Opened and its end seen at once: still 学习中, and the player is told how long to wait.
    await progress(token, { ...at, position: 0 });
    const early = await progress(token, { ...at, position: 1, reachedEnd: true });
    expect(early.data.state).toBe('in_progress');
    expect(early.data.waitSeconds).toBeGreaterThan(25);
    expect(early.data.waitSeconds).toBeLessThanOrEqual(30);
    const refused = await markDone(token, at);
    expect(refused.code).toBe(Code.LESSON_MIN_TIME);
    expect(refused.msg).toMatch(/^请再学习 \d+ 秒后再标记为已学完$/);
    expect((refused.data as unknown as { waitSeconds: number }).waitSeconds).toBeGreaterThan(25);
    // Every lesson of the course opened and ended: no certificate.
    await progress(token, { courseId: s.courseId, lessonId: s.second, position: 1, reachedEnd: true });
    expect((await learnCourse(token, s.courseId)).data).toMatchObject({
      completedCount: 0,
      certificateCode: null,
    });

    // 25 s later by the database's clock: not yet; 31 s: 标记为已学完 works.
    await timePasses(t, b.user.userId, 25);
    expect((await markDone(token, at)).code).toBe(Code.LESSON_MIN_TIME);
    await timePasses(t, b.user.userId, 6);
    const done = await markDone(token, at);
    expect(done.data).toMatchObject({ state: 'completed', waitSeconds: 0 });
  });

  it('the author sets the rules on the course; they apply from the next release', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const detail = await call<{ version: number; completion: object }>(t, 'GET', '/course/detail', {
      token: s.user.token,
      query: { courseId: String(s.courseId) },
    });
    expect(detail.data.completion).toEqual({ minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null });
    for (const completion of [
      { minLessonSeconds: -1, passMark: 60, maxQuizAttempts: null },
      { minLessonSeconds: 0, passMark: 101, maxQuizAttempts: null },
      { minLessonSeconds: 0, passMark: 60, maxQuizAttempts: 0 },
      { minLessonSeconds: 0, passMark: 60 },
    ]) {
      const bad = await call(t, 'POST', '/course/modify', {
        token: s.user.token,
        body: { courseId: s.courseId, version: detail.data.version, completion },
      });
      expect([bad.status, bad.code], JSON.stringify(completion)).toEqual([400, 400]);
      expect(bad.msg).toContain('completion');
    }
    // Another team's course: 404.
    const stranger = await buyer(t);
    const other = await call(t, 'POST', '/course/modify', {
      token: stranger.user.token,
      body: { courseId: s.courseId, version: detail.data.version, completion: detail.data.completion },
    });
    expect(other.code).toBe(404);

    // Saved on the draft only: learners still read the released rules.
    const draft = await call<{ completion: object }>(t, 'POST', '/course/modify', {
      token: s.user.token,
      body: {
        courseId: s.courseId,
        version: detail.data.version,
        completion: { minLessonSeconds: 5, passMark: 90, maxQuizAttempts: 1 },
      },
    });
    expect(draft.data.completion).toEqual({ minLessonSeconds: 5, passMark: 90, maxQuizAttempts: 1 });
    expect((await learnCourse(b.user.token, s.courseId)).data.completion).toMatchObject({ passMark: 60 });

    const saved = await setCompletion(t, s.user.token, s.courseId, { minLessonSeconds: 0, passMark: 50 });
    expect(saved.completion).toEqual({ minLessonSeconds: 0, passMark: 50, maxQuizAttempts: 1 });
    const token = b.user.token;
    expect((await learnCourse(token, s.courseId)).data.completion).toMatchObject({ passMark: 50 });
    // No minimum time: the end seen completes a plain lesson at once.
    const first = await progress(token, {
      courseId: s.courseId,
      lessonId: s.first,
      position: 1,
      reachedEnd: true,
    });
    expect(first.data.state).toBe('completed');
    // Pass mark 50%: one of two quizzes right is enough.
    const at = { courseId: s.courseId, lessonId: s.second };
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [0] } });
    const half = await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } });
    expect(half.data.progress).toMatchObject({ state: 'completed', score: 50, progress: 100 });
    expect(half.data.progress.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
  });

  it('a wrong answer does not complete a quiz lesson; below the pass mark says the score needed', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const at = { courseId: s.courseId, lessonId: s.second };
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [0] } });
    const half = await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } });
    expect(half.data.progress).toMatchObject({ state: 'in_progress', lessonScore: 50, score: 50 });
    const end = await progress(token, { ...at, position: 1, reachedEnd: true });
    expect(end.data.state).toBe('in_progress');
    const refused = await markDone(token, at);
    expect(refused.code).toBe(Code.QUIZ_NOT_PASSED);
    expect(refused.msg).toBe('本课时测验得分 50%，需达到 60% 才能完成');
    expect(refused.data).toEqual({ score: 50, passMark: 60 });
    const player = await learnCourse(token, s.courseId);
    expect(player.data.lessons[1]).toMatchObject({ state: 'in_progress', score: 50 });
    expect(player.data.score).toBe(50);

    const right = await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
    expect(right.data.progress).toMatchObject({ state: 'completed', lessonScore: 100 });
  });

  it('the certificate needs every lesson and the course’s score at the pass mark', async () => {
    const s = await quizCourse(t);
    await setCompletion(t, s.user.token, s.courseId, { minLessonSeconds: 0 });
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const at = { courseId: s.courseId, lessonId: s.second };
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
    expect(
      (await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } })).data.progress.state,
    ).toBe('completed');
    // Answered again, wrong: the lesson stays completed, the course's score falls to 0%.
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [0] } });
    await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'echo' } });
    const all = await progress(token, {
      courseId: s.courseId,
      lessonId: s.first,
      position: 1,
      reachedEnd: true,
    });
    expect(all.data).toMatchObject({ completedCount: 2, progress: 100, score: 0, completedAt: null });
    expect(all.data.certificateCode).toBeNull();
    // Brought back to the pass mark by a better answer: the course completes then.
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
    const pass = await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } });
    expect(pass.data.progress).toMatchObject({ score: 100 });
    expect(pass.data.progress.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
  });

  it('a limit on attempts refuses an answer past it (per quiz)', async () => {
    const s = await quizCourse(t);
    await setCompletion(t, s.user.token, s.courseId, { maxQuizAttempts: 2 });
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const at = { courseId: s.courseId, lessonId: s.second, quizId: 'q-single' };
    const sent = await Promise.all(
      [0, 2, 1].map((choice) => answer(token, { ...at, answer: { choices: [choice] } })),
    );
    // Three at once: two recorded, one refused.
    expect(sent.map((r) => r.code).sort()).toEqual([200, 200, Code.QUIZ_ATTEMPTS_USED_UP]);
    const refused = sent.find((r) => r.code !== 200)!;
    expect(refused.msg).toBe('这道测验的 2 次作答机会已用完');
    const count = await t.app.ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from quiz_attempts where user_id = ${b.user.userId}`,
    );
    expect(count.rows[0]!.n).toBe(2);
    // The other quiz has its own attempts.
    expect((await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'x' } })).code).toBe(200);
  });
});

describe('revoking', () => {
  it('a refund revokes the certificate: the verification page says 已撤销 and when; buying again issues a new one', async () => {
    const s = await quizCourse(t);
    await setCompletion(t, s.user.token, s.courseId, { minLessonSeconds: 0 });
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const finish = async () => {
      await progress(token, { courseId: s.courseId, lessonId: s.first, position: 1, reachedEnd: true });
      const at = { courseId: s.courseId, lessonId: s.second };
      await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
      const last = await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } });
      return last.data.progress.certificateCode!;
    };
    const code = await finish();
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    const view = () => call<Certificate>(t, 'GET', '/certificate/view', { query: { code } });
    expect((await view()).data.revokedAt).toBeNull();

    const orders = await call<{ list: { orderId: number }[] }>(t, 'GET', '/order/list', {
      token,
      query: { pageNum: '1', pageSize: '10' },
    });
    const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
      token,
      body: { orderId: orders.data.list[0]!.orderId, courseId: s.courseId, reason: '不想学了' },
    });
    expect(asked.code).toBe(200);
    const before = Date.now();
    const done = await call<Refund>(t, 'POST', '/order/refund/approve', {
      token: s.user.token,
      body: { refundId: asked.data.refundId },
    });
    expect(done.data.status).toBe('refunded');

    const revoked = (await view()).data;
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.revokedAt!).toBeGreaterThanOrEqual(before - 5000);
    expect(revoked).toMatchObject({ code, issuerTeamName: '卖家团队', learnerTeamName: '买家团队' });
    expect((await learnCourse(token, s.courseId)).code).toBe(404);

    // Bought again and completed again: a new certificate; the old one stays revoked.
    await buy(t, token, s.courseId);
    const course = await learnCourse(token, s.courseId);
    expect(course.data).toMatchObject({ completedAt: null, certificateCode: null });
    const second = await finish();
    expect(second).toMatch(/^[A-Z0-9]{12}$/);
    expect(second).not.toBe(code);
    expect((await view()).data.revokedAt).not.toBeNull();
  });
});

import {
  Code,
  type Certificate,
  type DocNode,
  type LearnCourse,
  type LearnCourseItem,
  type LearnProgress,
  type QuizAnswered,
  type Refund,
  type StoreCourse,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createLesson, createUser } from '../../../test/factories.ts';
import { buyer, releasedCourse } from '../../../test/store-factories.ts';
import {
  buy,
  docWith,
  QUIZ_BLANK,
  QUIZ_SINGLE,
  quizCourse,
  saveLesson,
  setCompletion,
  timePasses,
} from '../../../test/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const learnCourse = (token: string, courseId: number) =>
  call<LearnCourse>(t, 'GET', '/learn/course', { token, query: { courseId: String(courseId) } });
const progress = (token: string, body: object) =>
  call<LearnProgress>(t, 'POST', '/learn/progress', { token, body });
const answer = (token: string, body: object) =>
  call<QuizAnswered>(t, 'POST', '/quiz/answer', { token, body });
const markDone = (token: string, body: object) =>
  call<LearnProgress>(t, 'POST', '/learn/complete', { token, body });
const myList = (token: string, filter = 'all') =>
  call<{ list: LearnCourseItem[] }>(t, 'GET', '/learn/list', { token, query: { filter } });

describe('who learns what', () => {
  it('a buyer team learns what it bought, even after 下架; another team gets 404 everywhere', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    const other = await buyer(t);
    expect((await learnCourse(b.user.token, s.courseId)).code).toBe(404);
    await buy(t, b.user.token, s.courseId);

    const mine = await myList(b.user.token);
    expect(mine.data.list.map((c) => [c.courseId, c.source, c.progress])).toEqual([
      [s.courseId, 'bought', 0],
    ]);
    const course = await learnCourse(b.user.token, s.courseId);
    expect(course.code).toBe(200);
    expect(course.data.lessons.map((l) => l.state)).toEqual(['not_started', 'not_started']);
    expect(course.data.resume).toEqual({ lessonId: s.first, position: 0 });

    await call(t, 'POST', '/course/unrelease', { token: s.user.token, body: { courseId: s.courseId } });
    expect((await learnCourse(b.user.token, s.courseId)).code).toBe(200);
    for (const res of [
      await learnCourse(other.user.token, s.courseId),
      await progress(other.user.token, { courseId: s.courseId, lessonId: s.first, position: 0.5 }),
      await answer(other.user.token, {
        courseId: s.courseId,
        lessonId: s.second,
        quizId: 'q-single',
        answer: { choices: [1] },
      }),
      await call(t, 'POST', '/learn/complete', {
        token: other.user.token,
        body: { courseId: s.courseId, lessonId: s.first },
      }),
    ]) {
      expect(res.code).toBe(404);
      expect(res.data).toBeNull();
    }
    expect((await myList(other.user.token)).data.list).toEqual([]);
  });

  it("a team learns its own course while it is released, and every member's record is their own", async () => {
    const owner = await createUser(t);
    await call(t, 'POST', '/team/create', { token: owner.token, body: { teamName: '自学团队' } });
    const courseId = await releasedCourse(t, owner.token, '自己的课', 0);
    const member = await createUser(t);
    await addByInvitation(t, owner.token, member);
    await call(t, 'POST', '/team/change', {
      token: member.token,
      body: { teamId: (await myTeamId(owner.token))! },
    });

    const own = await myList(member.token);
    expect(own.data.list.map((c) => [c.courseId, c.source])).toEqual([[courseId, 'own']]);
    const lessonId = (await learnCourse(member.token, courseId)).data.lessons[0]!.lessonId;
    await progress(member.token, { courseId, lessonId, position: 0 });
    await timePasses(t, member.userId);
    await progress(member.token, { courseId, lessonId, position: 1, reachedEnd: true });
    expect((await learnCourse(member.token, courseId)).data.completedCount).toBe(1);
    expect((await learnCourse(owner.token, courseId)).data.completedCount).toBe(0);

    await call(t, 'POST', '/course/unrelease', { token: owner.token, body: { courseId } });
    expect((await learnCourse(member.token, courseId)).code).toBe(404);
    expect((await myList(member.token)).data.list).toEqual([]);
  });
});

async function myTeamId(token: string) {
  const info = await call<{ lastTeam: { teamId: number } | null }>(t, 'GET', '/user/info', { token });
  return info.data.lastTeam?.teamId;
}

describe('answer keys', () => {
  it('never reach a learner before answering: not in the player, the buy page or a share', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const player = JSON.stringify((await learnCourse(b.user.token, s.courseId)).data);
    const store = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: b.user.token,
      query: { courseId: String(s.courseId) },
    });
    const share = await call<{ shareId: string }>(t, 'POST', '/share/create', {
      token: s.user.token,
      body: { courseId: s.courseId, allowCopy: false },
    });
    const view = await call(t, 'GET', '/share/view', { query: { shareId: share.data.shareId } });
    const visitor = await call<StoreCourse>(t, 'GET', '/store/course', {
      query: { courseId: String(s.courseId) },
    });
    for (const payload of [
      player,
      JSON.stringify(store.data),
      JSON.stringify(view.data),
      JSON.stringify(visitor.data),
    ]) {
      expect(payload).toContain('Python 的列表用什么括号？');
      expect(payload).not.toContain('列表写在方括号里');
      expect(payload).not.toContain('"correct"');
      expect(payload).not.toContain('"accepted"');
    }
    // The author still edits the key.
    const lesson = await call<{ content: DocNode }>(t, 'GET', '/lesson/detail', {
      token: s.user.token,
      query: { lessonId: String(s.second) },
    });
    expect(JSON.stringify(lesson.data.content)).toContain('列表写在方括号里');
  });
});

describe('quizzes and completion', () => {
  it('grades on the server, records attempts, and completes the quiz lesson once its quizzes are passed', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const at = { courseId: s.courseId, lessonId: s.second };

    // Reaching the end with quizzes unanswered keeps the lesson 学习中; marking it complete says why not.
    const early = await progress(token, { ...at, position: 1, reachedEnd: true });
    expect(early.data.state).toBe('in_progress');
    const refused = await call(t, 'POST', '/learn/complete', { token, body: at });
    expect(refused.code).toBe(Code.QUIZ_UNANSWERED);
    expect(refused.msg).toBe('请先回答本课时的全部测验');

    const wrong = await answer(token, { ...at, quizId: 'q-single', answer: { choices: [0] } });
    expect(wrong.data).toMatchObject({ correct: false, correctChoices: [1], attempts: 1 });
    expect(wrong.data.explanation).toBe('列表写在方括号里。');
    const right = await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
    expect(right.data).toMatchObject({ correct: true, attempts: 2 });
    expect(right.data.progress).toMatchObject({ state: 'in_progress', lessonScore: 50 });
    const blank = await answer(token, { ...at, quizId: 'q-blank', answer: { text: ' PRINT ' } });
    expect(blank.data).toMatchObject({ correct: true, accepted: ['print'] });
    // The answer that passes the lesson completes it.
    expect(blank.data.progress).toMatchObject({
      state: 'completed',
      completedCount: 1,
      lessonCount: 2,
      progress: 50,
      lessonScore: 100,
      score: 100,
    });

    const done = await call<LearnProgress>(t, 'POST', '/learn/complete', { token, body: at });
    expect(done.data).toMatchObject({ state: 'completed', completedCount: 1, lessonCount: 2, progress: 50 });
    const player = await learnCourse(token, s.courseId);
    expect(player.data.lessons[1]!.quizResults.map((r) => [r.quizId, r.correct])).toEqual([
      ['q-blank', true],
      ['q-single', true],
    ]);
  });

  it('answers of the wrong shape or for another lesson answer 400 with their code, naming the field', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    const at = { courseId: s.courseId, lessonId: s.second };
    const cases: [object, number, string][] = [
      [{ ...at, quizId: 'q-single', answer: { choices: [0, 1] } }, Code.ANSWER_ONE_CHOICE_ONLY, 'answer'],
      [{ ...at, quizId: 'q-single', answer: { text: '[]' } }, Code.ANSWER_CHOICE_NEEDED, 'answer'],
      [{ ...at, quizId: 'q-blank', answer: { choices: [0] } }, Code.ANSWER_TEXT_NEEDED, 'answer'],
      [{ ...at, quizId: 'q-single', answer: { choices: [7] } }, Code.ANSWER_CHOICE_UNKNOWN, 'answer'],
      [{ ...at, quizId: 'q-single', answer: 'B' }, Code.BAD_REQUEST, 'answer'],
      [
        { courseId: s.courseId, lessonId: s.first, quizId: 'q-single', answer: { choices: [1] } },
        Code.QUIZ_NOT_IN_LESSON,
        'quizId',
      ],
      [
        { courseId: s.courseId, lessonId: 999_999, quizId: 'q-single', answer: { choices: [1] } },
        Code.LESSON_NOT_IN_COURSE,
        'lessonId',
      ],
    ];
    for (const [body, code, field] of cases) {
      const res = await answer(token, body);
      expect([res.status, res.code], JSON.stringify(body)).toEqual([400, code]);
      if (code === Code.BAD_REQUEST) expect(res.msg, JSON.stringify(body)).toContain(field);
      else expect(res.data, JSON.stringify(body)).toEqual({ field });
    }
    const badPosition = await progress(token, { ...at, position: 2 });
    expect([badPosition.status, badPosition.msg.includes('position')]).toEqual([400, true]);
  });

  it('progress saves are idempotent; resume goes to the last lesson and position', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    for (let i = 0; i < 3; i++) {
      const res = await progress(token, { courseId: s.courseId, lessonId: s.second, position: 0.4 });
      expect(res.data).toMatchObject({ state: 'in_progress', completedCount: 0, progress: 0 });
    }
    const rows = await t.app.ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from learning_lessons where user_id = ${b.user.userId}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
    const course = await learnCourse(token, s.courseId);
    expect(course.data.resume).toEqual({ lessonId: s.second, position: 0.4 });
    expect(course.data.lessons.map((l) => l.state)).toEqual(['not_started', 'in_progress']);
    const list = await myList(token, 'in_progress');
    expect(list.data.list.map((c) => [c.courseId, c.resumeLessonId])).toEqual([[s.courseId, s.second]]);
    expect((await myList(token, 'completed')).data.list).toEqual([]);
  });

  it('finishing every lesson with the pass mark issues a certificate naming the issuer; anyone can verify it', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    await progress(token, { courseId: s.courseId, lessonId: s.first, position: 0 });
    await timePasses(t, b.user.userId);
    await progress(token, { courseId: s.courseId, lessonId: s.first, position: 1, reachedEnd: true });
    const at = { courseId: s.courseId, lessonId: s.second };
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
    const last = await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } });
    expect(last.data.progress).toMatchObject({ state: 'completed', progress: 100, score: 100 });
    expect(last.data.progress.completedAt).not.toBeNull();
    const code = last.data.progress.certificateCode!;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);

    // Completing again changes nothing: one certificate.
    const again = await markDone(token, at);
    expect(again.data.certificateCode).toBe(code);
    expect((await myList(token, 'completed')).data.list.map((c) => c.certificateCode)).toEqual([code]);

    const cert = await call<Certificate>(t, 'GET', '/certificate/view', { query: { code } });
    expect(cert.data).toEqual({
      code,
      learnerName: b.user.nickName,
      courseTitle: '带测验的课程',
      // 颁发团队 is the team that made the course; the learner's team is named apart.
      issuerTeamName: '卖家团队',
      learnerTeamName: '买家团队',
      issuedAt: expect.any(Number),
      revokedAt: null,
    });
    expect(Object.keys(cert.data).sort()).toEqual([
      'code',
      'courseTitle',
      'issuedAt',
      'issuerTeamName',
      'learnerName',
      'learnerTeamName',
      'revokedAt',
    ]);
    // An unknown code, well-formed or not, is not found (404), never a malformed request (400).
    for (const unknown of ['ABCDEFGHJKLM', 'x', 'abc-123']) {
      const answer = await call(t, 'GET', '/certificate/view', { query: { code: unknown } });
      expect([answer.status, answer.code], unknown).toEqual([200, 404]);
    }
  });

  it('a new release keeps progress on unchanged lessons and marks a changed one 已更新', async () => {
    const s = await quizCourse(t);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    const token = b.user.token;
    await progress(token, { courseId: s.courseId, lessonId: s.first, position: 0 });
    await timePasses(t, b.user.userId);
    await progress(token, { courseId: s.courseId, lessonId: s.first, position: 1, reachedEnd: true });
    const at = { courseId: s.courseId, lessonId: s.second };
    await answer(token, { ...at, quizId: 'q-single', answer: { choices: [1] } });
    await answer(token, { ...at, quizId: 'q-blank', answer: { text: 'print' } });
    await call(t, 'POST', '/learn/complete', { token, body: at });

    await saveLesson(t, s.user.token, s.second, docWith('第二课改写了', QUIZ_SINGLE, QUIZ_BLANK));
    const third = await createLesson(t, s.user.token, s.courseId, '新加的第三课');
    await saveLesson(t, s.user.token, third.lessonId, docWith('第三课'));
    expect(
      (await call(t, 'POST', '/course/release', { token: s.user.token, body: { courseId: s.courseId } }))
        .code,
    ).toBe(200);

    const course = await learnCourse(token, s.courseId);
    expect(course.data.versionNo).toBe(3);
    expect(course.data.lessons.map((l) => l.state)).toEqual(['completed', 'updated', 'not_started']);
    expect(course.data).toMatchObject({ completedCount: 2, lessonCount: 3, progress: 66 });
    // The certificate stays.
    expect(course.data.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
  });
});

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

import { Code, type Certificate, type DocNode, type LearnProgress, type StoreCourse } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createLesson, createUser } from '../../../test/factories.ts';
import { buyer, releasedCourse } from '../../../test/store-factories.ts';
import {
  buy,
  learnCalls,
  docWith,
  QUIZ_BLANK,
  QUIZ_SINGLE,
  quizCourse,
  saveLesson,
  timePasses,
} from '../../../test/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { learnCourse, progress, answer, markDone, myList } = learnCalls(() => t);

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

  it('progress saved by more learners at once than the pool has connections: every save lands, each its own', async () => {
    const s = await quizCourse(t);
    const learners = [];
    for (let i = 0; i < 6; i++) {
      const b = await buyer(t);
      await buy(t, b.user.token, s.courseId);
      learners.push(b.user.token);
    }
    // Two saves each, all at once (the test app's pool holds 4 connections): the named statement
    // runs on connections that have prepared it and on ones that have not.
    const save = (token: string, i: number, position: number) =>
      progress(token, { courseId: s.courseId, lessonId: i % 2 ? s.second : s.first, position });
    const answers = await Promise.all(learners.map((token, i) => save(token, i, 0.25 + i / 100)));
    expect(answers.map((a) => [a.code, a.data.state])).toEqual(learners.map(() => [200, 'in_progress']));
    await Promise.all(learners.map((token, i) => save(token, i, 0.5 + i / 100)));
    for (const [i, token] of learners.entries()) {
      const course = await learnCourse(token, s.courseId);
      expect(course.data.resume).toEqual({ lessonId: i % 2 ? s.second : s.first, position: 0.5 + i / 100 });
    }
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
      // No course exam was needed (certificate-exam.test.ts has one).
      exam: null,
    });
    expect(Object.keys(cert.data).sort()).toEqual([
      'code',
      'courseTitle',
      'exam',
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

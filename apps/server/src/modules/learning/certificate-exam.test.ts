/**
 * A certificate whose completion needed the course exam (课程考试) records it at issue: its title,
 * the learner's best passing score and that pass's pass mark. Anyone verifying it reads that the
 * exam was passed (title, pass mark); the score only the learner, signed in, reads. A course
 * without an exam gives a certificate without one.
 */
import type { Attempt, Certificate, LearnCourse, UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buyerTeam, completeCourse } from '../../../test/training-factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof buyerTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  team = await buyerTeam(t, '带考试的课');
  const author = team.seller.user.token;
  const courseId = team.courseId;
  const ids: number[] = [];
  for (const stem of ['题一', '题二']) {
    const q = await call<{ questionId: number }>(t, 'POST', '/course/exam/question/create', {
      token: author,
      body: { courseId, question: { type: 'judge', stem, answer: true } },
    });
    ids.push(q.data.questionId);
  }
  const saved = await call(t, 'POST', '/course/exam/save', {
    token: author,
    body: {
      courseId,
      exam: {
        title: '结业考试',
        timeLimitMinutes: 30,
        maxAttempts: 3,
        passPercent: 50,
        shuffleQuestions: false,
        shuffleOptions: false,
        showAnswers: 'afterSubmit',
        source: { mode: 'list', questionIds: ids },
      },
    },
  });
  expect(saved.code).toBe(200);
  expect((await call(t, 'POST', '/course/release', { token: author, body: { courseId } })).code).toBe(200);
});
afterAll(() => t?.close());

/** One attempt at the course's exam of two true/false questions, `right` of them answered right. */
async function takeCourseExam(learner: UserInfo, courseId: number, right: number) {
  const started = await call<Attempt>(t, 'POST', '/course/exam/start', {
    token: learner.token,
    body: { courseId },
  });
  expect(started.code).toBe(200);
  const answers = started.data.questions.map((q, i) => ({ questionId: q.questionId, answer: i < right }));
  const submitted = await call<Attempt>(t, 'POST', '/exam/attempt/submit', {
    token: learner.token,
    body: { attemptId: started.data.attemptId, answers },
  });
  expect(submitted.code).toBe(200);
  return submitted.data.result!;
}

const certificateOf = async (learner: UserInfo, courseId: number) => {
  const course = await call<LearnCourse>(t, 'GET', '/learn/course', {
    token: learner.token,
    query: { courseId: String(courseId) },
  });
  return course.data.certificateCode;
};
const view = (code: string, token?: string) =>
  call<Certificate>(t, 'GET', '/certificate/view', { token, query: { code } });

describe('the course exam on a certificate', () => {
  it('records the pass that completed the course; the score only the learner reads', async () => {
    const { member, owner, courseId } = team;
    await completeCourse(t, member.token, courseId);
    expect(await takeCourseExam(member, courseId, 0)).toMatchObject({ passed: false, score: 0 });
    expect(await takeCourseExam(member, courseId, 1)).toMatchObject({ passed: true, score: 50 });
    const code = (await certificateOf(member, courseId))!;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);

    const mine = await view(code, member.token);
    expect(mine.data.exam).toEqual({ title: '结业考试', passPercent: 50, score: 50 });
    // A visitor, and another signed-in member of the same team: passed, not how well.
    for (const token of [undefined, owner.token]) {
      expect((await view(code, token)).data.exam).toEqual({
        title: '结业考试',
        passPercent: 50,
        score: null,
      });
    }
  });

  it('records the best passing score when the exam was passed before the lessons were done', async () => {
    const { admin, courseId } = team;
    await takeCourseExam(admin, courseId, 1);
    await takeCourseExam(admin, courseId, 2);
    await takeCourseExam(admin, courseId, 1);
    expect(await certificateOf(admin, courseId)).toBeNull();
    await completeCourse(t, admin.token, courseId);
    const code = (await certificateOf(admin, courseId))!;
    expect((await view(code, admin.token)).data.exam).toEqual({
      title: '结业考试',
      passPercent: 50,
      score: 100,
    });
  });

  it('a course completed without an exam gives a certificate without one', async () => {
    const plain = await buyerTeam(t, '没有考试的课');
    await completeCourse(t, plain.member.token, plain.courseId);
    const code = (await certificateOf(plain.member, plain.courseId))!;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    expect((await view(code, plain.member.token)).data.exam).toBeNull();
  });
});

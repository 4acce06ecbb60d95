/**
 * 课程考试: a course's exam written by its authors, copied with each release (edits reach learners
 * with the next release only), taken by the learners of every team that holds the course (attempts
 * are their team's), and part of learning's one completion rule: the certificate needs the lessons
 * and a pass, in whichever order. Other teams' ids answer 404; drafts are never taken.
 */
import {
  Code,
  type Attempt,
  type Certificate,
  type CourseExamDraft,
  type Exam,
  type ExamList,
  type MyCourseExam,
  type MyExamList,
  type Question,
  type QuestionList,
  type UserInfo,
} from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createUser, teamOwner } from '../../../test/factories.ts';
import { buy, learnCalls, setCompletion } from '../../../test/learning-factories.ts';
import { buyer, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let author: UserInfo;
let courseId = 0;
let lessonIds: number[] = [];
let buyerOwner: UserInfo;
let m1: UserInfo;
let m2: UserInfo;
let stranger: UserInfo;
const q: number[] = [];
const { learnCourse, progress } = learnCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const s = await seller(t, '带考试的课程', 990);
  author = s.user;
  courseId = s.courseId;
  const detail = await call<{ lessons: { lessonId: number }[] }>(t, 'GET', '/course/detail', {
    token: author.token,
    query: { courseId: String(courseId) },
  });
  lessonIds = detail.data.lessons.map((l) => l.lessonId);
  // Released without a minimum time, and without an exam.
  await setCompletion(t, author.token, courseId, { minLessonSeconds: 0 });
  const b = await buyer(t);
  buyerOwner = b.user;
  await buy(t, buyerOwner.token, courseId);
  m1 = await createUser(t);
  m2 = await createUser(t);
  await addByInvitation(t, buyerOwner.token, m1);
  await addByInvitation(t, buyerOwner.token, m2);
  stranger = (await teamOwner(t)).user;
});
afterAll(() => t?.close());

const settings = {
  title: '结业考试',
  timeLimitMinutes: 30,
  maxAttempts: 2,
  passPercent: 100,
  shuffleQuestions: false,
  shuffleOptions: false,
  showAnswers: 'afterSubmit',
} as const;
const addQuestion = (body: object, token = author.token) =>
  call<Question>(t, 'POST', '/course/exam/question/create', { token, body: { courseId, question: body } });
const saveExam = (exam: object, token = author.token) =>
  call<Exam>(t, 'POST', '/course/exam/save', { token, body: { courseId, exam: { ...settings, ...exam } } });
const release = async () =>
  expect((await call(t, 'POST', '/course/release', { token: author.token, body: { courseId } })).code).toBe(
    200,
  );
const mine = (token: string) =>
  call<MyCourseExam>(t, 'GET', '/course/exam/my', { token, query: { courseId: String(courseId) } });
const start = (token: string) =>
  call<Attempt>(t, 'POST', '/course/exam/start', { token, body: { courseId } });
const submit = (token: string, attemptId: number, answers: { questionId: number; answer: unknown }[]) =>
  call<Attempt>(t, 'POST', '/exam/attempt/submit', { token, body: { attemptId, answers } });
const right = () => [
  { questionId: q[0]!, answer: 0 },
  { questionId: q[1]!, answer: true },
];
const finishLessons = async (token: string) => {
  let last;
  for (const lessonId of lessonIds)
    last = await progress(token, { courseId, lessonId, position: 1, reachedEnd: true });
  return last!.data;
};

describe('a course exam', () => {
  it('is written by the course’s authors only, kept out of the team’s bank, and unseen until released', async () => {
    // Released before it had an exam: none.
    expect((await mine(m1.token)).data).toEqual({ exam: null });
    expect((await learnCourse(m1.token, courseId)).data.exam).toBeNull();

    q.push(
      (await addQuestion({ type: 'single', stem: '题一', options: ['对', '错'], answer: 0 })).data.questionId,
    );
    q.push((await addQuestion({ type: 'judge', stem: '题二', answer: true })).data.questionId);
    const saved = await saveExam({ source: { mode: 'list', questionIds: q } });
    expect(saved.data).toMatchObject({ title: '结业考试', questionCount: 2, passPercent: 100 });
    const draft = await call<CourseExamDraft>(t, 'GET', '/course/exam/get', {
      token: author.token,
      query: { courseId: String(courseId) },
    });
    expect(draft.data.exam?.examId).toBe(saved.data.examId);
    const listed = await call<QuestionList>(t, 'GET', '/course/exam/question/list', {
      token: author.token,
      query: { courseId: String(courseId) },
    });
    expect(listed.data.list.map((x) => x.stem).sort()).toEqual(['题一', '题二']);

    // The team's own bank and exams hold none of the course's.
    const bank = await call<QuestionList>(t, 'GET', '/exam/question/list', { token: author.token });
    expect(bank.data.total).toBe(0);
    expect((await call<ExamList>(t, 'GET', '/exam/list', { token: author.token })).data.list).toEqual([]);
    // A course's questions are not the team's: the team's exam cannot list them.
    const teamExam = await call(t, 'POST', '/exam/create', {
      token: author.token,
      body: { ...settings, source: { mode: 'list', questionIds: q } },
    });
    expect(teamExam.code).toBe(404);

    // Another team, and the buying team itself: 404 for every author's call.
    for (const token of [stranger.token, buyerOwner.token]) {
      expect((await addQuestion({ type: 'judge', stem: '外人', answer: true }, token)).code).toBe(404);
      expect((await saveExam({ source: { mode: 'list', questionIds: q } }, token)).code).toBe(404);
      const get = await call(t, 'GET', '/course/exam/get', { token, query: { courseId: String(courseId) } });
      expect(get.code).toBe(404);
    }

    // A draft is never taken: not by the course, not by its id.
    expect((await mine(m1.token)).data).toEqual({ exam: null });
    expect((await start(m1.token)).code).toBe(404);
    const byId = await call(t, 'POST', '/exam/attempt/start', {
      token: author.token,
      body: { examId: saved.data.examId },
    });
    expect(byId.code).toBe(404);

    await release();
    expect((await mine(m1.token)).data.exam).toMatchObject({
      title: '结业考试',
      questionCount: 2,
      passPercent: 100,
      attemptsUsed: 0,
      passed: false,
    });
    expect((await learnCourse(m1.token, courseId)).data.exam).toMatchObject({
      title: '结业考试',
      passed: false,
    });
  });

  it('edited after the release: buyers take the released copy until the next release', async () => {
    expect((await saveExam({ title: '改过的考试', source: { mode: 'list', questionIds: q } })).code).toBe(
      200,
    );
    const gone = await call(t, 'POST', '/course/exam/question/delete', {
      token: author.token,
      body: { courseId, questionId: q[1]! },
    });
    expect(gone.code).toBe(200);
    expect((await mine(m1.token)).data.exam?.title).toBe('结业考试');
  });

  it('a buyer member: lessons done, a failed attempt gives no certificate; a pass issues it', async () => {
    const done = await finishLessons(m1.token);
    expect(done).toMatchObject({ progress: 100, completedAt: null, certificateCode: null });

    const first = (await start(m1.token)).data;
    // The released copy's questions, the one deleted since included.
    expect(first.questions.map((x) => x.stem)).toEqual(['题一', '题二']);
    expect(first.deadline).not.toBeNull();
    const failed = await submit(m1.token, first.attemptId, [{ questionId: q[0]!, answer: 1 }]);
    expect(failed.data.result).toMatchObject({ passed: false });
    expect((await learnCourse(m1.token, courseId)).data).toMatchObject({
      completedAt: null,
      certificateCode: null,
    });

    const second = (await start(m1.token)).data;
    expect(second.attemptNo).toBe(2);
    const passed = await submit(m1.token, second.attemptId, right());
    expect(passed.data.result).toMatchObject({ score: 100, passed: true });
    const course = (await learnCourse(m1.token, courseId)).data;
    expect(course.exam).toMatchObject({ passed: true, bestScore: 100 });
    expect(course.completedAt).not.toBeNull();
    expect(course.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
    const cert = await call<Certificate>(t, 'GET', '/certificate/view', {
      query: { code: course.certificateCode! },
    });
    expect(cert.data.courseTitle).toBe('带考试的课程');

    // Attempts as a team exam's: no third.
    expect(await start(m1.token)).toMatchObject({ code: Code.EXAM_ATTEMPTS_USED, data: { max: 2 } });
    // The attempts are the buying team's: its own exam list and the seller's results hold none.
    const theirs = await call<MyExamList>(t, 'GET', '/exam/my/list', { token: m1.token });
    expect(theirs.data.list).toEqual([]);
    const rows = await t.app.ctx.db.execute<{ team_id: number }>(
      sql`select distinct team_id from exam_attempts where user_id = ${m1.userId}`,
    );
    expect(rows.rows.map((r) => r.team_id)).toHaveLength(1);
    expect(rows.rows[0]!.team_id).not.toBe(author.lastTeam?.teamId);
  });

  it('a pass before the lessons are done: the certificate comes with the last lesson', async () => {
    const attempt = (await start(m2.token)).data;
    expect((await submit(m2.token, attempt.attemptId, right())).data.result?.passed).toBe(true);
    expect((await learnCourse(m2.token, courseId)).data.certificateCode).toBeNull();
    const done = await finishLessons(m2.token);
    expect(done.completedAt).not.toBeNull();
    expect(done.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
  });

  it('another team finds nothing: the course, the exam and an attempt answer 404', async () => {
    expect((await mine(stranger.token)).code).toBe(404);
    expect((await start(stranger.token)).code).toBe(404);
    const theirs = (await mine(m1.token)).data.exam!;
    const read = await call(t, 'GET', '/exam/attempt/get', {
      token: stranger.token,
      query: { attemptId: String(theirs.lastAttemptId) },
    });
    expect(read.code).toBe(404);
    const byId = await call(t, 'POST', '/exam/attempt/start', {
      token: m1.token,
      body: { examId: theirs.examId },
    });
    expect(byId.code).toBe(404);
  });

  it('the selling team’s own learner takes it too, on the server’s clock', async () => {
    const attempt = (await start(author.token)).data;
    await t.app.ctx.db.execute(
      sql`update exam_attempts set deadline = now() - interval '1 second' where id = ${attempt.attemptId}`,
    );
    const late = await call(t, 'POST', '/exam/attempt/answer', {
      token: author.token,
      body: { attemptId: attempt.attemptId, questionId: q[0]!, answer: 0 },
    });
    expect(late.code).toBe(Code.EXAM_TIME_UP);
    const read = await call<Attempt>(t, 'GET', '/exam/attempt/get', {
      token: author.token,
      query: { attemptId: String(attempt.attemptId) },
    });
    expect(read.data).toMatchObject({ status: 'submitted', result: { passed: false } });
  });

  it('the next release carries the edited exam; a release after its removal carries none', async () => {
    await release();
    const next = (await mine(m1.token)).data.exam!;
    expect(next).toMatchObject({ title: '改过的考试', questionCount: 1, attemptsUsed: 0 });
    // A pass before the new release still counts: the course stays complete.
    expect((await learnCourse(m1.token, courseId)).data.completedAt).not.toBeNull();

    const removed = await call(t, 'POST', '/course/exam/delete', { token: author.token, body: { courseId } });
    expect(removed.code).toBe(200);
    await release();
    expect((await mine(m1.token)).data).toEqual({ exam: null });
  });
});

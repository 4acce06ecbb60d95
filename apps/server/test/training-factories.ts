/** Training tests' helpers: a buyer team with a bought course, completing it, an exam to pass. */
import { chinaDay, DAY_MS, type Attempt, type Exam, type LearnCourse, type UserInfo } from '@studio/contract';
import { addByInvitation, call, createUser } from './factories.ts';
import { addQuestion } from './exam-factories.ts';
import { buy, setCompletion } from './learning-factories.ts';
import { buyer, seller } from './store-factories.ts';
import type { TestApp } from './test-app.ts';

export const day = (offsetDays: number) => chinaDay(Date.now() + offsetDays * DAY_MS);

export async function memberOf(t: TestApp, ownerToken: string, teamId: number): Promise<UserInfo> {
  const member = await createUser(t);
  await addByInvitation(t, ownerToken, member);
  await call(t, 'POST', '/team/change', { token: member.token, body: { teamId } });
  return member;
}

/**
 * A buyer team (owner, a MEMBER and an ADMIN) that bought a two-lesson course with no minimum time,
 * so reaching each lesson's end completes it.
 */
export async function buyerTeam(t: TestApp, title = '数据分析课') {
  const s = await seller(t, title, 990);
  await setCompletion(t, s.user.token, s.courseId, { minLessonSeconds: 0 });
  const b = await buyer(t);
  await buy(t, b.user.token, s.courseId);
  const member = await memberOf(t, b.user.token, b.team.teamId);
  const admin = await memberOf(t, b.user.token, b.team.teamId);
  await call(t, 'POST', '/team/user/role', {
    token: b.user.token,
    body: { userId: admin.userId, role: 'ADMIN' },
  });
  return { seller: s, owner: b.user, teamId: b.team.teamId, member, admin, courseId: s.courseId };
}

/** Reaches the end of lessons of the course (all, or the first `count`): learning's rules complete them. */
export async function completeCourse(t: TestApp, token: string, courseId: number, count = Infinity) {
  const course = await call<LearnCourse>(t, 'GET', '/learn/course', {
    token,
    query: { courseId: String(courseId) },
  });
  for (const lesson of course.data.lessons.slice(0, count)) {
    const res = await call(t, 'POST', '/learn/progress', {
      token,
      body: { courseId, lessonId: lesson.lessonId, position: 1, reachedEnd: true },
    });
    if (res.code !== 200) throw new Error(`progress failed: ${res.code} ${res.msg}`);
  }
}

/** An exam of the team with one true/false question (answer: true), pass mark 60, 3 attempts. */
export async function judgeExam(t: TestApp, ownerToken: string): Promise<Exam> {
  const q = await addQuestion(t, ownerToken, { type: 'judge', stem: '安全第一', answer: true });
  const res = await call<Exam>(t, 'POST', '/exam/create', {
    token: ownerToken,
    body: {
      title: '安全考试',
      timeLimitMinutes: 30,
      maxAttempts: 3,
      passPercent: 60,
      shuffleQuestions: false,
      shuffleOptions: false,
      showAnswers: 'afterSubmit',
      source: { mode: 'list', questionIds: [q.questionId] },
    },
  });
  if (res.code !== 200) throw new Error(`exam create failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** One attempt at a judgeExam, answered right (100) or wrong (0). */
export async function takeJudgeExam(t: TestApp, token: string, examId: number, right: boolean) {
  const started = await call<Attempt>(t, 'POST', '/exam/attempt/start', { token, body: { examId } });
  if (started.code !== 200) throw new Error(`start failed: ${started.code} ${started.msg}`);
  const questionId = started.data.questions[0]!.questionId;
  const submitted = await call<Attempt>(t, 'POST', '/exam/attempt/submit', {
    token,
    body: { attemptId: started.data.attemptId, answers: [{ questionId, answer: right }] },
  });
  if (submitted.code !== 200) throw new Error(`submit failed: ${submitted.code} ${submitted.msg}`);
  return submitted.data;
}

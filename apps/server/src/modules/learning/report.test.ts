import { Code, type LearnReport } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createUser } from '../../../test/factories.ts';
import { buy, quizCourse, timePasses } from '../../../test/learning-factories.ts';
import { buyer } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (token: string, query: Record<string, string> = {}) =>
  call<LearnReport>(t, 'GET', '/learn/report', { token, query });

/** A buyer team (owner + a MEMBER named 小李) that bought a quiz course; 小李 finished lesson 1. */
async function teamThatLearns() {
  const course = await quizCourse(t);
  const b = await buyer(t);
  await buy(t, b.user.token, course.courseId);
  const member = await createUser(t);
  await call(t, 'POST', '/user/modify', { token: member.token, body: { nickName: '小李' } });
  await addByInvitation(t, b.user.token, member);
  await call(t, 'POST', '/team/change', { token: member.token, body: { teamId: b.team.teamId } });
  await call(t, 'POST', '/learn/progress', {
    token: member.token,
    body: { courseId: course.courseId, lessonId: course.first, position: 0 },
  });
  await timePasses(t, member.userId);
  await call(t, 'POST', '/learn/progress', {
    token: member.token,
    body: { courseId: course.courseId, lessonId: course.first, position: 1, reachedEnd: true },
  });
  // Wrong, then right: the report counts the latest attempt.
  for (const choice of [0, 1]) {
    await call(t, 'POST', '/quiz/answer', {
      token: member.token,
      body: {
        courseId: course.courseId,
        lessonId: course.second,
        quizId: 'q-single',
        answer: { choices: [choice] },
      },
    });
  }
  return { course, owner: b.user, member };
}

describe('the team learning report', () => {
  it('lists every member × course with completion, activity and latest quiz results', async () => {
    const { course, owner, member } = await teamThatLearns();
    const res = await report(owner.token, { sort: 'member' });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(2);
    const row = res.data.list.find((r) => r.userId === member.userId)!;
    expect(row).toMatchObject({
      nickName: '小李',
      courseId: course.courseId,
      courseTitle: '带测验的课程',
      completedCount: 1,
      lessonCount: 2,
      progress: 50,
      completedAt: null,
      quizAnswered: 1,
      quizCorrect: 1,
      // The score is over every quiz of the course (one of two right), read against the pass mark.
      quizTotal: 2,
      score: 50,
      passMark: 60,
    });
    expect(row.lastActivityAt).toEqual(expect.any(Number));
    // The owner has not started: listed, at 0, so a manager sees who has not begun.
    expect(res.data.list.find((r) => r.userId === owner.userId)).toMatchObject({
      progress: 0,
      lastActivityAt: null,
    });
    expect(res.data.weekly).toHaveLength(12);
    expect(res.data.weekly.every((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.week))).toBe(true);
  });

  it('filters by keyword and status, sorts and pages', async () => {
    const { owner } = await teamThatLearns();
    const byName = await report(owner.token, { keyword: '小李' });
    expect(byName.data.list.map((r) => r.nickName)).toEqual(['小李']);
    const started = await report(owner.token, { status: 'in_progress' });
    expect(started.data.list.map((r) => r.nickName)).toEqual(['小李']);
    expect((await report(owner.token, { status: 'completed' })).data.total).toBe(0);
    const page2 = await report(owner.token, { sort: 'progress', pageSize: '1', pageNum: '2' });
    expect(page2.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page2.data.list.map((r) => r.progress)).toEqual([0]);
    expect((await report(owner.token, { sort: 'nope' })).status).toBe(400);
  });

  it('is for OWNER and ADMIN only; another team sees only its own members', async () => {
    const { owner, member } = await teamThatLearns();
    const refused = await report(member.token);
    expect(refused.code).toBe(Code.FORBIDDEN);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/learn/report/csv',
      headers: { 'x-request-tkForm': 'pc', 'x-request-tkToken': member.token },
    });
    expect(csv.json()).toMatchObject({ code: Code.FORBIDDEN });
    const other = await buyer(t);
    expect((await report(other.user.token)).data).toMatchObject({ list: [], total: 0 });
    expect((await report(owner.token)).data.total).toBe(2);
  });

  it('exports CSV that Excel opens in Chinese, with formulas neutralised', async () => {
    const { owner, member } = await teamThatLearns();
    await call(t, 'POST', '/user/modify', { token: member.token, body: { nickName: '=HYPERLINK(1)' } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/learn/report/csv?sort=member',
      headers: { 'x-request-tkForm': 'pc', 'x-request-tkToken': owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF成员,课程,已完成课时')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.endsWith(',测验答对,测验已答,测验总数,测验得分(%),及格线(%),观看时长(分钟)')).toBe(true);
    expect(lines.some((l) => l.startsWith("'=HYPERLINK(1),带测验的课程,1,2,50,"))).toBe(true);
    expect(lines.some((l) => l.startsWith("'=HYPERLINK(1)") && l.endsWith(',1,1,2,50,60,0'))).toBe(true);
  });
});

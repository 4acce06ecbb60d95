import type {
  CourseDetail,
  LearnCourse,
  LearnCourseItem,
  LearnReport,
  Page,
  ReleaseCheck,
  UserInfo,
} from '@studio/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO, seedDemo } from './demo.ts';
import { DEMO_SELLER } from './demo-learning.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx, pino({ level: 'silent' }));
  await seedDemo(t.app.ctx, pino({ level: 'silent' })); // a second start seeds nothing more
});
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the README account, its team and a released course with a real cover', async () => {
    const login = await call<UserInfo>(t, 'POST', '/auth/login/password', {
      body: { phone: DEMO.phone, password: DEMO.password },
    });
    expect(login.data.lastTeam).toMatchObject({
      teamName: DEMO.teamName,
      teamCode: DEMO.teamCode,
      userTeamRole: 'OWNER',
    });
    const courses = await call<Page<CourseDetail>>(t, 'GET', '/course/list', { token: login.data.token });
    expect(courses.data.list.map((c) => [c.title, c.status]).sort()).toEqual([
      ['Python 零基础入门', 'released'],
      ['设计思维工作坊', 'draft'],
    ]);
    const python = courses.data.list.find((c) => c.status === 'released')!;
    const check = await call<ReleaseCheck>(t, 'GET', '/course/release/check', {
      token: login.data.token,
      query: { courseId: String(python.courseId) },
    });
    expect(check.data.ready).toBe(true);
    const cover = await t.app.inject({ method: 'GET', url: python.cover });
    expect(cover.headers['content-type']).toBe('image/png');
    const member = await call<UserInfo>(t, 'POST', '/auth/login/password', {
      body: { phone: DEMO.memberPhone, password: DEMO.password },
    });
    expect(member.data.lastTeam?.userTeamRole).toBe('MEMBER');
  });

  it('gives the demo member a bought course a third learned, and the owner a populated team report', async () => {
    const member = await call<UserInfo>(t, 'POST', '/auth/login/password', {
      body: { phone: DEMO.memberPhone, password: DEMO.password },
    });
    const token = member.data.token;
    const mine = await call<{ list: LearnCourseItem[] }>(t, 'GET', '/learn/list', { token });
    const bought = mine.data.list.find((c) => c.title === DEMO_SELLER.courseTitle)!;
    expect(bought).toMatchObject({
      source: 'bought',
      teamName: DEMO_SELLER.teamName,
      completedCount: 1,
      progress: 33,
    });
    const player = await call<LearnCourse>(t, 'GET', '/learn/course', {
      token,
      query: { courseId: String(bought.courseId) },
    });
    expect(player.data.lessons.map((l) => l.state)).toEqual(['completed', 'in_progress', 'not_started']);
    expect(player.data.resume).toEqual({ lessonId: player.data.lessons[1]!.lessonId, position: 0.4 });
    expect(player.data.lessons[1]!.quizResults.map((r) => [r.quizId, r.correct])).toEqual([
      ['demo-rows', true],
    ]);
    // One of the course's two quizzes right: 50% of the 60% the certificate needs; no certificate yet.
    expect(player.data).toMatchObject({ score: 50, completion: { passMark: 60 }, certificateCode: null });

    const owner = await call<UserInfo>(t, 'POST', '/auth/login/password', {
      body: { phone: DEMO.phone, password: DEMO.password },
    });
    const report = await call<LearnReport>(t, 'GET', '/learn/report', {
      token: owner.data.token,
      query: { status: 'in_progress' },
    });
    expect(report.data.list.map((r) => [r.nickName, r.courseTitle, r.progress, r.score])).toEqual([
      [DEMO.memberNickName, DEMO_SELLER.courseTitle, 33, 50],
    ]);
  });
});

/** Store factories: a seller team with a released course, a buyer team. Made through the real API. */
import { expect } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser, writeLesson } from './factories.ts';
import type { TestApp } from './test-app.ts';

const COVER = '/api/files/cover/2026/11/abcdefghijkl.png';

/** A team with one released course of two lessons (the first a free preview). */
export async function seller(t: TestApp, title: string, price: number, category = 'tech') {
  const user = await createUser(t);
  await createTeam(t, user.token, '卖家团队');
  const course = await createCourse(t, user.token, title);
  const free = await createLesson(t, user.token, course.courseId, '试看课');
  const paid = await createLesson(t, user.token, course.courseId, '付费课');
  await writeLesson(t, user.token, free.lessonId, '试看的内容', true);
  await writeLesson(t, user.token, paid.lessonId, '付费的内容');
  await call(t, 'POST', '/course/modify', {
    token: user.token,
    body: {
      courseId: course.courseId,
      version: course.version,
      cover: COVER,
      summary: '简介',
      price,
      category,
    },
  });
  const rel = await call(t, 'POST', '/course/release', {
    token: user.token,
    body: { courseId: course.courseId },
  });
  expect(rel.code).toBe(200);
  return { user, courseId: course.courseId };
}

export async function buyer(t: TestApp) {
  const user = await createUser(t);
  const team = await createTeam(t, user.token, '买家团队');
  return { user, team };
}

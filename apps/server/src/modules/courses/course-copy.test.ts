/** Duplicating a course and copying it from a share make the same copy (course-copy.ts). */
import { Code, type Course, type CourseDetail, type Share } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cutTitle } from './course-copy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// 70 characters: more than the 60 a course title may have. The column holds 120 (an AI course, an
// older row), so a copy must cut it or its own form refuses to save it.
const LONG_TITLE = `${'长'.repeat(40)}${'x'.repeat(30)}`;
const COMPLETION = { minLessonSeconds: 90, passMark: 80, maxQuizAttempts: 3 };

async function ownerWithCourse() {
  const user = await createUser(t);
  await createTeam(t, user.token, '作者团队');
  const created = await createCourse(t, user.token, '原课程');
  await createLesson(t, user.token, created.courseId, '课时一');
  await createLesson(t, user.token, created.courseId, '课时二');
  const modified = await call<Course>(t, 'POST', '/course/modify', {
    token: user.token,
    body: {
      courseId: created.courseId,
      version: created.version,
      subtitle: '副标题',
      price: 0,
      completion: COMPLETION,
    },
  });
  expect(modified.code).toBe(200);
  await t.app.ctx.db.execute(`update courses set title = '${LONG_TITLE}' where id = ${created.courseId}`);
  return { user, courseId: created.courseId };
}

const lessonTitles = async (token: string, courseId: number) =>
  (
    await call<CourseDetail>(t, 'GET', '/course/detail', { token, query: { courseId: String(courseId) } })
  ).data.lessons.map((l) => l.title);

describe('copying a course', () => {
  it('makes the same copy by duplicating and from a share: title cut to 60, price, completion, lessons', async () => {
    const { user, courseId } = await ownerWithCourse();
    const duplicate = await call<Course>(t, 'POST', '/course/duplicate', {
      token: user.token,
      body: { courseId },
    });
    const share = await call<Share>(t, 'POST', '/share/create', {
      token: user.token,
      body: { courseId, allowCopy: true },
    });
    const visitor = await createUser(t);
    await createTeam(t, visitor.token, '访客团队');
    const fromShare = await call<Course>(t, 'POST', '/share/copy', {
      token: visitor.token,
      body: { shareId: share.data.shareId },
    });
    expect(duplicate.code).toBe(200);
    expect(fromShare.code).toBe(200);

    const same = (c: Course) => ({
      title: c.title,
      subtitle: c.subtitle,
      price: c.price,
      completion: c.completion,
      status: c.status,
      lessonCount: c.lessonCount,
    });
    // " 副本" falls beyond the 60 characters here, so both copies carry the same cut title.
    expect(same(duplicate.data)).toEqual(same(fromShare.data));
    expect(duplicate.data).toMatchObject({
      title: LONG_TITLE.slice(0, 60),
      subtitle: '副标题',
      price: 0,
      completion: COMPLETION,
      status: 'draft',
      lessonCount: 2,
      authorId: user.userId,
    });
    expect(fromShare.data.authorId).toBe(visitor.userId);
    expect(fromShare.data.teamId).not.toBe(duplicate.data.teamId);
    expect(await lessonTitles(user.token, duplicate.data.courseId)).toEqual(['课时一', '课时二']);
    expect(await lessonTitles(visitor.token, fromShare.data.courseId)).toEqual(['课时一', '课时二']);
  });

  it('keeps a priced course’s price on a duplicate; a priced course is never copied from a share', async () => {
    const { user, courseId } = await ownerWithCourse();
    const detail = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: user.token,
      query: { courseId: String(courseId) },
    });
    await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId, version: detail.data.version, price: 4990 },
    });
    const duplicate = await call<Course>(t, 'POST', '/course/duplicate', {
      token: user.token,
      body: { courseId },
    });
    expect(duplicate.data.price).toBe(4990);
    const share = await call(t, 'POST', '/share/create', {
      token: user.token,
      body: { courseId, allowCopy: true },
    });
    expect(share.code).toBe(Code.SHARE_PAID_NO_COPY);
  });

  it('cuts a title without leaving half of an emoji', () => {
    expect(cutTitle('课'.repeat(61))).toBe('课'.repeat(60));
    expect(cutTitle(`${'a'.repeat(59)}😀`)).toBe('a'.repeat(59));
    expect(cutTitle('短标题 副本')).toBe('短标题 副本');
  });
});

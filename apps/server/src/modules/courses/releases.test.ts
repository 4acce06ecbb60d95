import {
  Code,
  type Course,
  type CourseDetail,
  type CoursePreview,
  type Release,
  type ReleaseCheck,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, paragraphDoc, teamOwner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('release', () => {
  it('checks completeness, publishes numbered immutable versions, unreleases', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token, '发布测试');
    const check = await call<ReleaseCheck>(t, 'GET', '/course/release/check', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    expect(check.data.ready).toBe(false);
    expect(check.data.items.filter((i) => !i.ok).map((i) => i.key)).toEqual([
      'cover',
      'summary',
      'category',
      'lessons',
      'price',
    ]);
    expect(
      (await call(t, 'POST', '/course/release', { token: user.token, body: { courseId: course.courseId } }))
        .code,
    ).toBe(Code.COURSE_NOT_READY);

    const lesson = await createLesson(t, user.token, course.courseId);
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: lesson.lessonId, version: 1, content: paragraphDoc('第一版') },
    });
    await t.app.ctx.db.execute(
      `update courses set cover = '/api/files/cover/2026/11/abcdefghijkl.png', summary = '简介', category = 'tech', price = 1990 where id = ${course.courseId}`,
    );
    const v1 = await call<Release>(t, 'POST', '/course/release', {
      token: user.token,
      body: { courseId: course.courseId, changelog: '首发', notes: '给团队看的备注' },
    });
    expect(v1.data).toMatchObject({
      versionNo: 1,
      price: 1990,
      lessonCount: 1,
      changelog: '首发',
      notes: '给团队看的备注',
    });
    // Editing the draft after release does not change the released version.
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: lesson.lessonId, version: 2, content: paragraphDoc('草稿改动') },
    });
    const snap = await t.app.ctx.db.execute<{ snapshot: CoursePreview }>(
      `select snapshot from course_releases where id = ${v1.data.releaseId}`,
    );
    expect(JSON.stringify(snap.rows[0]!.snapshot)).toContain('第一版');
    expect(JSON.stringify(snap.rows[0]!.snapshot)).not.toContain('草稿改动');
    const v2 = await call<Release>(t, 'POST', '/course/release', {
      token: user.token,
      body: { courseId: course.courseId },
    });
    expect(v2.data.versionNo).toBe(2);
    const list = await call<{ list: Release[] }>(t, 'GET', '/course/release/list', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    // Who released each: the users face's name.
    expect(list.data.list.map((r) => [r.versionNo, r.releasedBy])).toEqual([
      [2, user.nickName],
      [1, user.nickName],
    ]);
    const detail = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    expect(detail.data).toMatchObject({ status: 'released', releasedVersion: 2 });
    await call(t, 'POST', '/course/unrelease', { token: user.token, body: { courseId: course.courseId } });
    const after = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    expect(after.data.status).toBe('unreleased');
  });
});

describe('release check', () => {
  const failing = async (token: string, courseId: number) => {
    const check = await call<ReleaseCheck>(t, 'GET', '/course/release/check', {
      token,
      query: { courseId: String(courseId) },
    });
    return { ...check.data, failing: check.data.items.filter((i) => !i.ok) };
  };

  it('refuses the default title, no category and a lesson with nothing in it, naming the empty lessons', async () => {
    const { user } = await teamOwner(t);
    // No title given: the course is called 未命名课程, as the 新建课程 button makes it.
    const course = (await call<Course>(t, 'POST', '/course/create', { token: user.token, body: {} })).data;
    expect(course.title).toBe('未命名课程');
    const written = await createLesson(t, user.token, course.courseId, '有内容的课时');
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: written.lessonId, version: 1, content: paragraphDoc('正文') },
    });
    const empty = await createLesson(t, user.token, course.courseId, '空课时');
    // Whitespace and an empty heading are still nothing to read.
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: {
        lessonId: empty.lessonId,
        version: 1,
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 } },
            { type: 'paragraph', content: [{ type: 'text', text: '   ' }] },
          ],
        },
      },
    });
    await t.app.ctx.db.execute(
      `update courses set cover = '/api/files/cover/2026/11/abcdefghijkl.png', summary = '简介', price = 0 where id = ${course.courseId}`,
    );

    const before = await failing(user.token, course.courseId);
    expect(before.ready).toBe(false);
    expect(before.failing).toEqual([
      { key: 'title', ok: false },
      { key: 'category', ok: false },
      { key: 'emptyLessons', ok: false, lessons: [{ lessonId: empty.lessonId, title: '空课时' }] },
    ]);
    const refused = await call(t, 'POST', '/course/release', {
      token: user.token,
      body: { courseId: course.courseId },
    });
    expect(refused.code).toBe(Code.COURSE_NOT_READY);

    // A quiz alone is content, and so is a picture; a real title and a category complete the course.
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: {
        lessonId: empty.lessonId,
        version: 2,
        content: {
          type: 'doc',
          content: [
            { type: 'quiz', attrs: { id: 'q1', kind: 'truefalse', question: '对吗？', correct: [0] } },
          ],
        },
      },
    });
    expect((await failing(user.token, course.courseId)).failing.map((i) => i.key)).toEqual([
      'title',
      'category',
    ]);
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: {
        lessonId: empty.lessonId,
        version: 3,
        content: {
          type: 'doc',
          content: [{ type: 'image', attrs: { src: 'https://example.com/a.png' } }],
        },
      },
    });
    await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId: course.courseId, version: course.version, title: '真正的标题', category: 'design' },
    });
    const after = await failing(user.token, course.courseId);
    expect(after.failing).toEqual([]);
    expect(after.ready).toBe(true);
    const released = await call<Release>(t, 'POST', '/course/release', {
      token: user.token,
      body: { courseId: course.courseId },
    });
    expect(released.code).toBe(200);
  });
});

import {
  Code,
  COURSE_LIMITS,
  type Course,
  type CourseDetail,
  type Lesson,
  type Page,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCourse,
  createLesson,
  createUser,
  joinTeam,
  paragraphDoc,
  teamOwner,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('courses', () => {
  it('creates, lists (mine/all, search, status), edits with versions and deletes', async () => {
    const { user, team } = await teamOwner(t);
    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    const a = await createCourse(t, user.token, 'Python 入门');
    await createCourse(t, member.token, '设计基础');
    const all = await call<Page<Course>>(t, 'GET', '/course/list', { token: user.token });
    expect(all.data.list.map((c) => c.title).sort()).toEqual(['Python 入门', '设计基础']);
    const mine = await call<Page<Course>>(t, 'GET', '/course/list', {
      token: member.token,
      query: { tab: 'mine' },
    });
    expect(mine.data.list.map((c) => c.title)).toEqual(['设计基础']);
    const found = await call<Page<Course>>(t, 'GET', '/course/list', {
      token: user.token,
      query: { keyword: '入门' },
    });
    expect(found.data.list.map((c) => c.courseId)).toEqual([a.courseId]);
    const drafts = await call<Page<Course>>(t, 'GET', '/course/list', {
      token: user.token,
      query: { status: 'released' },
    });
    expect(drafts.data.total).toBe(0);

    const edited = await call<Course>(t, 'POST', '/course/modify', {
      token: user.token,
      body: {
        courseId: a.courseId,
        version: a.version,
        subtitle: '零基础',
        tags: ['编程', '编程', 'Python'],
        price: 9900,
        category: 'tech',
      },
    });
    expect(edited.data).toMatchObject({
      subtitle: '零基础',
      tags: ['编程', 'Python'],
      price: 9900,
      version: a.version + 1,
    });
    const stale = await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId: a.courseId, version: a.version, title: '旧' },
    });
    expect(stale.code).toBe(Code.CONFLICT);
    const badCover = await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId: a.courseId, version: edited.data.version, cover: 'javascript:alert(1)' },
    });
    expect(badCover.msg).toContain('cover');

    expect(
      (await call(t, 'POST', '/course/delete', { token: user.token, body: { courseId: a.courseId } })).code,
    ).toBe(200);
    expect(
      (await call(t, 'GET', '/course/detail', { token: user.token, query: { courseId: String(a.courseId) } }))
        .code,
    ).toBe(404);
  });

  it('refuses a negative or too large price with 400 naming the field and the rule, never clamping', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const setPrice = (price: number) =>
      call<Course>(t, 'POST', '/course/modify', {
        token: user.token,
        body: { courseId: course.courseId, version: course.version, price },
      });
    const negative = await setPrice(-500);
    expect([negative.status, negative.code, negative.msg]).toEqual([400, 400, 'price: 价格不能为负数']);
    const huge = await setPrice(9_999_999_900);
    expect([huge.status, huge.code, huge.msg]).toEqual([
      400,
      400,
      'price: 价格不能超过 100000 元（10000000 分）',
    ]);
    const fraction = await setPrice(10.5);
    expect(fraction.msg).toBe('price: 价格最多两位小数（以分为单位的整数）');
    const detail = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    expect(detail.data).toMatchObject({ price: null, version: course.version });
    const highest = await setPrice(10_000_000);
    expect(highest.data.price).toBe(10_000_000);
  });

  it('lets a MEMBER edit only their own courses, OWNER and ADMIN any, and says so in abilities', async () => {
    const { user, team } = await teamOwner(t);
    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    const ownersCourse = await createCourse(t, user.token);
    const detail = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: member.token,
      query: { courseId: String(ownersCourse.courseId) },
    });
    expect(detail.data.abilities).toEqual({ edit: false, release: false, share: false, delete: false });
    const res = await call(t, 'POST', '/course/modify', {
      token: member.token,
      body: { courseId: ownersCourse.courseId, version: 1, title: 'x' },
    });
    expect(res.code).toBe(403);
    expect(
      (
        await call(t, 'POST', '/lesson/create', {
          token: member.token,
          body: { courseId: ownersCourse.courseId },
        })
      ).code,
    ).toBe(403);
    const membersCourse = await createCourse(t, member.token);
    const byOwner = await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId: membersCourse.courseId, version: 1, title: '改' },
    });
    expect(byOwner.code).toBe(200);
  });

  it("answers 404 for another team's course and lesson on every call", async () => {
    const x = await teamOwner(t);
    const y = await teamOwner(t);
    const course = await createCourse(t, y.user.token);
    const lesson = await createLesson(t, y.user.token, course.courseId);
    const cid = String(course.courseId);
    const lid = String(lesson.lessonId);
    const token = x.user.token;
    const answers = await Promise.all([
      call(t, 'GET', '/course/detail', { token, query: { courseId: cid } }),
      call(t, 'GET', '/course/preview', { token, query: { courseId: cid } }),
      call(t, 'GET', '/course/release/check', { token, query: { courseId: cid } }),
      call(t, 'GET', '/course/release/list', { token, query: { courseId: cid } }),
      call(t, 'GET', '/share/list', { token, query: { courseId: cid } }),
      call(t, 'POST', '/course/modify', {
        token,
        body: { courseId: course.courseId, version: 1, title: 'x' },
      }),
      call(t, 'POST', '/course/duplicate', { token, body: { courseId: course.courseId } }),
      call(t, 'POST', '/course/delete', { token, body: { courseId: course.courseId } }),
      call(t, 'POST', '/course/release', { token, body: { courseId: course.courseId } }),
      call(t, 'POST', '/course/unrelease', { token, body: { courseId: course.courseId } }),
      call(t, 'POST', '/share/create', { token, body: { courseId: course.courseId } }),
      call(t, 'POST', '/lesson/create', { token, body: { courseId: course.courseId } }),
      call(t, 'GET', '/lesson/detail', { token, query: { lessonId: lid } }),
      call(t, 'POST', '/lesson/save', { token, body: { lessonId: lesson.lessonId, version: 1, title: 'x' } }),
      call(t, 'POST', '/lesson/reorder', {
        token,
        body: { courseId: course.courseId, lessonIds: [lesson.lessonId] },
      }),
      call(t, 'POST', '/lesson/duplicate', { token, body: { lessonId: lesson.lessonId } }),
      call(t, 'POST', '/lesson/delete', { token, body: { lessonId: lesson.lessonId } }),
    ]);
    for (const a of answers) {
      expect(a.code).toBe(404);
      expect(a.data).toBeNull();
    }
    const list = await call<Page<Course>>(t, 'GET', '/course/list', { token });
    expect(list.data.total).toBe(0);
  });

  it('refuses writes in an expired team with 542', async () => {
    const { user, team } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    await t.app.ctx.db.execute(
      `update teams set expire_date = now() - interval '1 day' where id = ${team.teamId}`,
    );
    expect((await call(t, 'POST', '/course/create', { token: user.token, body: {} })).code).toBe(
      Code.TEAM_EXPIRED,
    );
    expect(
      (await call(t, 'POST', '/lesson/create', { token: user.token, body: { courseId: course.courseId } }))
        .code,
    ).toBe(Code.TEAM_EXPIRED);
    expect(
      (
        await call(t, 'GET', '/course/detail', {
          token: user.token,
          query: { courseId: String(course.courseId) },
        })
      ).code,
    ).toBe(200);
  });
});

describe('lessons', () => {
  it('adds, saves, reorders, duplicates and deletes lessons', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const l1 = await createLesson(t, user.token, course.courseId, '一');
    const l2 = await createLesson(t, user.token, course.courseId, '二');
    const saved = await call<{ version: number }>(t, 'POST', '/lesson/save', {
      token: user.token,
      body: {
        lessonId: l1.lessonId,
        version: l1.version,
        content: paragraphDoc('你好'),
        durationMin: 15,
        freePreview: true,
      },
    });
    expect(saved.data.version).toBe(l1.version + 1);
    const got = await call<Lesson>(t, 'GET', '/lesson/detail', {
      token: user.token,
      query: { lessonId: String(l1.lessonId) },
    });
    expect(got.data.content).toEqual(paragraphDoc('你好'));
    expect(got.data).toMatchObject({ durationMin: 15, freePreview: true });

    const reordered = await call<{ lessonId: number }[]>(t, 'POST', '/lesson/reorder', {
      token: user.token,
      body: { courseId: course.courseId, lessonIds: [l2.lessonId, l1.lessonId] },
    });
    expect(reordered.data.map((l) => l.lessonId)).toEqual([l2.lessonId, l1.lessonId]);
    const missing = await call(t, 'POST', '/lesson/reorder', {
      token: user.token,
      body: { courseId: course.courseId, lessonIds: [l2.lessonId] },
    });
    expect(missing).toMatchObject({ code: Code.LESSON_LIST_CHANGED, msg: '课时列表已变化，请刷新后重试' });

    const dup = await call<Lesson>(t, 'POST', '/lesson/duplicate', {
      token: user.token,
      body: { lessonId: l1.lessonId },
    });
    expect(dup.data.title).toBe('一 副本');
    expect(dup.data.content).toEqual(paragraphDoc('你好'));
    await call(t, 'POST', '/lesson/delete', { token: user.token, body: { lessonId: l2.lessonId } });
    const detail = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: user.token,
      query: { courseId: String(course.courseId) },
    });
    expect(detail.data.lessons.map((l) => l.title)).toEqual(['一', '一 副本']);
  });

  it('refuses a lesson past the limit with its own code, saying the limit (HTTP 400)', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    await t.app.ctx.db.execute(
      `insert into lessons (course_id, title, content, position)
       select ${course.courseId}, '课时', '{"type":"doc","content":[]}'::jsonb, g
       from generate_series(1, ${COURSE_LIMITS.lessonsMax}) g`,
    );
    const refused = await call(t, 'POST', '/lesson/create', {
      token: user.token,
      body: { courseId: course.courseId, title: '多一个' },
    });
    expect(refused).toMatchObject({
      status: 400,
      code: Code.LESSONS_LIMIT,
      msg: `一门课程最多 ${COURSE_LIMITS.lessonsMax} 个课时`,
      data: { max: COURSE_LIMITS.lessonsMax },
    });
  });

  it('answers 409 to a save on a stale version and keeps the newer text (two tabs)', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    const tabA = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: lesson.lessonId, version: 1, content: paragraphDoc('A 的内容') },
    });
    expect(tabA.code).toBe(200);
    const tabB = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: lesson.lessonId, version: 1, content: paragraphDoc('B 的内容') },
    });
    expect(tabB.code).toBe(Code.CONFLICT);
    const got = await call<Lesson>(t, 'GET', '/lesson/detail', {
      token: user.token,
      query: { lessonId: String(lesson.lessonId) },
    });
    expect(got.data.content).toEqual(paragraphDoc('A 的内容'));
    expect(got.data.version).toBe(2);
  });
});

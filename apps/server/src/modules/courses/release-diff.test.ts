import {
  Code,
  type CourseChanges,
  type CourseDetail,
  type Lesson,
  type Release,
  type StoreChangelog,
  type StoreCourse,
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

/** A complete course with two lessons, released once. */
async function releasedCourse(token: string) {
  const course = await createCourse(t, token, '对比课程');
  const one = await createLesson(t, token, course.courseId, '第一课');
  const two = await createLesson(t, token, course.courseId, '第二课');
  for (const [l, text] of [
    [one, '第一课的文字'],
    [two, '第二课的文字'],
  ] as const) {
    await call(t, 'POST', '/lesson/save', {
      token,
      body: { lessonId: l.lessonId, version: 1, content: paragraphDoc(text) },
    });
  }
  await t.app.ctx.db.execute(
    `update courses set cover = '/api/files/cover/2026/11/abcdefghijkl.png', summary = '简介', category = 'tech', price = 1000 where id = ${course.courseId}`,
  );
  const v1 = await release(token, course.courseId, '首发');
  return { courseId: course.courseId, one: one.lessonId, two: two.lessonId, v1 };
}
/** Releases the draft with a public line (更新说明) and, when given, an internal note (内部备注). */
const release = async (token: string, courseId: number, changelog = '', notes = '') =>
  (await call<Release>(t, 'POST', '/course/release', { token, body: { courseId, changelog, notes } })).data;
const detail = async (token: string, courseId: number) =>
  (await call<CourseDetail>(t, 'GET', '/course/detail', { token, query: { courseId: String(courseId) } }))
    .data;
const diff = (token: string, courseId: number, fromReleaseId: number, toReleaseId?: number) =>
  call<CourseChanges>(t, 'GET', '/course/release/diff', {
    token,
    query: {
      courseId: String(courseId),
      fromReleaseId: String(fromReleaseId),
      ...(toReleaseId ? { toReleaseId: String(toReleaseId) } : {}),
    },
  });
const rollback = (
  token: string,
  courseId: number,
  releaseId: number,
  texts: { changelog?: string; notes?: string } = {},
) => call<Release>(t, 'POST', '/course/release/rollback', { token, body: { courseId, releaseId, ...texts } });

describe('unpublished changes, release diff and rollback', () => {
  it('flags a changed draft and lists what differs from the store version', async () => {
    const { user } = await teamOwner(t);
    const { courseId, one, two, v1 } = await releasedCourse(user.token);
    expect((await detail(user.token, courseId)).unreleasedChanges).toBe(false);
    expect((await diff(user.token, courseId, v1.releaseId)).data).toEqual({
      changed: false,
      fields: [],
      lessons: [],
    });

    const lesson = (
      await call<Lesson>(t, 'GET', '/lesson/detail', {
        token: user.token,
        query: { lessonId: String(one) },
      })
    ).data;
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: one, version: lesson.version, content: paragraphDoc('第一课的新文字') },
    });
    const three = await createLesson(t, user.token, courseId, '第三课');
    await call(t, 'POST', '/lesson/reorder', {
      token: user.token,
      body: { courseId, lessonIds: [two, one, three.lessonId] },
    });
    const course = await detail(user.token, courseId);
    await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId, version: course.version, title: '对比课程 第二版' },
    });
    expect((await detail(user.token, courseId)).unreleasedChanges).toBe(true);
    const list = await call(t, 'GET', '/course/list', { token: user.token });
    expect(JSON.stringify(list.data)).toContain('"unreleasedChanges":true');

    const changes = (await diff(user.token, courseId, v1.releaseId)).data;
    expect(changes.changed).toBe(true);
    expect(changes.fields).toEqual([{ field: 'title', before: '对比课程', after: '对比课程 第二版' }]);
    const byId = Object.fromEntries(changes.lessons.map((l) => [l.lessonId, l]));
    expect(byId[three.lessonId]).toMatchObject({ added: true });
    expect(byId[one]!.moved).toEqual({ from: 1, to: 2 });
    expect(byId[one]!.diff).toEqual([
      { op: 'changed', parts: [{ text: '第一课的' }, { text: '新', added: true }, { text: '文字' }] },
    ]);

    // Releasing again: the draft is the store's version; the two releases compare as the draft did.
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: three.lessonId, version: 1, content: paragraphDoc('第三课的文字') },
    });
    const v2 = await release(user.token, courseId, '第二版：新增第三课');
    expect((await detail(user.token, courseId)).unreleasedChanges).toBe(false);
    const between = (await diff(user.token, courseId, v1.releaseId, v2.releaseId)).data;
    expect(between.lessons.find((l) => l.lessonId === three.lessonId)).toMatchObject({ added: true });
  });

  it('rolls back: an earlier release becomes a new numbered release that the store serves', async () => {
    const { user } = await teamOwner(t);
    const { courseId, one, v1 } = await releasedCourse(user.token);
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: one, version: 2, content: paragraphDoc('第二版的第一课') },
    });
    const v2 = await release(user.token, courseId, '第二版');
    const back = await rollback(user.token, courseId, v1.releaseId, { notes: '回到第一版' });
    expect(back.code).toBe(200);
    expect(back.data).toMatchObject({ versionNo: 3, notes: '回到第一版', changelog: '', lessonCount: 2 });
    // Releases are immutable: v1 and v2 are as they were, v3 has v1's text.
    expect((await diff(user.token, courseId, v1.releaseId, back.data.releaseId)).data.changed).toBe(false);
    expect((await diff(user.token, courseId, v2.releaseId, back.data.releaseId)).data.changed).toBe(true);
    const course = await detail(user.token, courseId);
    expect(course.releasedVersion).toBe(3);
    // The draft still has the newer text, which the store no longer shows.
    expect(course.unreleasedChanges).toBe(true);

    // The store serves the newest release (the course's own team reads its content).
    const store = await call<StoreCourse>(t, 'GET', '/store/course', {
      token: user.token,
      query: { courseId: String(courseId) },
    });
    expect(store.data.versionNo).toBe(3);
    expect(JSON.stringify(store.data)).toContain('第一课的文字');
    expect(JSON.stringify(store.data)).not.toContain('第二版的第一课');
  });

  it('team isolation and roles on diff and rollback', async () => {
    const { user, team } = await teamOwner(t);
    const { courseId, v1 } = await releasedCourse(user.token);
    const other = await teamOwner(t);
    expect((await diff(other.user.token, courseId, v1.releaseId)).code).toBe(Code.NOT_FOUND);
    expect((await rollback(other.user.token, courseId, v1.releaseId)).code).toBe(Code.NOT_FOUND);
    // A release of another course is not found through this one.
    const own = await releasedCourse(other.user.token);
    expect((await diff(user.token, courseId, own.v1.releaseId)).code).toBe(Code.NOT_FOUND);

    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    expect((await diff(member.token, courseId, v1.releaseId)).code).toBe(200);
    expect((await rollback(member.token, courseId, v1.releaseId)).code).toBe(Code.FORBIDDEN);
    const mine = await releasedCourse(member.token);
    expect((await rollback(member.token, mine.courseId, mine.v1.releaseId)).code).toBe(200);
    // The OWNER rolls back any course of the team.
    expect((await rollback(user.token, mine.courseId, mine.v1.releaseId)).code).toBe(200);
  });

  it('buyers read only the public lines as a changelog; an unlisted course only its holders', async () => {
    const { user } = await teamOwner(t);
    const { courseId, one, v1 } = await releasedCourse(user.token);
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: one, version: 2, content: paragraphDoc('改了') },
    });
    await release(user.token, courseId, '', '只改了错别字');
    await release(user.token, courseId, '第三版：修订', '涨价并补充第二课');
    // A rollback writes no public line unless the author writes one.
    expect((await rollback(user.token, courseId, v1.releaseId, { notes: '回滚到 v1' })).code).toBe(200);
    expect(
      (
        await rollback(user.token, courseId, v1.releaseId, {
          changelog: '恢复为第一版内容',
          notes: '第二次回滚',
        })
      ).code,
    ).toBe(200);
    const log = (token?: string) =>
      call<StoreChangelog>(t, 'GET', '/store/changelog', {
        ...(token ? { token } : {}),
        query: { courseId: String(courseId) },
      });
    const visitor = await log();
    expect(visitor.data.list.map((e) => [e.versionNo, e.changelog])).toEqual([
      [5, '恢复为第一版内容'],
      [3, '第三版：修订'],
      [1, '首发'],
    ]);
    const text = JSON.stringify(visitor.data);
    for (const internal of ['只改了错别字', '涨价并补充第二课', '回滚到 v1', '第二次回滚'])
      expect(text).not.toContain(internal);
    // The team's release history keeps both texts of every release.
    const history = await call<{ list: Release[] }>(t, 'GET', '/course/release/list', {
      token: user.token,
      query: { courseId: String(courseId) },
    });
    expect(history.data.list.map((r) => [r.versionNo, r.changelog, r.notes])).toEqual([
      [5, '恢复为第一版内容', '第二次回滚'],
      [4, '', '回滚到 v1'],
      [3, '第三版：修订', '涨价并补充第二课'],
      [2, '', '只改了错别字'],
      [1, '首发', ''],
    ]);
    await call(t, 'POST', '/course/unrelease', { token: user.token, body: { courseId } });
    expect((await log()).code).toBe(Code.NOT_FOUND);
    expect((await log(user.token)).code).toBe(200);
  });

  it('resets the draft to a release, keeping the draft in each lesson history and deleting nothing', async () => {
    const { user, team } = await teamOwner(t);
    const { courseId, one, two, v1 } = await releasedCourse(user.token);
    await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: one, version: 2, content: paragraphDoc('草稿里的新文字') },
    });
    await call(t, 'POST', '/lesson/delete', { token: user.token, body: { lessonId: two } });
    const extra = await createLesson(t, user.token, courseId, '只在草稿里');
    const before = await detail(user.token, courseId);
    await call(t, 'POST', '/course/modify', {
      token: user.token,
      body: { courseId, version: before.version, title: '改过的标题' },
    });

    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    const reset = (token: string) =>
      call(t, 'POST', '/course/draft/reset', { token, body: { courseId, releaseId: v1.releaseId } });
    expect((await reset(member.token)).code).toBe(Code.FORBIDDEN);
    expect((await reset((await teamOwner(t)).user.token)).code).toBe(Code.NOT_FOUND);
    expect((await reset(user.token)).code).toBe(200);

    const after = await detail(user.token, courseId);
    expect(after.title).toBe('对比课程');
    // Reset to the store's version, but the draft's extra lesson is kept: it still differs by that.
    expect(after.unreleasedChanges).toBe(true);
    expect(after.version).toBeGreaterThan(before.version + 1);
    // The release's two lessons (the deleted one again, as a new lesson), then the draft's extra one.
    expect(after.lessons.map((l) => l.title)).toEqual(['第一课', '第二课', '只在草稿里']);
    expect(after.lessons[0]!.lessonId).toBe(one);
    expect(after.lessons[2]!.lessonId).toBe(extra.lessonId);
    const left = (await diff(user.token, courseId, v1.releaseId)).data;
    expect(left.fields).toEqual([]);
    // The deleted lesson came back under a new id: the diff matches lessons by id.
    expect(left.lessons.map((l) => [l.title, l.added, l.removed])).toEqual([
      ['第二课', true, false],
      ['只在草稿里', true, false],
      ['第二课', false, true],
    ]);
    // The draft's text before the reset is in the lesson's history, the reset text after it.
    const history = await call<{ list: { revisionId: number; reason: string }[] }>(
      t,
      'GET',
      '/lesson/history',
      {
        token: user.token,
        query: { lessonId: String(one) },
      },
    );
    expect(history.data.list.map((r) => r.reason).slice(0, 2)).toEqual(['restore', 'edit']);
    const kept = await call<{ content: unknown }>(t, 'GET', '/lesson/history/detail', {
      token: user.token,
      query: { revisionId: String(history.data.list[1]!.revisionId) },
    });
    expect(JSON.stringify(kept.data.content)).toContain('草稿里的新文字');
    // An editor still on the old version gets 409.
    expect(
      (
        await call(t, 'POST', '/lesson/save', {
          token: user.token,
          body: { lessonId: one, version: 3, content: paragraphDoc('过期') },
        })
      ).code,
    ).toBe(Code.CONFLICT);
  });
});

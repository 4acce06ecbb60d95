import {
  Code,
  type Lesson,
  type LessonRevision,
  type LessonRevisionDetail,
  type LessonSaved,
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
import { pruneRevisions } from './lesson-history.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const save = (token: string, lessonId: number, version: number, text: string) =>
  call<LessonSaved>(t, 'POST', '/lesson/save', {
    token,
    body: { lessonId, version, content: paragraphDoc(text) },
  });
const history = (token: string, lessonId: number, pageSize = 20) =>
  call<Page<LessonRevision>>(t, 'GET', '/lesson/history', {
    token,
    query: { lessonId: String(lessonId), pageSize: String(pageSize) },
  });
const detail = (token: string, revisionId: number) =>
  call<LessonRevisionDetail>(t, 'GET', '/lesson/history/detail', {
    token,
    query: { revisionId: String(revisionId) },
  });
const restore = (token: string, revisionId: number) =>
  call<Lesson>(t, 'POST', '/lesson/restore', { token, body: { revisionId } });
const textOf = (content: unknown) => JSON.stringify(content).match(/"text":"([^"]*)"/)?.[1];
/** Moves the lesson's revisions back in time, as if the edits were made `minutes` ago. */
const age = (lessonId: number, minutes: number) =>
  t.app.ctx.db.execute(
    `update lesson_revisions set created_at = created_at - interval '${minutes} minutes',
       updated_at = updated_at - interval '${minutes} minutes' where lesson_id = ${lessonId}`,
  );

describe('lesson history', () => {
  it('coalesces saves per author and window, lists newest first, pages, and reads a revision', async () => {
    const { user, team } = await teamOwner(t);
    const admin = await createUser(t);
    await joinTeam(t, admin.token, team.teamCode);
    await t.app.ctx.db.execute(
      `update team_members set role = 'ADMIN' where user_id = ${admin.userId} and team_id = ${team.teamId}`,
    );
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    expect((await history(user.token, lesson.lessonId)).data.total).toBe(0);

    await save(user.token, lesson.lessonId, 1, '一');
    await save(user.token, lesson.lessonId, 2, '一二');
    let list = (await history(user.token, lesson.lessonId)).data;
    // Two saves within the window: one revision, holding the latest text.
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ reason: 'edit', version: 3, authorName: user.nickName });

    // Another author opens their own revision.
    await save(admin.token, lesson.lessonId, 3, '一二三');
    // After the window, the same author opens a new one.
    await age(lesson.lessonId, 6);
    await save(admin.token, lesson.lessonId, 4, '一二三四');
    list = (await history(user.token, lesson.lessonId)).data;
    expect(list.list.map((r) => [r.version, r.authorName])).toEqual([
      [5, admin.nickName],
      [4, admin.nickName],
      [3, user.nickName],
    ]);
    const paged = (await history(user.token, lesson.lessonId, 2)).data;
    expect(paged).toMatchObject({ total: 3, pageSize: 2 });
    expect(paged.list).toHaveLength(2);

    const first = await detail(user.token, list.list[2]!.revisionId);
    expect(first.code).toBe(200);
    expect(textOf(first.data.content)).toBe('一二');
  });

  it('restores as a new version and revision, keeps the replaced text, and a stale save gets 409', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    await save(user.token, lesson.lessonId, 1, '旧文');
    await age(lesson.lessonId, 10);
    await save(user.token, lesson.lessonId, 2, '新文');
    const [newest, oldest] = (await history(user.token, lesson.lessonId)).data.list;
    // Text written before history existed (or by the AI generator) is kept by the restore too.
    await t.app.ctx.db.execute(
      `update lessons set content = '${JSON.stringify(paragraphDoc('未记录'))}', version = 4 where id = ${lesson.lessonId}`,
    );

    const restored = await restore(user.token, oldest!.revisionId);
    expect(restored.code).toBe(200);
    expect(restored.data.version).toBe(5);
    expect(textOf(restored.data.content)).toBe('旧文');
    const list = (await history(user.token, lesson.lessonId)).data.list;
    expect(list.map((r) => [r.reason, r.version])).toEqual([
      ['restore', 5],
      ['edit', 4],
      ['edit', 3],
      ['edit', 2],
    ]);
    expect(textOf((await detail(user.token, list[1]!.revisionId)).data.content)).toBe('未记录');
    expect(newest!.version).toBe(3);

    // An editor still on version 4 (its autosave racing the restore) gets 409, nothing overwritten.
    expect((await save(user.token, lesson.lessonId, 4, '过期的自动保存')).code).toBe(Code.CONFLICT);
    // The next save after a restore opens a new revision; the restored one stays as it was.
    await save(user.token, lesson.lessonId, 5, '恢复后继续写');
    const after = (await history(user.token, lesson.lessonId)).data.list;
    expect(after.map((r) => r.reason)).toEqual(['edit', 'restore', 'edit', 'edit', 'edit']);
    expect(textOf((await detail(user.token, after[1]!.revisionId)).data.content)).toBe('旧文');
  });

  it('a restore and concurrent saves never lose either', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    await save(user.token, lesson.lessonId, 1, '甲');
    const [rev] = (await history(user.token, lesson.lessonId)).data.list;
    await age(lesson.lessonId, 6);
    await save(user.token, lesson.lessonId, 2, '乙');
    const [saved, restored] = await Promise.all([
      save(user.token, lesson.lessonId, 3, '丙'),
      restore(user.token, rev!.revisionId),
    ]);
    expect(restored.code).toBe(200);
    const texts = await Promise.all(
      (await history(user.token, lesson.lessonId)).data.list.map(async (r) =>
        textOf((await detail(user.token, r.revisionId)).data.content)!,
      ),
    );
    // Whichever came first, the save's text is in the history (or it was refused with 409).
    if (saved.code === 200) expect(texts).toContain('丙');
    else expect(saved.code).toBe(Code.CONFLICT);
    expect(texts[0]).toBe('甲');
  });

  it('keeps the text before an AI assist as its own revision', async () => {
    const { user, team } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    await save(user.token, lesson.lessonId, 1, '助手之前');
    const checkpoint = (token: string) =>
      call(t, 'POST', '/lesson/history/checkpoint', {
        token,
        body: { lessonId: lesson.lessonId, reason: 'assist' },
      });
    expect((await checkpoint(user.token)).code).toBe(200);
    await save(user.token, lesson.lessonId, 2, '助手之前，助手写的');
    const list = (await history(user.token, lesson.lessonId)).data.list;
    expect(list.map((r) => r.reason)).toEqual(['edit', 'assist']);
    expect(textOf((await detail(user.token, list[1]!.revisionId)).data.content)).toBe('助手之前');
    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    expect((await checkpoint(member.token)).code).toBe(Code.FORBIDDEN);
    expect((await checkpoint((await teamOwner(t)).user.token)).code).toBe(Code.NOT_FOUND);
  });

  it('keeps the released text as a revision', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token, '历史发布');
    const lesson = await createLesson(t, user.token, course.courseId);
    await save(user.token, lesson.lessonId, 1, '发布的文字');
    await t.app.ctx.db.execute(
      `update courses set cover = '/api/files/cover/2026/11/abcdefghijkl.png', summary = '简介', category = 'tech', price = 0 where id = ${course.courseId}`,
    );
    const released = await call(t, 'POST', '/course/release', {
      token: user.token,
      body: { courseId: course.courseId },
    });
    expect(released.code).toBe(200);
    await save(user.token, lesson.lessonId, 2, '发布后的修改');
    const list = (await history(user.token, lesson.lessonId)).data.list;
    expect(list.map((r) => r.reason)).toEqual(['edit', 'release']);
    expect(textOf((await detail(user.token, list[1]!.revisionId)).data.content)).toBe('发布的文字');
  });

  it('team isolation and roles: 404 for another team, a MEMBER restores only in own courses', async () => {
    const { user, team } = await teamOwner(t);
    const member = await createUser(t);
    await joinTeam(t, member.token, team.teamCode);
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    await save(user.token, lesson.lessonId, 1, '主人的课');
    const [rev] = (await history(user.token, lesson.lessonId)).data.list;

    const other = await teamOwner(t);
    expect((await history(other.user.token, lesson.lessonId)).code).toBe(Code.NOT_FOUND);
    expect((await detail(other.user.token, rev!.revisionId)).code).toBe(Code.NOT_FOUND);
    expect((await restore(other.user.token, rev!.revisionId)).code).toBe(Code.NOT_FOUND);

    // A MEMBER reads the team's history but restores only in the courses they wrote.
    expect((await history(member.token, lesson.lessonId)).code).toBe(200);
    expect((await restore(member.token, rev!.revisionId)).code).toBe(Code.FORBIDDEN);
    const own = await createCourse(t, member.token);
    const ownLesson = await createLesson(t, member.token, own.courseId);
    await save(member.token, ownLesson.lessonId, 1, '成员的课');
    const [ownRev] = (await history(member.token, ownLesson.lessonId)).data.list;
    expect((await restore(member.token, ownRev!.revisionId)).code).toBe(200);

    // An expired team reads its history but restores nothing.
    await t.app.ctx.db.execute(
      `update teams set expire_date = now() - interval '1 day' where id = ${team.teamId}`,
    );
    expect((await history(user.token, lesson.lessonId)).code).toBe(200);
    expect((await restore(user.token, rev!.revisionId)).code).toBe(Code.TEAM_EXPIRED);

    const bad = await call(t, 'GET', '/lesson/history', { token: user.token, query: { lessonId: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('prunes by the policy: all of the last 30 days, then the last of each day, never the newest', async () => {
    const { user } = await teamOwner(t);
    const course = await createCourse(t, user.token);
    const lesson = await createLesson(t, user.token, course.courseId);
    const quiet = await createLesson(t, user.token, course.courseId, '第二课');
    let version = 1;
    for (const text of ['a', 'b', 'c', 'd']) {
      await save(user.token, lesson.lessonId, version++, text);
      await t.app.ctx.db.execute(
        `update lesson_revisions set closed = true where lesson_id = ${lesson.lessonId}`,
      );
    }
    await save(user.token, quiet.lessonId, 1, '只有一个');
    const ids = (await history(user.token, lesson.lessonId)).data.list.map((r) => r.revisionId).reverse();
    // a, b: the same day 40 days ago; c: 35 days ago; d: today.
    const setDay = (id: number, ts: string) =>
      t.app.ctx.db.execute(`update lesson_revisions set created_at = '${ts}' where id = ${id}`);
    const now = new Date('2026-06-30T12:00:00Z');
    await setDay(ids[0]!, '2026-05-21T08:00:00Z');
    await setDay(ids[1]!, '2026-05-21T20:00:00Z');
    await setDay(ids[2]!, '2026-05-26T10:00:00Z');
    await setDay(ids[3]!, '2026-06-30T11:00:00Z');
    await t.app.ctx.db.execute(
      `update lesson_revisions set created_at = '2026-01-01T00:00:00Z' where lesson_id = ${quiet.lessonId}`,
    );

    await pruneRevisions(t.app.ctx.db, now);
    const left = (await history(user.token, lesson.lessonId)).data.list.map((r) => r.revisionId).reverse();
    expect(left).toEqual([ids[1], ids[2], ids[3]]);
    expect((await history(user.token, quiet.lessonId)).data.total).toBe(1);
  });
});

/**
 * Review comments: every route, scoped to the session's team, @mentions of members only, resolve and
 * reopen, who may do what, the release check's warning, and comments never in a lesson's payloads.
 */
import {
  Code,
  Routes,
  type CommentCourseList,
  type CommentMentionList,
  type CommentThread,
  type CommentThreadList,
  type CommentUnread,
  type ReleaseCheck,
  type UserInfo,
} from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addByInvitation,
  call,
  createCourse,
  createLesson,
  createUser,
  inviteUser,
  teamOwner,
  writeLesson,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: UserInfo;
let admin: UserInfo;
/** A MEMBER who wrote the course. */
let author: UserInfo;
/** A MEMBER who did not. */
let reviewer: UserInfo;
let stranger: UserInfo;
let courseId = 0;
const lessons = { first: 0, second: 0 };
const ANCHOR = { anchorStart: 'AQLk8ZcBBAA=', anchorEnd: 'AQLk8ZcBCAA=' };

beforeAll(async () => {
  t = await createTestApp();
  const o = await teamOwner(t);
  owner = o.user;
  admin = await createUser(t);
  const invitationId = await inviteUser(t, owner.token, admin.userId, 'ADMIN');
  await call(t, 'POST', '/team/invitation/accept', { token: admin.token, body: { invitationId } });
  author = await createUser(t);
  reviewer = await createUser(t);
  await addByInvitation(t, owner.token, author);
  await addByInvitation(t, owner.token, reviewer);
  courseId = (await createCourse(t, author.token, '评审课程')).courseId;
  lessons.first = (await createLesson(t, author.token, courseId, '第一课')).lessonId;
  lessons.second = (await createLesson(t, author.token, courseId, '第二课')).lessonId;
  stranger = (await teamOwner(t)).user;
});
afterAll(() => t?.close());

const create = (token: string, body: Record<string, unknown>) =>
  call<CommentThread>(t, 'POST', '/comment/create', {
    token,
    body: { lessonId: lessons.first, ...ANCHOR, quote: '选中的文字', body: '请再看看', ...body },
  });
const lessonList = (token: string, lessonId = lessons.first, status = 'open') =>
  call<CommentThreadList>(t, 'GET', '/comment/lesson/list', {
    token,
    query: { lessonId: String(lessonId), status },
  });
const post = <T = CommentThread>(token: string, path: string, body: unknown) =>
  call<T>(t, 'POST', path, { token, body });

describe('threads and replies', () => {
  it('opens a thread on a range, replies, lists it per lesson and per course', async () => {
    // Names and avatars come from the users face: the avatar as the user has it now.
    await t.app.ctx.db.execute(
      sql`update users set head_image = '/files/reviewer.png' where id = ${reviewer.userId}`,
    );
    const made = await create(reviewer.token, { body: '这里<b>不清楚</b>', quote: '  很长的\n选区  ' });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({
      lessonId: lessons.first,
      courseId,
      ...ANCHOR,
      quote: '很长的 选区',
      // Markup is removed: comments are plain text.
      body: '这里不清楚',
      author: { userId: reviewer.userId, nickName: reviewer.nickName },
      authorAvatar: '/files/reviewer.png',
      resolved: false,
      replies: [],
      canDelete: true,
    });
    const reply = await post(author.token, '/comment/reply', {
      threadId: made.data.commentId,
      body: '已修改',
    });
    expect(reply.code).toBe(200);
    expect(reply.data.replies.map((r) => [r.body, r.author, r.threadId])).toEqual([
      ['已修改', { userId: author.userId, nickName: author.nickName }, made.data.commentId],
    ]);
    await create(owner.token, { lessonId: lessons.second, body: '第二课的问题' });

    const listed = await lessonList(reviewer.token);
    expect(listed.data.list.map((th) => th.body)).toEqual(['这里不清楚']);
    expect(listed.data.list[0]!.replies).toHaveLength(1);

    const course = await call<CommentCourseList>(t, 'GET', '/comment/course/list', {
      token: reviewer.token,
      query: { courseId: String(courseId) },
    });
    expect(course.data.total).toBe(2);
    expect(course.data.lessons).toEqual([
      { lessonId: lessons.first, title: '第一课', openCount: 1 },
      { lessonId: lessons.second, title: '第二课', openCount: 1 },
    ]);
  });

  it('refuses an empty body, a bad anchor and an overlong one', async () => {
    expect((await create(reviewer.token, { body: '  <p></p> ' })).code).toBe(Code.COMMENT_EMPTY);
    expect((await create(reviewer.token, { anchorStart: 'not base64!' })).status).toBe(400);
    expect((await create(reviewer.token, { anchorEnd: 'A'.repeat(257) })).status).toBe(400);
    expect((await create(reviewer.token, { body: 'x'.repeat(2001) })).status).toBe(400);
  });
});

describe('another team', () => {
  it("answers not-found for another team's lesson, course and comment", async () => {
    const th = (await create(reviewer.token, { body: '别的团队看不到' })).data;
    expect((await create(stranger.token, {})).code).toBe(Code.NOT_FOUND);
    expect((await lessonList(stranger.token)).code).toBe(Code.NOT_FOUND);
    expect(
      (
        await call(t, 'GET', '/comment/course/list', {
          token: stranger.token,
          query: { courseId: String(courseId) },
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    for (const [path, body] of [
      ['/comment/reply', { threadId: th.commentId, body: '插话' }],
      ['/comment/resolve', { threadId: th.commentId }],
      ['/comment/reopen', { threadId: th.commentId }],
      ['/comment/delete', { commentId: th.commentId }],
    ] as const)
      expect((await post(stranger.token, path, body)).code, path).toBe(Code.COMMENT_NOT_FOUND);
    // A reply is not a thread: replying to it or resolving it answers not-found too.
    const reply = (await post(owner.token, '/comment/reply', { threadId: th.commentId, body: '回复' })).data
      .replies[0]!;
    expect((await post(owner.token, '/comment/resolve', { threadId: reply.commentId })).code).toBe(
      Code.COMMENT_NOT_FOUND,
    );
  });
});

describe('mentions', () => {
  it('refuses a mention of someone outside the team and writes nothing', async () => {
    const before = (await lessonList(reviewer.token, lessons.second)).data.list.length;
    const res = await create(reviewer.token, {
      lessonId: lessons.second,
      body: '@外人 看看',
      mentions: [stranger.userId],
    });
    expect(res.code).toBe(Code.COMMENT_MENTION_NOT_MEMBER);
    expect((await lessonList(reviewer.token, lessons.second)).data.list).toHaveLength(before);
    const reply = await post(reviewer.token, '/comment/reply', {
      threadId: (await lessonList(reviewer.token, lessons.second)).data.list[0]!.commentId,
      body: '@外人',
      mentions: [999_999],
    });
    expect(reply.code).toBe(Code.COMMENT_MENTION_NOT_MEMBER);
  });

  it('notifies members: unread first, a count, marked read one by one or all', async () => {
    const unread = () =>
      call<CommentUnread>(t, 'GET', '/comment/mention/unread', { token: admin.token }).then(
        (r) => r.data.unread,
      );
    const start = await unread();
    const a = await create(reviewer.token, { body: '@管理员 一', mentions: [admin.userId, reviewer.userId] });
    expect(a.data.mentions).toEqual([{ userId: admin.userId, nickName: admin.nickName }]);
    const b = await post(author.token, '/comment/reply', {
      threadId: a.data.commentId,
      body: '@管理员 二',
      mentions: [admin.userId],
    });
    expect(await unread()).toBe(start + 2);
    // Nobody is notified of their own mention.
    const own = await call<CommentMentionList>(t, 'GET', '/comment/mention/list', { token: reviewer.token });
    expect(own.data.list.map((m) => m.commentId)).not.toContain(a.data.commentId);

    const replyId = b.data.replies.at(-1)!.commentId;
    const read = await post<CommentUnread>(admin.token, '/comment/mention/read', {
      commentIds: [a.data.commentId],
    });
    expect(read.data.unread).toBe(start + 1);
    const mine = await call<CommentMentionList>(t, 'GET', '/comment/mention/list', { token: admin.token });
    expect(mine.data.list[0]).toMatchObject({
      commentId: replyId,
      threadId: a.data.commentId,
      lessonId: lessons.first,
      lessonTitle: '第一课',
      courseTitle: '评审课程',
      body: '@管理员 二',
      author: { userId: author.userId, nickName: author.nickName },
      read: false,
    });
    expect(mine.data.list.find((m) => m.commentId === a.data.commentId)?.read).toBe(true);
    // Another user's marks change nothing of the admin's.
    await post(reviewer.token, '/comment/mention/read', {});
    expect(await unread()).toBe(start + 1);
    await post(admin.token, '/comment/mention/read', {});
    expect(await unread()).toBe(0);
  });
});

describe('who may resolve, reopen and delete', () => {
  it('resolves and reopens: the thread author, the course author, managers; not another member', async () => {
    const th = (await create(owner.token, { body: '所有者的评论' })).data;
    const resolve = (token: string) => post(token, '/comment/resolve', { threadId: th.commentId });
    const reopen = (token: string) => post(token, '/comment/reopen', { threadId: th.commentId });
    expect((await resolve(reviewer.token)).code).toBe(Code.FORBIDDEN);
    const done = await resolve(author.token);
    expect(done.data).toMatchObject({
      resolved: true,
      resolvedBy: { userId: author.userId, nickName: author.nickName },
    });
    expect(done.data.resolveTime).toBeGreaterThan(0);
    expect((await lessonList(owner.token)).data.list.map((x) => x.commentId)).not.toContain(th.commentId);
    expect((await lessonList(owner.token, lessons.first, 'all')).data.list.map((x) => x.commentId)).toContain(
      th.commentId,
    );
    expect((await reopen(reviewer.token)).code).toBe(Code.FORBIDDEN);
    expect((await reopen(admin.token)).data).toMatchObject({ resolved: false, resolvedBy: null });
    expect((await resolve(owner.token)).data.resolved).toBe(true);
    // Resolving twice keeps the first resolution.
    expect((await resolve(admin.token)).data.resolvedBy?.userId).toBe(owner.userId);
  });

  it("deletes one's own comment, or any as a manager; a thread takes its replies", async () => {
    const th = (await create(reviewer.token, { body: '要删除的' })).data;
    const withReply = await post(author.token, '/comment/reply', { threadId: th.commentId, body: '回复' });
    const replyId = withReply.data.replies[0]!.commentId;
    expect(withReply.data.replies[0]!.canDelete).toBe(true);
    expect((await post(author.token, '/comment/delete', { commentId: th.commentId })).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await post(reviewer.token, '/comment/delete', { commentId: replyId })).code).toBe(Code.FORBIDDEN);
    expect((await post(author.token, '/comment/delete', { commentId: replyId })).code).toBe(200);
    await post(author.token, '/comment/reply', { threadId: th.commentId, body: '又一条' });
    expect((await post(admin.token, '/comment/delete', { commentId: th.commentId })).code).toBe(200);
    expect(
      (await lessonList(owner.token, lessons.first, 'all')).data.list.map((x) => x.commentId),
    ).not.toContain(th.commentId);
    expect((await post(admin.token, '/comment/reply', { threadId: th.commentId, body: '晚了' })).code).toBe(
      Code.COMMENT_NOT_FOUND,
    );
  });

  it('refuses writes in an expired team but still lists', async () => {
    const other = await teamOwner(t);
    const c = await createCourse(t, other.user.token, '到期');
    const l = await createLesson(t, other.user.token, c.courseId);
    await t.app.ctx.db.execute(
      sql`update teams set expire_date = now() - interval '1 minute' where id = ${other.team.teamId}`,
    );
    const res = await call(t, 'POST', '/comment/create', {
      token: other.user.token,
      body: { lessonId: l.lessonId, ...ANCHOR, body: '过期' },
    });
    expect(res.code).toBe(Code.TEAM_EXPIRED);
    expect((await lessonList(other.user.token, l.lessonId)).code).toBe(200);
  });
});

describe('release check and payloads', () => {
  it('lists unresolved comments as a warning that does not block, and they reach no payload', async () => {
    const o = await teamOwner(t);
    const c = await createCourse(t, o.user.token, '要发布的');
    const l1 = (await createLesson(t, o.user.token, c.courseId, '甲')).lessonId;
    const l2 = (await createLesson(t, o.user.token, c.courseId, '乙')).lessonId;
    await writeLesson(t, o.user.token, l1, '正文一', true);
    await writeLesson(t, o.user.token, l2, '正文二');
    await t.app.ctx.db.execute(
      `update courses set cover = '/api/files/cover/2026/11/abcdefghijkl.png', summary = '简介', category = 'tech', price = 0 where id = ${c.courseId}`,
    );
    const check = () =>
      call<ReleaseCheck>(t, 'GET', '/course/release/check', {
        token: o.user.token,
        query: { courseId: String(c.courseId) },
      }).then((r) => r.data);
    expect((await check()).warnings).toEqual([]);
    const SECRET = '评论暗号-zq81';
    const comment = (lessonId: number) =>
      call<CommentThread>(t, 'POST', '/comment/create', {
        token: o.user.token,
        body: { lessonId, ...ANCHOR, quote: SECRET, body: SECRET },
      });
    await comment(l1);
    await comment(l2);
    const resolved = (await comment(l2)).data;
    await call(t, 'POST', '/comment/resolve', {
      token: o.user.token,
      body: { threadId: resolved.commentId },
    });
    const checked = await check();
    expect(checked.ready).toBe(true);
    expect(checked.warnings).toEqual([
      {
        key: 'unresolvedComments',
        count: 2,
        lessons: [
          { lessonId: l1, title: '甲', count: 1 },
          { lessonId: l2, title: '乙', count: 1 },
        ],
      },
    ]);
    expect(
      (await call(t, 'POST', '/course/release', { token: o.user.token, body: { courseId: c.courseId } }))
        .code,
    ).toBe(200);

    const share = await call<{ shareId: string }>(t, 'POST', '/share/create', {
      token: o.user.token,
      body: { courseId: c.courseId, allowCopy: false },
    });
    const payloads = [
      await call(t, 'GET', '/lesson/detail', { token: o.user.token, query: { lessonId: String(l1) } }),
      await call(t, 'GET', '/course/preview', {
        token: o.user.token,
        query: { courseId: String(c.courseId) },
      }),
      await call(t, 'GET', '/store/course', {
        token: stranger.token,
        query: { courseId: String(c.courseId) },
      }),
      await call(t, 'GET', '/share/view', { query: { shareId: share.data.shareId } }),
      await call(t, 'GET', '/learn/course', { token: o.user.token, query: { courseId: String(c.courseId) } }),
    ];
    for (const p of payloads) {
      expect(p.code).toBe(200);
      expect(JSON.stringify(p.data)).toContain('正文一');
      expect(JSON.stringify(p.data)).not.toContain(SECRET);
    }
    const released = await t.app.ctx.db.execute(
      sql`select snapshot::text as s from course_releases where course_id = ${c.courseId}`,
    );
    expect(String(released.rows[0]!.s)).not.toContain(SECRET);
  });
});

describe('OpenAPI', () => {
  it('documents every comment route and the comment codes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
      info: { description: string };
    };
    for (const path of Object.values(Routes.comment)) expect(doc.paths).toHaveProperty([`/api${path}`]);
    expect(doc.info.description).toContain('| 70101 | errors.commentMentionNotMember |');
  });
});

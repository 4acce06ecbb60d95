import {
  chinaDay,
  Code,
  DAY_MS,
  type Notification,
  type NotificationSetting,
  type Page,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../platform/domain-events.ts';
import { addByInvitation, call, createUser, newPhone, teamOwner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The user's notices but the invitation that made them a member in `team()` (read there). */
const list = async (token: string, query: Record<string, string> = {}) => {
  const page = (await call<Page<Notification>>(t, 'GET', '/notification/list', { token, query })).data;
  const setUp = (n: Notification) => n.kind === 'team.invited' && n.params.teamName === '测试团队';
  return {
    ...page,
    list: page.list.filter((n) => !setUp(n)),
    total: page.total - page.list.filter(setUp).length,
  };
};
const unread = async (token: string) =>
  (await call<{ count: number }>(t, 'GET', '/notification/unread', { token })).data.count;
const publish = (event: DomainEvent) => t.app.ctx.domainEvents.publish(t.app.ctx.db, event);

/** An OWNER's team with one MEMBER, the member's current team being it. */
async function team() {
  const { user: owner, team: created } = await teamOwner(t);
  const phone = newPhone();
  const member = { ...(await createUser(t, phone)), phone };
  await addByInvitation(t, owner.token, member);
  await call(t, 'POST', '/team/change', { token: member.token, body: { teamId: created.teamId } });
  await call(t, 'POST', '/notification/read-all', { token: member.token });
  return { owner, member, teamId: created.teamId as number };
}

describe('each event becomes its notice', () => {
  it('gives every kind to its users, with its link, newest first', async () => {
    const { owner, member, teamId } = await team();
    const u = member.userId;
    const events: [DomainEvent, Notification['kind'], string | null][] = [
      [
        { type: 'team.invited', teamId, teamName: '销售部', userId: u, inviterName: '张三' },
        'team.invited',
        '/selectTeam',
      ],
      [
        { type: 'team.joinRequested', teamId, requestId: 1, requesterName: '李四', adminIds: [u] },
        'team.joinRequest',
        '/personal/team',
      ],
      [
        { type: 'refund.decided', teamId, userId: u, orderId: 7, courseTitle: '课', approved: true },
        'refund.decided',
        '/personal/trade?orderId=7',
      ],
      [
        { type: 'invoice.issued', teamId, userId: u, invoiceId: 3, orderId: 8, title: '发票' },
        'invoice.issued',
        '/personal/trade?orderId=8',
      ],
      [
        {
          type: 'comment.posted',
          teamId,
          authorName: '王五',
          courseId: 5,
          lessonId: 6,
          threadId: 1,
          mentionedIds: [u],
          repliedIds: [],
        },
        'comment.mention',
        '/create/course/5/Lesson/6',
      ],
      [
        {
          type: 'comment.posted',
          teamId,
          authorName: '王五',
          courseId: 5,
          lessonId: null,
          threadId: 1,
          mentionedIds: [],
          repliedIds: [u],
        },
        'comment.reply',
        '/create/course/5',
      ],
      [
        { type: 'task.assigned', teamId, taskId: 9, title: '必修', dueDay: '2026-12-01', userIds: [u] },
        'task.assigned',
        '/learn?task=9',
      ],
      [
        {
          type: 'exam.graded',
          teamId,
          userId: u,
          examId: 2,
          attemptId: 4,
          title: '考试',
          score: 90,
          passed: true,
          courseId: null,
          learnerName: '学员',
          teamName: '团队',
        },
        'exam.result',
        '/exams/attempt/4',
      ],
      [
        { type: 'media.transcoded', teamId, userId: u, mediaId: 1, name: 'a.mp4', ok: true },
        'media.transcoded',
        null,
      ],
      [
        { type: 'media.transcoded', teamId, userId: u, mediaId: 1, name: 'a.mp4', ok: false },
        'media.transcodeFailed',
        null,
      ],
      [
        { type: 'ai.finished', teamId, userId: u, jobId: 11, title: 'AI 课', ok: true },
        'ai.done',
        '/ai/progress?jobId=11',
      ],
      [
        { type: 'ai.finished', teamId, userId: u, jobId: 12, title: 'AI 课', ok: false },
        'ai.failed',
        '/ai/progress?jobId=12',
      ],
    ];
    for (const [event] of events) await publish(event);
    const page = await list(member.token, { pageSize: '50' });
    expect(page.list.map((n) => [n.kind, n.link])).toEqual(
      events.map(([, kind, link]) => [kind, link]).reverse(),
    );
    expect(page.list.find((n) => n.kind === 'exam.result')?.params).toEqual({
      title: '考试',
      score: 90,
      passed: 1,
    });
    expect(await unread(member.token)).toBe(events.length);
    // Nothing reached anyone else.
    expect((await list(owner.token)).total).toBe(0);
  });

  it('tells the buyers of a sold course of its new release', async () => {
    const { buyer, seller } = await import('../../../test/store-factories.ts');
    const { buy } = await import('../../../test/learning-factories.ts');
    const s = await seller(t, '新版课程', 990);
    const b = await buyer(t);
    await buy(t, b.user.token, s.courseId);
    await publish({ type: 'course.released', courseId: s.courseId, releaseId: 1 });
    const page = await list(b.user.token);
    expect(page.list.map((n) => [n.kind, n.params.title, n.link])).toEqual([
      ['course.newRelease', '新版课程', `/learn/course/${s.courseId}`],
    ]);
  });

  it('tells the members a new learning task reaches (assigned through the endpoint)', async () => {
    const { buyer, seller } = await import('../../../test/store-factories.ts');
    const { buy } = await import('../../../test/learning-factories.ts');
    const s = await seller(t, '数据分析课', 990);
    const { user: owner, team: bought } = await buyer(t);
    await buy(t, owner.token, s.courseId);
    const member = await createUser(t);
    await addByInvitation(t, owner.token, member);
    await call(t, 'POST', '/team/change', { token: member.token, body: { teamId: bought.teamId } });
    const course = { courseId: s.courseId };
    const res = await call(t, 'POST', '/training/task/create', {
      token: owner.token,
      body: {
        title: '新员工必修',
        kind: 'required',
        startDay: chinaDay(Date.now()),
        dueDay: chinaDay(Date.now() + 3 * DAY_MS),
        courseIds: [course.courseId],
        userIds: [member.userId],
        groupIds: [],
      },
    });
    expect(res.code).toBe(200);
    const [n] = (await list(member.token)).list;
    expect(n).toMatchObject({ kind: 'task.assigned', params: { title: '新员工必修' }, read: false });
    expect(n!.link).toBe(`/learn?task=${(res.data as { taskId: number }).taskId}`);
  });
  it('tells an invitee through the real invitation, as their own notice (no team yet)', async () => {
    const { user: owner } = await teamOwner(t);
    const invitee = await createUser(t);
    const res = await call(t, 'POST', '/team/user/invite/join', {
      token: owner.token,
      body: { userId: invitee.userId },
    });
    expect(res.code).toBe(200);
    const page = (await call<Page<Notification>>(t, 'GET', '/notification/list', { token: invitee.token }))
      .data;
    expect(page.list.map((n) => [n.kind, n.teamId, n.params.teamName, n.link])).toEqual([
      ['team.invited', null, '测试团队', '/selectTeam'],
    ]);
  });
});

describe('reads are the user’s own', () => {
  it('marks one read, then all; another user’s id and another team’s notice answer 404', async () => {
    const a = await team();
    const b = await team();
    const give = (userId: number, teamId: number, title: string) =>
      publish({ type: 'task.assigned', teamId, taskId: 1, title, dueDay: '2026-12-01', userIds: [userId] });
    await give(a.member.userId, a.teamId, 'A1');
    await give(a.member.userId, a.teamId, 'A2');
    await give(b.member.userId, b.teamId, 'B1');
    // a.member also hears of b's team, which is not their current team: not shown, not readable.
    await give(a.member.userId, b.teamId, 'other team');
    const mine = (await list(a.member.token)).list;
    expect(mine.map((n) => n.params.title)).toEqual(['A2', 'A1']);
    const theirs = (await list(b.member.token)).list[0]!;

    const refused = await call(t, 'POST', '/notification/read', {
      token: a.member.token,
      body: { id: theirs.id },
    });
    expect(refused.code).toBe(Code.NOT_FOUND);
    expect(await unread(b.member.token)).toBe(1);

    const read = await call<{ count: number }>(t, 'POST', '/notification/read', {
      token: a.member.token,
      body: { id: mine[1]!.id },
    });
    expect(read.data.count).toBe(1);
    expect((await list(a.member.token, { unread: 'true' })).list.map((n) => n.params.title)).toEqual(['A2']);
    const all = await call<{ count: number }>(t, 'POST', '/notification/read-all', { token: a.member.token });
    expect(all.data.count).toBe(0);
    // 全部已读 reached neither the other user nor the other team's notice.
    expect(await unread(b.member.token)).toBe(1);
    await call(t, 'POST', '/team/change', { token: a.member.token, body: { teamId: b.teamId } });
    expect(await unread(a.member.token)).toBe(0);
  });

  it('refuses bad input without a 5xx', async () => {
    const { member } = await team();
    for (const body of [{ id: 0 }, { id: 'x' }, {}]) {
      const res = await call(t, 'POST', '/notification/read', { token: member.token, body });
      expect(res.code).toBe(Code.BAD_REQUEST);
    }
    const res = await call(t, 'POST', '/notification/settings/save', {
      token: member.token,
      body: { list: [{ kind: 'nope', inApp: true, sms: false }] },
    });
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect((await call(t, 'GET', '/notification/unread', {})).code).toBe(Code.UNAUTHORIZED);
  });
});

describe('settings', () => {
  it('mutes a kind in the app and keeps SMS only for reminder kinds', async () => {
    const { member, teamId } = await team();
    const save = await call<{ list: NotificationSetting[] }>(t, 'POST', '/notification/settings/save', {
      token: member.token,
      body: {
        list: [
          { kind: 'exam.result', inApp: false, sms: true },
          { kind: 'task.assigned', inApp: true, sms: true },
        ],
      },
    });
    expect(save.code).toBe(200);
    const byKind = new Map(save.data.list.map((s) => [s.kind, s]));
    expect(byKind.get('exam.result')).toEqual({ kind: 'exam.result', inApp: false, sms: false });
    expect(byKind.get('task.assigned')).toEqual({ kind: 'task.assigned', inApp: true, sms: true });
    expect(byKind.get('ai.done')).toEqual({ kind: 'ai.done', inApp: true, sms: false });

    const texted = t.sms.notices.length;
    await publish({
      type: 'exam.graded',
      teamId,
      userId: member.userId,
      examId: 1,
      attemptId: 1,
      title: '考',
      score: 1,
      passed: false,
      courseId: null,
      learnerName: '学员',
      teamName: '团队',
    });
    await publish({
      type: 'task.assigned',
      teamId,
      taskId: 3,
      title: '任务',
      dueDay: '2026-12-01',
      userIds: [member.userId],
    });
    expect((await list(member.token)).list.map((n) => n.kind)).toEqual(['task.assigned']);
    expect(t.sms.notices.slice(texted).map((n) => [n.phone, n.text])).toEqual([
      [member.phone, '【学习任务】您有新的学习任务「任务」，请于 2026-12-01 前完成。'],
    ]);
  });
});

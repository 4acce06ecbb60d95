import { chinaDay, DAY_MS, type Notification, type Page } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createUser, newPhone } from '../../../test/factories.ts';
import { buy } from '../../../test/learning-factories.ts';
import { buyer, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buyerTeam, completeCourse, judgeExam, takeJudgeExam } from '../../../test/training-factories.ts';
import { remindTasks } from './index.ts';

// Two app instances on one database: two processes running the same schedule.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, {}, { databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const kinds = async (token: string) =>
  (await call<Page<Notification>>(a, 'GET', '/notification/list', { token })).data.list
    .filter((n) => n.kind !== 'task.assigned' && n.kind !== 'team.invited')
    .map((n) => n.kind);

/** A bought course, a task on it due in 3 days for two members, one of whom opts into SMS reminders. */
async function setUp(now: number) {
  const s = await seller(a, '合规培训', 990);
  const { user: owner, team } = await buyer(a);
  await buy(a, owner.token, s.courseId);
  const phone = newPhone();
  const texted = await createUser(a, phone);
  const quiet = await createUser(a);
  for (const m of [texted, quiet]) {
    await addByInvitation(a, owner.token, m);
    await call(a, 'POST', '/team/change', { token: m.token, body: { teamId: team.teamId } });
  }
  await call(a, 'POST', '/notification/settings/save', {
    token: texted.token,
    body: { list: ['task.dueSoon', 'task.overdue'].map((kind) => ({ kind, inApp: true, sms: true })) },
  });
  const res = await call<{ taskId: number }>(a, 'POST', '/training/task/create', {
    token: owner.token,
    body: {
      title: '年度合规',
      kind: 'required',
      startDay: chinaDay(now),
      dueDay: chinaDay(now + 3 * DAY_MS),
      courseIds: [s.courseId],
      userIds: [texted.userId, quiet.userId],
      groupIds: [],
    },
  });
  expect(res.code).toBe(200);
  return { texted, quiet, phone };
}

describe('task reminders', () => {
  it('reminds each member once before the due day and once when overdue, across two instances', async () => {
    const start = Date.now();
    const { texted, quiet, phone } = await setUp(start);
    const sms = () =>
      [...a.sms.notices, ...b.sms.notices].filter((n) => n.phone === phone).map((n) => n.text);
    const tick = (at: number) =>
      Promise.all([remindTasks(a.app.ctx, new Date(at), 1), remindTasks(b.app.ctx, new Date(at), 1)]);

    // Today is three days out: nothing is due yet.
    await tick(start);
    expect(await kinds(quiet.token)).toEqual([]);

    // The clock moves to the day before the due day: both instances, twice each.
    const dayBefore = start + 2 * DAY_MS;
    await tick(dayBefore);
    await tick(dayBefore + 60_000);
    expect(await kinds(quiet.token)).toEqual(['task.dueSoon']);
    expect(await kinds(texted.token)).toEqual(['task.dueSoon']);
    expect(sms()).toEqual([
      '【学习提醒】学习任务「年度合规」将于 ' + chinaDay(start + 3 * DAY_MS) + ' 截止，请尽快完成。',
    ]);

    // The due day has ended.
    const after = start + 4 * DAY_MS;
    await tick(after);
    await tick(after + 3_600_000);
    expect(await kinds(quiet.token)).toEqual(['task.overdue', 'task.dueSoon']);
    expect(sms()).toHaveLength(2);
    expect(sms()[1]).toContain('已于');
  });

  it('reminds a member done with the courses but not the exam, never one who also passed it', async () => {
    const start = Date.now();
    const team = await buyerTeam(a, '考试提醒课');
    const exam = await judgeExam(a, team.owner.token);
    const res = await call<{ taskId: number }>(a, 'POST', '/training/task/create', {
      token: team.owner.token,
      body: {
        title: '带考试的任务',
        kind: 'required',
        startDay: chinaDay(start),
        dueDay: chinaDay(start + 3 * DAY_MS),
        courseIds: [team.courseId],
        examId: exam.examId,
        userIds: [team.member.userId, team.admin.userId],
        groupIds: [],
      },
    });
    expect(res.code).toBe(200);
    // Both finish the course; only the ADMIN passes the exam as well.
    for (const m of [team.member, team.admin]) await completeCourse(a, m.token, team.courseId);
    await takeJudgeExam(a, team.admin.token, exam.examId, true);

    await remindTasks(a.app.ctx, new Date(start + 2 * DAY_MS), 1);
    const reminders = async (token: string) => (await kinds(token)).filter((k) => k.startsWith('task.'));
    expect(await reminders(team.member.token)).toEqual(['task.dueSoon']);
    expect(await reminders(team.admin.token)).toEqual([]);
  });
});

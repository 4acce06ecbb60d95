/**
 * A task's members a page at a time (the report's and the team centre's table): the report's order
 * (overdue, to do, done; by name within each) kept across pages, narrowed by state and by group,
 * the headline figures still over every member; bad paging answers 400, another team's task or
 * group 404, a MEMBER 403.
 */
import {
  Code,
  type TaskMembersPage,
  type TaskReport,
  type TrainingGroup,
  type TrainingTaskDetail,
  type UserInfo,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buyerTeam, completeCourse, day, memberOf } from '../../../test/training-factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof buyerTeam>>;
let taskId: number;
/** The five assignees by name: 甲 (the owner) … 戊. */
let people: UserInfo[];
let groupId: number;

const get = <T = unknown>(token: string, path: string, query: Record<string, string | number> = {}) =>
  call<T>(t, 'GET', `/training/${path}`, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const page = (query: Record<string, string | number>, token = team.owner.token) =>
  get<TaskMembersPage>(token, 'report/task/members', { taskId, ...query });
const names = (p: { data: TaskMembersPage }) => p.data.list.map((m) => m.nickName);

beforeAll(async () => {
  t = await createTestApp();
  team = await buyerTeam(t);
  const more = [
    await memberOf(t, team.owner.token, team.teamId),
    await memberOf(t, team.owner.token, team.teamId),
  ];
  people = [team.owner, team.member, team.admin, ...more];
  // Names in the roster's order (甲 … 戊 as A … E, so any collation sorts them alike).
  for (const [i, p] of people.entries()) {
    const nickName = `${'ABCDE'[i]} 学员`;
    await call(t, 'POST', '/user/modify', { token: p.token, body: { nickName } });
    p.nickName = nickName;
  }
  // Due yesterday: who has not completed the course is overdue; B and D completed it.
  const { data: task } = await call<TrainingTaskDetail>(t, 'POST', '/training/task/create', {
    token: team.owner.token,
    body: {
      title: '逾期的任务',
      kind: 'required',
      startDay: day(-5),
      dueDay: day(-1),
      courseIds: [team.courseId],
      userIds: people.map((p) => p.userId),
      groupIds: [],
    },
  });
  taskId = task.taskId;
  await completeCourse(t, people[1]!.token, team.courseId);
  await completeCourse(t, people[3]!.token, team.courseId);
  const { data: group } = await call<TrainingGroup>(t, 'POST', '/training/group/create', {
    token: team.owner.token,
    body: { name: '销售部' },
  });
  groupId = group.groupId;
  await call(t, 'POST', '/training/group/member/add', {
    token: team.owner.token,
    body: { groupId, userIds: [people[0]!.userId, people[1]!.userId] },
  });
});
afterAll(() => t?.close());

describe("a task's members, paged by the server", () => {
  it('pages in the report’s order (overdue, then done; by name), the total over every member', async () => {
    const first = await page({ pageNum: 1, pageSize: 2 });
    expect(first.data).toMatchObject({ total: 5, pageNum: 1, pageSize: 2 });
    const second = await page({ pageNum: 2, pageSize: 2 });
    const third = await page({ pageNum: 3, pageSize: 2 });
    expect([...names(first), ...names(second), ...names(third)]).toEqual([
      'A 学员',
      'C 学员',
      'E 学员',
      'B 学员',
      'D 学员',
    ]);
    expect(first.data.list[0]).toMatchObject({ state: 'overdue', completedCourses: 0, doneAt: null });
    expect(third.data.list[0]).toMatchObject({ state: 'done', completedCourses: 1 });
    // Past the end: an empty page, the same total.
    expect((await page({ pageNum: 4, pageSize: 2 })).data).toMatchObject({ list: [], total: 5 });
  });

  it('narrows to one state and to a group; the report’s figures stay over every member', async () => {
    const done = await page({ state: 'done', pageSize: 20 });
    expect(names(done)).toEqual(['B 学员', 'D 学员']);
    expect(done.data.total).toBe(2);
    expect(names(await page({ state: 'overdue', pageSize: 20 }))).toEqual(['A 学员', 'C 学员', 'E 学员']);
    expect((await page({ state: 'todo' })).data).toMatchObject({ list: [], total: 0 });
    expect(names(await page({ groupId }))).toEqual(['A 学员', 'B 学员']);
    expect(names(await page({ groupId, state: 'done' }))).toEqual(['B 学员']);

    const report = await get<TaskReport>(team.owner.token, 'report/task', { taskId });
    expect(report.data).toMatchObject({ assigneeCount: 5, doneCount: 2, overdueCount: 3, completion: 40 });
    expect(report.data).not.toHaveProperty('members');
  });

  it('answers bad paging with a 400 naming the field, never a 5xx', async () => {
    const cases: Record<string, string | number>[] = [
      { pageNum: 0 },
      { pageNum: 'x' },
      { pageSize: 0 },
      { pageSize: 101 },
      { pageSize: 2.5 },
      { state: 'late' },
      { groupId: -1 },
    ];
    for (const query of cases) {
      const res = await page(query);
      expect({ query, status: res.status, code: res.code }).toEqual({ query, status: 400, code: 400 });
      expect(res.msg).toContain(Object.keys(query)[0]);
    }
    const noTask = await get(team.owner.token, 'report/task/members', {});
    expect(noTask.status).toBe(400);
  });

  it("refuses a MEMBER (403) and another team's task or group (404)", async () => {
    expect((await page({}, team.member.token)).code).toBe(Code.FORBIDDEN);
    const theirs = await buyerTeam(t, '别人的课');
    const { data: theirTask } = await call<TrainingTaskDetail>(t, 'POST', '/training/task/create', {
      token: theirs.owner.token,
      body: {
        title: '别人的任务',
        kind: 'required',
        startDay: day(0),
        dueDay: day(3),
        courseIds: [theirs.courseId],
        userIds: [theirs.member.userId],
        groupIds: [],
      },
    });
    const { data: theirGroup } = await call<TrainingGroup>(t, 'POST', '/training/group/create', {
      token: theirs.owner.token,
      body: { name: '组' },
    });
    const foreignTask = await get(team.owner.token, 'report/task/members', { taskId: theirTask.taskId });
    expect(foreignTask.code).toBe(Code.NOT_FOUND);
    expect((await page({ groupId: theirGroup.groupId })).code).toBe(Code.NOT_FOUND);
  });
});

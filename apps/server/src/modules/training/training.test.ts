import {
  Code,
  type LearnCourseItem,
  type MyTrainingTask,
  type TrainingGroup,
  type TrainingTask,
  type TrainingTaskDetail,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createUser, teamOwner } from '../../../test/factories.ts';
import { releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import * as training from '../../../test/training-factories.ts';
import { day } from '../../../test/training-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = unknown>(token: string, path: string, body: unknown) =>
  call<T>(t, 'POST', `/training/${path}`, { token, body });
const get = <T = unknown>(token: string, path: string, query: Record<string, string> = {}) =>
  call<T>(t, 'GET', `/training/${path}`, { token, query });

const taskBody = (courseIds: number[], over: Record<string, unknown> = {}) => ({
  title: '新员工必修',
  kind: 'required',
  startDay: day(0),
  dueDay: day(3),
  courseIds,
  userIds: [],
  groupIds: [],
  ...over,
});

const buyerTeam = () => training.buyerTeam(t);
const completeCourse = (token: string, courseId: number) => training.completeCourse(t, token, courseId);

const mine = async (token: string) => (await get<{ list: MyTrainingTask[] }>(token, 'task/mine')).data.list;

describe('member groups', () => {
  it('OWNER/ADMIN make, rename, fill and delete groups; a member may be in several', async () => {
    const { owner, admin, member } = await buyerTeam();
    const sales = await post<TrainingGroup>(owner.token, 'group/create', { name: '销售部' });
    expect(sales.code).toBe(200);
    const north = await post<TrainingGroup>(admin.token, 'group/create', { name: '华北区' });
    expect(north.code).toBe(200);
    for (const g of [sales.data, north.data]) {
      const added = await post(owner.token, 'group/member/add', {
        groupId: g.groupId,
        userIds: [member.userId],
      });
      expect(added.code).toBe(200);
    }
    const renamed = await post(admin.token, 'group/rename', {
      groupId: north.data.groupId,
      name: '华北销售',
    });
    expect(renamed.code).toBe(200);
    let list = (await get<{ list: TrainingGroup[] }>(owner.token, 'group/list')).data.list;
    expect(list.map((g) => [g.name, g.members.map((m) => m.userId)])).toEqual([
      ['销售部', [member.userId]],
      ['华北销售', [member.userId]],
    ]);
    await post(owner.token, 'group/member/remove', { groupId: sales.data.groupId, userIds: [member.userId] });
    await post(owner.token, 'group/delete', { groupId: north.data.groupId });
    list = (await get<{ list: TrainingGroup[] }>(owner.token, 'group/list')).data.list;
    expect(list.map((g) => [g.name, g.members.length])).toEqual([['销售部', 0]]);
  });

  it('refuses a MEMBER, a name taken, and anything of another team (404), changing nothing', async () => {
    const { owner, member } = await buyerTeam();
    const other = await teamOwner(t);
    const stranger = await createUser(t);
    const { data: group } = await post<TrainingGroup>(owner.token, 'group/create', { name: '销售部' });
    const { data: theirs } = await post<TrainingGroup>(other.user.token, 'group/create', {
      name: '他们的组',
    });

    expect((await post(member.token, 'group/create', { name: '市场部' })).code).toBe(Code.FORBIDDEN);
    expect((await get(member.token, 'group/list')).code).toBe(Code.FORBIDDEN);
    const add = { groupId: group.groupId, userIds: [member.userId] };
    expect((await post(member.token, 'group/member/add', add)).code).toBe(Code.FORBIDDEN);
    const taken = await post(owner.token, 'group/create', { name: '销售部' });
    expect(taken).toMatchObject({ code: Code.TRAINING_GROUP_NAME_TAKEN, msg: '已有同名分组' });
    // Another team's group, and someone who is not in the team (another team's owner, or nobody's).
    for (const [path, body] of [
      ['group/rename', { groupId: theirs.groupId, name: '改名' }],
      ['group/delete', { groupId: theirs.groupId }],
      ['group/member/add', { groupId: theirs.groupId, userIds: [member.userId] }],
      ['group/member/add', { groupId: group.groupId, userIds: [member.userId, other.user.userId] }],
      ['group/member/add', { groupId: group.groupId, userIds: [stranger.userId] }],
    ] as const) {
      expect({ path, code: (await post(owner.token, path, body)).code }).toEqual({
        path,
        code: Code.NOT_FOUND,
      });
    }
    const list = (await get<{ list: TrainingGroup[] }>(owner.token, 'group/list')).data.list;
    expect(list).toEqual([expect.objectContaining({ name: '销售部', members: [] })]);
    const theirList = (await get<{ list: TrainingGroup[] }>(other.user.token, 'group/list')).data.list;
    expect(theirList.map((g) => g.name)).toEqual(['他们的组']);
  });
});

describe('learning tasks', () => {
  it('a member who completes the course is done on the task, as the certificate says', async () => {
    const { owner, member, courseId } = await buyerTeam();
    const created = await post<TrainingTaskDetail>(
      owner.token,
      'task/create',
      taskBody([courseId], { userIds: [member.userId] }),
    );
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ state: 'open', examId: null, assigneeCount: 1, completion: 0 });
    expect(await mine(member.token)).toEqual([
      expect.objectContaining({
        title: '新员工必修',
        state: 'todo',
        courses: [{ courseId, title: '数据分析课', completed: false }],
      }),
    ]);

    await completeCourse(member.token, courseId);
    const learned = await call<{ list: LearnCourseItem[] }>(t, 'GET', '/learn/list', { token: member.token });
    expect(learned.data.list[0]!.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
    expect((await mine(member.token))[0]).toMatchObject({ state: 'done' });
    const detail = await get<TrainingTaskDetail>(owner.token, 'task/detail', {
      taskId: String(created.data.taskId),
    });
    expect(detail.data).toMatchObject({ completion: 100, doneCount: 1, overdueCount: 0 });
    expect(detail.data.members).toEqual([
      expect.objectContaining({
        userId: member.userId,
        state: 'done',
        completedCourses: 1,
        doneAt: expect.any(Number),
      }),
    ]);
  });

  it('a member added to a group later gets its open tasks; the overdue are listed', async () => {
    const { owner, member, admin, courseId } = await buyerTeam();
    const { data: group } = await post<TrainingGroup>(owner.token, 'group/create', { name: '销售部' });
    const created = await post<TrainingTaskDetail>(
      owner.token,
      'task/create',
      taskBody([courseId], { groupIds: [group.groupId], startDay: day(-5), dueDay: day(-1) }),
    );
    expect(created.code).toBe(200);
    expect(created.data.assigneeCount).toBe(0);
    expect(await mine(member.token)).toEqual([]);

    await post(owner.token, 'group/member/add', {
      groupId: group.groupId,
      userIds: [member.userId, admin.userId],
    });
    expect((await mine(member.token)).map((task) => [task.taskId, task.state])).toEqual([
      [created.data.taskId, 'overdue'],
    ]);
    await completeCourse(admin.token, courseId);
    const list = (await get<{ list: TrainingTask[] }>(owner.token, 'task/list')).data.list;
    expect(list[0]).toMatchObject({ assigneeCount: 2, doneCount: 1, overdueCount: 1, completion: 50 });
    const detail = await get<TrainingTaskDetail>(owner.token, 'task/detail', {
      taskId: String(created.data.taskId),
    });
    const states = Object.fromEntries(detail.data.members.map((m) => [m.userId, m.state]));
    expect(states).toEqual({ [member.userId]: 'overdue', [admin.userId]: 'done' });
  });

  it('cancelling hides the task from the member and keeps their progress; a cancelled task stays as it was', async () => {
    const { owner, member, courseId } = await buyerTeam();
    const { data: task } = await post<TrainingTaskDetail>(
      owner.token,
      'task/create',
      taskBody([courseId], { userIds: [member.userId] }),
    );
    await completeCourse(member.token, courseId);
    const edited = await post<TrainingTaskDetail>(owner.token, 'task/modify', {
      ...taskBody([courseId], { userIds: [member.userId], title: '改名后的任务', kind: 'elective' }),
      taskId: task.taskId,
    });
    expect(edited.data).toMatchObject({ title: '改名后的任务', kind: 'elective', completion: 100 });
    expect((await post(owner.token, 'task/cancel', { taskId: task.taskId })).code).toBe(200);
    expect(await mine(member.token)).toEqual([]);
    const learned = await call<{ list: LearnCourseItem[] }>(t, 'GET', '/learn/list', { token: member.token });
    expect(learned.data.list[0]).toMatchObject({ courseId, progress: 100, completedAt: expect.any(Number) });
    const detail = await get<TrainingTaskDetail>(owner.token, 'task/detail', { taskId: String(task.taskId) });
    expect(detail.data).toMatchObject({ state: 'cancelled', completion: 100 });
    const again = await post(owner.token, 'task/modify', {
      ...taskBody([courseId], { userIds: [member.userId] }),
      taskId: task.taskId,
    });
    expect(again.code).toBe(Code.TRAINING_TASK_CANCELLED);
  });

  it('refuses bad input and rights with a code, changing nothing', async () => {
    const { owner, member, admin, courseId } = await buyerTeam();
    const other = await teamOwner(t);
    const { data: theirGroup } = await post<TrainingGroup>(other.user.token, 'group/create', {
      name: '他们的组',
    });
    // A store course the team did not buy, and another team's draft (never released: unseen).
    const unbought = await seller(t, '没买的课', 500);
    const draft = await createCourse(t, other.user.token, '草稿课');
    const assign = { userIds: [member.userId] };
    const cases: [string, string, unknown, number][] = [
      ['a MEMBER', member.token, taskBody([courseId], assign), Code.FORBIDDEN],
      [
        'a course not bought',
        owner.token,
        taskBody([unbought.courseId], assign),
        Code.TRAINING_COURSE_NOT_HELD,
      ],
      ["another team's draft", owner.token, taskBody([draft.courseId], assign), Code.NOT_FOUND],
      [
        'due before start',
        owner.token,
        taskBody([courseId], { ...assign, startDay: day(2), dueDay: day(1) }),
        Code.TRAINING_DUE_BEFORE_START,
      ],
      ['no assignee', owner.token, taskBody([courseId]), Code.TRAINING_NO_ASSIGNEES],
      [
        "another team's group",
        owner.token,
        taskBody([courseId], { groupIds: [theirGroup.groupId] }),
        Code.NOT_FOUND,
      ],
      [
        "another team's member",
        admin.token,
        taskBody([courseId], { userIds: [other.user.userId] }),
        Code.NOT_FOUND,
      ],
      [
        'too many courses',
        owner.token,
        taskBody(
          Array.from({ length: 21 }, (_, i) => i + 1),
          assign,
        ),
        Code.BAD_REQUEST,
      ],
      [
        'too many members',
        owner.token,
        taskBody([courseId], { userIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
        Code.BAD_REQUEST,
      ],
      ['no date', owner.token, taskBody([courseId], { ...assign, dueDay: '2026-02-30' }), Code.BAD_REQUEST],
    ];
    for (const [name, token, body, code] of cases) {
      const res = await post(token, 'task/create', body);
      expect({ name, code: res.code }).toEqual({ name, code });
      expect(res.msg).not.toBe('');
    }
    expect((await get<{ list: TrainingTask[] }>(owner.token, 'task/list')).data.list).toEqual([]);
    expect((await get(member.token, 'task/list')).code).toBe(Code.FORBIDDEN);

    // Another team's task: 404 to read, edit or cancel.
    const { data: theirTask } = await post<TrainingTaskDetail>(other.user.token, 'task/create', {
      ...taskBody([], {}),
      courseIds: [await releasedCourse(t, other.user.token, '别人的课', 0)],
      userIds: [other.user.userId],
    });
    expect(theirTask.taskId).toEqual(expect.any(Number));
    const { data: ours } = await post<TrainingTaskDetail>(
      owner.token,
      'task/create',
      taskBody([courseId], assign),
    );
    for (const taskId of [ours.taskId + 1000, theirTask.taskId]) {
      expect((await get(owner.token, 'task/detail', { taskId: String(taskId) })).code).toBe(Code.NOT_FOUND);
      expect((await post(owner.token, 'task/cancel', { taskId })).code).toBe(Code.NOT_FOUND);
    }
    expect((await post(member.token, 'task/cancel', { taskId: ours.taskId })).code).toBe(Code.FORBIDDEN);
  });
});

describe('a task and its notices', () => {
  it('commit together: a notice that cannot be written leaves no task behind', async () => {
    const b = await buyerTeam();
    const listed = async () =>
      (await get<{ list: TrainingTask[] }>(b.owner.token, 'task/list')).data.list.map((x) => x.title);
    const before = await listed();
    t.app.ctx.domainEvents.on('task.assigned', () => Promise.reject(new Error('notices are down')));
    const res = await post(
      b.owner.token,
      'task/create',
      taskBody([b.courseId], { title: '不留半截', userIds: [b.member.userId] }),
    );
    expect(res.code).not.toBe(200);
    expect(await listed()).toEqual(before);
  });
});

import {
  Code,
  Routes,
  type CourseReport,
  type TaskReport,
  type TrainingTask,
  type TrainingTaskMember,
} from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session-store.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { team, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const task: TrainingTask = {
  taskId: 5,
  title: '安全培训',
  kind: 'required',
  startDay: '2026-11-01',
  dueDay: '2026-11-03',
  state: 'open',
  courses: [{ courseId: 11, title: '消防安全' }],
  userIds: [],
  groupIds: [],
  examId: 9,
  assigneeCount: 3,
  doneCount: 1,
  overdueCount: 1,
  completion: 33,
  createdAt: 1_700_000_000_000,
};
const member = (over: Partial<TrainingTaskMember>): TrainingTaskMember => ({
  userId: 2,
  nickName: '小红',
  state: 'done',
  completedCourses: 1,
  examPassed: true,
  examScore: 100,
  doneAt: 1_700_000_000_000,
  ...over,
});
const report: TaskReport = {
  taskId: 5,
  title: '安全培训',
  kind: 'required',
  state: 'open',
  startDay: '2026-11-01',
  dueDay: '2026-11-03',
  courseCount: 1,
  groupId: null,
  assigneeCount: 3,
  doneCount: 1,
  overdueCount: 1,
  completion: 33,
  exam: {
    examId: 9,
    title: '安全考试',
    passPercent: 60,
    takers: 2,
    passed: 1,
    passRate: 33,
    buckets: [
      { from: 0, to: 59, count: 1 },
      { from: 60, to: 69, count: 0 },
      { from: 70, to: 79, count: 0 },
      { from: 80, to: 89, count: 0 },
      { from: 90, to: 100, count: 1 },
    ],
  },
};
const members = [
  member({
    userId: 3,
    nickName: '小刚',
    state: 'overdue',
    completedCourses: 0,
    examPassed: false,
    examScore: 0,
    doneAt: null,
  }),
  member({
    userId: 4,
    nickName: '小李',
    state: 'todo',
    completedCourses: 0,
    examPassed: false,
    examScore: null,
    doneAt: null,
  }),
  member({}),
];
/** The server's page: the members of the asked state, on a task of 45 members (3 pages of 20). */
const memberPage = (params: { pageNum: number; pageSize: number; state?: string }) => {
  const list = params.state ? members.filter((m) => m.state === params.state) : members;
  return { list, total: params.state ? list.length : 45, pageNum: params.pageNum, pageSize: params.pageSize };
};

const course: CourseReport = {
  courseId: 11,
  title: '消防安全',
  groupId: null,
  learners: 4,
  completed: 1,
  completion: 25,
  lessons: [
    { lessonId: 1, title: '认识火灾', completed: 4, completion: 100, stopped: 0 },
    { lessonId: 2, title: '灭火器', completed: 1, completion: 25, stopped: 3 },
  ],
};

const asked = (path: string) =>
  mock.history.get.filter((r) => r.url === path).map((r) => r.params as unknown);

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.training.taskList).reply(...ok({ list: [task] }));
  mock
    .onGet(Routes.training.groupList)
    .reply(...ok({ list: [{ groupId: 7, name: '销售部', members: [], createdAt: 1 }] }));
  mock.onGet(Routes.training.reportTask).reply(...ok(report));
  mock
    .onGet(Routes.training.reportTaskMembers)
    .reply((config) => ok(memberPage(config.params as Parameters<typeof memberPage>[0])));
  mock.onGet(Routes.training.reportCourse).reply(...ok(course));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('/training/report (培训报告)', () => {
  it("shows a task's completion, pass rate, overdue members and both charts' figures as tables", async () => {
    renderApp('/training/report?taskId=5');
    expect(await screen.findByRole('img', { name: '完成率 33%，3 人中 1 人已完成' })).toBeTruthy();
    const states = screen.getByRole('table', { name: '成员完成情况' });
    expect(
      within(states)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['状态人数', '已完成1', '待完成1', '已逾期1']);
    expect(screen.getByRole('img', { name: '2 人参加考试，通过率 33%' })).toBeTruthy();
    const scores = screen.getByRole('table', { name: '「安全考试」成绩分布（最高分）' });
    expect(
      within(scores)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['分数段考试人数', '0–591', '60–690', '70–790', '80–890', '90–1001']);
    const red = within((await screen.findByText('小红')).closest('tr')!);
    expect(red.getByText('100 · 通过')).toBeTruthy();
    expect(asked(Routes.training.reportTask)).toEqual([{ taskId: 5 }]);
  });

  it('pages the members from the server, and filters them by state there', async () => {
    renderApp('/training/report?taskId=5');
    await screen.findByText('小红');
    expect(asked(Routes.training.reportTaskMembers)).toEqual([{ taskId: 5, pageNum: 1, pageSize: 20 }]);
    expect(screen.getByText('共 45 人')).toBeTruthy();
    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() =>
      expect(asked(Routes.training.reportTaskMembers)).toContainEqual({
        taskId: 5,
        pageNum: 2,
        pageSize: 20,
      }),
    );
    const filter = screen.getByRole('radiogroup', { name: '按状态筛选成员' });
    fireEvent.click(within(filter).getByRole('radio', { name: '已逾期' }));
    // A filter starts again at the first page; the rows are the server's answer.
    await waitFor(() =>
      expect(asked(Routes.training.reportTaskMembers).at(-1)).toEqual({
        taskId: 5,
        state: 'overdue',
        pageNum: 1,
        pageSize: 20,
      }),
    );
    await waitFor(() => expect(screen.queryByText('小红')).toBeNull());
    expect(screen.getByText('小刚')).toBeTruthy();
  });

  it('narrows to a group, and the course tab shows completion by lesson and where learners stop', async () => {
    renderApp('/training/report?taskId=5');
    await screen.findByText('小红');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按分组筛选' }));
    fireEvent.click(await screen.findByTitle('销售部'));
    await waitFor(() => expect(asked(Routes.training.reportTask)).toContainEqual({ taskId: 5, groupId: 7 }));
    await waitFor(() =>
      expect(asked(Routes.training.reportTaskMembers)).toContainEqual({
        taskId: 5,
        groupId: 7,
        pageNum: 1,
        pageSize: 20,
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: '按课程' }));
    const table = await screen.findByRole('table', { name: '「消防安全」各课时完成率' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['课时完成率停在此课时', '认识火灾100%0', '灭火器25%3']);
    expect(asked(Routes.training.reportCourse)).toEqual([{ courseId: 11, groupId: 7 }]);
  });

  it('downloads the .xlsx of the task report', async () => {
    const file = new Blob(['x']);
    mock.onGet(Routes.training.reportTaskExport).reply(200, file);
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp('/training/report?taskId=5');
    fireEvent.click(await screen.findByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(asked(Routes.training.reportTaskExport)).toEqual([{ taskId: 5, format: 'xlsx' }]);
  });

  it('a MEMBER is refused and no report is asked for', async () => {
    writeStoredUser(user({ lastTeam: team({ userTeamRole: 'MEMBER' }) }));
    renderApp('/training/report?taskId=5');
    expect(await screen.findByText('只有团队所有者和管理员可以查看培训报告')).toBeTruthy();
    expect(asked(Routes.training.reportTask)).toEqual([]);
  });
});

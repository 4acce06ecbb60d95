import {
  Code,
  Routes,
  type MyTrainingTask,
  type TrainingGroup,
  type TaskMembersPage,
  type TrainingTask,
  type TrainingTaskMember,
} from '@studio/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router';
import type { Dayjs } from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayjs, fromNow, setDayjsLanguage } from '../../lib/dayjs.ts';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { user } from '../../test/fixtures.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { useSession } from '../../lib/session-store.ts';
import { GroupsCard } from './groups-card.tsx';
import { MyTasks } from './my-tasks.tsx';
import { toTaskBody } from './task-form-modal.tsx';
import { TasksCard } from './tasks-card.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];
const show = (node: React.ReactNode) =>
  render(
    <TestProviders>
      <MemoryRouter>{node}</MemoryRouter>
    </TestProviders>,
  );

const myTask = (over: Partial<MyTrainingTask>): MyTrainingTask => ({
  taskId: 1,
  title: '新员工必修',
  kind: 'required',
  startDay: '2026-11-01',
  dueDay: '2026-12-01',
  state: 'todo',
  courses: [{ courseId: 11, title: '数据分析入门', completed: false }],
  exam: null,
  createdAt: 1_700_000_000_000,
  ...over,
});

const task = (over: Partial<TrainingTask> = {}): TrainingTask => ({
  taskId: 5,
  title: '销售培训',
  kind: 'elective',
  startDay: '2026-11-01',
  dueDay: '2026-11-03',
  state: 'open',
  courses: [{ courseId: 11, title: '数据分析入门' }],
  userIds: [],
  groupIds: [3],
  examId: null,
  assigneeCount: 3,
  doneCount: 1,
  overdueCount: 2,
  completion: 33,
  createdAt: Date.now() - 3 * 60_000,
  ...over,
});

beforeEach(() => useSession.setState({ status: 'ready', user: user() }));
afterEach(() => {
  mock.reset();
  queryClient.clear();
  setDayjsLanguage('zh-CN');
});

describe('我的任务', () => {
  it('picks out the task a notification links to (?task=), on its state’s tab, reading the list again when it is new', async () => {
    const first = [myTask({ taskId: 1, title: '要做的任务' })];
    // Task 3 was assigned after the list was first read.
    const later = [...first, myTask({ taskId: 3, title: '新布置的任务', state: 'done' })];
    mock.onGet(Routes.training.mine).replyOnce(...ok({ list: first, today: '2026-11-29' }));
    mock.onGet(Routes.training.mine).reply(...ok({ list: later, today: '2026-11-29' }));
    render(
      <TestProviders>
        <MemoryRouter initialEntries={['/learn?task=3']}>
          <MyTasks />
        </MemoryRouter>
      </TestProviders>,
    );
    // Asked once more, then shown on its tab (已完成), picked out.
    await waitFor(() =>
      expect(document.querySelector('[data-task="3"]')?.getAttribute('aria-current')).toBe('true'),
    );
    expect(screen.getByText('新布置的任务')).toBeTruthy();
    expect(screen.queryByText('要做的任务')).toBeNull();
  });

  it('shows the to-do tasks first, counts each state, and switches to the overdue ones', async () => {
    mock.onGet(Routes.training.mine).reply(
      ...ok({
        list: [
          myTask({ taskId: 1, title: '逾期的任务', state: 'overdue' }),
          myTask({ taskId: 2, title: '要做的任务' }),
          myTask({ taskId: 3, title: '做完的任务', state: 'done' }),
        ],
        today: '2026-11-29',
      }),
    );
    show(<MyTasks />);
    expect(await screen.findByText('要做的任务')).toBeTruthy();
    expect(screen.queryByText('逾期的任务')).toBeNull();
    expect(screen.getByRole('link', { name: '数据分析入门' }).getAttribute('href')).toBe('/learn/course/11');
    expect(screen.getByText('待完成 1')).toBeTruthy();
    fireEvent.click(screen.getByText('已逾期 1'));
    expect(await screen.findByText('逾期的任务')).toBeTruthy();
    expect(screen.queryByText('要做的任务')).toBeNull();
  });

  it('opens on 已逾期 when nothing is left to do', async () => {
    mock
      .onGet(Routes.training.mine)
      .reply(...ok({ list: [myTask({ title: '逾期的任务', state: 'overdue' })], today: '2026-11-29' }));
    show(<MyTasks />);
    expect(await screen.findByText('逾期的任务')).toBeTruthy();
    expect(screen.getByText('待完成 0')).toBeTruthy();
  });

  it('is not shown to a member without tasks', async () => {
    mock.onGet(Routes.training.mine).reply(...ok({ list: [], today: '2026-11-29' }));
    const { container } = show(<MyTasks />);
    await waitFor(() => expect(mock.history.get).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});

describe('成员分组', () => {
  it('creates a group by name and adds a member from the team', async () => {
    let groups: TrainingGroup[] = [];
    mock.onGet(Routes.training.groupList).reply(() => ok({ list: groups }));
    mock
      .onGet(Routes.team.userList)
      .reply(...ok({ list: [{ userId: 2, nickName: '小红' }], total: 1, pageNum: 1, pageSize: 100 }));
    mock.onPost(Routes.training.groupCreate).reply((config) => {
      const { name } = JSON.parse(String(config.data)) as { name: string };
      groups = [{ groupId: 3, name, members: [], createdAt: 0 }];
      return ok(groups[0]);
    });
    mock.onPost(Routes.training.groupMemberAdd).reply(() => {
      groups = [{ ...groups[0]!, members: [{ userId: 2, nickName: '小红' }] }];
      return ok(null);
    });
    show(<GroupsCard writable />);
    fireEvent.change(await screen.findByLabelText('分组名称'), { target: { value: ' 销售部 ' } });
    fireEvent.click(screen.getByText('新建分组'));
    const group = within(await screen.findByTestId('group-销售部'));
    expect(JSON.parse(String(mock.history.post[0]!.data))).toEqual({ name: '销售部' });
    fireEvent.mouseDown(group.getByLabelText('选择要加入分组的成员'));
    fireEvent.click(await screen.findByTitle('小红'));
    fireEvent.click(group.getByText('添加成员'));
    await waitFor(() => expect(group.getByLabelText('小红')).toBeTruthy());
    expect(JSON.parse(String(mock.history.post[1]!.data))).toEqual({ groupId: 3, userIds: [2] });
  });

  it('offers no writes while the team is read-only', async () => {
    mock.onGet(Routes.training.groupList).reply(...ok({ list: [] }));
    show(<GroupsCard writable={false} />);
    expect(await screen.findByText('还没有分组')).toBeTruthy();
    expect(screen.queryByText('新建分组')).toBeNull();
  });
});

describe('学习任务', () => {
  it('lists each task with its completion %, overdue count and when it was assigned; the detail pages its members from the server', async () => {
    mock.onGet(Routes.training.taskList).reply(...ok({ list: [task()] }));
    const member = (userId: number, nickName: string, state: TrainingTaskMember['state']) => ({
      userId,
      nickName,
      state,
      completedCourses: state === 'done' ? 1 : 0,
      examPassed: null,
      examScore: null,
      doneAt: state === 'done' ? 1_700_000_000_000 : null,
    });
    // The server's order: overdue first.
    const list = [member(3, '小刚', 'overdue'), member(4, '小李', 'overdue'), member(2, '小红', 'done')];
    mock
      .onGet(Routes.training.reportTaskMembers)
      .reply(...ok({ list, total: 3, pageNum: 1, pageSize: 20 } satisfies TaskMembersPage));
    show(<TasksCard writable />);
    const row = within((await screen.findByText('销售培训')).closest('tr')!);
    expect(row.getByText('33%')).toBeTruthy();
    expect(row.getByText('1/3')).toBeTruthy();
    expect(row.getByText('选修')).toBeTruthy();
    expect(row.getByText('3 分钟前')).toBeTruthy();
    fireEvent.click(row.getByText('查看'));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByText('小刚');
    expect(dialog.getAllByRole('row').map((r) => r.textContent?.slice(0, 2))).toEqual([
      '成员',
      '小刚',
      '小李',
      '小红',
    ]);
    expect(mock.history.get.filter((r) => r.url === Routes.training.reportTaskMembers)[0]?.params).toEqual({
      taskId: 5,
      pageNum: 1,
      pageSize: 20,
    });
  });
});

describe('dates', () => {
  it('sends the picked range as China days, and no assignee list left out', () => {
    const base = () => ({
      title: ' 任务 ',
      kind: 'required' as const,
      dates: [dayjs('2026-11-29T10:00:00'), dayjs('2026-12-02T10:00:00')] as [Dayjs, Dayjs],
      courseIds: [11],
      groupIds: [3],
    });
    const body = toTaskBody(base());
    expect(body).toEqual({
      title: '任务',
      kind: 'required',
      startDay: '2026-11-29',
      dueDay: '2026-12-02',
      courseIds: [11],
      userIds: [],
      groupIds: [3],
      examId: null,
    });
    expect(toTaskBody({ ...base(), examId: 7 }).examId).toBe(7);
  });

  it('says 刚刚 and 3 分钟前 in Chinese, and in English after a switch', () => {
    const now = 1_800_000_000_000;
    setDayjsLanguage('zh-CN');
    expect(fromNow(now - 10_000, 'zh-CN', now)).toBe('刚刚');
    expect(fromNow(now - 3 * 60_000, 'zh-CN', now)).toBe('3 分钟前');
    setDayjsLanguage('en-US');
    expect(fromNow(now - 3 * 60_000, 'en-US', now)).toBe('3 minutes ago');
    expect(dayjs(now).format('dddd')).toMatch(/day$/);
  });
});

import { Code, Routes, type LearnCourseItem } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { user } from '../../../test/fixtures.ts';
import { learnItem } from '../../../test/learn-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const inProgress = learnItem();
const done = learnItem({
  courseId: 12,
  title: 'Excel 数据分析',
  source: 'own',
  lessonCount: 4,
  completedCount: 4,
  progress: 100,
  completedAt: 1_700_100_000_000,
  certificateCode: 'ABCDEFGH2345',
  resumeLessonId: 40,
});
const fresh = learnItem({
  courseId: 13,
  title: '摄影入门',
  completedCount: 0,
  progress: 0,
  lastStudiedAt: null,
  resumeLessonId: 50,
});

/** The server's filter, so the page's query decides what shows. */
const byFilter: Record<string, LearnCourseItem[]> = {
  all: [inProgress, done, fresh],
  in_progress: [],
  completed: [done],
};
const listFilters = () =>
  mock.history.get
    .filter((r) => r.url === Routes.learn.list)
    .map((r) => (r.params as { filter: string }).filter);

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock
    .onGet(Routes.learn.list)
    .reply((config) => ok({ list: byFilter[(config.params as { filter: string }).filter] ?? [] }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

const card = (title: string) => screen.getByRole('article', { name: title });

describe('/learn (我的学习)', () => {
  it('lists each course with its team, progress bar, last study and the way back in', async () => {
    const router = renderApp('/learn');
    expect(await screen.findByRole('heading', { name: 'Python 零基础入门' })).toBeTruthy();
    expect(listFilters()).toEqual(['all']);

    const python = within(card('Python 零基础入门'));
    expect(python.getByText(/演示团队/)).toBeTruthy();
    const bar = python.getByRole('progressbar', { name: '学习进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(bar.getAttribute('aria-valuetext')).toBe('已完成 1/3 课时');
    expect(python.getByText('1/3')).toBeTruthy();
    expect(python.getByText(/^上次学习：/)).toBeTruthy();

    const excel = within(card('Excel 数据分析'));
    expect(excel.getAllByText('已完成').length).toBeGreaterThan(0);
    expect(excel.getByText('本团队')).toBeTruthy();
    expect(excel.getByRole('progressbar', { name: '学习进度' }).getAttribute('aria-valuenow')).toBe('100');
    expect(excel.queryByRole('button', { name: /继续学习/ })).toBeNull();

    expect(within(card('摄影入门')).getByText('还没有开始学习')).toBeTruthy();
    expect(within(card('摄影入门')).getByRole('button', { name: /开始学习/ })).toBeTruthy();

    fireEvent.click(excel.getByRole('button', { name: /查看证书/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/certificate/ABCDEFGH2345'));
  });

  it('继续学习 opens the player at the lesson to resume', async () => {
    const router = renderApp('/learn');
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Python 零基础入门' })).getByRole('button', {
        name: /继续学习/,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/course/11'));
    expect(router.state.location.search).toBe('?lesson=2');
  });

  it('filters through the address: ?filter= picks the tab, the tabs change it', async () => {
    const router = renderApp('/learn?filter=completed');
    expect(await screen.findByRole('heading', { name: 'Excel 数据分析' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Python 零基础入门' })).toBeNull();
    expect(screen.getByRole('tab', { name: '已完成' }).getAttribute('aria-selected')).toBe('true');
    expect(listFilters()).toEqual(['completed']);

    fireEvent.click(screen.getByRole('tab', { name: '进行中' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=in_progress'));
    expect(await screen.findByText('没有进行中的课程')).toBeTruthy();
    expect(listFilters()).toContain('in_progress');

    fireEvent.click(screen.getByRole('button', { name: '查看全部课程' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Python 零基础入门' })).toBeTruthy();
  });

  it('with nothing to learn, says how to get a course: buy one, or release your own', async () => {
    byFilter.all = [];
    try {
      const router = renderApp('/learn');
      expect(await screen.findByText('还没有可以学习的课程')).toBeTruthy();
      expect(screen.getByRole('button', { name: /去发布团队课程/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /去商城选课/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/store/list'));
    } finally {
      byFilter.all = [inProgress, done, fresh];
    }
  });

  it('is in the header navigation', async () => {
    const router = renderApp('/author');
    // jsdom matches no media query: the phone header, whose menu opens from a button.
    fireEvent.click(await screen.findByRole('button', { name: '打开导航菜单' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '我的学习' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn'));
  });
});

import { Routes, type Course } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/test-providers.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { user } from '../../test/fixtures.ts';
import { useSession } from '../../lib/session-store.ts';
import { CourseList } from './course-list.tsx';

const mock = new MockAdapter(http);

beforeEach(() => {
  mock
    .onGet(Routes.course.list)
    .reply(200, { code: 200, msg: 'ok', data: { list: [], total: 0, pageNum: 1, pageSize: 12 } });
  useSession.setState({ status: 'ready', user: user() });
});
afterEach(() => mock.reset());

const showList = (path: string) => {
  const router = createMemoryRouter([{ path: '/author', element: <CourseList /> }], {
    initialEntries: [path],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
};

describe('/author course list address', () => {
  it('keeps a cleared keyword cleared when the tab changes before the list has re-rendered', async () => {
    const router = showList('/author?keyword=%E6%97%A7%E8%AF%8D');
    const search = await screen.findByRole('searchbox', { name: '搜索课程标题' });
    const allTab = screen.getByRole('tab', { name: '全部' });
    // One act: React renders nothing until it ends, as when the router's transition render is late
    // on a busy machine. Between the two events the router finishes the first navigation.
    await act(async () => {
      fireEvent.change(search, { target: { value: '' } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(router.state.location.search).toBe('');
      fireEvent.click(allTab);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(router.state.location.search).toBe('?tab=all');
    await waitFor(() => expect(screen.getByRole('tab', { name: '全部', selected: true })).toBeTruthy());
  });
});

describe('/author 已购', () => {
  it('offers 学习 for each bought course, opening it in the player', async () => {
    const card = (courseId: number, title: string) => ({
      courseId,
      title,
      subtitle: '',
      cover: '',
      category: 'tech',
      teamName: '演示团队',
      price: 9900,
      lessonCount: 3,
      sales: 1,
      versionNo: 1,
      releaseTime: 1_700_000_000_000,
    });
    mock.onGet(Routes.store.purchased).reply(200, {
      code: 200,
      msg: 'ok',
      data: {
        list: [card(11, 'Python 零基础入门'), card(12, 'Excel 数据分析')],
        total: 2,
        pageNum: 1,
        pageSize: 12,
      },
    });
    showList('/author?tab=purchased');
    const study = await screen.findByRole('link', { name: '学习「Excel 数据分析」' });
    expect(study.getAttribute('href')).toBe('/learn/course/12');
    expect(screen.getByRole('link', { name: '学习「Python 零基础入门」' }).getAttribute('href')).toBe(
      '/learn/course/11',
    );
  });
});

describe('/author course cards', () => {
  it('keeps the price with the lesson count, one unit that does not wrap', async () => {
    const course: Course = {
      courseId: 5,
      teamId: 1,
      title: '数据分析入门',
      subtitle: '',
      summary: '',
      cover: '',
      category: 'tech',
      tags: [],
      price: 1990,
      status: 'released',
      version: 3,
      releasedVersion: 3,
      unreleasedChanges: true,
      authorId: 1,
      authorName: '演示用户',
      lessonCount: 1,
      createTime: 0,
      updateTime: 0,
      abilities: { edit: true, release: true, share: true, delete: true },
      completion: { minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null },
    };
    // The list read by the tests above is still cached: this one asks again.
    queryClient.clear();
    mock.reset();
    mock
      .onGet(Routes.course.list)
      .reply(200, { code: 200, msg: 'ok', data: { list: [course], total: 1, pageNum: 1, pageSize: 12 } });
    showList('/author');
    const meta = await screen.findByText('1 课时 · ¥19.90');
    expect(meta.classList.contains('course-card-meta')).toBe(true);
  });
});

import { Code, Routes, type StoreCard } from '@studio/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { clearStoredUser } from '../../../lib/storage.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { StoreListPage } from './store-list-page.tsx';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

const card = (n: number): StoreCard => ({
  courseId: n,
  title: `第 ${n} 门课`,
  subtitle: '',
  cover: '',
  category: 'tech',
  teamName: '星火课程组',
  price: 100,
  lessonCount: 3,
  sales: 0,
  versionNo: 1,
  releaseTime: 1_700_000_000_000,
});

describe('/store/list', () => {
  it('says a page past the end is past the end, not that the store is empty, and pages back', async () => {
    // 20 courses, 12 a page: page 2 holds 13–20, page 99 nothing.
    mock.onGet(Routes.store.list).reply((config) => {
      const page = Number((config.params as { pageNum?: number }).pageNum);
      const list = page === 2 ? Array.from({ length: 8 }, (_, i) => card(13 + i)) : [];
      return [200, { code: Code.OK, msg: 'ok', data: { list, total: 20, pageNum: page, pageSize: 12 } }];
    });
    const router = createMemoryRouter([{ path: '/store/list', element: <StoreListPage /> }], {
      initialEntries: ['/store/list?page=99'],
    });
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findByText('第 99 页已经超出范围')).toBeTruthy();
    expect(screen.getByText('共 20 门课程，只有 2 页。')).toBeTruthy();
    expect(screen.queryByText('商城里还没有课程')).toBeNull();
    // The pager stays, so paging goes on from here.
    expect(screen.getByRole('link', { name: '第 2 页' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: '回到第 2 页' }));
    expect(await screen.findByText('第 20 门课')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('is open to a logged-out visitor; the cart tab still asks to log in and comes back to the cart', async () => {
    useSession.setState({ status: 'ready', user: null });
    clearStoredUser();
    mock.onGet(Routes.store.list).reply(200, {
      code: Code.OK,
      msg: 'ok',
      data: { list: [card(1), card(2)], total: 2, pageNum: 1, pageSize: 12 },
    });
    const router = renderApp('/store/list');
    expect(await screen.findByText('第 2 门课')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/store/list');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/store/list')}`);

    await router.navigate('/store/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/store/cart')}`);
  });

  it('marks matched title text, suggests titles as you type (older requests aborted) and ranks by 综合', async () => {
    const lists: string[] = [];
    mock.onGet(Routes.store.list).reply((config) => {
      const params = config.params as { keyword?: string; sort?: string };
      lists.push(`${params.keyword ?? ''}|${params.sort}`);
      const list = params.keyword
        ? [{ ...card(1), title: 'Python入门实战', titleHighlights: [[6, 8]] }]
        : [card(1), card(2)];
      return [
        200,
        {
          code: Code.OK,
          msg: 'ok',
          data: { list, total: 1000, totalCapped: true, pageNum: 1, pageSize: 12 },
        },
      ];
    });
    const suggested: string[] = [];
    const aborted: string[] = [];
    mock.onGet(Routes.store.suggest).reply(async (config) => {
      const { keyword } = config.params as { keyword: string };
      suggested.push(keyword);
      config.signal?.addEventListener?.('abort', () => aborted.push(keyword));
      // The first keystroke's answer is slow: the next one supersedes it.
      if (keyword === 'r') await new Promise((r) => setTimeout(r, 300));
      const list = [{ courseId: 1, title: 'Python入门实战', titleHighlights: [[6, 8]] }];
      return [200, { code: Code.OK, msg: 'ok', data: { list } }];
    });
    const router = createMemoryRouter([{ path: '/store/list', element: <StoreListPage /> }], {
      initialEntries: ['/store/list'],
    });
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findByText('第 2 门课')).toBeTruthy();
    expect(screen.getByText('超过 1000 门课程')).toBeTruthy();
    const box = screen.getByRole('combobox', { name: '搜索课程' });
    fireEvent.change(box, { target: { value: 'r' } });
    await waitFor(() => expect(suggested).toContain('r'));
    fireEvent.change(box, { target: { value: 'rm' } });
    // The suggestion shows its title with the match marked.
    await waitFor(() => expect(document.querySelector('[role="option"] mark')?.textContent).toBe('入门'));
    await waitFor(() => expect(aborted).toContain('r'));
    // The list follows the typing with 综合 (relevance), left out of the address as the default.
    await waitFor(() => expect(router.state.location.search).toBe('?q=rm'));
    await waitFor(() => expect(lists).toContain('rm|relevance'));
    const marks = await screen.findAllByText('入门', { selector: 'mark' });
    expect(marks.length).toBeGreaterThan(0);
  });

  it('closes the suggestions on Enter, so they do not cover the results; typing opens them again', async () => {
    const lists: string[] = [];
    mock.onGet(Routes.store.list).reply((config) => {
      lists.push((config.params as { keyword?: string }).keyword ?? '');
      return [
        200,
        { code: Code.OK, msg: 'ok', data: { list: [card(1)], total: 1, pageNum: 1, pageSize: 12 } },
      ];
    });
    const suggested: string[] = [];
    mock.onGet(Routes.store.suggest).reply((config) => {
      suggested.push((config.params as { keyword: string }).keyword);
      const list = [{ courseId: 1, title: '特征工程实战', titleHighlights: [[0, 2]] }];
      return [200, { code: Code.OK, msg: 'ok', data: { list } }];
    });
    const router = createMemoryRouter([{ path: '/store/list', element: <StoreListPage /> }], {
      initialEntries: ['/store/list'],
    });
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const box = screen.getByRole('combobox', { name: '搜索课程' });
    const enter = () => {
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    // Enter at once, before the suggestions came: the search runs, and they never open over it.
    fireEvent.change(box, { target: { value: 'tezheng' } });
    enter();
    await waitFor(() => expect(lists).toContain('tezheng'));
    await waitFor(() => expect(suggested).toContain('tezheng'));
    expect(router.state.location.search).toBe('?q=tezheng');
    await waitFor(() => expect(screen.getByText('第 1 门课')).toBeTruthy());
    expect(box.getAttribute('aria-expanded')).toBe('false');
    // Typing opens them; Enter closes them, and Enter again does not reopen them.
    fireEvent.change(box, { target: { value: 'tezhen' } });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    expect(await screen.findByText('特征', { selector: 'mark' })).toBeTruthy();
    enter();
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('false'));
    enter();
    await waitFor(() => expect(lists).toContain('tezhen'));
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});

import { Routes } from '@studio/contract';
import { render, screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSession } from '../lib/session-store.ts';
import { http } from '../lib/request.ts';
import { writeStoredUser } from '../lib/storage.ts';
import { user } from '../test/fixtures.ts';
import { lazyPage } from './lazy-page.ts';
import { TestProviders } from '../test/test-providers.tsx';
import { routes } from './router.tsx';
import { RouteError } from './route-error.tsx';

const mock = new MockAdapter(http);
const lessonFixture = {
  lessonId: 9,
  courseId: 3,
  title: '第一课',
  position: 1,
  durationMin: 5,
  freePreview: false,
  version: 1,
  updateTime: 1_700_000_000_000,
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '正文' }] }] },
};

const show = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
};

beforeEach(() => {
  mock.onGet(Routes.team.changeList).reply(200, { code: 200, msg: 'ok', data: { list: [] } });
  useSession.setState({ status: 'ready', user: null });
});
afterEach(() => {
  mock.reset();
  vi.useRealTimers();
});

describe('route table', () => {
  it('shows the loading placeholder while the initial user state loads', async () => {
    useSession.setState({ status: 'loading' });
    show('/author');
    expect((await screen.findByRole('status')).textContent).toContain('加载中');
  });

  it('shows a Chinese 404 page with a link home for unknown paths', async () => {
    show('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('sends a visitor without a stored user from a main page to /login', async () => {
    const router = show('/personal/user');
    expect(await screen.findByRole('tab', { name: '验证码登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fpersonal%2Fuser');
  });

  it('redirects / to /author for a logged-in user with a team', async () => {
    writeStoredUser(user());
    const router = show('/');
    expect(await screen.findByRole('heading', { name: /欢迎回来/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/author');
  });

  it('sends a user without a current team to /selectTeam', async () => {
    writeStoredUser(user({ lastTeam: null }));
    const router = show('/author');
    expect(await screen.findByRole('heading', { name: '选择团队' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/selectTeam');
  });

  it('sends a WeChat user without a phone to the bind step', async () => {
    writeStoredUser(user({ register: false }));
    show('/author');
    expect(await screen.findByRole('heading', { name: '绑定手机号' })).toBeTruthy();
  });

  it('serves the seed spelling /create/course/:id/Lesson/:lessonId with the lesson editor', async () => {
    writeStoredUser(user());
    mock.onGet(Routes.lesson.detail).reply(200, { code: 200, msg: 'ok', data: lessonFixture });
    mock.onGet(Routes.course.detail).reply(404, { code: 404, msg: '请求的资源不存在', data: null });
    show('/create/course/3/Lesson/9');
    expect(await screen.findByRole('heading', { name: '编辑课时' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: '课时标题' })).toBeTruthy();
  });

  it('shows iframe previews without the header, asking a visitor to log in instead of redirecting', async () => {
    const router = show('/create/course/3/iframe/preview');
    expect(await screen.findByText('登录后才能预览这门课程')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create/course/3/iframe/preview');
    expect(screen.queryByRole('button', { name: /切换团队/ })).toBeNull();
  });
});

describe('lazy page timeout', () => {
  it('shows 加载失败 with a retry button when a chunk does not arrive in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const never = () => new Promise<{ Page: () => null }>(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p>加载中</p>,
          lazy: lazyPage(never, 'Page'),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

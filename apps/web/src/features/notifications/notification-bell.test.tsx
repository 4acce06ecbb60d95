import { Code, Routes, type Notification } from '@studio/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter, Route, Routes as RouterRoutes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import type { StreamOptions } from '../../lib/sse.ts';
import { useSession } from '../../lib/session-store.ts';
import { user } from '../../test/fixtures.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { NotificationBell } from './notification-bell.tsx';

// The notice stream: the test plays the server's messages.
const streams: StreamOptions[] = [];
vi.mock('../../lib/sse.ts', () => ({
  openStream: (_path: string, options: StreamOptions) => {
    streams.push(options);
    return { close: () => undefined, lastEventId: () => undefined, done: Promise.resolve() };
  },
}));

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const notice = (over: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'task.assigned',
  teamId: 1,
  params: { title: '新员工必修', dueDay: '2026-12-01' },
  link: '/learn?task=9',
  read: false,
  createdAt: Date.now(),
  ...over,
});

const Where = () => <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;
const show = () =>
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/author']}>
        <NotificationBell />
        <RouterRoutes>
          <Route path="*" element={<Where />} />
        </RouterRoutes>
      </MemoryRouter>
    </TestProviders>,
  );

beforeEach(() => useSession.setState({ status: 'ready', user: user() }));
afterEach(() => {
  mock.reset();
  queryClient.clear();
  streams.length = 0;
});

describe('the notification bell', () => {
  it('shows the unread count, lists notices in Chinese with relative times, and opens one', async () => {
    let unread = 2;
    mock.onGet(Routes.notification.unread).reply(() => ok({ count: unread }));
    mock.onGet(Routes.notification.list).reply(
      ...ok({
        list: [
          notice({ id: 2 }),
          notice({
            id: 1,
            kind: 'exam.result',
            params: { title: '安全考试', score: 90, passed: 1 },
            link: '/exams/attempt/4',
            read: true,
            createdAt: Date.now() - 3 * 60_000,
          }),
        ],
        total: 2,
        pageNum: 1,
        pageSize: 50,
      }),
    );
    mock.onPost(Routes.notification.read).reply((config) => {
      unread = 1;
      expect(JSON.parse(String(config.data))).toEqual({ id: 2 });
      return ok({ count: 1 });
    });
    show();
    const bell = await screen.findByRole('button', { name: '通知 (2)' });
    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog');
    const task = await within(drawer).findByText('你有新的学习任务「新员工必修」，截止日期 2026-12-01');
    expect(within(drawer).getByText('考试「安全考试」已出成绩：90 分，已通过')).toBeTruthy();
    expect(within(drawer).getByText('刚刚')).toBeTruthy();
    expect(within(drawer).getByText('3 分钟前')).toBeTruthy();
    expect(within(drawer).getByText('2 条未读')).toBeTruthy();

    fireEvent.click(task);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/learn?task=9'));
    expect(mock.history.post.map((r) => r.url)).toEqual([Routes.notification.read]);
    await screen.findByRole('button', { name: '通知 (1)' });
  });

  it('marks all read, and counts again when the stream says a notice arrived', async () => {
    let unread = 1;
    mock.onGet(Routes.notification.unread).reply(() => ok({ count: unread }));
    mock
      .onGet(Routes.notification.list)
      .reply(...ok({ list: [notice({})], total: 1, pageNum: 1, pageSize: 50 }));
    mock.onPost(Routes.notification.readAll).reply(() => {
      unread = 0;
      return ok({ count: 0 });
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '通知 (1)' }));
    fireEvent.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: '全部已读' }),
    );
    await screen.findByRole('button', { name: '通知' });

    // Another process delivered a notice: the open tab hears it and reads the count again.
    unread = 4;
    expect(streams).toHaveLength(1);
    streams[0]!.onMessage({ id: '', event: '', data: '{"type":"notification"}' });
    await screen.findByRole('button', { name: '通知 (4)' });
  });
});

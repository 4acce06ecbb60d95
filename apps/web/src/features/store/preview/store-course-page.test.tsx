import { Code, Routes, type StoreCourse } from '@studio/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { clearStoredUser, writeStoredUser } from '../../../lib/storage.ts';
import { user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK) => [200, { code, msg: 'ok', data }] as const;
const lesson = (lessonId: number, title: string, free: boolean) => ({
  lessonId,
  title,
  position: lessonId,
  durationMin: 15,
  freePreview: free,
  version: 1,
  updateTime: 0,
  content: free ? { type: 'doc', content: [{ type: 'paragraph' }] } : null,
});
const course = (over: Partial<StoreCourse> = {}): StoreCourse => ({
  courseId: 11,
  title: 'Python 零基础入门',
  subtitle: '从第一行代码到小项目',
  summary: '面向零基础学习者的 Python 入门课程。',
  mediaMs: null,
  cover: '',
  category: 'tech',
  tags: ['编程'],
  price: 9900,
  teamName: '演示团队',
  authorName: '演示用户',
  versionNo: 1,
  sales: 3,
  lessons: [lesson(1, '认识 Python', true), lesson(2, '变量与类型', false)],
  owned: false,
  ownTeam: false,
  inCart: false,
  listed: true,
  ...over,
});
const emptyCart = { list: [], selectedCount: 0, selectedTotal: 0 };

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('/store/preview/:courseId (buy page)', () => {
  it('shows price, syllabus with 试看 and locks, and buys now: add, check out, go to pay', async () => {
    mock.onGet(Routes.store.course).reply(...ok(course()));
    mock.onPost(Routes.cart.add).reply(...ok(emptyCart));
    mock.onPost(Routes.order.checkout).reply(...ok({ orderId: 5 }));
    mock.onGet(Routes.order.detail).reply(404, { code: 404, msg: 'nope', data: null });
    const router = renderApp('/store/preview/11');
    expect(await screen.findByRole('heading', { name: 'Python 零基础入门' })).toBeTruthy();
    expect(screen.getByText('¥99.00')).toBeTruthy();
    expect(screen.getByText('试看')).toBeTruthy();
    expect(screen.getByRole('link', { name: '第 1 课认识 Python' }).getAttribute('href')).toBe(
      '/store/preview/11?lesson=1',
    );
    expect(screen.getByRole('img', { name: '购买后解锁' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /加入购物车/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/pay/5'));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ courseId: 11 });
    expect(JSON.parse(String(mock.history.post[1]?.data))).toEqual({ courseIds: [11] });
  });

  it('加入购物车 says 已加入购物车 even when the buyer has moved on before the cart answered', async () => {
    mock.onGet(Routes.store.course).reply(...ok(course()));
    let moveOn = () => undefined as unknown;
    // The buyer leaves the page while the cart is still answering: the button that started the call
    // is gone (TanStack drops a per-call onSuccess then), and the notice must not have gone with it.
    mock.onPost(Routes.cart.add).reply(async () => {
      await moveOn();
      return [...ok({ list: [], selectedCount: 1, selectedTotal: 9900 })];
    });
    const router = renderApp('/store/preview/11');
    moveOn = async () => {
      await router.navigate('/no-such-page');
      await screen.findByText('页面不存在');
    };
    fireEvent.click(await screen.findByRole('button', { name: /加入购物车/ }));
    expect(await screen.findByText('已加入购物车')).toBeTruthy();
  });

  it('a logged-out visitor reads it under a header with 登录; 登录后购买 goes to login and comes back here', async () => {
    clearStoredUser();
    mock.onGet(Routes.store.course).reply(...ok(course()));
    const router = renderApp('/store/preview/11');
    expect(await screen.findByRole('heading', { name: 'Python 零基础入门' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/store/preview/11');
    // No team to switch, no cart: the header offers 登录 instead.
    expect(screen.queryByRole('button', { name: /切换团队/ })).toBeNull();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /加入购物车/ })).toBeNull();
    expect(mock.history.get.filter((r) => r.url === Routes.cart.list)).toHaveLength(0);

    fireEvent.click(screen.getByRole('link', { name: '登录后购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/store/preview/11')}`);
  });

  it('a course of the own team says 本团队课程 and offers no buying', async () => {
    mock.onGet(Routes.store.course).reply(...ok(course({ ownTeam: true, owned: true })));
    renderApp('/store/preview/11');
    expect(await screen.findByText('本团队课程')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
    expect(screen.queryByRole('button', { name: /加入购物车/ })).toBeNull();
  });

  it('an owned course opens at its first lesson instead of being bought', async () => {
    mock.onGet(Routes.store.course).reply(...ok(course({ owned: true })));
    const router = renderApp('/store/preview/11');
    expect(await screen.findByText('已购买')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /打开课程/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?lesson=1'));
  });

  it('an unlisted course the team bought says the seller unlisted it and still opens', async () => {
    mock.onGet(Routes.store.course).reply(...ok(course({ owned: true, listed: false })));
    renderApp('/store/preview/11');
    expect(await screen.findByText('卖家已下架这门课程，你的团队仍可学习已购买的内容。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /打开课程/ })).toBeTruthy();
  });

  it('a course that is gone says so with a way back to the store', async () => {
    mock.onGet(Routes.store.course).reply(404, { code: 404, msg: '请求的资源不存在', data: null });
    renderApp('/store/preview/99');
    expect(await screen.findByText('课程不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回商城' })).toBeTruthy();
  });
});

describe('the storefront for a signed-in user without a team', () => {
  it('shows the list and the buy page (not /selectTeam); buying asks to create or join a team first', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.store.list).reply(
      ...ok({
        list: [{ ...course(), lessonCount: 2, releaseTime: 0 }],
        total: 1,
        pageNum: 1,
        pageSize: 12,
      }),
    );
    mock.onGet(Routes.store.course).reply(...ok(course()));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    const router = renderApp('/store/list');
    expect(await screen.findByRole('link', { name: /Python 零基础入门/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/store/list');

    await router.navigate('/store/preview/11');
    expect(await screen.findByText(/请先创建或加入一个团队/)).toBeTruthy();
    expect(screen.getByText('试看')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /创建或加入团队后购买/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
    // The team's own pages still need a team.
    await router.navigate('/author');
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
    expect(mock.history.post).toHaveLength(0);
  });
});

import { Code, Routes, type CoursePreview, type StoreCourse } from '@studio/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { clearStoredUser, writeStoredUser } from '../../../lib/storage.ts';
import { user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown) => [200, { code: Code.OK, msg: 'ok', data }] as const;
const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const lesson = (lessonId: number, title: string, content: ReturnType<typeof paragraph> | null) => ({
  lessonId,
  title,
  position: lessonId,
  durationMin: 10,
  freePreview: content !== null,
  version: 1,
  updateTime: 0,
  content,
});
const released: StoreCourse = {
  courseId: 11,
  title: '已发布的课程',
  subtitle: '',
  summary: '商城里卖的版本。',
  mediaMs: null,
  cover: '',
  category: 'tech',
  tags: [],
  price: 990,
  teamName: '卖家团队',
  authorName: '作者',
  versionNo: 1,
  sales: 0,
  lessons: [lesson(1, '试看课', paragraph('人人可读的试看内容')), lesson(2, '付费课', null)],
  owned: false,
  ownTeam: false,
  inCart: false,
  listed: true,
};
const draft = {
  ...released,
  title: '草稿里的课程',
  lessons: [lesson(1, '草稿课时', paragraph('只有作者团队看得到的草稿'))],
} as unknown as CoursePreview;

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.store.course).reply(...ok(released));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('/wx-preview/:courseId (phone preview)', () => {
  it('shows a logged-out visitor what the store sells: the free lesson, the rest locked with 登录后购买', async () => {
    clearStoredUser();
    const router = renderApp('/wx-preview/11');
    expect(await screen.findByText('人人可读的试看内容')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wx-preview/11');
    expect(mock.history.get.some((r) => r.url === Routes.course.preview)).toBe(false);
    fireEvent.click(screen.getAllByRole('link', { name: '登录后购买' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/wx-preview/11')}`);
  });

  it("shows the course's own team the draft, and another team (404 on the draft) the released course", async () => {
    writeStoredUser(user());
    mock.onGet(Routes.course.preview).replyOnce(...ok(draft));
    renderApp('/wx-preview/11');
    expect(await screen.findByText('只有作者团队看得到的草稿')).toBeTruthy();
    expect(screen.queryByText('人人可读的试看内容')).toBeNull();

    cleanup();
    queryClient.clear();
    mock
      .onGet(Routes.course.preview)
      .reply(404, { code: Code.NOT_FOUND, msg: '请求的资源不存在', data: null });
    renderApp('/wx-preview/11');
    expect(await screen.findByText('人人可读的试看内容')).toBeTruthy();
    expect(screen.queryByText('课程不存在')).toBeNull();
  });
});

/** The lesson's comments panel and the header's mentions badge, against a mocked API. */
import { Routes, type CommentThread } from '@studio/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.ts';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { user } from '../../test/fixtures.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { mentionedIds } from './comment-composer.tsx';
import { CommentsPanel, type NewThreadAnchor } from './comments-panel.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: 200, msg: 'ok', data }];
const posted = (url: string) =>
  mock.history.post.filter((r) => r.url === url).map((r) => JSON.parse(String(r.data)));

const thread = (over: Partial<CommentThread> = {}): CommentThread => ({
  commentId: 31,
  threadId: null,
  courseId: 5,
  lessonId: 9,
  author: { userId: 2, nickName: '小红' },
  authorAvatar: '',
  body: '这一段需要例子',
  mentions: [],
  createTime: 1_700_000_000_000,
  canDelete: false,
  anchorStart: 'AQI=',
  anchorEnd: 'AQM=',
  quote: '变量的作用域',
  resolved: false,
  resolveTime: null,
  resolvedBy: null,
  replies: [
    {
      commentId: 32,
      threadId: 31,
      author: { userId: 1, nickName: '小明' },
      authorAvatar: '',
      body: '好的，已补充',
      mentions: [],
      createTime: 1_700_000_100_000,
      canDelete: true,
    },
  ],
  canResolve: true,
  ...over,
});

const Panel = ({ pending = null }: { pending?: NewThreadAnchor | null }) => {
  const [open, setOpen] = useState(true);
  return (
    <TestProviders>
      <MemoryRouter>
        <CommentsPanel lessonId={9} open={open} onOpenChange={setOpen} writable pending={pending} />
      </MemoryRouter>
    </TestProviders>
  );
};

beforeEach(() => {
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
  mock.onGet(Routes.team.userList).reply(...ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('comments panel', () => {
  it('lists open threads with their quote and replies; resolving asks the server and refetches', async () => {
    let resolved = false;
    mock.onGet(Routes.comment.lessonList).reply(() => ok({ list: resolved ? [] : [thread()] }));
    mock.onPost(Routes.comment.resolve).reply(() => {
      resolved = true;
      return ok(thread({ resolved: true }));
    });
    render(<Panel />);
    const card = await screen.findByText('这一段需要例子');
    const box = card.closest<HTMLElement>('[data-thread]')!;
    expect(within(box).getByText('「变量的作用域」')).toBeTruthy();
    expect(within(box).getByText('好的，已补充')).toBeTruthy();
    // Only the reply is the user's own: one delete button.
    expect(within(box).getAllByRole('button', { name: '删除' })).toHaveLength(1);
    fireEvent.click(within(box).getByRole('button', { name: '解决' }));
    await waitFor(() => expect(posted(Routes.comment.resolve)).toEqual([{ threadId: 31 }]));
    expect(await screen.findByText('没有待处理的评论')).toBeTruthy();
  });

  it('opens a thread on the selection the editor handed in, with its anchors and quote', async () => {
    mock.onGet(Routes.comment.lessonList).reply(...ok({ list: [] }));
    mock.onPost(Routes.comment.create).reply(...ok(thread()));
    render(<Panel pending={{ anchorStart: 'AQI=', anchorEnd: 'AQM=', quote: '选中的' }} />);
    expect(await screen.findByText('「选中的」')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: '写下评论，输入 @ 提及团队成员' });
    fireEvent.change(box, { target: { value: '请补充 @小红' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() =>
      expect(posted(Routes.comment.create)).toEqual([
        {
          lessonId: 9,
          anchorStart: 'AQI=',
          anchorEnd: 'AQM=',
          quote: '选中的',
          body: '请补充 @小红',
          mentions: [],
        },
      ]),
    );
  });

  it('mentions only the picked members whose @name is still in the text', () => {
    const picked = new Map([
      [2, '小红'],
      [3, '小刚'],
    ]);
    expect(mentionedIds('@小红 看一下', picked)).toEqual([2]);
    expect(mentionedIds('没有提及', picked)).toEqual([]);
  });
});

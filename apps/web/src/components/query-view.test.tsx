import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n/index.ts';
import { TestProviders } from '../test/test-providers.tsx';
import { QueryView, type QueryLike, type QueryViewProps } from './query-view.tsx';

const query = (over: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

const show = (props: Omit<QueryViewProps<string[]>, 'children'>) =>
  render(
    <TestProviders>
      <QueryView<string[]> {...props}>{(items) => <ul aria-label="items">{items.join(',')}</ul>}</QueryView>
    </TestProviders>,
  );

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

const failed = query({ isError: true, error: new Error('服务器繁忙') });

describe('QueryView: one switch for loading, failure, empty and loaded', () => {
  it('shows the loading view until the first answer', () => {
    show({ query: query({ isPending: true }), loading: <p>loading…</p>, errorTitle: '加载失败' });
    expect(screen.getByText('loading…')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the data through its children', () => {
    show({ query: query({ data: ['a', 'b'] }), errorTitle: '加载失败' });
    expect(screen.getByRole('list', { name: 'items' }).textContent).toBe('a,b');
  });

  it('a failure says its title, optionally the reason, and retries', () => {
    const q = { ...failed, refetch: vi.fn() };
    show({ query: q, errorTitle: '订单加载失败', errorReason: true });
    expect(screen.getByText('订单加载失败')).toBeTruthy();
    expect(screen.getByText('服务器繁忙')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('keeps the reason out unless asked', () => {
    show({ query: failed, errorTitle: '订单加载失败' });
    expect(screen.queryByText('服务器繁忙')).toBeNull();
  });

  it('a failed refetch keeps the data shown, unless the failure goes over the data', () => {
    const stale = { ...failed, data: ['a'] };
    const { unmount } = show({ query: stale, errorTitle: '加载失败' });
    expect(screen.getByRole('list', { name: 'items' })).toBeTruthy();
    unmount();
    show({ query: stale, errorTitle: '加载失败', errorOverData: true });
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the empty view for an empty answer, and for a failure without an error title', () => {
    const empty = <p>nothing yet</p>;
    const isEmpty = (items: string[]) => items.length === 0;
    const { unmount } = show({ query: query({ data: [] }), empty, isEmpty });
    expect(screen.getByText('nothing yet')).toBeTruthy();
    unmount();
    show({ query: failed, empty, isEmpty });
    expect(screen.getByText('nothing yet')).toBeTruthy();
  });
});

/**
 * The store's search box as a visitor meets it: the server's HTML, then `hydrateIslands` (what the
 * public page's script runs) makes that same tree live without re-rendering it: suggestions as one
 * types, and a changed sort loads the list for it.
 */
import { Code } from '@studio/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPublicPage } from './entry-server.tsx';
import { hydrateIslands } from './islands.tsx';

const page = (keyword = '') =>
  renderPublicPage({
    lang: 'zh-CN',
    url: '/store/list',
    page: 'storeList',
    query: { keyword, sort: keyword ? 'relevance' : 'newest', pageNum: 1, pageSize: 12 },
    list: { list: [], total: 0, pageNum: 1, pageSize: 12 },
  });

// The islands' React roots, unmounted after each test: a live search box would go on suggesting (its
// typed keyword's fetch) in the next test.
let roots: Root[] = [];
const hydrate = async () => {
  roots = await act(async () => hydrateIslands());
};

afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots = [];
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the store search island', () => {
  it('hydrates the server’s markup as it is (no mismatch) and suggests titles as one types', async () => {
    const errors = vi.spyOn(console, 'error');
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      fetched.push(String(input));
      const list = [{ courseId: 1, title: 'Python 零基础入门', titleHighlights: [[10, 12]] }];
      return Promise.resolve(Response.json({ code: Code.OK, msg: 'ok', data: { list } }));
    });
    document.body.innerHTML = page();
    const before = document.querySelector('[data-island]')!.innerHTML;
    await hydrate();
    expect(document.querySelector('[data-island]')!.innerHTML).toBe(before);
    expect(errors).not.toHaveBeenCalled();

    const box = screen.getByRole('combobox', { name: '搜索课程' });
    fireEvent.change(box, { target: { value: 'rumen' } });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    expect(fetched).toEqual(['/api/store/suggest?keyword=rumen']);
    expect(screen.getByRole('listbox', { name: '搜索建议' }).querySelector('mark')?.textContent).toBe('入门');
    // Escape closes them.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('a changed sort, Enter or a picked suggestion loads the list for it (the GET form)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({
        code: Code.OK,
        msg: 'ok',
        data: { list: [{ courseId: 1, title: '数据分析入门', titleHighlights: [] }] },
      }),
    );
    const submitted: string[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(new URLSearchParams(new FormData(this) as unknown as Record<string, string>).toString());
    });
    document.body.innerHTML = page('数据');
    await hydrate();

    fireEvent.change(screen.getByRole('combobox', { name: '排序方式' }), { target: { value: 'sales' } });
    await waitFor(() => expect(submitted).toEqual([`q=${encodeURIComponent('数据')}&category=&sort=sales`]));

    const box = screen.getByRole('combobox', { name: '搜索课程' });
    fireEvent.change(box, { target: { value: 'shuju' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: '数据分析入门' }));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(submitted[1]).toContain(`q=${encodeURIComponent('数据分析入门')}`);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});

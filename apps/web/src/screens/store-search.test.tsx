/**
 * The store's search box in the app while the list loads: what is typed after a search was asked
 * for is not replaced when the address catches up with that search (the store-search journey lost
 * its next keyword this way on a busy machine), while an address change the box did not ask for
 * (back, 清除筛选) still shows its keyword.
 */
import type { StoreListAddress } from '@studio/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fixedT } from '../public/public-i18n.tsx';
import { StoreSearch } from './store-search.tsx';
import { WordsProvider } from './words.tsx';

const at = (keyword: string): StoreListAddress => ({ keyword, sort: 'relevance', pageNum: 1, pageSize: 12 });

describe('the store search box', () => {
  it('keeps the next keyword typed while the last search loads, and follows an address it did not ask for', () => {
    const onChange = vi.fn();
    const box = (query: StoreListAddress) => (
      <WordsProvider value={{ t: fixedT('zh-CN'), lang: 'zh-CN' }}>
        <StoreSearch query={query} onChange={onChange} suggest={() => Promise.resolve([])} />
      </WordsProvider>
    );
    const view = render(box(at('shujufenxi')));
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: '搜索课程' });
    const enter = () => fireEvent.submit(input.form!);

    fireEvent.change(input, { target: { value: 'shujufen' } });
    enter();
    expect(onChange).toHaveBeenLastCalledWith({ keyword: 'shujufen' });
    // The next keyword is typed before the list for the last one has loaded…
    fireEvent.change(input, { target: { value: 'shili' } });
    // …and then the address catches up with the search asked for: the box keeps what is typed.
    view.rerender(box(at('shujufen')));
    expect(input.value).toBe('shili');
    enter();
    expect(onChange).toHaveBeenLastCalledWith({ keyword: 'shili' });

    // Back to an earlier search (not asked for by the box): the box shows its keyword.
    view.rerender(box(at('shili')));
    view.rerender(box(at('rumen')));
    expect(input.value).toBe('rumen');
  });
});

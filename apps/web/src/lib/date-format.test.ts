import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTimeFormat } from './date-format.ts';
import { formatDate, formatDateTime } from './format.ts';

afterEach(() => vi.restoreAllMocks());

const NOON = Date.UTC(2026, 10, 30, 4, 5); // 2026-11-30 12:05 in China

describe('date formats', () => {
  it('makes one formatter per language and shape, then reuses it', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const options = { year: 'numeric', month: '2-digit', timeZone: 'Asia/Shanghai' } as const;
    const zh = dateTimeFormat('zh-CN', options);
    expect(dateTimeFormat('zh-CN', { ...options })).toBe(zh);
    expect(dateTimeFormat('en-US', options)).not.toBe(zh);
    expect(dateTimeFormat('zh-CN', { ...options, day: '2-digit' })).not.toBe(zh);
    expect(made).toHaveBeenCalledTimes(3);
    expect(zh.format(NOON)).toBe('2026年11月');
  });

  it('a list of dates in the interface language costs one formatter, not one a date', () => {
    formatDate(NOON); // the shape's formatter exists once any date was shown
    formatDateTime(NOON);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const days = Array.from({ length: 20 }, (_, i) => formatDate(NOON + i * 86_400_000));
    const moments = Array.from({ length: 20 }, (_, i) => formatDateTime(NOON + i * 60_000));
    expect(made).not.toHaveBeenCalled();
    expect(new Set(days).size).toBe(20);
    expect(new Set(moments).size).toBe(20);
  });
});

import { describe, expect, it } from 'vitest';
import {
  chinaDateTime,
  chinaDay,
  chinaDayStart,
  chinaMonth,
  chinaWeek,
  lastChinaDays,
} from './china-time.ts';

// 2026-11-29 23:30 and 2026-11-30 00:30 in China: 15:30 and 16:30 UTC on the 29th.
const before = Date.parse('2026-11-29T15:30:00Z');
const after = Date.parse('2026-11-29T16:30:00Z');

describe('China time', () => {
  it('puts 23:30 and 00:30 on two China days though both are one UTC day', () => {
    expect(chinaDay(before)).toBe('2026-11-29');
    expect(chinaDay(after)).toBe('2026-11-30');
    expect(chinaDateTime(after)).toBe('2026-11-30 00:30');
    expect(chinaDateTime(new Date(after + 5_000), true)).toBe('2026-11-30 00:30:05');
  });

  it('starts weeks on Monday and months on the 1st, China time', () => {
    // Sunday 23:30 is still last week; Monday 00:30 starts the new one.
    expect(chinaWeek(before)).toBe('2026-11-23');
    expect(chinaWeek(after)).toBe('2026-11-30');
    expect(chinaMonth(Date.parse('2026-11-30T16:30:00Z'))).toBe('2026-12');
    expect(chinaMonth(Date.parse('2026-11-30T15:30:00Z'))).toBe('2026-11');
  });

  it('begins a day at China midnight and lists the last days up to today', () => {
    expect(chinaDayStart('2026-11-30').toISOString()).toBe('2026-11-29T16:00:00.000Z');
    expect(lastChinaDays(3, after)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(lastChinaDays(2, before)).toEqual(['2026-11-28', '2026-11-29']);
  });
});

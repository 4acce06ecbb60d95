import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, yuanToFen } from './price.ts';

describe('yuan ↔ fen', () => {
  it('converts yuan to integer fen without float drift', () => {
    expect(yuanToFen(99)).toBe(9900);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1.1)).toBe(110);
    expect(yuanToFen('19.9')).toBe(1990);
    expect(yuanToFen(0)).toBe(0);
    expect(yuanToFen(100000)).toBe(10_000_000);
  });

  it('refuses what is not a price', () => {
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen(undefined)).toBeNull();
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });

  it('converts fen back to yuan and formats two decimals', () => {
    expect(fenToYuan(9900)).toBe(99);
    expect(fenToYuan(29)).toBe(0.29);
    expect(fenToYuan(null)).toBeNull();
    expect(formatYuan(9900)).toBe('99.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(123456)).toBe('1234.56');
  });

  it('round-trips every cent of a yuan', () => {
    for (let fen = 0; fen <= 1000; fen++) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

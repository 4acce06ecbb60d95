import { describe, expect, it } from 'vitest';
import { fenToYuan, formatPrice, priceLabel, yuanToFen } from './format.ts';

describe('prices: fen → what people read', () => {
  it('shows ¥ with exactly two decimals', () => {
    expect(formatPrice(9900)).toBe('¥99.00');
    expect(formatPrice(1)).toBe('¥0.01');
    expect(formatPrice(5)).toBe('¥0.05');
    expect(formatPrice(10)).toBe('¥0.10');
    expect(formatPrice(123_456)).toBe('¥1234.56');
    expect(formatPrice(0)).toBe('¥0.00');
  });

  it('labels free courses as such, priced ones in yuan', () => {
    expect(priceLabel(0, '免费')).toBe('免费');
    expect(priceLabel(1990, '免费')).toBe('¥19.90');
  });
});

describe('prices: yuan as typed ↔ fen', () => {
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

  it('converts fen back to yuan', () => {
    expect(fenToYuan(9900)).toBe(99);
    expect(fenToYuan(29)).toBe(0.29);
    expect(fenToYuan(null)).toBeNull();
  });

  it('round-trips every cent of a yuan', () => {
    for (let fen = 0; fen <= 1000; fen++) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

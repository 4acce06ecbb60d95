import { describe, expect, it } from 'vitest';
import { fenToYuanText, formatPrice, priceLabel } from './price.ts';

describe('prices in fen as yuan', () => {
  it('writes two decimals with integer arithmetic', () => {
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(1)).toBe('0.01');
    expect(fenToYuanText(10)).toBe('0.10');
    expect(fenToYuanText(9900)).toBe('99.00');
    expect(fenToYuanText(123_456)).toBe('1234.56');
    expect(fenToYuanText(-250)).toBe('-2.50');
  });

  it('writes every amount to the fen, read back exactly, up to the largest safe integer', () => {
    for (let fen = 0; fen <= 20_000; fen++) {
      const [yuan, cents] = fenToYuanText(fen).split('.');
      expect(Number(yuan) * 100 + Number(cents)).toBe(fen);
    }
    expect(fenToYuanText(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses what is not an integer amount (float division would print 12.5 fen as 0.13)', () => {
    expect(() => fenToYuanText(12.5)).toThrow(RangeError);
    expect(() => fenToYuanText(Number.NaN)).toThrow(RangeError);
  });

  it('formats a price and a course price label', () => {
    expect(formatPrice(9900)).toBe('¥99.00');
    expect(formatPrice(5)).toBe('¥0.05');
    expect(formatPrice(-250)).toBe('¥-2.50');
    expect(priceLabel(0, '免费')).toBe('免费');
    expect(priceLabel(1990, '免费')).toBe('¥19.90');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPrice, priceLabel } from './money.ts';

describe('fen → yuan', () => {
  it('shows ¥ with exactly two decimals', () => {
    expect(formatPrice(9900)).toBe('¥99.00');
    expect(formatPrice(1)).toBe('¥0.01');
    expect(formatPrice(10)).toBe('¥0.10');
    expect(formatPrice(123_456)).toBe('¥1234.56');
    expect(formatPrice(0)).toBe('¥0.00');
  });

  it('labels free courses as such, priced ones in yuan', () => {
    expect(priceLabel(0, '免费')).toBe('免费');
    expect(priceLabel(1990, '免费')).toBe('¥19.90');
  });
});

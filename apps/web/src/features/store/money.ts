import { formatYuan } from '../courses/price.ts';

/** A price in fen as people read it: ¥99.00 (always two decimals). */
export const formatPrice = (fen: number): string => `¥${formatYuan(fen)}`;

/** A course's price on cards and buy pages: free courses say so instead of ¥0.00. */
export const priceLabel = (fen: number, freeLabel: string): string =>
  fen === 0 ? freeLabel : formatPrice(fen);

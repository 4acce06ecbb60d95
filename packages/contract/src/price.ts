/*
 * Prices are stored and sent in fen (integers); people read yuan. The one formatter of a price, for
 * the web app, the server-rendered pages and the server: integer arithmetic only, so no floating
 * point drift (0.1 + 0.2) can ever show.
 */

/** Fen as a yuan string with two decimals: 1 → "0.01", 123456 → "1234.56", -250 → "-2.50". */
export const fenToYuanText = (fen: number): string => {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an amount in fen: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A price as people read it: ¥12.30 (¥-2.50 for a negative amount). */
export const formatPrice = (fen: number): string => {
  const text = fenToYuanText(fen);
  return text.startsWith('-') ? `¥-${text.slice(1)}` : `¥${text}`;
};

/** A course's price on cards and buy pages: a free course says so (`freeLabel`) instead of ¥0.00. */
export const priceLabel = (fen: number, freeLabel: string): string =>
  fen === 0 ? freeLabel : formatPrice(fen);

/** Prices are stored in fen (integer); people read and type yuan. */

/** Yuan as typed (number or text, up to two decimals) → fen; null when empty or not a price. */
export const yuanToFen = (yuan: number | string | null | undefined): number | null => {
  if (yuan === null || yuan === undefined) return null;
  const text = String(yuan).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** Fen → yuan as a number (for inputs); null stays null (no price set). */
export const fenToYuan = (fen: number | null | undefined): number | null =>
  fen === null || fen === undefined ? null : fen / 100;

/** Fen → "12.30" (always two decimals), for display next to ¥. */
export const formatYuan = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

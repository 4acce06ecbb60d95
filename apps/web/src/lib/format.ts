import { dateTimeFormat } from './date-format.ts';
import { currentLang } from './i18n/index.ts';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

/** Dates in the interface language; the server sends milliseconds since the epoch. */
export const formatDate = (ms: number): string => dateTimeFormat(currentLang(), DATE).format(ms);

/** Date and time (minutes), for moments such as an invite link's expiry. */
export const formatDateTime = (ms: number): string => dateTimeFormat(currentLang(), DATE_TIME).format(ms);

/*
 * Prices are stored and sent in fen (integers); people read and type yuan. Every price on screen is
 * written by the contract's `formatPrice` / `priceLabel` (shared with the server-rendered pages), and
 * every typed price is read by `yuanToFen`.
 */
export { formatPrice, priceLabel } from '@studio/contract/constants';

/** Yuan as typed (number or text, up to two decimals) → fen; null when empty or not a price. */
export const yuanToFen = (yuan: number | string | null | undefined): number | null => {
  if (yuan === null || yuan === undefined) return null;
  const text = String(yuan).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** Fen → yuan as a number (for inputs and limits in yuan); null stays null (no price set). */
export function fenToYuan(fen: number): number;
export function fenToYuan(fen: number | null | undefined): number | null;
export function fenToYuan(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fen / 100;
}

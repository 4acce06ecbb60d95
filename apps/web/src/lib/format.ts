import { currentLang } from './i18n/index.ts';

/** Dates in the interface language; the server sends milliseconds since the epoch. */
export const formatDate = (ms: number): string =>
  new Intl.DateTimeFormat(currentLang(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** Date and time (minutes), for moments such as an invite link's expiry. */
export const formatDateTime = (ms: number): string =>
  new Intl.DateTimeFormat(currentLang(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);

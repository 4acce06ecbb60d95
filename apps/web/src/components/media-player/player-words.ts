/**
 * The player's words in the page's language, straight from the app's message files (both languages
 * are a few hundred bytes), so the player needs no i18next: on a public page it loads alone, on press.
 */
import { formatMessage, type MessageParams, type UiLang } from '@studio/contract/constants';
import { mediaPlayerEnUS } from '../../lib/i18n/en-us-media.ts';
import { mediaPlayerZhCN } from '../../lib/i18n/zh-cn-media.ts';

export type PlayerWordKey = keyof typeof mediaPlayerZhCN;
export type PlayerT = (key: PlayerWordKey, params?: MessageParams) => string;

export const playerWords =
  (lang: UiLang): PlayerT =>
  (key, params) =>
    formatMessage((lang === 'en-US' ? mediaPlayerEnUS : mediaPlayerZhCN)[key], params, lang);

/** 75 → 1:15, 3725 → 1:02:05 (the player's clock; unknown → 0:00). */
export const clock = (seconds: number): string => {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
};

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** Seconds an arrow key moves. */
export const SEEK_STEP = 5;

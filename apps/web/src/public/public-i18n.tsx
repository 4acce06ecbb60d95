/**
 * The words of the server-rendered public pages: the app's own messages (both languages, loaded at
 * once: this runs on the server), read through a fixed `t` per language so that concurrent requests in
 * different languages never share a switched global.
 */
import i18next, { type TFunction } from 'i18next';
import type { UiLang } from '@studio/contract/constants';
import { enUS } from '../lib/i18n/en-us.ts';
import { zhCN } from '../lib/i18n/zh-cn.ts';

const instance = i18next.createInstance();
void instance.init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const fixedT = (lang: UiLang): TFunction => instance.getFixedT(lang);

/** A message as written, its `{{params}}` unfilled (the page's script fills them). */
export const template = (lang: UiLang, key: string): string =>
  String(
    instance.getResource(lang, 'translation', key) ?? instance.getResource('zh-CN', 'translation', key) ?? '',
  );

// The context lives with the shared screens (no catalogue there); the login page reads it from here.
export { useWords, WordsProvider } from '../screens/words.tsx';

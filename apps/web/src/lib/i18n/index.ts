import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGE_FORMATS } from '@studio/contract/constants';
import { zhCN, type Messages } from './zh-cn.ts';
import { LANG_STORAGE_KEY } from './lang-key.ts';
import { hasLangCookie, setLangCookie } from '../cookies.ts';

export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
export { LANG_STORAGE_KEY } from './lang-key.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

const isLang = (value: unknown): value is Lang => LANGS.some((l) => l === value);

const hasStoredLang = (): boolean => {
  try {
    return isLang(localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    return false;
  }
};

const storedLang = (): Lang => {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
};

export const i18n = i18next.createInstance();

/**
 * Chinese, the default, is bundled; English is its own chunk, fetched when it is the stored choice
 * or picked in the header (changeLanguage waits for it), so Chinese users never download it.
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language !== 'en-US') return callback(null, {});
    import('./en-us.ts').then(
      (m) => callback(null, m.enUS as unknown as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Settles once the stored language's messages are in; main.tsx renders after it, so the first paint
 * (and the loading placeholder) is already translated. With Chinese that is at once.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources: { 'zh-CN': { translation: zhCN } },
    partialBundledLanguages: true,
    lng: storedLang(),
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  // A failed English download leaves the interface in Chinese rather than blank.
  .catch(() => undefined);

// The contract's param formats (`{{waitSeconds, wait}}`), so a code's message reads alike from the
// server (Chinese) and here, in either language.
for (const [name, format] of Object.entries(MESSAGE_FORMATS)) {
  i18n.services.formatter?.add(name, (value: unknown, lng: string | undefined) =>
    format(value, lng ?? DEFAULT_LANG),
  );
}

export const currentLang = (): Lang => (isLang(i18n.language) ? i18n.language : DEFAULT_LANG);

export const setLanguage = async (lang: Lang): Promise<void> => {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  setLangCookie(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
};

// Not on the server (the public pages' renderer reaches these messages through the quiz words).
if (typeof document !== 'undefined') {
  document.documentElement.lang = currentLang();
  // The server answers in the cookie's language: a choice stored before the cookie existed, or whose
  // cookie ran out, writes it again so the API's messages and the report's CSV match the interface.
  if (hasStoredLang() && !hasLangCookie(currentLang())) setLangCookie(currentLang());
}

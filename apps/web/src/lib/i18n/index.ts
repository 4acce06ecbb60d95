import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-us.ts';
import { zhCN, type Messages } from './zh-cn.ts';

export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
/** The user's language choice survives reloads (logout clears it, which is accepted). */
export const LANG_STORAGE_KEY = 'lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

const isLang = (value: unknown): value is Lang => LANGS.some((l) => l === value);

const storedLang = (): Lang => {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
};

export const i18n = i18next.createInstance();

// Resources are bundled and init is synchronous, so the first paint (and the loading placeholder)
// is already translated.
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

export const currentLang = (): Lang => (isLang(i18n.language) ? i18n.language : DEFAULT_LANG);

export const setLanguage = async (lang: Lang): Promise<void> => {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
};

document.documentElement.lang = currentLang();

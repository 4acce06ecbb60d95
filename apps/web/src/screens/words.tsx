/**
 * The words of the shared screens: a `t` and the page's language. The server renderer gives a fixed
 * `t` per request (`public/public-i18n.tsx`), the app its react-i18next `t` (`app-screen.tsx`), an
 * island the few messages the server sent with it (`islands.tsx`). No i18next instance lives here, so
 * importing a screen never brings the message catalogues along.
 */
import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import type { UiLang } from '@studio/contract/constants';

export type Words = { t: TFunction; lang: UiLang };
const WordsContext = createContext<Words | null>(null);
export const WordsProvider = WordsContext.Provider;

export const useWords = (): Words => {
  const words = useContext(WordsContext);
  if (!words) throw new Error('screens render inside WordsProvider');
  return words;
};

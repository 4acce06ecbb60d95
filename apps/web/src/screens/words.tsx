/**
 * The words of the shared screens and the login card: a `t` and the page's language. The server
 * renderer gives a fixed `t` per request (`public/public-i18n.tsx`), the app its react-i18next `t`
 * (`app-screen.tsx`, `features/auth/login-page.tsx`), an island `messagesT` over the few messages the
 * server sent with it (`public/island.tsx`, `public/islands.tsx`). No i18next instance lives here, so
 * importing a screen never brings the message catalogues along.
 */
import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import { formatMessage, type MessageParams, type UiLang } from '@studio/contract/constants';

export type Words = { t: TFunction; lang: UiLang };
const WordsContext = createContext<Words | null>(null);
export const WordsProvider = WordsContext.Provider;

export const useWords = (): Words => {
  const words = useContext(WordsContext);
  if (!words) throw new Error('screens render inside WordsProvider');
  return words;
};

/**
 * A `t` over a plain dictionary of messages as written (an island's): the contract's `formatMessage`
 * fills `{{name}}` and formats `{{name, wait}}` as the app's i18next does, so the server's and the
 * browser's renders of an island read alike.
 */
export const messagesT = (messages: Readonly<Record<string, string>>, lang: UiLang): TFunction =>
  ((key: string, params?: MessageParams) =>
    formatMessage(messages[key] ?? key, params, lang)) as unknown as TFunction;

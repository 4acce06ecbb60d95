/**
 * The words of the login card, read the same way by its three renderers: the app (react-i18next's `t`),
 * the server (the page's language) and the visitor's island (only the words below, sent in the page),
 * so the card never needs i18next in the browser before the app loads.
 */
import {
  CODE_TABLE,
  codeEntryOf,
  formatMessage,
  messageParamsOf,
  paramNamesOf,
} from '@studio/contract/constants';
import type { UiLang } from '@studio/contract/constants';
import { createContext, useContext } from 'react';

export type LoginParams = Record<string, string | number>;
export type LoginT = (key: string, params?: LoginParams) => string;
export type LoginWords = { t: LoginT; lang: UiLang };

/** Every key the card says (the answers' messages are added by `loginWordKeys`). */
const CARD_KEYS = [
  'auth.title',
  'auth.subtitle',
  'auth.methods',
  'auth.tabSms',
  'auth.tabPassword',
  'auth.tabWechat',
  'auth.phone',
  'auth.phonePlaceholder',
  'auth.code',
  'auth.codePlaceholder',
  'auth.getCode',
  'auth.resendIn',
  'auth.codeSent',
  'auth.password',
  'auth.passwordPlaceholder',
  'auth.login',
  'auth.loginSuccess',
  'auth.registerSuccess',
  'auth.wechatHint',
  'auth.simulatorHint',
  'auth.openSimulator',
  'auth.redirectingWechat',
  'auth.openWechat',
  'auth.refreshQr',
  'auth.qrAlt',
  'auth.qrFailed',
  'auth.qrExpired',
  'auth.qrConfirmed',
  'auth.needsScript',
  'validation.phone',
  'validation.smsCode',
  'validation.passwordRequired',
  'request.failed',
  'common.loading',
  'common.retry',
] as const;

/** The card's words and the messages of the codes a login can answer with (accounts, 429). */
export const loginWordKeys = (): string[] => [
  ...CARD_KEYS,
  ...Object.values(CODE_TABLE)
    .filter((e) => (e.code >= 10_000 && e.code < 11_000) || e.code === 429)
    .map((e) => e.key),
];

/** A `t` over a plain dictionary of templates (the server's and the island's: the same words, the same text). */
export const dictionaryT =
  (words: Readonly<Record<string, string>>, lang: UiLang): LoginT =>
  (key, params) =>
    formatMessage(words[key] ?? key, params, lang);

const LoginWordsContext = createContext<LoginWords | null>(null);
export const LoginWordsProvider = LoginWordsContext.Provider;

export const useLoginWords = (): LoginWords => {
  const words = useContext(LoginWordsContext);
  if (!words) throw new Error('the login card renders inside LoginWordsProvider');
  return words;
};

/**
 * A failed answer in the card's language: its code's message with the params `data` holds; the
 * server's `msg` for a code the contract does not know, one whose msg says more, or a missing param.
 */
export const answerText = (t: LoginT, code: number, msg: string, data?: unknown): string => {
  const entry = codeEntryOf(code);
  if (!entry || entry.serverText) return msg;
  const params = messageParamsOf(code, data);
  if (paramNamesOf(code).some((name) => !(name in params))) return msg;
  return t(entry.key, params);
};

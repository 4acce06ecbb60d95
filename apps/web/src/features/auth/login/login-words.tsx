/**
 * What the login card says. It reads its words as the shared screens do (`useWords`,
 * screens/words.tsx): the app gives react-i18next's `t`, the visitor's island a `t` over only the
 * words below, sent in the page, so the card never needs i18next in the browser before the app loads.
 */
import { CODE_TABLE, codeEntryOf, messageParamsOf, paramNamesOf } from '@studio/contract/constants';
import type { TFunction } from 'i18next';

/** Every key the card says (the answers' messages are added by `loginWordKeys`). */
const CARD_KEYS = [
  'auth.title',
  'auth.subtitle',
  'auth.methods',
  'auth.tabSms',
  'auth.tabPassword',
  'auth.tabWechat',
  'auth.wechatOneTap',
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

/**
 * A failed answer in the card's language: its code's message with the params `data` holds; the
 * server's `msg` for a code the contract does not know, one whose msg says more, or a missing param.
 */
export const answerText = (t: TFunction, code: number, msg: string, data?: unknown): string => {
  const entry = codeEntryOf(code);
  if (!entry || entry.serverText) return msg;
  const params = messageParamsOf(code, data);
  if (paramNamesOf(code).some((name) => !(name in params))) return msg;
  // A code's key is typed as a plain string, not one of the catalogue's keys.
  return (t as unknown as (key: string, params: object) => string)(entry.key, params);
};

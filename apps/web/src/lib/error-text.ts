import { type CodeMessageKey, codeEntryOf, messageParamsOf, paramNamesOf } from '@studio/contract/constants';
import { i18n } from './i18n/index.ts';

/**
 * What the interface says for a failed answer that carries a `msg`: its code's message in the
 * interface language (the contract's table, `errors.<name>`, with the params the envelope's `data`
 * holds). The server's `msg` as sent for a code the contract does not know, for a code whose `msg`
 * says more than its message (validation 400, 500 with the request id), and when a param is missing.
 */
export const errorText = (code: number, msg: string, data?: unknown): string => {
  const entry = codeEntryOf(code);
  if (!entry || entry.serverText) return msg;
  const params = messageParamsOf(code, data);
  if (paramNamesOf(code).some((name) => !(name in params))) return msg;
  return i18n.t(entry.key as CodeMessageKey, params);
};

/**
 * A failure an AI job or the editor's assist reports as a code and params (never text): its message
 * in the interface language; a code the contract does not know says the server error's message.
 */
export const aiErrorText = (error: { code: number; params: Readonly<Record<string, string | number>> }) => {
  const entry = codeEntryOf(error.code);
  if (!entry) return i18n.t('errors.serverError');
  return i18n.t(entry.key as CodeMessageKey, messageParamsOf(error.code, error.params));
};

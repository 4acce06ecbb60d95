/**
 * The words for a media upload's or transcode's failure: the server's refusal codes (30040–30049:
 * not media, empty, too large, quota with used/quota MB, too long, unreadable) in the interface
 * language through the app's one error mapping (`errorText`), a network failure as such.
 */
import { errorText } from '../../../../lib/error-text.ts';
import { i18n } from '../../../../lib/i18n/index.ts';

type Envelope = { code: number; msg?: string; data?: unknown };

const envelopeOf = (body: string | undefined | null): Envelope | null => {
  try {
    const value = JSON.parse(body ?? '') as unknown;
    const e = value as Partial<Envelope> | null;
    return typeof e === 'object' && e !== null && typeof e.code === 'number' ? (e as Envelope) : null;
  } catch {
    return null;
  }
};

/** A code's message with its params (from the envelope's data); without a usable one, `fallback`. */
export const mediaErrorText = (code: number, data?: unknown, msg?: string): string => {
  const fallback = msg || i18n.t('editor.media.failedUnknown');
  return errorText(code, fallback, data) || fallback;
};

/** The shape of tus-js-client's DetailedError that we read: the answer that ended the upload. */
type TusError = Error & {
  originalResponse?: { getStatus(): number; getBody(): string } | null;
};

/** Whether the server refused the upload (4xx): trying again would not help. */
export function isRefusal(error: Error): boolean {
  const status = (error as TusError).originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500;
}

/** Why an upload stopped: the server's envelope when it answered one, else the network. */
export function uploadFailureText(error: Error): string {
  const res = (error as TusError).originalResponse;
  const envelope = res ? envelopeOf(res.getBody()) : null;
  if (envelope) return mediaErrorText(envelope.code, envelope.data, envelope.msg);
  if (res && res.getStatus() >= 500) return i18n.t('editor.media.failedServer');
  return i18n.t('editor.media.failedNetwork');
}

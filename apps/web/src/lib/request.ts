import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import {
  API_BASE,
  Code,
  HTTP_STATUS_MESSAGES,
  HTTP_TIMEOUT_MS,
  PLATFORM_CODE,
  SOURCE_HEADER,
  TOKEN_HEADER,
  isSuccessCode,
  WebPaths,
} from '@studio/contract/constants';
import type { Envelope } from '@studio/contract';
import { ApiError } from './api-error.ts';
import { errorText } from './error-text.ts';
import { i18n } from './i18n/index.ts';
import { currentPath, navigate } from './navigation.ts';
import { showErrorNotice, showSessionNotice } from './notice.ts';
import { clearStoredUser, patchStoredUser, readStoredUser, readToken } from './storage.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No error notice for this call (seed §4: the team-list fetch swallows its errors). */
    silent?: boolean;
    /** 401/541 still clear what they must, but do not move the user (public pages, bootstrap). */
    stayOnPage?: boolean;
  }
}

/** The one request client (seed §7): `/api`, 30000 ms, the two headers, the envelope rules. */
export const http = axios.create({ baseURL: API_BASE, timeout: HTTP_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  // Read per request, not once: login, logout and 401 change the stored token at any time.
  config.headers.set(TOKEN_HEADER, readToken());
  config.headers.set(SOURCE_HEADER, PLATFORM_CODE);
  return config;
});

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';

const onUnauthorized = (config: AxiosRequestConfig, msg: string, status?: number): Promise<never> => {
  clearStoredUser();
  if (!config.stayOnPage) {
    showSessionNotice(i18n.t('request.loginExpired'));
    const here = currentPath();
    if (here !== WebPaths.login) {
      const back = `${here}${window.location.search}`;
      navigate(here === '/' ? WebPaths.login : WebPaths.loginBack(back), { replace: true });
    }
  }
  return Promise.reject(new ApiError(Code.UNAUTHORIZED, msg, status));
};

const onNoTeam = (
  config: AxiosRequestConfig,
  msg: string,
  status?: number,
  data?: unknown,
): Promise<never> => {
  // The stored current team is no longer valid; forgetting it keeps the header honest.
  if (readStoredUser()?.lastTeam) patchStoredUser({ lastTeam: null });
  if (!config.stayOnPage && currentPath() !== WebPaths.selectTeam) navigate(WebPaths.selectTeam);
  // `data` names the team when the user was removed from it (shown on /selectTeam).
  return Promise.reject(new ApiError(Code.NO_TEAM, msg, status, data));
};

/** 542: the current team expired since it was stored; the interface turns read-only at once. */
const markTeamExpired = (): void => {
  const lastTeam = readStoredUser()?.lastTeam;
  if (lastTeam && !lastTeam.teamExpire) patchStoredUser({ lastTeam: { ...lastTeam, teamExpire: true } });
};

/** Refusals that name the order holding a course (owned, in a pending order, paid by another order). */
const HELD_CODES: ReadonlySet<number> = new Set([
  Code.ALREADY_OWNED,
  Code.COURSE_IN_PENDING_ORDER,
  Code.ORDER_COURSES_OWNED,
]);

/** The order a refusal names (`data`: orderId, orderNo, and whether it is the asker's own). */
export const heldOrderOf = (error: ApiError): { orderId: number; orderNo: string; mine: boolean } | null => {
  const data = error.data as { orderId?: unknown; orderNo?: unknown; mine?: unknown } | null | undefined;
  if (!HELD_CODES.has(error.code) || typeof data?.orderId !== 'number' || typeof data.orderNo !== 'string')
    return null;
  return { orderId: data.orderId, orderNo: data.orderNo, mine: data.mine === true };
};

const fail = (config: AxiosRequestConfig, error: ApiError): Promise<never> => {
  if (config.silent) return Promise.reject(error);
  const held = heldOrderOf(error);
  if (!held) showErrorNotice(i18n.t('request.failed'), error.msg);
  // The buyer's own order opens in 交易信息; another member's is named only.
  else if (held.mine)
    showErrorNotice(i18n.t('request.failed'), error.msg, {
      text: i18n.t('store.order.openHeld', { no: held.orderNo }),
      onClick: () => navigate(WebPaths.personalTradeOrder(held.orderId)),
    });
  else showErrorNotice(i18n.t('request.failed'), `${error.msg} ${i18n.t('store.order.heldByOther')}`);
  return Promise.reject(error);
};

const statusMessage = (status: number | undefined): string => {
  // Seed §8: a status without a message, or no answer at all, shows the 500 message.
  const known = status !== undefined && HTTP_STATUS_MESSAGES[status] !== undefined ? status : 500;
  // The table is keyed by number (the contract's), so it is read whole rather than key by key.
  const messages: Record<number, string> = i18n.t('httpStatus', { returnObjects: true });
  return messages[known] ?? HTTP_STATUS_MESSAGES[500] ?? '';
};

/** A Blob's text (FileReader: Blob.text() is missing in older browsers and in jsdom). */
const blobText = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('blob'));
    reader.readAsText(blob);
  });

/**
 * A download (responseType 'blob') that answered JSON is the envelope of a failure (a business code
 * sent as HTTP 200, or a 4xx/5xx): read it back so the usual rules apply. A file stays as it is.
 */
const envelopeOfBlob = async (body: unknown): Promise<unknown> => {
  if (!(body instanceof Blob) || !body.type.includes('json')) return body;
  try {
    return JSON.parse(await blobText(body)) as unknown;
  } catch {
    return body;
  }
};

const isDownload = (config: AxiosRequestConfig): boolean => config.responseType === 'blob';

const onEnvelope = (response: AxiosResponse): AxiosResponse | Promise<never> => {
  const body: unknown = response.data;
  const config = response.config;
  if (!isEnvelope(body)) {
    return fail(config, new ApiError(Code.SERVER_ERROR, statusMessage(response.status), response.status));
  }
  if (isSuccessCode(body.code)) return response;
  if (body.code === Code.UNAUTHORIZED) return onUnauthorized(config, body.msg);
  if (body.code === Code.NO_TEAM) return onNoTeam(config, body.msg, undefined, body.data);
  if (body.code === Code.TEAM_EXPIRED) markTeamExpired();
  // The code's message in the interface language; the server's msg for a code the contract does not
  // know (seed §8), and the seed's fallback when the server sent none.
  const msg = body.msg ? errorText(body.code, body.msg, body.data) : i18n.t('request.unknownError');
  return fail(config, new ApiError(body.code, msg, response.status, body.data));
};

const onDownload = async (response: AxiosResponse): Promise<AxiosResponse> => {
  const body = await envelopeOfBlob(response.data);
  // The file itself (a JSON file that is no failing envelope included): nothing to unwrap.
  if (body instanceof Blob || (isEnvelope(body) && isSuccessCode(body.code))) return response;
  return onEnvelope({ ...response, data: body });
};

const onResponse = (response: AxiosResponse): AxiosResponse | Promise<AxiosResponse> =>
  isDownload(response.config) ? onDownload(response) : onEnvelope(response);

const onHttpError = (error: AxiosError): Promise<never> => {
  // An aborted call was wanted by its caller: nothing to tell the user.
  if (axios.isCancel(error)) return Promise.reject(error);
  const config = error.config ?? {};
  const response = error.response;
  const body: unknown = response?.data;
  const status = response?.status;
  const envelope = isEnvelope(body) ? body : undefined;
  if (status === 401 || envelope?.code === Code.UNAUTHORIZED) {
    return onUnauthorized(config, envelope?.msg ?? statusMessage(401), status);
  }
  if (envelope?.code === Code.NO_TEAM) return onNoTeam(config, envelope.msg, status, envelope.data);
  // An answer that carries the envelope says what happened: its code's message in the interface
  // language, or its msg as sent (400 names the field and the rule; an unknown code); the status table
  // (seed §8) is for statuses without one (a gateway, no answer).
  const msg = envelope?.msg ? errorText(envelope.code, envelope.msg, envelope.data) : statusMessage(status);
  const code = envelope?.code ?? status ?? Code.SERVER_ERROR;
  return fail(config, new ApiError(code, msg, status, envelope?.data));
};

const onDownloadError = async (error: AxiosError): Promise<never> => {
  if (error.response) error.response.data = await envelopeOfBlob(error.response.data);
  return onHttpError(error);
};

http.interceptors.response.use(onResponse, (error: AxiosError) =>
  isDownload(error.config ?? {}) ? onDownloadError(error) : onHttpError(error),
);

/**
 * The envelope's data: the one unwrap (`callEnvelope.get(…).then(unwrap)`). The interceptors have already
 * turned every failing code into a rejection, so what reaches here is a success.
 */
export const unwrap = <T>(envelope: Envelope<T>): T => envelope.data;

/**
 * What the typed client (call.ts) does not cover: a file the server sends instead of an envelope (a
 * CSV export). Every JSON call goes through `call` (typed by the contract's endpoint table).
 */
export const api = {
  /**
   * Through the client, not a plain link, because it needs the token header; a failure still answers
   * the envelope and is shown as one.
   */
  download: (url: string, config?: AxiosRequestConfig): Promise<Blob> =>
    http.get<Blob>(url, { ...config, responseType: 'blob' }).then((r) => r.data),
};

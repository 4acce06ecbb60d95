/**
 * The login card's calls, with `fetch` (not the app's request client): the visitor's island must stay
 * small, and both renderers then answer the same way. A failed answer is a `LoginAnswerError` whose
 * text is already in the card's language.
 */
import {
  API_BASE,
  PLATFORM_CODE,
  Routes,
  SOURCE_HEADER,
  TOKEN_HEADER,
  WebPaths,
  isSuccessCode,
  type LoginWay,
} from '@studio/contract/constants';
import type { EndpointAt, Envelope, InputOf, OutputOf, PathsOf, WechatQr } from '@studio/contract';
import type { TFunction } from 'i18next';
import { answerText } from './login-words.tsx';

export class LoginAnswerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer at a path, typed from the contract's endpoint table (types only: no schema is loaded). */
type Answer<P extends PathsOf<'GET'> | PathsOf<'POST'>> = OutputOf<EndpointAt<P>>;

const call = async <T>(t: TFunction, route: string, init?: RequestInit, token?: string): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${route}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        [SOURCE_HEADER]: PLATFORM_CODE,
        ...(token ? { [TOKEN_HEADER]: token } : {}),
      },
    });
  } catch {
    throw new LoginAnswerError(0, t('request.failed'));
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope || typeof envelope.code !== 'number') throw new LoginAnswerError(0, t('request.failed'));
  if (!isSuccessCode(envelope.code)) {
    throw new LoginAnswerError(envelope.code, answerText(t, envelope.code, envelope.msg, envelope.data));
  }
  return envelope.data;
};

/** A POST whose body and answer are the endpoint's at that path in the contract's table. */
const post = <P extends PathsOf<'POST'>>(
  t: TFunction,
  path: P,
  body: InputOf<EndpointAt<P>>,
  token?: string,
) => call<Answer<P>>(t, path, { method: 'POST', body: JSON.stringify(body ?? {}) }, token);

/** A GET whose query and answer are the endpoint's at that path. */
const get = <P extends PathsOf<'GET'>>(t: TFunction, path: P, query?: InputOf<EndpointAt<P>>) =>
  call<Answer<P>>(
    t,
    query ? `${path}?${new URLSearchParams(query as Record<string, string>).toString()}` : path,
  );

/** What an SMS code is for: a login, or the phone a new WeChat account binds (/wxAuth). */
export type SmsPurpose = 'login' | 'bind';

/** 10005 (a code is already on its way) is a success code: it counts as sent. */
export const sendSmsCode = (t: TFunction, phone: string, purpose: SmsPurpose) =>
  post(t, Routes.auth.smsSend, { phone, purpose });

export const loginWithCode = (t: TFunction, phone: string, code: string) =>
  post(t, Routes.auth.loginSms, { phone, code });

/** A new WeChat user's phone, bound with its code under the session WeChat gave (`token`). */
export const bindWechatPhone = (t: TFunction, token: string, phone: string, code: string) =>
  post(t, Routes.auth.wechatBind, { phone, code }, token);

export const loginWithPassword = (t: TFunction, phone: string, password: string) =>
  post(t, Routes.auth.loginPassword, { phone, password });

/** A new QR login; a phone scans the code, so its address is made whole here. */
export const newWechatQr = async (t: TFunction): Promise<WechatQr> => {
  const qr = await get(t, Routes.auth.wechatQr);
  return { ...qr, qrUrl: new URL(qr.qrUrl, window.location.origin).href };
};

export const wechatStatus = (t: TFunction, state: string) => get(t, Routes.auth.wechatStatus, { state });

/** /login with a way in and the page to go back to: each tab is an address of its own. */
export const loginUrl = (way: LoginWay, redirect: string | null): string => {
  const params = new URLSearchParams({ way });
  if (redirect) params.set('redirect', redirect);
  return `${WebPaths.login}?${params.toString()}`;
};

/** /wxAuth with the code that finishes a QR login, as WeChat's page sends the browser there. */
export const wxAuthUrl = (code: string, state: string): string =>
  `${WebPaths.wxAuth}?${new URLSearchParams({ code, state }).toString()}`;

/** The simulator's page opened on this computer (在本机打开): confirming goes on to /wxAuth here. */
export const simulatorHere = (qrUrl: string): string => `${qrUrl}${qrUrl.includes('?') ? '&' : '?'}here=1`;

/** A page opened inside WeChat (its built-in browser says `MicroMessenger`). */
export const isWechatUa = (ua: string): boolean => /MicroMessenger/i.test(ua);

/**
 * 微信一键登录 (公众号 网页授权): the server binds the state to this browser (a cookie) and answers
 * WeChat's authorisation URL; WeChat returns to /wxAuth?kind=login with the code.
 */
export const startMpLogin = (t: TFunction) => post(t, Routes.auth.mpLogin, undefined);

import { Routes, WebPaths, safeRedirect } from '@studio/contract/constants';
import type { MpAuthorize, MpBaseResult, UserInfo, WechatCallback } from '@studio/contract';
import { WECHAT_REDIRECT_KEY } from './wechat-keys.ts';
import { call } from '../../lib/call.ts';

export const wechatCallback = (body: WechatCallback): Promise<UserInfo> =>
  call.post(Routes.auth.wechatCallback, body);

/** 微信一键登录 inside WeChat (公众号): WeChat returned to /wxAuth?kind=login. */
export const mpLoginCallback = (body: WechatCallback): Promise<UserInfo> =>
  call.post(Routes.auth.mpLoginCallback, body);

/** The silent snsapi_base for a logged-in user (/wxAuth?kind=base): records the openid; where to go on. */
export const mpBaseCallback = (body: WechatCallback): Promise<MpBaseResult> =>
  call.post(Routes.auth.mpBaseCallback, body);

/** Starts the silent snsapi_base (WeChat Pay JSAPI needs the openid); comes back to `next`. */
export const startMpBase = (next: string): Promise<MpAuthorize> => call.post(Routes.auth.mpBase, { next });

/** Where /loading goes next, carrying the page the user first asked for. */
export const loadingPath = (redirect: string | null): string => {
  const safe = safeRedirect(redirect);
  return WebPaths.loadingBack(safe);
};

/**
 * Where a user without a current team goes: the team pages they asked for (an invite link is
 * `/selectTeam?invite=<code>` and must keep its code) or the storefront they came from (its list and
 * buy pages are open without a team), otherwise /selectTeam.
 */
export const noTeamPath = (redirect: string | null): string => {
  const safe = safeRedirect(redirect);
  return safe && /^\/(selectTeam|creatTeam|store\/list|store\/preview\/\d+)(?=[?#]|$)/.test(safe)
    ? safe
    : WebPaths.selectTeam;
};

/** /loading with the page asked for before the WeChat login, forgetting it once read. */
export const wechatLoadingPath = (): string => {
  const redirect = sessionStorage.getItem(WECHAT_REDIRECT_KEY);
  sessionStorage.removeItem(WECHAT_REDIRECT_KEY);
  return loadingPath(redirect);
};

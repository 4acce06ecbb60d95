/**
 * 公众号 网页授权: WeChat login inside WeChat (snsapi_userinfo) and the silent snsapi_base that records
 * a logged-in user's 公众号 openid (WeChat Pay JSAPI pays with it). One person (unionid) is one account
 * whether they came by the Open Platform QR login or the 公众号.
 */
import { Code, type MpAuthorize, type MpBaseResult, type UserInfo } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { MpProfile, MpScope } from '../../platform/wechat/mp-oauth.ts';
import { WechatExchangeError } from '../../platform/wechat/wechat-provider.ts';
import { findUserByMpOpenId, findUserByUnionId, insertMpUser, updateUser } from '../users/index.ts';
import { startSession } from './session.service.ts';
import { consumeMpState, findState, insertMpState } from './wechat-states.repo.ts';

const STATE_TTL_MS = 10 * 60_000;
/** The cookie binding a 公众号 login state to the browser that started it (only its hash is stored). */
export const MP_BROWSER_COOKIE = 'wx_mp_b';
/** Where WeChat returns the browser (/wxAuth with kind=login|base; the web page posts the code and state to the callbacks). */
export const MP_RETURN_PATH = '/wxAuth';

/** A same-site path: `/x…`, never `//host`, `/\host`, a scheme, spaces or control characters. */
export const isSafeNextPath = (next: string): boolean =>
  /^\/(?![/\\])[^\s\\]*$/.test(next) &&
  ![...next].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) &&
  next.length <= 500;

function returnUri(ctx: AppContext, origin: string, kind: 'login' | 'base'): string {
  // Real WeChat only returns to the 网页授权域名 registered for the 公众号: PUBLIC_URL, never a request's host.
  const base = ctx.wechatMp.mode === 'mp' ? ctx.config.publicUrl : origin;
  return `${base}${MP_RETURN_PATH}?kind=${kind}`;
}

/** Starts a 公众号 login; `browserNonce` goes into this browser's cookie, its hash into the state. */
export async function startMpLogin(
  ctx: AppContext,
  origin: string,
  browserNonce: string,
): Promise<MpAuthorize> {
  const state = randomToken(16);
  await insertMpState(ctx.db, {
    state,
    kind: 'mp_login',
    browserHash: sha256(browserNonce),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return {
    state,
    authorizeUrl: ctx.wechatMp.authorizeUrl('snsapi_userinfo', state, returnUri(ctx, origin, 'login')),
    mode: ctx.wechatMp.mode,
  };
}

/** The state's checks and the exchange, shared by both callbacks. */
async function spendAndExchange(
  ctx: AppContext,
  kind: 'mp_login' | 'mp_base',
  code: string,
  state: string,
  belongs: (row: NonNullable<Awaited<ReturnType<typeof findState>>>) => boolean,
  log: FastifyBaseLogger,
): Promise<{ profile: MpProfile; nextPath: string | null }> {
  const row = await findState(ctx.db, state);
  if (!row || row.kind !== kind || row.usedAt || row.expiresAt <= new Date()) {
    throw new AppError(Code.WECHAT_STATE_INVALID);
  }
  if (!belongs(row)) throw new AppError(Code.WECHAT_STATE_OTHER_BROWSER);
  const spent = await consumeMpState(ctx.db, state, kind, sha256(code));
  if (spent === 'used-code') throw new AppError(Code.WECHAT_CODE_USED);
  if (spent === 'gone') throw new AppError(Code.WECHAT_STATE_INVALID);
  try {
    return { profile: await ctx.wechatMp.exchange(code), nextPath: row.nextPath };
  } catch (err) {
    if (!(err instanceof WechatExchangeError)) throw err;
    // WeChat refuses a code it gave already (40163): the same answer as a replay we saw ourselves.
    log.warn({ err: err.message }, 'WeChat 公众号 code exchange failed');
    throw new AppError(/40163/.test(err.message) ? Code.WECHAT_CODE_USED : Code.WECHAT_LOGIN_FAILED);
  }
}

/**
 * Finishes a 公众号 login: a known user (by 公众号 openid, or by unionid: the account the QR login made)
 * logs in and keeps both openids; a new one gets an account with `register: false` and binds a phone.
 */
export async function mpLoginCallback(
  ctx: AppContext,
  code: string,
  state: string,
  browserNonce: string | undefined,
  log: FastifyBaseLogger,
): Promise<UserInfo> {
  const { profile } = await spendAndExchange(
    ctx,
    'mp_login',
    code,
    state,
    (row) => Boolean(browserNonce) && row.browserHash === sha256(browserNonce!),
    log,
  );
  let user = await findUserByMpOpenId(ctx.db, profile.openId);
  if (!user && profile.unionId) {
    const same = await findUserByUnionId(ctx.db, profile.unionId);
    if (same) user = await updateUser(ctx.db, same.id, { wechatMpOpenId: profile.openId });
  }
  user ??= await insertMpUser(ctx.db, {
    wechatMpOpenId: profile.openId,
    wechatUnionId: profile.unionId,
    nickName: profile.nickName ?? '微信用户',
    headImage: profile.headImage ?? '',
  });
  if (!user.wechatUnionId && profile.unionId) {
    user = await updateUser(ctx.db, user.id, { wechatUnionId: profile.unionId });
  }
  return startSession(ctx, user);
}

/** The silent snsapi_base authorisation for the logged-in user; afterwards the web goes to `next`. */
export async function startMpBase(
  ctx: AppContext,
  actor: Actor,
  next: string,
  origin: string,
): Promise<MpAuthorize> {
  if (!isSafeNextPath(next)) throw new AppError(Code.REDIRECT_NOT_ALLOWED, { data: { field: 'next' } });
  const state = randomToken(16);
  await insertMpState(ctx.db, {
    state,
    kind: 'mp_base',
    userId: actor.user.id,
    nextPath: next,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const scope: MpScope = 'snsapi_base';
  return {
    state,
    authorizeUrl: ctx.wechatMp.authorizeUrl(scope, state, returnUri(ctx, origin, 'base')),
    mode: ctx.wechatMp.mode,
  };
}

/**
 * Records the 公众号 openid on the session's user. An openid another account holds, or a user who has
 * another one already, is refused (10035): never moved or overwritten silently.
 */
export async function mpBaseCallback(
  ctx: AppContext,
  actor: Actor,
  code: string,
  state: string,
  log: FastifyBaseLogger,
): Promise<MpBaseResult> {
  const { profile, nextPath } = await spendAndExchange(
    ctx,
    'mp_base',
    code,
    state,
    (row) => row.userId === actor.user.id,
    log,
  );
  const me = actor.user;
  const holder = await findUserByMpOpenId(ctx.db, profile.openId);
  if (holder && holder.id !== me.id) throw new AppError(Code.WECHAT_MP_OPENID_TAKEN);
  if (me.wechatMpOpenId && me.wechatMpOpenId !== profile.openId)
    throw new AppError(Code.WECHAT_MP_OPENID_TAKEN);
  if (!holder) {
    try {
      await updateUser(ctx.db, me.id, { wechatMpOpenId: profile.openId });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } } | null;
      if (e?.code === '23505' || e?.cause?.code === '23505') throw new AppError(Code.WECHAT_MP_OPENID_TAKEN);
      throw err;
    }
  }
  return { next: nextPath ?? '/' };
}

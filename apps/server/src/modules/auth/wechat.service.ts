import { Code, type UserInfo, type WechatQr, type WechatStatus } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { WechatExchangeError } from '../../platform/wechat/wechat-provider.ts';
import { currentLastTeam } from '../teams/index.ts';
import {
  deleteUser,
  findUserByOpenId,
  findUserByPhone,
  findUserByUnionId,
  insertWechatUser,
  toUserInfo,
  updateUser,
} from '../users/index.ts';
import { startSession } from './session.service.ts';
import { verifySmsCode } from './sms-codes.service.ts';
import { consumeState, findState, insertState } from './wechat-states.repo.ts';

const STATE_TTL_MS = 10 * 60_000;

/** `origin`: where the user reached the app (platform/public-origin.ts). */
export async function createWechatQr(ctx: AppContext, origin: string): Promise<WechatQr> {
  const state = randomToken(16);
  await insertState(ctx.db, state, new Date(Date.now() + STATE_TTL_MS));
  return { state, qrUrl: ctx.wechat.qrUrl(state, origin), mode: ctx.wechat.mode };
}

/**
 * Where a QR login stands, for the page showing the QR code. In WeChat's own flow its QR page
 * redirects the desktop's window with the code; the simulator's phone is another device, so the
 * desktop's page asks here and goes on to /wxAuth with the code once the phone has confirmed. A used
 * state (the desktop logged in) or an old one is expired: the code works once.
 */
export async function wechatLoginStatus(ctx: AppContext, state: string): Promise<WechatStatus> {
  const row = await findState(ctx.db, state);
  if (!row || row.usedAt || row.expiresAt <= new Date()) return { status: 'expired', code: null };
  return row.simCode ? { status: 'confirmed', code: row.simCode } : { status: 'waiting', code: null };
}

/** Finishes a scan: a known WeChat user logs in; a new one gets an account with `register: false`. */
export async function wechatCallback(
  ctx: AppContext,
  code: string,
  state: string,
  log: FastifyBaseLogger,
): Promise<UserInfo> {
  if (!(await consumeState(ctx.db, state))) throw new AppError(Code.WECHAT_STATE_INVALID);
  let profile;
  try {
    profile = await ctx.wechat.exchange(code, state);
  } catch (err) {
    if (!(err instanceof WechatExchangeError)) throw err;
    log.warn({ err: err.message }, 'WeChat code exchange failed');
    throw new AppError(Code.WECHAT_LOGIN_FAILED);
  }
  // The same person who came by the 公众号 (one unionid) is the same account: it records this openid too.
  const sameByUnion =
    profile.unionId && !(await findUserByOpenId(ctx.db, profile.openId))
      ? await findUserByUnionId(ctx.db, profile.unionId)
      : undefined;
  if (sameByUnion && !sameByUnion.wechatOpenId) {
    return startSession(ctx, await updateUser(ctx.db, sameByUnion.id, { wechatOpenId: profile.openId }));
  }
  const user =
    (await findUserByOpenId(ctx.db, profile.openId)) ??
    (await insertWechatUser(ctx.db, {
      wechatOpenId: profile.openId,
      wechatUnionId: profile.unionId,
      nickName: profile.nickName,
      headImage: profile.headImage,
    }));
  return startSession(ctx, user);
}

/**
 * Binds a phone to a new WeChat user. When the phone already has an account, the WeChat identity
 * moves onto that account (the placeholder user had no data yet) and a session for it is returned.
 */
export async function bindPhone(
  ctx: AppContext,
  actor: Actor,
  phone: string,
  code: string,
): Promise<UserInfo> {
  const { user } = actor;
  if (user.phone !== null || !(user.wechatOpenId || user.wechatMpOpenId)) {
    throw new AppError(Code.PHONE_ALREADY_BOUND);
  }
  await verifySmsCode(ctx, phone, 'bind', code);
  const existing = await findUserByPhone(ctx.db, phone);
  if (!existing) {
    const updated = await updateUser(ctx.db, user.id, { phone });
    const session = { token: actor.token, expiresAt: actor.session.expiresAt };
    // A new account completed: greeted as new, like an SMS sign-up.
    return { ...toUserInfo(updated, session, await currentLastTeam(ctx.db, updated)), newUser: true };
  }
  // The phone's account has another WeChat identity already: refused, never overwritten.
  if (
    (existing.wechatOpenId && user.wechatOpenId) ||
    (existing.wechatMpOpenId && user.wechatMpOpenId) ||
    (existing.wechatUnionId && user.wechatUnionId && existing.wechatUnionId !== user.wechatUnionId) ||
    (existing.wechatOpenId && !user.wechatUnionId)
  ) {
    throw new AppError(Code.PHONE_TAKEN_BY_WECHAT);
  }
  const merged = await ctx.db.transaction(async (tx) => {
    await deleteUser(tx, user.id);
    // Both openids (the QR's and the 公众号's) and the unionid move onto the phone's account.
    return updateUser(tx, existing.id, {
      wechatOpenId: existing.wechatOpenId ?? user.wechatOpenId,
      wechatMpOpenId: existing.wechatMpOpenId ?? user.wechatMpOpenId,
      wechatUnionId: existing.wechatUnionId ?? user.wechatUnionId,
      headImage: existing.headImage || user.headImage,
    });
  });
  return startSession(ctx, merged);
}

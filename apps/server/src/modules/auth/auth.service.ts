import { Code, type UserInfo } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { clearLimit, hitLimit, limitResetAt, peekLimit } from '../../platform/rate-limit.ts';
import { findUserByPhone, insertUserByPhone } from '../users/index.ts';
import { startSession } from './session.service.ts';
import { revokeSession } from './sessions.repo.ts';
import { verifySmsCode } from './sms-codes.service.ts';

const PASSWORD_TRIES = 5;
const PASSWORD_LOCK_MS = 15 * 60_000;
const LOGINS_PER_IP = 60;

export const defaultNickName = (phone: string) => `用户${phone.slice(-4)}`;

/** Logs in by SMS code; a phone seen for the first time becomes a new account. */
export async function loginBySms(ctx: AppContext, phone: string, code: string): Promise<UserInfo> {
  await verifySmsCode(ctx, phone, 'login', code);
  const known = await findUserByPhone(ctx.db, phone);
  if (known) return startSession(ctx, known);
  const user = await insertUserByPhone(ctx.db, { phone, nickName: defaultNickName(phone) });
  // Said on this answer only: the web greets a new account as new, not "welcome back".
  return { ...(await startSession(ctx, user)), newUser: true };
}

/** The lock's words: how long until it ends. */
const loginLocked = (until: Date | null) =>
  new AppError(Code.LOGIN_LOCKED, {
    params: { waitSeconds: Math.max(1, Math.ceil(((until?.getTime() ?? Date.now()) - Date.now()) / 1000)) },
  });

/**
 * Password login: PASSWORD_TRIES wrong passwords for a phone within PASSWORD_LOCK_MS lock it until the
 * window ends. The try before the last warns (10023, tries left and the lock's length); the last wrong
 * one and every try while locked answer 10022 with the time left. An unknown phone counts the same.
 */
export async function loginByPassword(
  ctx: AppContext,
  phone: string,
  password: string,
  ip: string,
): Promise<UserInfo> {
  const key = `login-pw:${phone}`;
  if ((await peekLimit(ctx.db, key)) >= PASSWORD_TRIES) throw loginLocked(await limitResetAt(ctx.db, key));
  const perIp = await hitLimit(ctx.db, `login-ip:${ip}`, LOGINS_PER_IP, PASSWORD_LOCK_MS);
  if (!perIp.allowed) throw loginLocked(perIp.resetAt);
  const user = await findUserByPhone(ctx.db, phone);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (!user || !ok) {
    const wrong = await hitLimit(ctx.db, key, PASSWORD_TRIES, PASSWORD_LOCK_MS);
    const left = PASSWORD_TRIES - wrong.count;
    if (left <= 0) throw loginLocked(wrong.resetAt);
    if (left === 1) {
      throw new AppError(Code.LOGIN_WRONG_LAST_TRY, {
        params: { triesLeft: left, lockSeconds: PASSWORD_LOCK_MS / 1000 },
      });
    }
    throw new AppError(Code.LOGIN_WRONG);
  }
  await clearLimit(ctx.db, key);
  return startSession(ctx, user);
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId);
}

import { Code, type UserInfo } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { clearLimit, hitLimit, peekLimit } from '../../platform/rate-limit.ts';
import { findUserByPhone, insertUserByPhone } from '../users/users.repo.ts';
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

export async function loginByPassword(
  ctx: AppContext,
  phone: string,
  password: string,
  ip: string,
): Promise<UserInfo> {
  const key = `login-pw:${phone}`;
  if ((await peekLimit(ctx.db, key)) >= PASSWORD_TRIES) throw new AppError(Code.TOO_MANY_TRIES);
  if (!(await hitLimit(ctx.db, `login-ip:${ip}`, LOGINS_PER_IP, PASSWORD_LOCK_MS)).allowed) {
    throw new AppError(Code.TOO_MANY_TRIES);
  }
  const user = await findUserByPhone(ctx.db, phone);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (!user || !ok) {
    await hitLimit(ctx.db, key, PASSWORD_TRIES, PASSWORD_LOCK_MS);
    throw new AppError(Code.LOGIN_WRONG);
  }
  await clearLimit(ctx.db, key);
  return startSession(ctx, user);
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId);
}

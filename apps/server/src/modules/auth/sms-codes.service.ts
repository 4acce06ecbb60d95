/** SMS verification codes: 6 digits, 5 minutes, 5 tries, one send per phone per 60 s. */
import { Code, LIMITS } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { hitLimit } from '../../platform/rate-limit.ts';
import { consumeCode, countWrongTry, findLiveCode, insertCode, type SmsPurpose } from './sms-codes.repo.ts';

const SENDS_PER_PHONE_PER_DAY = 10;
const SENDS_PER_IP_PER_HOUR = 30;

const hashCode = (code: string, salt: string) => sha256(`${salt}:${code}`);

/** Answers 200 when a code was sent, 10005 when one sent in the last 60 s is still valid. */
export async function sendSmsCode(ctx: AppContext, phone: string, purpose: SmsPurpose, ip: string) {
  const window = await hitLimit(ctx.db, `sms-window:${purpose}:${phone}`, 1, LIMITS.smsResendMs);
  if (!window.allowed) return { code: Code.SMS_ALREADY_SENT } as const;
  const perIp = await hitLimit(ctx.db, `sms-ip:${ip}`, SENDS_PER_IP_PER_HOUR, 3_600_000);
  const perPhone = await hitLimit(ctx.db, `sms-phone:${phone}`, SENDS_PER_PHONE_PER_DAY, 86_400_000);
  if (!perIp.allowed || !perPhone.allowed) throw new AppError(Code.TOO_MANY_TRIES);

  const code = randomDigits(LIMITS.smsCodeLength);
  const salt = randomToken(12);
  const expiresAt = new Date(Date.now() + LIMITS.smsCodeTtlMs);
  await insertCode(ctx.db, { phone, purpose, codeHash: hashCode(code, salt), salt, expiresAt });
  await ctx.sms.sendCode(phone, code);
  return { code: Code.OK } as const;
}

/** Checks and uses a code; wrong codes count, and the 5th wrong try locks the code. */
export async function verifySmsCode(ctx: AppContext, phone: string, purpose: SmsPurpose, code: string) {
  const row = await findLiveCode(ctx.db, phone, purpose);
  if (!row) throw new AppError(Code.SMS_CODE_WRONG);
  if (row.tries >= LIMITS.smsMaxTries) throw new AppError(Code.TOO_MANY_TRIES);
  if (!safeEqual(hashCode(code, row.salt), row.codeHash)) {
    const tries = await countWrongTry(ctx.db, row.id);
    throw new AppError(tries >= LIMITS.smsMaxTries ? Code.TOO_MANY_TRIES : Code.SMS_CODE_WRONG);
  }
  if (!(await consumeCode(ctx.db, row.id))) throw new AppError(Code.SMS_CODE_WRONG);
}

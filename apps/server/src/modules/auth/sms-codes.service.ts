/** SMS verification codes: 6 digits, 5 minutes, 5 tries, one send per phone per 60 s. */
import { Code, LIMITS } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { hitLimit, limitResetAt } from '../../platform/rate-limit.ts';
import { SmsRefused } from '../../platform/sms/sms-provider.ts';
import { consumeCode, countWrongTry, findLiveCode, insertCode, type SmsPurpose } from './sms-codes.repo.ts';

const SENDS_PER_PHONE_PER_DAY = 10;

const hashCode = (code: string, salt: string) => sha256(`${salt}:${code}`);
const windowKey = (phone: string, purpose: SmsPurpose) => `sms-window:${purpose}:${phone}`;
const msUntil = (at: Date | null) => (at ? at.getTime() - Date.now() : 0);
const waitParams = (waitMs: number) => ({ waitSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });

/** A locked code: when a new one may be asked for (the rest of the 60 s), or that it may be now. */
const lockedCode = (waitMs: number) =>
  waitMs > 0
    ? new AppError(Code.SMS_CODE_LOCKED, { params: waitParams(waitMs) })
    : new AppError(Code.SMS_CODE_LOCKED_RESEND);

/** A send refused by a sending limit (per phone, per address, or one per 60 s). */
const sendTooOften = (waitMs: number) =>
  new AppError(Code.SMS_SEND_TOO_OFTEN, { params: waitParams(waitMs) });

/**
 * Answers 200 when a code was sent, 10005 when one sent in the last 60 s is still valid. Inside the
 * 60 s with no usable code, 10012 (locked by wrong tries) or 10014 (used) says how long until a new one.
 */
export async function sendSmsCode(ctx: AppContext, phone: string, purpose: SmsPurpose, ip: string) {
  const window = await hitLimit(ctx.db, windowKey(phone, purpose), 1, LIMITS.smsResendMs);
  if (!window.allowed) {
    const live = await findLiveCode(ctx.db, phone, purpose);
    if (live && live.tries < LIMITS.smsMaxTries) return { code: Code.SMS_ALREADY_SENT } as const;
    const waitMs = msUntil(window.resetAt);
    throw live ? lockedCode(waitMs) : sendTooOften(waitMs);
  }
  const perIp = await hitLimit(ctx.db, `sms-ip:${ip}`, ctx.config.SMS_PER_IP_PER_HOUR, 3_600_000);
  const perPhone = await hitLimit(ctx.db, `sms-phone:${phone}`, SENDS_PER_PHONE_PER_DAY, 86_400_000);
  const refused = [perIp, perPhone].filter((hit) => !hit.allowed);
  if (refused.length > 0) {
    const until = Math.max(...refused.map((hit) => hit.resetAt.getTime()));
    throw sendTooOften(until - Date.now());
  }

  const code = randomDigits(LIMITS.smsCodeLength);
  const salt = randomToken(12);
  const expiresAt = new Date(Date.now() + LIMITS.smsCodeTtlMs);
  const id = await insertCode(ctx.db, { phone, purpose, codeHash: hashCode(code, salt), salt, expiresAt });
  try {
    await ctx.sms.sendCode(phone, code);
  } catch (error) {
    // A code nobody received must not answer 10005 (已发送) to the next try: it is used up unsent.
    await consumeCode(ctx.db, id);
    // The adapter logged the provider's code; the user gets what it means for them (10030–10032).
    if (error instanceof SmsRefused) throw new AppError(error.refusal);
    throw error;
  }
  return { code: Code.OK } as const;
}

/** 10012/10013 for a locked code, saying when a new one may be asked for (the rest of the 60 s, or now). */
async function lockedError(ctx: AppContext, phone: string, purpose: SmsPurpose) {
  return lockedCode(msUntil(await limitResetAt(ctx.db, windowKey(phone, purpose))));
}

/** Checks and uses a code; wrong codes count, and the 5th wrong try locks the code. */
export async function verifySmsCode(ctx: AppContext, phone: string, purpose: SmsPurpose, code: string) {
  const row = await findLiveCode(ctx.db, phone, purpose);
  if (!row) throw new AppError(Code.SMS_CODE_WRONG);
  if (row.tries >= LIMITS.smsMaxTries) throw await lockedError(ctx, phone, purpose);
  if (!safeEqual(hashCode(code, row.salt), row.codeHash)) {
    const tries = await countWrongTry(ctx.db, row.id);
    if (tries >= LIMITS.smsMaxTries) throw await lockedError(ctx, phone, purpose);
    throw new AppError(Code.SMS_CODE_WRONG);
  }
  if (!(await consumeCode(ctx.db, row.id))) throw new AppError(Code.SMS_CODE_WRONG);
}

import { z } from 'zod';
import { LIMITS, PHONE_PATTERN, SMS_CODE_PATTERN, TEAM_ROLES } from '../constants.ts';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const phoneSchema = z.string().regex(PHONE_PATTERN, { error: '请输入正确的 11 位手机号' });
export const smsCodeSchema = z.string().regex(SMS_CODE_PATTERN, { error: '验证码为 6 位数字' });
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, { error: `密码至少 ${LIMITS.passwordMin} 位` })
  .max(LIMITS.passwordMax, { error: `密码最多 ${LIMITS.passwordMax} 位` })
  .regex(/[A-Za-z]/, { error: '密码需包含字母' })
  .regex(/\d/, { error: '密码需包含数字' });
export const roleSchema = z.enum(TEAM_ROLES);

/** The largest value of a PostgreSQL `integer` column (ids, versions, counts): 2^31 − 1. */
export const INT32_MAX = 2_147_483_647;

/**
 * An id in a JSON body: a JSON number, an integer in 1..2^31−1. Never coerced: `true`, `[1]`, `"1"`
 * and `"0x10"` are refused (400 naming the field), as the OpenAPI document says (`integer`).
 * In a query string use `queryIdSchema`. Every route's schemas are checked when it is registered
 * (apps/server/src/platform/input-guard.ts: no coercion, every number bounded).
 */
export const idSchema = z.number().int().min(1).max(INT32_MAX);
/** A row version (optimistic locking) in a JSON body: a JSON integer in 1..2^31−1. */
export const versionSchema = z.number().int().min(1).max(INT32_MAX);
/** The last millisecond of year 9999: a time past it is no date (`new Date(x)` is invalid). */
export const EPOCH_MS_MAX = 253_402_300_799_999;
/** A point in time in a JSON body, in milliseconds since 1970 (the one number allowed above 2^31−1). */
export const epochMsSchema = z.number().int().min(0).max(EPOCH_MS_MAX);

/** A query string's decimal digits as the number they spell; anything else is left for the rule to refuse. */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;

/**
 * A number read from a query string (where every value is text): decimal digits only (`"0x10"`, `""`,
 * `"1e3"`, `" 1"` are refused), then the same rule as in a body. Query strings only, never a body.
 */
export const queryNumber = <T extends z.ZodNumber>(schema: T) => {
  const read = z.preprocess(digitsToNumber, schema);
  queryNumbers.add(read);
  return read;
};
const queryNumbers = new WeakSet<z.ZodType>();
/** Whether a schema is a `queryNumber` (the server refuses one in a JSON body when the route registers). */
export const isQueryNumber = (schema: z.ZodType): boolean => queryNumbers.has(schema);
/** An id in a query string: `?courseId=12`. */
export const queryIdSchema = queryNumber(idSchema);

export const pageQuerySchema = z.object({
  pageNum: queryNumber(z.number().int().min(1).max(100_000)).default(1),
  pageSize: queryNumber(z.number().int().min(1).max(LIMITS.pageSizeMax)).default(10),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };
export type Envelope<T> = { code: number; msg: string; data: T };

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
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(10),
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

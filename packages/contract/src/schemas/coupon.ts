import { z } from 'zod';
import { COUPON_CODE_PATTERN, COUPON_KINDS, COUPON_LIMITS } from '../constants.ts';
import { epochMsSchema, idSchema } from './common.ts';

/** A code as a buyer types it: trimmed and upper-cased, so `spring10` finds SPRING10. */
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(COUPON_CODE_PATTERN, '优惠码为 4–20 位字母、数字或短横线');

/**
 * A seller team's coupon as it creates it. `value`: fen off for `amount`, percent off (1–100) for
 * `percent`. `minOrder`: the fen the coupon's courses in an order must add up to. No `courseIds`:
 * every course of the team. Limits: null is no limit.
 */
export const couponCreateBody = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS),
    value: z.number().int().min(1).max(COUPON_LIMITS.amountMaxFen),
    minOrder: z.number().int().min(0).max(COUPON_LIMITS.amountMaxFen).default(0),
    validFrom: epochMsSchema,
    validTo: epochMsSchema,
    totalLimit: z.number().int().min(1).max(COUPON_LIMITS.usesMax).nullable().default(null),
    perTeamLimit: z.number().int().min(1).max(COUPON_LIMITS.usesMax).nullable().default(1),
    courseIds: z.array(idSchema).min(1).max(200).nullable().default(null),
  })
  .refine((c) => c.validTo > c.validFrom, { path: ['validTo'], message: '结束时间须晚于开始时间' })
  .refine((c) => (c.kind === 'percent' ? c.value <= 100 : c.value <= COUPON_LIMITS.amountMaxFen), {
    path: ['value'],
    message: '折扣超出范围',
  });
export type CouponCreateBody = z.infer<typeof couponCreateBody>;

export const couponSchema = z.object({
  couponId: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minOrder: z.number().int(),
  validFrom: z.number(),
  validTo: z.number(),
  totalLimit: z.number().int().nullable(),
  perTeamLimit: z.number().int().nullable(),
  courseIds: z.array(z.number().int()).nullable(),
  /** Orders that hold a use: paid ones and pending ones not yet expired. */
  used: z.number().int(),
  disabled: z.boolean(),
  createTime: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.object({ list: z.array(couponSchema) });
export const couponIdBody = z.object({ couponId: idSchema });

/** What a code would take off the selected courses (or `courseIds`) of the cart, priced by the server. */
export const couponPreviewBody = z.object({
  code: couponCodeSchema,
  courseIds: z.array(idSchema).min(1).max(200).optional(),
});
export const couponPreviewSchema = z.object({
  code: z.string(),
  /** Fen off the whole order, and the total after it. */
  discount: z.number().int(),
  total: z.number().int(),
  /** The cart's courses the coupon applies to. */
  courseIds: z.array(z.number().int()),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;

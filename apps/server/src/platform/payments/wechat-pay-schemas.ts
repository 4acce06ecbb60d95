/**
 * What WeChat Pay API v3 sends, held to schemas whose lengths are our columns' (a notice that does not
 * fit is refused with a 400, never stored or half-applied): events, their encrypted resources, the
 * transactions and refunds inside them, and the platform certificate list.
 */
import { z } from 'zod';
import { fenAmount, NOTICE_LIMITS, PaymentRejected } from './payment-provider.ts';

export const resourceSchema = z.object({
  algorithm: z.string(),
  ciphertext: z.string().max(64 * 1024),
  associated_data: z.string().max(1024).optional(),
  nonce: z.string().max(64),
});
export type Resource = z.infer<typeof resourceSchema>;
export const eventSchema = z.object({
  id: z.string().min(1).max(NOTICE_LIMITS.eventId),
  event_type: z.string().max(64).default(''),
  resource: resourceSchema,
});

/** A transaction as a notification's decrypted resource (or an order query) describes it. */
export const transactionSchema = z.object({
  out_trade_no: z.string().min(1).max(NOTICE_LIMITS.orderNo),
  transaction_id: z.string().min(1).max(NOTICE_LIMITS.txnId),
  trade_state: z.string(),
  amount: z.object({ total: fenAmount }),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** A refund as WeChat Pay describes it, in an answer or a notification's decrypted resource. */
export const refundResourceSchema = z.object({
  out_refund_no: z.string().min(1).max(NOTICE_LIMITS.refundNo),
  refund_id: z.string().min(1).max(NOTICE_LIMITS.refundId),
  refund_status: z.string().optional(),
  status: z.string().optional(),
  amount: z.object({ refund: fenAmount }),
});
export type RefundResource = z.infer<typeof refundResourceSchema>;

export const certificatesSchema = z.object({
  data: z.array(
    z.object({
      serial_no: z.string().min(1).max(64),
      encrypt_certificate: resourceSchema,
    }),
  ),
});

/** JSON text parsed and held to a schema; anything else is a PaymentRejected naming what was wrong. */
export function parsed<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PaymentRejected(`${what} is not JSON`);
  }
  const got = schema.safeParse(value);
  if (!got.success)
    throw new PaymentRejected(
      `malformed ${what}: ${got.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return got.data;
}

/**
 * One interface for every payment provider; the sandbox, WeChat Pay and Alipay use the same webhook
 * path (`/api/pay/notify/:name`).
 */
import type { PayMethod, WechatBridgeParams } from '@studio/contract';
import { z } from 'zod';
import { orders, paymentEvents, refunds } from '../../db/schema.ts';
export type PaymentOrder = {
  orderNo: string;
  amount: number;
  description: string;
  expiresAt: Date;
  /** Where the payer reached the app (platform/public-origin.ts): a QR that opens a page of ours links there. */
  origin: string;
};

/**
 * A payment by a method other than the provider's QR: where the payer comes back to (our order page,
 * built by the server from its own origin, never from the request), the payer's IP (WeChat Pay H5)
 * and openid (JSAPI).
 */
export type PaymentStart = {
  method: PayMethod;
  returnUrl: string;
  /** The order page's path (`/store/pay/:orderId`): the sandbox's simulator pages return there. */
  returnPath: string;
  clientIp: string;
  openId?: string | undefined;
};
/** What the payer does next: go to a URL (a cashier, or the sandbox's simulator), or call WeChat's bridge. */
export type PaymentStarted =
  { redirectUrl: string } | { bridge: WechatBridgeParams } | { simulatorUrl: string };

/** What a verified notification says happened. */
export type PaymentNotice = { eventId: string; orderNo: string; amount: number; txnId: string };

/** A refund to start: the whole price of one order line, back to the payer of the order. */
export type RefundOrder = {
  orderNo: string;
  /** Ours, unique: the provider deduplicates a repeated call by it. */
  refundNo: string;
  amount: number;
  /** The order's paid total (WeChat Pay wants it with every refund). */
  total: number;
  reason: string;
};

/** What a verified refund notification (or a provider's synchronous answer) says was paid back. */
export type RefundNotice = { eventId: string; refundNo: string; amount: number; refundId: string };

/**
 * A started refund: `refunded` when the provider paid back at once (its notice is applied through the
 * same exactly-once path as a notification), `processing` while its notification is awaited.
 */
export type RefundStarted =
  { state: 'refunded'; notice: RefundNotice } | { state: 'processing'; refundId: string };

/** What the provider says of a refund it was asked about (its notification may be late or lost). */
export type RefundQueried =
  | { state: 'refunded'; notice: RefundNotice }
  | { state: 'processing' }
  /** Closed or abnormal at the provider (e.g. the payer's card was cancelled): a person must act. */
  | { state: 'failed'; status: string };

export interface PaymentProvider {
  readonly name: string;
  /**
   * The plain-text answer the provider expects to a notification it may stop re-sending (Alipay:
   * `success`); without it the webhook answers the JSON envelope.
   */
  readonly notificationAnswer?: string;
  /**
   * The methods this provider plays, its QR method first (the one `createPayment` starts). The server
   * offers the ones that suit where the buyer is (`payMethodsFor` in modules/store/pay-methods.ts).
   */
  readonly methods: readonly PayMethod[];
  /** Starts a payment and answers the URL to show as a QR code. */
  createPayment(order: PaymentOrder): Promise<{ qrUrl: string }>;
  /** Starts a payment by one of `methods` other than the QR (H5, JSAPI, WAP, page pay). */
  startPayment?(order: PaymentOrder, start: PaymentStart): Promise<PaymentStarted>;
  /** Verifies a notification's signature over the raw body (JSON or a form); throws PaymentRejected otherwise. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice>;
  /** Asks the provider about an order whose notification has not arrived; null while unpaid. */
  queryPayment?(orderNo: string): Promise<PaymentNotice | null>;
  /**
   * Starts a refund; throws when the provider refuses it. A provider that answers refunds
   * synchronously (Alipay's alipay.trade.refund: the hook for it) returns `refunded` and needs no
   * refund notification. Without this method, approving a refund answers 40107.
   */
  refund?(order: RefundOrder): Promise<RefundStarted>;
  /** Asks the provider about a refund still 退款中 (the refund check job, refund-check.ts). */
  queryRefund?(refundNo: string): Promise<RefundQueried>;
  /** Verifies a refund notification (signature, then decryption); throws PaymentRejected otherwise. */
  verifyRefundNotification?(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<RefundNotice>;
}

export class PaymentRejected extends Error {}

/**
 * A verified notification of ours that has nothing to apply (Alipay's TRADE_CLOSED, or the status
 * sync it sends after a refund): acknowledged so the provider stops re-sending, and nothing changes.
 */
export class PaymentIgnored extends Error {}

/** A varchar column's length, read from the schema so a notice is held to what its table takes. */
const lengthOf = (column: { name: string }): number => {
  const n = (column as { length?: number }).length;
  if (!n) throw new Error(`${column.name} is not a varchar(n)`);
  return n;
};
/** The longest text each field of a notice may be: the varchar columns it is written to. */
export const NOTICE_LIMITS = {
  eventId: lengthOf(paymentEvents.eventId),
  orderNo: lengthOf(orders.orderNo),
  txnId: lengthOf(orders.providerTxn),
  refundNo: lengthOf(refunds.refundNo),
  refundId: lengthOf(refunds.providerRefundId),
};
/** An amount in fen the `integer` columns take. */
export const fenAmount = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const text = (max: number) => z.string().min(1).max(max);
const paymentNoticeSchema = z.object({
  eventId: text(NOTICE_LIMITS.eventId),
  orderNo: text(NOTICE_LIMITS.orderNo),
  amount: fenAmount,
  txnId: text(NOTICE_LIMITS.txnId),
});
const refundNoticeSchema = z.object({
  eventId: text(NOTICE_LIMITS.eventId),
  refundNo: text(NOTICE_LIMITS.refundNo),
  amount: fenAmount,
  refundId: text(NOTICE_LIMITS.refundId),
});

/**
 * Runs a provider's verification and holds what it answers to what the tables take. Whatever the
 * body held (bytes that do not parse, fields missing or too long), the outcome is PaymentRejected
 * (400, logged with its reason) or PaymentIgnored, never an error the webhook would answer 500 to.
 */
async function checked<T>(schema: z.ZodType<T>, verify: () => Promise<T>): Promise<T> {
  let notice: T;
  try {
    notice = await verify();
  } catch (err) {
    if (err instanceof PaymentRejected || err instanceof PaymentIgnored) throw err;
    throw new PaymentRejected(`malformed notification: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = schema.safeParse(notice);
  if (!parsed.success)
    throw new PaymentRejected(
      `malformed notification: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

export const verifiedPaymentNotice = (
  provider: PaymentProvider,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<PaymentNotice> =>
  checked(paymentNoticeSchema, () => provider.verifyNotification(headers, rawBody));

export const verifiedRefundNotice = (
  verify: NonNullable<PaymentProvider['verifyRefundNotification']>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<RefundNotice> => checked(refundNoticeSchema, () => verify(headers, rawBody));

/**
 * One interface for every payment provider; the sandbox, WeChat Pay and Alipay use the same webhook
 * path (`/api/pay/notify/:name`).
 */
export type PaymentOrder = {
  orderNo: string;
  amount: number;
  description: string;
  expiresAt: Date;
  /** Where the payer reached the app (platform/public-origin.ts): a QR that opens a page of ours links there. */
  origin: string;
};

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
  /** Starts a payment and answers the URL to show as a QR code. */
  createPayment(order: PaymentOrder): Promise<{ qrUrl: string }>;
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

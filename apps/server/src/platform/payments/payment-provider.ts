/** One interface for every payment provider; the sandbox and WeChat Pay use the same webhook path. */
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

export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment and answers the URL to show as a QR code. */
  createPayment(order: PaymentOrder): Promise<{ qrUrl: string }>;
  /** Verifies a notification's signature over the raw body; throws PaymentRejected otherwise. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice>;
  /** Asks the provider about an order whose notification has not arrived; null while unpaid. */
  queryPayment?(orderNo: string): Promise<PaymentNotice | null>;
}

export class PaymentRejected extends Error {}

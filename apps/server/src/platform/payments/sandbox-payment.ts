/**
 * The zero-config payment provider: the QR opens a local confirm page; confirming sends a notification
 * signed with HMAC-SHA256 to the same webhook a real provider calls. The key lives in the database so
 * every server process signs and verifies alike.
 */
import { createHmac } from 'node:crypto';
import { PAY_METHODS, type PayMethod } from '@studio/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { randomToken, safeEqual } from '../crypto.ts';
import {
  PaymentRejected,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentStart,
  type PaymentStarted,
  type RefundOrder,
  type RefundStarted,
} from './payment-provider.ts';

const KEY = 'sandbox_pay_secret';
const MAX_SKEW_MS = 5 * 60_000;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** Every method, each played by a simulator page of ours (the QR's confirm page for Native and Alipay QR). */
  readonly methods: readonly PayMethod[] = [
    'wechat_native',
    ...PAY_METHODS.filter((m) => m !== 'wechat_native'),
  ];
  private secret: string | undefined;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  private async key(): Promise<string> {
    if (this.secret) return this.secret;
    await this.db
      .insert(appSettings)
      .values({ key: KEY, value: randomToken(32) })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, KEY));
    this.secret = row!.value;
    return this.secret;
  }

  async sign(payload: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(payload)
      .digest('hex');
  }

  async createPayment(order: PaymentOrder): Promise<{ qrUrl: string }> {
    const q = new URLSearchParams({ orderNo: order.orderNo, sig: await this.sign(`page:${order.orderNo}`) });
    return { qrUrl: `${order.origin}/api/pay/sandbox?${q.toString()}` };
  }

  /**
   * H5, WAP and page pay: the simulator of that cashier; JSAPI: the simulator of WeChat's pay sheet
   * (never WeChat's real bridge with a sandbox signature). Each returns to the order page.
   */
  async startPayment(order: PaymentOrder, start: PaymentStart): Promise<PaymentStarted> {
    const q = new URLSearchParams({
      orderNo: order.orderNo,
      method: start.method,
      sig: await this.sign(`cashier:${start.method}:${order.orderNo}`),
    });
    const url = `${order.origin}/api/pay/sandbox/cashier?${q.toString()}`;
    return start.method === 'wechat_jsapi' ? { simulatorUrl: url } : { redirectUrl: url };
  }

  async checkCashierSignature(method: string, orderNo: string, sig: string): Promise<boolean> {
    return safeEqual(await this.sign(`cashier:${method}:${orderNo}`), sig);
  }

  /** The sandbox pays back at once: its answer is the notice, applied like a notification. */
  async refund(order: RefundOrder): Promise<RefundStarted> {
    const refundId = `sbx_rf_${randomToken(9)}`;
    return {
      state: 'refunded',
      notice: { eventId: `refund:${refundId}`, refundNo: order.refundNo, amount: order.amount, refundId },
    };
  }

  async checkPageSignature(orderNo: string, sig: string): Promise<boolean> {
    return safeEqual(await this.sign(`page:${orderNo}`), sig);
  }

  /** The notification the confirm page sends: body, and the headers a provider would set. */
  async buildNotification(orderNo: string, amount: number) {
    const body = JSON.stringify({
      eventId: `evt_${randomToken(12)}`,
      orderNo,
      amount,
      txnId: `sbx_${randomToken(9)}`,
    });
    const timestamp = String(Date.now());
    return {
      body,
      headers: {
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': await this.sign(`${timestamp}.${body}`),
      },
    };
  }

  async verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice> {
    const timestamp = String(headers['x-sandbox-timestamp'] ?? '');
    const signature = String(headers['x-sandbox-signature'] ?? '');
    if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > MAX_SKEW_MS) {
      throw new PaymentRejected('timestamp missing or outside the allowed window');
    }
    if (!safeEqual(await this.sign(`${timestamp}.${rawBody}`), signature))
      throw new PaymentRejected('bad signature');
    const body = JSON.parse(rawBody) as Partial<PaymentNotice>;
    if (
      typeof body.eventId !== 'string' ||
      typeof body.orderNo !== 'string' ||
      typeof body.amount !== 'number' ||
      typeof body.txnId !== 'string'
    ) {
      throw new PaymentRejected('malformed notification');
    }
    return { eventId: body.eventId, orderNo: body.orderNo, amount: body.amount, txnId: body.txnId };
  }
}

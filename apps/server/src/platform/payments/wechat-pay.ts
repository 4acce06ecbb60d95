/**
 * WeChat Pay API v3, Native (QR) payments: signed requests with the merchant key, platform-signed
 * notifications whose resource is AES-256-GCM encrypted with the APIv3 key, and order queries for
 * notifications that are late. The base URL is configurable so tests talk to a fake server.
 */
import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  PaymentIgnored,
  PaymentRejected,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentProvider,
  type RefundNotice,
  type RefundOrder,
  type RefundQueried,
  type RefundStarted,
} from './payment-provider.ts';

export type WechatPayOptions = {
  baseUrl: string;
  appId: string;
  mchId: string;
  serialNo: string;
  privateKeyPem: string;
  platformPublicKeyPem: string;
  apiV3Key: string;
  notifyUrl: string;
  /** Where WeChat Pay sends refund notifications (REFUND.SUCCESS). */
  refundNotifyUrl: string;
};

type Resource = { algorithm: string; ciphertext: string; associated_data?: string; nonce: string };
type Transaction = {
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number };
};

/** A refund as WeChat Pay describes it, in an answer or a notification's decrypted resource. */
type RefundResource = {
  out_refund_no: string;
  refund_id: string;
  refund_status?: string;
  status?: string;
  amount: { refund: number };
};

const MAX_SKEW_S = 5 * 60;

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat';
  private readonly o: WechatPayOptions;

  constructor(options: WechatPayOptions) {
    if (Buffer.byteLength(options.apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 bytes');
    this.o = options;
  }

  private authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`)
      .sign(this.o.privateKeyPem, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.o.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.o.serialNo}"`;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    payload?: object,
  ): Promise<{ status: number; body: T }> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await fetch(`${this.o.baseUrl}${pathAndQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: this.authorization(method, pathAndQuery, body),
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    // Answers are signed by the platform too; a forged answer must not create a QR code.
    this.verifySignature(
      res.headers.get('wechatpay-timestamp'),
      res.headers.get('wechatpay-nonce'),
      res.headers.get('wechatpay-signature'),
      text,
    );
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  private verifySignature(
    timestamp: string | null,
    nonce: string | null,
    signature: string | null,
    body: string,
  ): void {
    if (!timestamp || !nonce || !signature) throw new PaymentRejected('missing WeChat Pay signature headers');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_S)
      throw new PaymentRejected('timestamp outside the allowed window');
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(this.o.platformPublicKeyPem, signature, 'base64');
    if (!ok) throw new PaymentRejected('bad WeChat Pay signature');
  }

  async createPayment(order: PaymentOrder): Promise<{ qrUrl: string }> {
    const { status, body } = await this.call<{ code_url?: string; message?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      {
        appid: this.o.appId,
        mchid: this.o.mchId,
        description: order.description.slice(0, 127) || '课程',
        out_trade_no: order.orderNo,
        time_expire: order.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        notify_url: this.o.notifyUrl,
        amount: { total: order.amount, currency: 'CNY' },
      },
    );
    if (status !== 200 || !body.code_url)
      throw new Error(`WeChat Pay refused the order: HTTP ${status} ${body.message ?? ''}`);
    return { qrUrl: body.code_url };
  }

  decrypt(resource: Resource): string {
    if (resource.algorithm !== 'AEAD_AES_256_GCM')
      throw new PaymentRejected('unsupported resource algorithm');
    const data = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(this.o.apiV3Key),
      Buffer.from(resource.nonce),
    );
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    try {
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new PaymentRejected('resource does not decrypt (wrong key or tampered)');
    }
  }

  /** A notification's event, once its platform signature holds and its resource decrypts. */
  private verifiedEvent(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): { id: string; eventType: string; plain: string } {
    const h = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
    };
    this.verifySignature(h('wechatpay-timestamp'), h('wechatpay-nonce'), h('wechatpay-signature'), rawBody);
    const event = JSON.parse(rawBody) as { id?: string; event_type?: string; resource?: Resource };
    if (!event.id || !event.resource) throw new PaymentRejected('malformed notification');
    return { id: event.id, eventType: event.event_type ?? '', plain: this.decrypt(event.resource) };
  }

  async verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice> {
    const { id, eventType, plain } = this.verifiedEvent(headers, rawBody);
    const tx = JSON.parse(plain) as Transaction;
    if (eventType !== 'TRANSACTION.SUCCESS' || tx.trade_state !== 'SUCCESS')
      throw new PaymentRejected(`not a success: ${eventType}`);
    return { eventId: id, orderNo: tx.out_trade_no, amount: tx.amount.total, txnId: tx.transaction_id };
  }

  /** Asks WeChat Pay directly, for a notification that is late: a paid order answers its notice. */
  async queryPayment(orderNo: string): Promise<PaymentNotice | null> {
    const { status, body } = await this.call<Transaction>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${this.o.mchId}`,
    );
    if (status !== 200 || body.trade_state !== 'SUCCESS') return null;
    return {
      eventId: `query:${body.transaction_id}`,
      orderNo: body.out_trade_no,
      amount: body.amount.total,
      txnId: body.transaction_id,
    };
  }

  /** `POST /v3/refund/domestic/refunds`: usually PROCESSING, then a REFUND.SUCCESS notification. */
  async refund(order: RefundOrder): Promise<RefundStarted> {
    const { status, body } = await this.call<RefundResource & { message?: string }>(
      'POST',
      '/v3/refund/domestic/refunds',
      {
        out_trade_no: order.orderNo,
        out_refund_no: order.refundNo,
        reason: order.reason.slice(0, 80),
        notify_url: this.o.refundNotifyUrl,
        amount: { refund: order.amount, total: order.total, currency: 'CNY' },
      },
    );
    if (status !== 200 || !body.refund_id || (body.status !== 'SUCCESS' && body.status !== 'PROCESSING'))
      throw new Error(`WeChat Pay refused the refund: HTTP ${status} ${body.status ?? body.message ?? ''}`);
    if (body.status === 'PROCESSING') return { state: 'processing', refundId: body.refund_id };
    return {
      state: 'refunded',
      notice: {
        eventId: `refund:${body.refund_id}`,
        refundNo: body.out_refund_no,
        amount: body.amount.refund,
        refundId: body.refund_id,
      },
    };
  }

  /** `GET /v3/refund/domestic/refunds/{out_refund_no}`: SUCCESS answers the notice a lost notification carried. */
  async queryRefund(refundNo: string): Promise<RefundQueried> {
    const { status, body } = await this.call<RefundResource & { message?: string }>(
      'GET',
      `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`,
    );
    if (status !== 200) throw new Error(`WeChat Pay refund query: HTTP ${status} ${body.message ?? ''}`);
    if (body.status === 'SUCCESS') {
      return {
        state: 'refunded',
        notice: {
          eventId: `query:${body.refund_id}`,
          refundNo: body.out_refund_no,
          amount: body.amount.refund,
          refundId: body.refund_id,
        },
      };
    }
    // CLOSED, or ABNORMAL: the money could not go back (a closed card); the merchant platform handles it.
    if (body.status === 'CLOSED' || body.status === 'ABNORMAL')
      return { state: 'failed', status: body.status };
    return { state: 'processing' };
  }

  async verifyRefundNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<RefundNotice> {
    const { id, eventType, plain } = this.verifiedEvent(headers, rawBody);
    const refund = JSON.parse(plain) as RefundResource;
    // Verified, but the money did not go back (a closed card, an account frozen): acknowledged so
    // WeChat Pay stops re-sending; the refund stays 退款中 for someone to settle in the merchant platform.
    if (eventType === 'REFUND.CLOSED' || eventType === 'REFUND.ABNORMAL')
      throw new PaymentIgnored(
        `refund ${refund.out_refund_no} ${eventType}: settle it in the merchant platform`,
      );
    if (eventType !== 'REFUND.SUCCESS' || refund.refund_status !== 'SUCCESS')
      throw new PaymentRejected(`not a refund success: ${eventType}`);
    return {
      eventId: id,
      refundNo: refund.out_refund_no,
      amount: refund.amount.refund,
      refundId: refund.refund_id,
    };
  }
}

/**
 * WeChat Pay API v3, Native (QR), H5 (a phone's browser: `mweb_url`) and JSAPI (inside WeChat, the
 * 公众号's pay sheet: prepay_id and the bridge parameters signed with the merchant key) payments: signed requests with the merchant key, platform-signed
 * notifications whose resource is AES-256-GCM encrypted with the APIv3 key, and order queries for
 * notifications that are late. The base URL is configurable so tests talk to a fake server.
 * The platform's keys and the check of its signatures are in wechat-pay-keys.ts.
 */
import { createSign, randomBytes } from 'node:crypto';
import type { PayMethod, WechatBridgeParams } from '@studio/contract';
import {
  PaymentIgnored,
  PaymentRejected,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentStart,
  type PaymentStarted,
  type RefundNotice,
  type RefundOrder,
  type RefundQueried,
  type RefundStarted,
} from './payment-provider.ts';
import {
  eventSchema,
  parsed,
  refundResourceSchema,
  transactionSchema,
  type RefundResource,
  type Resource,
  type Transaction,
} from './wechat-pay-schemas.ts';
import { decryptResource, WechatPayPlatformKeys, type SignedMessage } from './wechat-pay-keys.ts';

export type WechatPayOptions = {
  baseUrl: string;
  appId: string;
  mchId: string;
  serialNo: string;
  privateKeyPem: string;
  /** 微信支付公钥 mode: the platform public keys by id (`PUB_KEY_ID_…`), several while one replaces another. */
  platformPublicKeys: { id: string; pem: string }[];
  /** Platform certificate mode: download the certificates from `/v3/certificates` (and refresh them). */
  platformCertificates: boolean;
  apiV3Key: string;
  notifyUrl: string;
  /** Where WeChat Pay sends refund notifications (REFUND.SUCCESS). */
  refundNotifyUrl: string;
  /** How often the certificate list is downloaded again (default 12 h). */
  certificateRefreshMs?: number;
  /** The least time between two downloads asked for by an unknown serial (default 60 s). */
  certificateRetryMs?: number;
};

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat';
  readonly methods: readonly PayMethod[];
  private readonly o: WechatPayOptions;
  /** The platform's keys, and the check of its signatures on answers and notifications. */
  private readonly keys: WechatPayPlatformKeys;

  constructor(options: WechatPayOptions) {
    if (Buffer.byteLength(options.apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 bytes');
    if (!options.platformCertificates && options.platformPublicKeys.length === 0)
      throw new Error('WeChat Pay needs WECHATPAY_PUBLIC_KEY(_ID) or platform certificates');
    this.o = options;
    // JSAPI is offered only with a 公众号 (WECHAT_MP_MODE=mp: the store pays as the user's 公众号 openid), whose appid is `appId`.
    this.methods = ['wechat_native', 'wechat_h5', 'wechat_jsapi'];
    this.keys = new WechatPayPlatformKeys(options, () => this.send('GET', '/v3/certificates'));
  }

  private authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`)
      .sign(this.o.privateKeyPem, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.o.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.o.serialNo}"`;
  }

  /** A signed request; its answer as text with the platform's signature headers, not yet checked. */
  private async send(method: 'GET' | 'POST', pathAndQuery: string, payload?: object) {
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
    const message: SignedMessage = {
      timestamp: res.headers.get('wechatpay-timestamp'),
      nonce: res.headers.get('wechatpay-nonce'),
      signature: res.headers.get('wechatpay-signature'),
      serial: res.headers.get('wechatpay-serial'),
      body: text,
    };
    return { status: res.status, text, message };
  }

  private async call<T>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    payload?: object,
  ): Promise<{ status: number; body: T }> {
    const { status, text, message } = await this.send(method, pathAndQuery, payload);
    // Answers are signed by the platform too; a forged answer must not create a QR code.
    await this.keys.verify(message);
    return { status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** The fields every transaction (Native, H5, JSAPI) sends. */
  private transaction(order: PaymentOrder) {
    return {
      appid: this.o.appId,
      mchid: this.o.mchId,
      description: order.description.slice(0, 127) || '课程',
      out_trade_no: order.orderNo,
      time_expire: order.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: this.o.notifyUrl,
      amount: { total: order.amount, currency: 'CNY' },
    };
  }

  async createPayment(order: PaymentOrder): Promise<{ qrUrl: string }> {
    const { status, body } = await this.call<{ code_url?: string; message?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      this.transaction(order),
    );
    if (status !== 200 || !body.code_url)
      throw new Error(`WeChat Pay refused the order: HTTP ${status} ${body.message ?? ''}`);
    return { qrUrl: body.code_url };
  }

  /**
   * H5: `POST /v3/pay/transactions/h5` answers `mweb_url`, to which the payer goes with our order page
   * as `redirect_url` (WeChat Pay sends them back there, paid or not; the page then asks us).
   * JSAPI: `POST /v3/pay/transactions/jsapi` with the payer's openid answers `prepay_id`, and the
   * bridge parameters are signed here with the merchant key.
   */
  async startPayment(order: PaymentOrder, start: PaymentStart): Promise<PaymentStarted> {
    if (start.method === 'wechat_h5') {
      const { status, body } = await this.call<{ h5_url?: string; mweb_url?: string; message?: string }>(
        'POST',
        '/v3/pay/transactions/h5',
        {
          ...this.transaction(order),
          scene_info: { payer_client_ip: start.clientIp, h5_info: { type: 'Wap' } },
        },
      );
      const url = body.h5_url ?? body.mweb_url;
      if (status !== 200 || !url)
        throw new Error(`WeChat Pay refused the order: HTTP ${status} ${body.message ?? ''}`);
      return { redirectUrl: `${url}&redirect_url=${encodeURIComponent(start.returnUrl)}` };
    }
    if (start.method === 'wechat_jsapi' && start.openId) {
      const { status, body } = await this.call<{ prepay_id?: string; message?: string }>(
        'POST',
        '/v3/pay/transactions/jsapi',
        { ...this.transaction(order), payer: { openid: start.openId } },
      );
      if (status !== 200 || !body.prepay_id)
        throw new Error(`WeChat Pay refused the order: HTTP ${status} ${body.message ?? ''}`);
      return { bridge: this.bridgeParams(body.prepay_id) };
    }
    throw new Error(`WeChat Pay does not play ${start.method} here`);
  }

  /** `getBrandWCPayRequest`'s parameters: paySign is RSA-SHA256 over appId, timeStamp, nonceStr, package. */
  bridgeParams(prepayId: string): WechatBridgeParams {
    const timeStamp = Math.floor(Date.now() / 1000).toString();
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = createSign('RSA-SHA256')
      .update(`${this.o.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .sign(this.o.privateKeyPem, 'base64');
    return { appId: this.o.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  decrypt(resource: Resource): string {
    return decryptResource(this.o.apiV3Key, resource);
  }

  /** A notification's event, once its platform signature holds and its resource decrypts. */
  private async verifiedEvent(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<{ id: string; eventType: string; plain: string }> {
    const h = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
    };
    await this.keys.verify({
      timestamp: h('wechatpay-timestamp'),
      nonce: h('wechatpay-nonce'),
      signature: h('wechatpay-signature'),
      serial: h('wechatpay-serial'),
      body: rawBody,
    });
    const event = parsed(eventSchema, rawBody, 'notification');
    return { id: event.id, eventType: event.event_type, plain: this.decrypt(event.resource) };
  }

  async verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice> {
    const { id, eventType, plain } = await this.verifiedEvent(headers, rawBody);
    const tx = parsed(transactionSchema, plain, 'transaction');
    if (eventType !== 'TRANSACTION.SUCCESS' || tx.trade_state !== 'SUCCESS')
      throw new PaymentRejected(`not a success: ${eventType}`);
    return { eventId: id, orderNo: tx.out_trade_no, amount: tx.amount.total, txnId: tx.transaction_id };
  }

  /** Asks WeChat Pay directly, for a notification that is late: a paid order answers its notice. */
  async queryPayment(orderNo: string): Promise<PaymentNotice | null> {
    const { status, body: answer } = await this.call<unknown>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${this.o.mchId}`,
    );
    const found = transactionSchema.safeParse(answer);
    if (status !== 200 || !found.success || found.data.trade_state !== 'SUCCESS') return null;
    const body: Transaction = found.data;
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
    const { id, eventType, plain } = await this.verifiedEvent(headers, rawBody);
    const refund = parsed(refundResourceSchema, plain, 'refund');
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

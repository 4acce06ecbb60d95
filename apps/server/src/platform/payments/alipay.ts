/**
 * Alipay through the official `alipay-sdk` (OpenAPI gateway, RSA2): face-to-face QR payments
 * (`alipay.trade.precreate`), 手机网站支付 (`alipay.trade.wap.pay`) and 电脑网站支付
 * (`alipay.trade.page.pay`): a signed GET URL of the gateway to send the payer to (`pageExec`),
 * coming back to our order page (`return_url`; its query is never believed: the page asks us, and we
 * ask `alipay.trade.query`), the asynchronous notification verified with Alipay's public key,
 * `alipay.trade.query` for a late notification and `alipay.trade.refund`, which answers synchronously.
 * Every gateway answer is signature-checked by the SDK (`validateSign`). The gateway is configurable
 * so tests talk to a fake one. Amounts are fen here and yuan strings with two decimals at Alipay.
 */
import type { AlipaySdk } from 'alipay-sdk';
import { chinaDateTime, fenToYuanText, type PayMethod } from '@studio/contract';
import {
  PaymentIgnored,
  PaymentRejected,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentStart,
  type PaymentStarted,
  type RefundOrder,
  type RefundStarted,
} from './payment-provider.ts';

export type AlipayOptions = {
  gateway: string;
  appId: string;
  /** The app's RSA2 private key (PEM, PKCS#8 or PKCS#1, or its bare base64). */
  privateKey: string;
  /** Alipay's public key (PEM or bare base64), which signs notifications and answers. */
  alipayPublicKey: string;
  notifyUrl: string;
};

/** Fen (an integer) as Alipay's yuan string: 1 → "0.01", 123456 → "1234.56"; never negative. */
export function fenToYuan(fen: number): string {
  if (fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  return fenToYuanText(fen);
}

/** Alipay's yuan string as fen, exactly (no floating point); null for anything else. */
export function yuanToFen(yuan: unknown): number | null {
  if (typeof yuan !== 'string') return null;
  const m = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Beijing time as Alipay's "yyyy-MM-dd HH:mm:ss". */
const beijingTime = (d: Date) => chinaDateTime(d, true);

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** What the SDK answers (camel-cased keys) for the calls used here. */
type GatewayAnswer = {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  qrCode?: string;
  outTradeNo?: string;
  tradeNo?: string;
  tradeStatus?: string;
  totalAmount?: string;
  refundFee?: string;
};

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  /** Alipay re-sends a notification until it reads exactly this. */
  readonly notificationAnswer = 'success';
  readonly methods: readonly PayMethod[] = ['alipay_qr', 'alipay_wap', 'alipay_page'];
  private readonly options: AlipayOptions;
  private readonly appId: string;
  private readonly notifyUrl: string;
  private loaded: Promise<AlipaySdk> | null = null;

  constructor(o: AlipayOptions) {
    this.options = o;
    this.appId = o.appId;
    this.notifyUrl = o.notifyUrl;
  }

  /** The SDK (about 25 MB resident) is loaded with the first payment, not by every server start. */
  private sdk(): Promise<AlipaySdk> {
    const o = this.options;
    this.loaded ??= import('alipay-sdk').then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: o.appId,
          privateKey: o.privateKey,
          alipayPublicKey: o.alipayPublicKey,
          gateway: o.gateway,
          signType: 'RSA2',
          keyType: /BEGIN RSA PRIVATE KEY/.test(o.privateKey) ? 'PKCS1' : 'PKCS8',
          timeout: 10_000,
        }),
    );
    return this.loaded;
  }

  /** One gateway call, its answer's signature checked; a business failure throws (no key in it). */
  private async call(method: string, params: Record<string, unknown>): Promise<GatewayAnswer> {
    const sdk = await this.sdk();
    const answer = (await sdk.exec(method, params, { validateSign: true })) as GatewayAnswer;
    return answer;
  }

  async createPayment(order: PaymentOrder): Promise<{ qrUrl: string }> {
    const answer = await this.call('alipay.trade.precreate', {
      notify_url: this.notifyUrl,
      bizContent: {
        out_trade_no: order.orderNo,
        total_amount: fenToYuan(order.amount),
        subject: order.description.slice(0, 120) || '课程',
        time_expire: beijingTime(order.expiresAt),
      },
    });
    if (answer.code !== '10000' || !answer.qrCode)
      throw new Error(`Alipay refused the order: ${answer.code ?? ''} ${answer.subCode ?? answer.msg ?? ''}`);
    return { qrUrl: answer.qrCode };
  }

  /** WAP (`QUICK_WAP_WAY`, with `quit_url`) or page pay (`FAST_INSTANT_TRADE_PAY`): the gateway URL to go to. */
  async startPayment(order: PaymentOrder, start: PaymentStart): Promise<PaymentStarted> {
    const wap = start.method === 'alipay_wap';
    if (!wap && start.method !== 'alipay_page') throw new Error(`Alipay does not play ${start.method}`);
    const redirectUrl = (await this.sdk()).pageExec(
      wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
      'GET',
      {
        bizContent: {
          out_trade_no: order.orderNo,
          total_amount: fenToYuan(order.amount),
          subject: order.description.slice(0, 120) || '课程',
          product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          time_expire: beijingTime(order.expiresAt),
          ...(wap ? { quit_url: start.returnUrl } : {}),
        },
        returnUrl: start.returnUrl,
        notifyUrl: this.notifyUrl,
      },
    );
    return { redirectUrl };
  }

  /**
   * The asynchronous notification (a form post): Alipay's RSA2 signature over the decoded fields
   * checked by the SDK, then our app id and a paid trade status. The amount is compared with the
   * order by the caller (applyPaymentNotice); `notify_id` is the event id recorded once.
   */
  async verifyNotification(
    _headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice> {
    const fields = Object.fromEntries(new URLSearchParams(rawBody));
    if (!fields.sign || !(await this.sdk()).checkNotifySignV2(fields))
      throw new PaymentRejected('bad Alipay signature');
    if (fields.app_id !== this.appId) throw new PaymentRejected('notification for another app_id');
    // Refunds are answered synchronously (refund()); their status sync and a closed trade change nothing.
    if (fields.trade_status === 'TRADE_CLOSED' || fields.gmt_refund || fields.refund_fee)
      throw new PaymentIgnored(`trade ${fields.trade_status ?? ''}, refund ${fields.refund_fee ?? '-'}`);
    if (!PAID.has(fields.trade_status ?? '')) throw new PaymentRejected(`not paid: ${fields.trade_status}`);
    const amount = yuanToFen(fields.total_amount);
    if (amount === null || !fields.notify_id || !fields.out_trade_no || !fields.trade_no)
      throw new PaymentRejected('malformed notification');
    return { eventId: fields.notify_id, orderNo: fields.out_trade_no, amount, txnId: fields.trade_no };
  }

  /** `alipay.trade.query`, for a notification that is late: a paid trade answers its notice. */
  async queryPayment(orderNo: string): Promise<PaymentNotice | null> {
    const answer = await this.call('alipay.trade.query', { bizContent: { out_trade_no: orderNo } });
    if (answer.code !== '10000' || !PAID.has(answer.tradeStatus ?? '') || !answer.tradeNo) return null;
    const amount = yuanToFen(answer.totalAmount);
    if (amount === null) return null;
    return {
      eventId: `query:${answer.tradeNo}`,
      orderNo: answer.outTradeNo ?? orderNo,
      amount,
      txnId: answer.tradeNo,
    };
  }

  /**
   * `alipay.trade.refund` answers synchronously: code 10000 means the money is back (`fund_change`
   * N on a retried `out_request_no` that was refunded already). Its `refund_fee` is the trade's
   * refunded total so far, so it must cover this refund; the notice carries this refund's amount.
   */
  async refund(order: RefundOrder): Promise<RefundStarted> {
    const answer = await this.call('alipay.trade.refund', {
      bizContent: {
        out_trade_no: order.orderNo,
        out_request_no: order.refundNo,
        refund_amount: fenToYuan(order.amount),
        refund_reason: order.reason.slice(0, 80),
      },
    });
    const refunded = yuanToFen(answer.refundFee);
    if (answer.code !== '10000' || !answer.tradeNo || refunded === null || refunded < order.amount)
      throw new Error(
        `Alipay refused the refund: ${answer.code ?? ''} ${answer.subCode ?? answer.msg ?? ''}`,
      );
    const refundId = `${answer.tradeNo}:${order.refundNo}`.slice(0, 64);
    return {
      state: 'refunded',
      notice: { eventId: `refund:${refundId}`, refundNo: order.refundNo, amount: order.amount, refundId },
    };
  }
}

/**
 * A fake WeChat Pay v3 server on 127.0.0.1 with keys made here (merchant and platform RSA keys, an
 * API v3 key): it checks the merchant's signatures, signs its answers as the platform, and records
 * what it was asked. With it, signed and encrypted notifications as WeChat Pay sends them, and a paid
 * order of a new buyer with its refund asked for, as the WeChat Pay tests need them.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cart, Order, Refund, StoreCourse } from '@studio/contract';
import { expect } from 'vitest';
import { call } from './factories.ts';
import { buyer, seller } from './store-factories.ts';
import type { TestApp } from './test-app.ts';

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pem();
const platform = pem();
const API_V3_KEY = randomBytes(16).toString('hex'); // 32 characters

const platformSign = (timestamp: string, nonce: string, body: string) =>
  createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platform.privateKey, 'base64');

function encrypt(plain: object, key = API_V3_KEY) {
  const nonce = randomBytes(6).toString('hex'); // 12 bytes as text, as WeChat sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain)), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: 'transaction',
    nonce,
  };
}

/** Starts the fake; what it was asked is recorded in the arrays it returns. */
export async function startFakeWechatPay() {
  const created: { amount: number; outTradeNo: string; authOk: boolean }[] = [];
  const paidAtWechat = new Map<string, number>();
  const refundCalls: {
    outTradeNo: string;
    outRefundNo: string;
    refund: number;
    total: number;
    notifyUrl: string;
    authOk: boolean;
  }[] = [];
  /** Set (refuseRefunds below) to make the fake refuse refund calls. */
  let refuseRefunds = false;
  /** What the fake answers when asked about a refund (by out_refund_no); PROCESSING when unset, HTTP 500 for SYSTEM_ERROR. */
  const refundStatusAtWechat = new Map<string, string>();
  const refundQueries: { outRefundNo: string; authOk: boolean }[] = [];

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url!, 'http://x');
    const auth = String(req.headers.authorization);
    const field = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(auth)?.[1] ?? '';
    const authOk = createVerify('RSA-SHA256')
      .update(
        `${req.method}\n${url.pathname}${url.search}\n${field('timestamp')}\n${field('nonce_str')}\n${body}\n`,
      )
      .verify(merchant.publicKey, field('signature'), 'base64');
    let answer: object = { code: 'NOT_FOUND' };
    res.statusCode = 404;
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const order = JSON.parse(body) as { out_trade_no: string; amount: { total: number } };
      created.push({ amount: order.amount.total, outTradeNo: order.out_trade_no, authOk });
      res.statusCode = authOk ? 200 : 401;
      answer = authOk
        ? { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` }
        : { code: 'SIGN_ERROR' };
    } else if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const r = JSON.parse(body) as {
        out_trade_no: string;
        out_refund_no: string;
        notify_url: string;
        amount: { refund: number; total: number };
      };
      refundCalls.push({
        outTradeNo: r.out_trade_no,
        outRefundNo: r.out_refund_no,
        refund: r.amount.refund,
        total: r.amount.total,
        notifyUrl: r.notify_url,
        authOk,
      });
      res.statusCode = refuseRefunds ? 403 : 200;
      answer = refuseRefunds
        ? { code: 'NOT_ENOUGH', message: '基本账户余额不足' }
        : {
            refund_id: `50${r.out_refund_no}`,
            out_refund_no: r.out_refund_no,
            status: 'PROCESSING',
            amount: { refund: r.amount.refund, total: r.amount.total },
          };
    } else if (req.method === 'GET' && url.pathname.startsWith('/v3/refund/domestic/refunds/')) {
      const no = decodeURIComponent(url.pathname.split('/').pop()!);
      const call = refundCalls.find((c) => c.outRefundNo === no);
      refundQueries.push({ outRefundNo: no, authOk });
      const down = refundStatusAtWechat.get(no) === 'SYSTEM_ERROR';
      res.statusCode = down ? 500 : call ? 200 : 404;
      answer = down
        ? { code: 'SYSTEM_ERROR', message: '系统繁忙' }
        : call
          ? {
              refund_id: `50${no}`,
              out_refund_no: no,
              status: refundStatusAtWechat.get(no) ?? 'PROCESSING',
              amount: { refund: call.refund, total: call.total },
            }
          : { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' };
    } else if (req.method === 'GET' && url.pathname.startsWith('/v3/pay/transactions/out-trade-no/')) {
      const no = decodeURIComponent(url.pathname.split('/').pop()!);
      const total = paidAtWechat.get(no);
      res.statusCode = 200;
      answer = {
        out_trade_no: no,
        transaction_id: `wx${no}`,
        trade_state: total ? 'SUCCESS' : 'NOTPAY',
        amount: { total: total ?? 0 },
      };
    }
    const text = JSON.stringify(answer);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    res.setHeader('content-type', 'application/json');
    res.setHeader('wechatpay-timestamp', ts);
    res.setHeader('wechatpay-nonce', nonce);
    res.setHeader('wechatpay-signature', platformSign(ts, nonce, text));
    res.end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    /** The app's settings for this fake (WeChat Pay the only provider). */
    env: {
      PUBLIC_URL: 'https://studio.example',
      PAY_PROVIDER: 'wechat',
      WECHATPAY_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      WECHATPAY_APP_ID: 'wxapp',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_SERIAL_NO: 'SERIAL1',
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_API_V3_KEY: API_V3_KEY,
    },
    created,
    paidAtWechat,
    refundCalls,
    refundQueries,
    refundStatusAtWechat,
    /** Makes the fake refuse refund calls while on. */
    refuseRefunds: (on: boolean) => {
      refuseRefunds = on;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function pendingOrder(t: TestApp, title: string, price: number) {
  const s = await seller(t, title, price);
  const b = await buyer(t);
  await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
  const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
  return { s, b, order: order.data };
}

/** A notification as WeChat Pay posts it, signed as the platform (or not quite, `badSignature`). */
export function notify(t: TestApp, event: object, opts: { badSignature?: boolean; url?: string } = {}) {
  const body = JSON.stringify(event);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = platformSign(ts, nonce, opts.badSignature ? `${body} ` : body);
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/pay/notify/wechat',
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PLAT1',
    },
    payload: body,
  });
}

/** TRADE.SUCCESS for an order, encrypted with the API v3 key (or another `key`). */
export const success = (orderNo: string, total: number, key?: string) => ({
  id: `EV-${randomBytes(6).toString('hex')}`,
  event_type: 'TRANSACTION.SUCCESS',
  resource_type: 'encrypt-resource',
  resource: encrypt(
    {
      out_trade_no: orderNo,
      transaction_id: `42000${orderNo}`,
      trade_state: 'SUCCESS',
      amount: { total, payer_total: total },
    },
    key,
  ),
});

/** REFUND.SUCCESS (or CLOSED, ABNORMAL) for a refund, encrypted with the API v3 key (or another `key`). */
export const refundSuccess = (
  refundNo: string,
  refund: number,
  key?: string,
  status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS',
) => ({
  id: `EV-${randomBytes(6).toString('hex')}`,
  event_type: `REFUND.${status}`,
  resource_type: 'encrypt-resource',
  resource: encrypt(
    {
      out_refund_no: refundNo,
      refund_id: `50${refundNo}`,
      refund_status: status,
      amount: { total: refund, refund, payer_total: refund, payer_refund: refund },
    },
    key,
  ),
});
export const notifyRefund = (t: TestApp, event: object, opts: { badSignature?: boolean } = {}) =>
  notify(t, event, { ...opts, url: '/api/pay/refund-notify/wechat' });

/** A new buyer's order of a new seller's course, paid by notification, with its refund asked for. */
export async function paidAndAsked(t: TestApp, title: string, price: number) {
  const { s, b, order } = await pendingOrder(t, title, price);
  expect((await notify(t, success(order.orderNo, price))).json().data.outcome).toBe('granted');
  const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
    token: b.user.token,
    body: { orderId: order.orderId, courseId: s.courseId, reason: '买错了' },
  });
  expect(asked.code).toBe(200);
  const owned = async () =>
    (
      await call<StoreCourse>(t, 'GET', '/store/course', {
        token: b.user.token,
        query: { courseId: String(s.courseId) },
      })
    ).data.owned;
  const approve = () =>
    call<Refund>(t, 'POST', '/order/refund/approve', {
      token: s.user.token,
      body: { refundId: asked.data.refundId },
    });
  return { order, refund: asked.data, owned, approve, sellerToken: s.user.token };
}

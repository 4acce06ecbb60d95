/** The real WeChat Pay v3 client against a fake WeChat Pay server on 127.0.0.1, with keys made here. */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, type Cart, type Order, type PayInfo, type Refund, type StoreCourse } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { buyer, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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

let server: http.Server;
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
/** Set to make the fake refuse the next refund call. */
let refuseRefunds = false;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
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
  t = await createTestApp({
    PUBLIC_URL: 'https://studio.example',
    PAY_PROVIDER: 'wechat',
    WECHATPAY_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    WECHATPAY_APP_ID: 'wxapp',
    WECHATPAY_MCH_ID: '1900000001',
    WECHATPAY_SERIAL_NO: 'SERIAL1',
    WECHATPAY_PRIVATE_KEY: merchant.privateKey,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
  });
});
afterAll(async () => {
  await t.close();
  server.close();
});

async function pendingOrder(title: string, price: number) {
  const s = await seller(t, title, price);
  const b = await buyer(t);
  await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
  const order = await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} });
  return { s, b, order: order.data };
}

function notify(event: object, opts: { badSignature?: boolean; url?: string } = {}) {
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

const success = (orderNo: string, total: number, key?: string) => ({
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

describe('WeChat Pay v3 Native', () => {
  it('creates a signed Native order and shows its code_url; no sandbox pages are mounted', async () => {
    const { b, order } = await pendingOrder('微信支付课程', 3300);
    const pay = await call<PayInfo>(t, 'POST', '/order/pay', {
      token: b.user.token,
      body: { orderId: order.orderId },
    });
    expect(pay.data).toMatchObject({
      provider: 'wechat',
      qrUrl: `weixin://wxpay/bizpayurl?pr=${order.orderNo}`,
    });
    expect(created.at(-1)).toEqual({ amount: 3300, outTradeNo: order.orderNo, authOk: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox?orderNo=x&sig=y' })).statusCode).toBe(
      404,
    );
  });

  it('verifies the platform signature, decrypts the resource, and grants once', async () => {
    const { b, order } = await pendingOrder('通知课程', 2000);
    const event = success(order.orderNo, 2000);
    expect((await notify(event, { badSignature: true })).statusCode).toBe(400);
    expect((await notify(success(order.orderNo, 2000, 'x'.repeat(32)))).json().code).toBe(
      Code.PAYMENT_REJECTED,
    );
    expect((await notify(success(order.orderNo, 1))).json().code).toBe(Code.PAYMENT_REJECTED);
    const first = await notify(event);
    expect(first.json().data.outcome).toBe('granted');
    expect((await notify(event)).json().data.outcome).toBe('duplicate');
    const paid = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(paid.data.status).toBe('paid');
  });

  it('queries the order when the notification is late', async () => {
    const { b, order } = await pendingOrder('迟到的通知', 1200);
    const before = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(before.data.status).toBe('pending');
    paidAtWechat.set(order.orderNo, 1200);
    await new Promise((r) => setTimeout(r, 5_100)); // the query runs at most every 5 s per order
    const after = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(after.data.status).toBe('paid');
  });
});

const refundSuccess = (refundNo: string, refund: number, key?: string) => ({
  id: `EV-${randomBytes(6).toString('hex')}`,
  event_type: 'REFUND.SUCCESS',
  resource_type: 'encrypt-resource',
  resource: encrypt(
    {
      out_refund_no: refundNo,
      refund_id: `50${refundNo}`,
      refund_status: 'SUCCESS',
      amount: { total: refund, refund, payer_total: refund, payer_refund: refund },
    },
    key,
  ),
});
const notifyRefund = (event: object, opts: { badSignature?: boolean } = {}) =>
  notify(event, { ...opts, url: '/api/pay/refund-notify/wechat' });

describe('WeChat Pay v3 refunds', () => {
  async function paidAndAsked(title: string, price: number) {
    const { s, b, order } = await pendingOrder(title, price);
    expect((await notify(success(order.orderNo, price))).json().data.outcome).toBe('granted');
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
    return { order, refund: asked.data, owned, approve };
  }

  it('asks WeChat Pay to refund; the verified notification pays back once, whatever is replayed or forged', async () => {
    const { order, refund, owned, approve } = await paidAndAsked('微信退款课程', 5200);
    const approved = await approve();
    expect(approved.data.status).toBe('processing');
    expect(refundCalls.at(-1)).toEqual({
      outTradeNo: order.orderNo,
      outRefundNo: refund.refundNo,
      refund: 5200,
      total: 5200,
      notifyUrl: 'https://studio.example/api/pay/refund-notify/wechat',
      authOk: true,
    });
    expect(await owned()).toBe(true); // until WeChat Pay says the money is back

    const event = refundSuccess(refund.refundNo, 5200);
    expect((await notifyRefund(event, { badSignature: true })).statusCode).toBe(400);
    expect((await notifyRefund(refundSuccess(refund.refundNo, 5200, 'y'.repeat(32)))).json().code).toBe(
      Code.PAYMENT_REJECTED,
    );
    expect((await notifyRefund(refundSuccess(refund.refundNo, 1))).json().code).toBe(Code.PAYMENT_REJECTED);
    expect((await notifyRefund(refundSuccess('RF-unknown', 5200))).json().code).toBe(Code.PAYMENT_REJECTED);
    // A payment notification is not a refund one, and the other way round.
    expect((await notifyRefund(success(order.orderNo, 5200))).json().code).toBe(Code.PAYMENT_REJECTED);
    expect(await owned()).toBe(true);

    const first = await Promise.all([notifyRefund(event), notifyRefund(event)]);
    expect(first.map((r) => r.json().data.outcome).sort()).toEqual(['duplicate', 'refunded']);
    // A late re-delivery under another event id finds the refund done.
    expect((await notifyRefund(refundSuccess(refund.refundNo, 5200))).json().data.outcome).toBe(
      'already_refunded',
    );
    expect(await owned()).toBe(false);
    expect((await approve()).code).toBe(Code.REFUND_NOT_PENDING);
  });

  it('a refund WeChat Pay refuses stays open; approved again, its late notification still applies', async () => {
    const { refund, owned, approve } = await paidAndAsked('余额不足的退款', 900);
    refuseRefunds = true;
    const failed = await approve();
    refuseRefunds = false;
    expect(failed.code).toBe(Code.REFUND_PROVIDER_FAILED);
    const again = await approve();
    expect(again.data.status).toBe('processing');
    expect(refundCalls.filter((c) => c.outRefundNo === refund.refundNo)).toHaveLength(2);
    expect((await notifyRefund(refundSuccess(refund.refundNo, 900))).json().data.outcome).toBe('refunded');
    expect(await owned()).toBe(false);
  });
});

/**
 * A fake WeChat Pay v3 server on 127.0.0.1 with keys made here (merchant and platform RSA keys, an
 * API v3 key): it checks the merchant's signatures, signs its answers as the platform, and records
 * what it was asked. With it, signed and encrypted notifications as WeChat Pay sends them, and a paid
 * order of a new buyer with its refund asked for, as the WeChat Pay tests need them.
 *
 * The platform keys are WeChat Pay's two modes: platform certificates (self-signed X.509, served
 * encrypted by `GET /v3/certificates`, serials of 40 hex digits) or 微信支付公钥 (`PUB_KEY_ID_…`,
 * configured). `rotatePlatformKey` adds a key and signs with it from then on, the old one still
 * listed (WeChat Pay's overlap); `retirePlatformKey` takes one off the list.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cart, Order, Refund, StoreCourse } from '@studio/contract';
import forge from 'node-forge';
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
const API_V3_KEY = randomBytes(16).toString('hex'); // 32 characters

type PlatformKey = { serial: string; privateKey: string; publicKey: string; certificate: string };

/** A platform key with a self-signed certificate whose serial is the key's serial (40 hex digits). */
function platformKey(mode: 'certificate' | 'publicKey'): PlatformKey {
  const keys = pem();
  const hex = `5${randomBytes(20).toString('hex').slice(0, 39)}`.toUpperCase();
  const cert = forge.pki.createCertificate();
  cert.serialNumber = hex;
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 86_400_000);
  const name = [{ name: 'commonName', value: 'Tenpay.com Root CA' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
  return {
    serial: mode === 'certificate' ? hex : `PUB_KEY_ID_0${randomBytes(12).toString('hex')}`,
    ...keys,
    certificate: forge.pki.certificateToPem(cert),
  };
}

/** The platform's keys, the newest last; notifications and answers are signed with `signing`. */
const platformKeys: PlatformKey[] = [];
let signing: PlatformKey;

const platformSign = (timestamp: string, nonce: string, body: string, key = signing) =>
  createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key.privateKey, 'base64');

/** Adds a platform key, signs with it from now on, and answers it (the old one stays listed). */
export function rotatePlatformKey(mode: 'certificate' | 'publicKey' = 'certificate'): PlatformKey {
  signing = platformKey(mode);
  platformKeys.push(signing);
  return signing;
}
/** Takes a key off the certificate list (WeChat Pay stops listing a certificate once it expires). */
export function retirePlatformKey(key: PlatformKey) {
  platformKeys.splice(platformKeys.indexOf(key), 1);
}
/** The key WeChat Pay signs with now. */
export const signingKey = (): PlatformKey => signing;
/** A key WeChat Pay never had: signs validly under a serial the app cannot know. */
export const strangerKey = (): PlatformKey => platformKey('certificate');

function encrypt(plain: object | string, key = API_V3_KEY, aad = 'transaction') {
  const nonce = randomBytes(6).toString('hex'); // 12 bytes as text, as WeChat sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const text = typeof plain === 'string' ? plain : JSON.stringify(plain);
  const data = Buffer.concat([cipher.update(text), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: aad,
    nonce,
  };
}
export { encrypt as encryptResource };

/**
 * Starts the fake; what it was asked is recorded in the arrays it returns. `mode`: the app downloads
 * platform certificates (default), or is configured with the 微信支付公钥 (`publicKey`).
 */
export async function startFakeWechatPay(mode: 'certificate' | 'publicKey' = 'certificate') {
  platformKeys.length = 0;
  rotatePlatformKey(mode);
  let certificateDownloads = 0;
  const created: {
    amount: number;
    outTradeNo: string;
    authOk: boolean;
    /** Which transaction API: native, h5 or jsapi. */
    kind: string;
    appid: string;
    payerClientIp?: string;
    h5Type?: string;
    openid?: string;
  }[] = [];
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
    const kind = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url.pathname)?.[1];
    if (req.method === 'POST' && kind) {
      const order = JSON.parse(body) as {
        appid: string;
        out_trade_no: string;
        amount: { total: number };
        scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
        payer?: { openid?: string };
      };
      created.push({
        amount: order.amount.total,
        outTradeNo: order.out_trade_no,
        authOk,
        kind,
        appid: order.appid,
        payerClientIp: order.scene_info?.payer_client_ip,
        h5Type: order.scene_info?.h5_info?.type,
        openid: order.payer?.openid,
      });
      const valid =
        kind === 'native' ||
        (kind === 'h5' && !!order.scene_info?.payer_client_ip && order.scene_info.h5_info?.type === 'Wap') ||
        (kind === 'jsapi' && !!order.payer?.openid);
      res.statusCode = authOk ? (valid ? 200 : 400) : 401;
      answer = !authOk
        ? { code: 'SIGN_ERROR' }
        : !valid
          ? { code: 'PARAM_ERROR', message: '参数错误' }
          : kind === 'native'
            ? { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` }
            : kind === 'h5'
              ? {
                  h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${order.out_trade_no}&package=1`,
                }
              : { prepay_id: `wx${order.out_trade_no}` };
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
    } else if (req.method === 'GET' && url.pathname === '/v3/certificates') {
      certificateDownloads++;
      res.statusCode = authOk && mode === 'certificate' ? 200 : 404;
      answer =
        res.statusCode === 200
          ? {
              data: platformKeys.map((k) => ({
                serial_no: k.serial,
                effective_time: '2024-01-01T00:00:00+08:00',
                expire_time: '2030-01-01T00:00:00+08:00',
                encrypt_certificate: encrypt(k.certificate, API_V3_KEY, 'certificate'),
              })),
            }
          : { code: 'NOT_FOUND', message: '无可用的平台证书' };
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
    res.setHeader('wechatpay-serial', signing.serial);
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
      WECHATPAY_API_V3_KEY: API_V3_KEY,
      ...(mode === 'publicKey'
        ? { WECHATPAY_PUBLIC_KEY: signing.publicKey, WECHATPAY_PUBLIC_KEY_ID: signing.serial }
        : {}),
    },
    /** The merchant's public key: a JSAPI pay sheet checks paySign with it. */
    merchantPublicKey: merchant.publicKey,
    /** How many times the certificate list was downloaded. */
    certificateDownloads: () => certificateDownloads,
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

export type NotifyOptions = {
  /** Signed over other bytes than those sent. */
  badSignature?: boolean;
  url?: string;
  /** The key that signs (the current one unless set), and the serial sent (the key's unless set). */
  key?: PlatformKey;
  serial?: string;
  /** The Wechatpay-Timestamp sent (now unless set); the signature covers it. */
  timestamp?: string;
};

/** A notification's body and headers as WeChat Pay sends them (an object, or raw bytes), signed as the platform. */
export function signedNotification(event: object | string, opts: NotifyOptions = {}) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const ts = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const key = opts.key ?? signing;
  const signature = platformSign(ts, nonce, opts.badSignature ? `${body} ` : body, key);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': opts.serial ?? key.serial,
    },
  };
}

/** A notification posted to the app's webhook as WeChat Pay posts it. */
export function notify(t: TestApp, event: object | string, opts: NotifyOptions = {}) {
  const { body, headers } = signedNotification(event, opts);
  return t.app.inject({ method: 'POST', url: opts.url ?? '/api/pay/notify/wechat', headers, payload: body });
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
export const notifyRefund = (t: TestApp, event: object | string, opts: NotifyOptions = {}) =>
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

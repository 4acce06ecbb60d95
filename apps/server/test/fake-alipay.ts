/**
 * A fake Alipay gateway on 127.0.0.1 with keys made here: it checks the SDK's RSA2 request signatures
 * and signs its answers and notifications with "Alipay's" key, which the SDK verifies (alipay*.test.ts).
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { fenToYuan, yuanToFen } from '../src/platform/payments/alipay.ts';
import type { PayInfo } from '@studio/contract';
import { call } from './factories.ts';
import { boughtCourse } from './store-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** The app's key pair (the SDK signs with it, the fake verifies), "Alipay's" (the fake signs, the SDK verifies) and a forger's. */
export const KEYS = { app: pem(), alipay: pem(), other: pem() };
export const APP_ID = '2021000000000001';

/** Alipay's signing string: every field but sign (and sign_type for notifications), sorted, k=v&…. */
const signString = (fields: Record<string, string>, skip: string[]) =>
  Object.keys(fields)
    .filter((k) => !skip.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
const rsa2 = (text: string, key = KEYS.alipay.privateKey) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

type GatewayCall = { method: string; signOk: boolean; notifyUrl?: string; biz: Record<string, string> };

export type FakeAlipay = Awaited<ReturnType<typeof fakeAlipay>>;

/** The gateway: what it was asked, and what "Alipay" holds (paid, waiting, refunded trades). */
export async function fakeAlipay() {
  const fake = {
    port: 0,
    calls: [] as GatewayCall[],
    paidAtAlipay: new Map<string, string>(),
    /** Trades the payer opened at the cashier without paying: alipay.trade.query answers WAIT_BUYER_PAY. */
    waitingAtAlipay: new Map<string, string>(),
    refundedAtAlipay: new Map<string, number>(),
    refuseRefunds: false,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url!, 'http://x');
    const fields: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(body)),
    };
    const signOk =
      url.pathname === '/gateway.do' &&
      fields.app_id === APP_ID &&
      createVerify('RSA-SHA256')
        .update(signString(fields, ['sign']), 'utf8')
        .verify(KEYS.app.publicKey, fields.sign ?? '', 'base64');
    const method = fields.method ?? '';
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    fake.calls.push({ method, signOk, notifyUrl: fields.notify_url, biz });
    let answer: object = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    if (signOk && method === 'alipay.trade.precreate') {
      answer = {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        qr_code: `https://qr.alipay.com/bax${biz.out_trade_no}`,
      };
    } else if (signOk && method === 'alipay.trade.query') {
      const paid = fake.paidAtAlipay.get(biz.out_trade_no!);
      answer = paid
        ? {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            trade_no: `2026${biz.out_trade_no}`,
            trade_status: 'TRADE_SUCCESS',
            total_amount: paid,
          }
        : fake.waitingAtAlipay.has(biz.out_trade_no!)
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: `2026${biz.out_trade_no}`,
              trade_status: 'WAIT_BUYER_PAY',
              total_amount: fake.waitingAtAlipay.get(biz.out_trade_no!),
            }
          : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };
    } else if (signOk && method === 'alipay.trade.refund') {
      const no = biz.out_trade_no!;
      const total = (fake.refundedAtAlipay.get(no) ?? 0) + yuanToFen(biz.refund_amount)!;
      if (fake.refuseRefunds)
        answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH' };
      else {
        fake.refundedAtAlipay.set(no, total);
        answer = {
          code: '10000',
          msg: 'Success',
          out_trade_no: no,
          trade_no: `2026${no}`,
          fund_change: 'Y',
          refund_fee: fenToYuan(total),
        };
      }
    }
    const json = JSON.stringify(answer);
    const key = `${method.replaceAll('.', '_')}_response`;
    res.setHeader('content-type', 'application/json;charset=utf-8');
    res.end(`{"${key}":${json},"sign":"${rsa2(json)}"}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}

/** The app with Alipay against the fake; WeChat Pay is configured too (the default), so the buyer chooses. */
export function alipayTestApp(fake: FakeAlipay): Promise<TestApp> {
  return createTestApp({
    PUBLIC_URL: 'https://studio.example',
    PAY_PROVIDER: 'wechat,alipay',
    // WeChat Pay is configured (the default) but never called here.
    WECHATPAY_BASE_URL: `http://127.0.0.1:${fake.port}`,
    WECHATPAY_APP_ID: 'wxapp',
    WECHATPAY_MCH_ID: '1900000001',
    WECHATPAY_SERIAL_NO: 'SERIAL1',
    WECHATPAY_PRIVATE_KEY: KEYS.other.privateKey,
    WECHATPAY_PUBLIC_KEY: KEYS.other.publicKey,
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    WECHATPAY_API_V3_KEY: randomBytes(16).toString('hex'),
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: KEYS.app.privateKey,
    ALIPAY_PUBLIC_KEY: KEYS.alipay.publicKey,
    ALIPAY_GATEWAY: `http://127.0.0.1:${fake.port}/gateway.do`,
  });
}

/**
 * A test file's bed: the fake gateway and the app against it, opened before the file's tests and
 * closed after them (call it at the file's top level; `t` and `fake` are there once the tests run).
 */
export function alipayBed() {
  const bed = {
    fake: undefined as unknown as FakeAlipay,
    t: undefined as unknown as TestApp,
    /** A seller's course in a new buyer team's pending order (the store factories' checkout, unpaid). */
    pendingOrder: (title: string, price: number) => boughtCourse(bed.t, title, price, false),
  };
  beforeAll(async () => {
    bed.fake = await fakeAlipay();
    bed.t = await alipayTestApp(bed.fake);
  });
  afterAll(async () => {
    // Either may be missing when beforeAll failed half-way.
    await (bed.t as TestApp | undefined)?.close();
    await (bed.fake as FakeAlipay | undefined)?.close();
  });
  return bed;
}

export const payWith = (t: TestApp, token: string, orderId: number, provider?: string) =>
  call<PayInfo>(t, 'POST', '/order/pay', { token, body: { orderId, ...(provider ? { provider } : {}) } });

/** An asynchronous notification as Alipay posts it, signed with `key` (Alipay's unless told). */
export function notification(
  orderNo: string,
  totalAmount: string,
  o: { key?: string; appId?: string; status?: string; extra?: Record<string, string> } = {},
) {
  const fields: Record<string, string> = {
    notify_time: '2026-11-25 12:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `2026112500222${randomBytes(8).toString('hex')}`,
    charset: 'utf-8',
    version: '1.0',
    app_id: o.appId ?? APP_ID,
    trade_no: `2026${orderNo}`,
    out_trade_no: orderNo,
    trade_status: o.status ?? 'TRADE_SUCCESS',
    total_amount: totalAmount,
    subject: '课程 & 测试 100%',
    sign_type: 'RSA2',
    ...o.extra,
  };
  fields.sign = rsa2(signString(fields, ['sign', 'sign_type']), o.key);
  return new URLSearchParams(fields).toString();
}
export const notify = (t: TestApp, body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });
export const providerOf = async (t: TestApp, orderId: number) =>
  (await t.app.ctx.db.select({ p: orders.provider }).from(orders).where(eq(orders.id, orderId)))[0]!.p;

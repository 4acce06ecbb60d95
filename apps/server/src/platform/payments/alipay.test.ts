/**
 * Alipay through the official SDK against a fake Alipay gateway on 127.0.0.1, with keys made here:
 * the fake checks the SDK's RSA2 request signatures and signs its answers and notifications with
 * "Alipay's" key, which the SDK verifies. WeChat Pay is configured too (default), so the buyer chooses.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, type Cart, type Order, type PayInfo, type Refund, type StoreCourse } from '@studio/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { call } from '../../../test/factories.ts';
import { boughtCourse, buyer, releasedCourse, seller } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { UA } from '../../../test/user-agents.ts';
import { fenToYuan, yuanToFen } from './alipay.ts';

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = pem(); // the app's key pair: the SDK signs with it, the fake verifies
const alipay = pem(); // "Alipay's": the fake signs, the SDK verifies
const other = pem(); // a forger's
const APP_ID = '2021000000000001';

/** Alipay's signing string: every field but sign (and sign_type for notifications), sorted, k=v&…. */
const signString = (fields: Record<string, string>, skip: string[]) =>
  Object.keys(fields)
    .filter((k) => !skip.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
const rsa2 = (text: string, key = alipay.privateKey) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

type GatewayCall = { method: string; signOk: boolean; notifyUrl?: string; biz: Record<string, string> };
const calls: GatewayCall[] = [];
const paidAtAlipay = new Map<string, string>();
/** Trades the payer opened at the cashier without paying: alipay.trade.query answers WAIT_BUYER_PAY. */
const waitingAtAlipay = new Map<string, string>();
const refundedAtAlipay = new Map<string, number>();
let refuseRefunds = false;
let server: http.Server;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
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
        .verify(app.publicKey, fields.sign ?? '', 'base64');
    const method = fields.method ?? '';
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    calls.push({ method, signOk, notifyUrl: fields.notify_url, biz });
    let answer: object = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    if (signOk && method === 'alipay.trade.precreate') {
      answer = {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        qr_code: `https://qr.alipay.com/bax${biz.out_trade_no}`,
      };
    } else if (signOk && method === 'alipay.trade.query') {
      const paid = paidAtAlipay.get(biz.out_trade_no!);
      answer = paid
        ? {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            trade_no: `2026${biz.out_trade_no}`,
            trade_status: 'TRADE_SUCCESS',
            total_amount: paid,
          }
        : waitingAtAlipay.has(biz.out_trade_no!)
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: `2026${biz.out_trade_no}`,
              trade_status: 'WAIT_BUYER_PAY',
              total_amount: waitingAtAlipay.get(biz.out_trade_no!),
            }
          : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };
    } else if (signOk && method === 'alipay.trade.refund') {
      const no = biz.out_trade_no!;
      const total = (refundedAtAlipay.get(no) ?? 0) + yuanToFen(biz.refund_amount)!;
      if (refuseRefunds)
        answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH' };
      else {
        refundedAtAlipay.set(no, total);
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
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({
    PUBLIC_URL: 'https://studio.example',
    PAY_PROVIDER: 'wechat,alipay',
    // WeChat Pay is configured (the default) but never called here.
    WECHATPAY_BASE_URL: `http://127.0.0.1:${port}`,
    WECHATPAY_APP_ID: 'wxapp',
    WECHATPAY_MCH_ID: '1900000001',
    WECHATPAY_SERIAL_NO: 'SERIAL1',
    WECHATPAY_PRIVATE_KEY: other.privateKey,
    WECHATPAY_PUBLIC_KEY: other.publicKey,
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    WECHATPAY_API_V3_KEY: randomBytes(16).toString('hex'),
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: app.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    ALIPAY_GATEWAY: `http://127.0.0.1:${port}/gateway.do`,
  });
});
afterAll(async () => {
  await t?.close();
  server?.close();
});

/** A seller's course in a new buyer team's pending order (the store factories' checkout, unpaid). */
const pendingOrder = (title: string, price: number) => boughtCourse(t, title, price, false);

const payWith = (token: string, orderId: number, provider?: string) =>
  call<PayInfo>(t, 'POST', '/order/pay', { token, body: { orderId, ...(provider ? { provider } : {}) } });

/** An asynchronous notification as Alipay posts it, signed with `key` (Alipay's unless told). */
function notification(
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
const notify = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });
const providerOf = async (orderId: number) =>
  (await t.app.ctx.db.select({ p: orders.provider }).from(orders).where(eq(orders.id, orderId)))[0]!.p;

describe('amounts', () => {
  it('converts fen to yuan strings and back exactly', () => {
    expect([0, 1, 10, 99, 100, 123456, 1999].map(fenToYuan)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '1234.56',
      '19.99',
    ]);
    expect(['0.01', '0.1', '19.99', '20', '1234.56'].map(yuanToFen)).toEqual([1, 10, 1999, 2000, 123456]);
    for (const bad of ['', '1.234', '-1', '01.00', '1e3', '0x10', ' 1', undefined, 12])
      expect(yuanToFen(bad)).toBeNull();
    expect(() => fenToYuan(1.5)).toThrow();
  });
});

describe('Alipay face-to-face QR', () => {
  it('offers both providers; the buyer picks Alipay: a signed precreate in yuan, its QR, recorded on the order', async () => {
    const { b, order } = await pendingOrder('支付宝课程', 1999);
    expect((await payWith(b.user.token, order.orderId, 'paypal')).code).toBe(Code.PAY_PROVIDER_UNAVAILABLE);
    const pay = await payWith(b.user.token, order.orderId, 'alipay');
    expect(pay.data).toMatchObject({
      provider: 'alipay',
      providers: ['wechat', 'alipay'],
      qrUrl: `https://qr.alipay.com/bax${order.orderNo}`,
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'alipay.trade.precreate',
      signOk: true,
      notifyUrl: 'https://studio.example/api/pay/notify/alipay',
      biz: { out_trade_no: order.orderNo, total_amount: '19.99' },
    });
    expect(await providerOf(order.orderId)).toBe('alipay');
    // Asked again without a choice, the order's provider is kept.
    expect((await payWith(b.user.token, order.orderId)).data.provider).toBe('alipay');
  });

  it('a verified notification answers "success" and grants once; forged, wrong-app, wrong-amount or unpaid ones are refused', async () => {
    const { b, order } = await pendingOrder('通知课程', 2000);
    await payWith(b.user.token, order.orderId, 'alipay');
    const refused = async (body: string) => {
      const res = await notify(body);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toBe('success');
    };
    await refused(notification(order.orderNo, '20.00', { key: other.privateKey }));
    const good = notification(order.orderNo, '20.00');
    await refused(good.replace('total_amount=20.00', 'total_amount=0.01')); // tampered after signing
    await refused(notification(order.orderNo, '20.00', { appId: '2021000000000002' }));
    await refused(notification(order.orderNo, '0.20'));
    await refused(notification(order.orderNo, '20.00', { status: 'WAIT_BUYER_PAY' }));
    await refused(notification('20261125000000000000', '20.00'));
    await refused(good.replace(/&sign=[^&]*/, ''));
    const detail = () =>
      call<Order>(t, 'GET', '/order/detail', {
        token: b.user.token,
        query: { orderId: String(order.orderId) },
      });
    expect((await detail()).data.status).toBe('pending');

    const [first, second] = await Promise.all([notify(good), notify(good)]);
    expect([first!.body, second!.body]).toEqual(['success', 'success']);
    expect(first!.headers['content-type']).toMatch(/^text\/plain/);
    const events = await t.app.ctx.db.execute<{ outcome: string }>(
      sql`select outcome from payment_events where provider = 'alipay' and order_no = ${order.orderNo}`,
    );
    // The wrong-amount one passed the signature and was recorded as refused; the two good ones once.
    expect(events.rows.map((r) => r.outcome).sort()).toEqual(['amount_mismatch', 'granted']);
    // A replay is recorded once and changes nothing; another delivery of the paid trade neither.
    expect((await notify(good)).body).toBe('success');
    expect((await notify(notification(order.orderNo, '20.00', { status: 'TRADE_FINISHED' }))).body).toBe(
      'success',
    );
    // A closed trade's status sync is acknowledged and changes nothing (a forged one is still refused).
    expect((await notify(notification(order.orderNo, '20.00', { status: 'TRADE_CLOSED' }))).body).toBe(
      'success',
    );
    await refused(notification(order.orderNo, '20.00', { status: 'TRADE_CLOSED', key: other.privateKey }));
    const paid = await detail();
    expect(paid.data.status).toBe('paid');
    expect(await providerOf(order.orderId)).toBe('alipay');
    const sales = await t.app.ctx.db.execute<{ sales: number }>(
      sql`select s.sales from course_sales s join order_items i on i.course_id = s.course_id where i.order_id = ${order.orderId}`,
    );
    expect(sales.rows[0]!.sales).toBe(1);
  });

  it('asks Alipay (alipay.trade.query) when the notification is late', async () => {
    const { b, order } = await pendingOrder('迟到的支付宝通知', 1200);
    await payWith(b.user.token, order.orderId, 'alipay');
    const detail = () =>
      call<Order>(t, 'GET', '/order/detail', {
        token: b.user.token,
        query: { orderId: String(order.orderId) },
      });
    expect((await detail()).data.status).toBe('pending');
    expect(calls.at(-1)).toMatchObject({ method: 'alipay.trade.query', signOk: true });
    paidAtAlipay.set(order.orderNo, '12.00');
    await new Promise((r) => setTimeout(r, 5_100)); // the query runs at most every 5 s per order
    expect((await detail()).data.status).toBe('paid');
  });
});

describe('Alipay refunds (alipay.trade.refund, answered synchronously)', () => {
  it('pays back each course of an Alipay order once; a refused refund stays open', async () => {
    const s = await seller(t, '退款课程一', 3000);
    const second = await releasedCourse(t, s.user.token, '退款课程二', 1550);
    const b = await buyer(t);
    for (const courseId of [s.courseId, second])
      await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId } });
    const order = (await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;
    await payWith(b.user.token, order.orderId, 'alipay');
    expect((await notify(notification(order.orderNo, '45.50'))).body).toBe('success');

    const ask = async (courseId: number) =>
      (
        await call<Refund>(t, 'POST', '/order/refund/apply', {
          token: b.user.token,
          body: { orderId: order.orderId, courseId, reason: '买错了' },
        })
      ).data;
    const approve = (refundId: number) =>
      call<Refund>(t, 'POST', '/order/refund/approve', { token: s.user.token, body: { refundId } });
    const owned = async (courseId: number) =>
      (
        await call<StoreCourse>(t, 'GET', '/store/course', {
          token: b.user.token,
          query: { courseId: String(courseId) },
        })
      ).data.owned;

    const one = await ask(s.courseId);
    refuseRefunds = true;
    expect((await approve(one.refundId)).code).toBe(Code.REFUND_PROVIDER_FAILED);
    refuseRefunds = false;
    expect(await owned(s.courseId)).toBe(true);
    const done = await approve(one.refundId);
    expect(done.data.status).toBe('refunded');
    expect(calls.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      signOk: true,
      biz: { out_trade_no: order.orderNo, out_request_no: one.refundNo, refund_amount: '30.00' },
    });
    expect(await owned(s.courseId)).toBe(false);
    expect((await approve(one.refundId)).code).toBe(Code.REFUND_NOT_PENDING);
    // The status sync Alipay sends after a refund is acknowledged and changes nothing.
    const sync = notification(order.orderNo, '45.50', {
      extra: { refund_fee: '30.00', gmt_refund: '2026-11-25 12:05:00.000', out_biz_no: one.refundNo },
    });
    expect((await notify(sync)).body).toBe('success');
    expect(await owned(s.courseId)).toBe(false);
    expect(await owned(second)).toBe(true);

    // Alipay's refund_fee is the trade's refunded total (45.50 now); the notice is this refund's 15.50.
    const two = await ask(second);
    expect((await approve(two.refundId)).data.status).toBe('refunded');
    expect(calls.at(-1)!.biz.refund_amount).toBe('15.50');
    expect(await owned(second)).toBe(false);
  });
});

describe('Alipay: one course, one charge (issue 31)', () => {
  it('a late Alipay payment of an expired order for a course bought since goes back through alipay.trade.refund, once', async () => {
    const { s, b, order: o1 } = await pendingOrder('支付宝重复付款', 2300);
    await payWith(b.user.token, o1.orderId, 'alipay');
    await t.app.ctx.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where id = ${o1.orderId}`,
    );
    await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const o2 = (await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;
    await payWith(b.user.token, o2.orderId, 'alipay');
    expect((await notify(notification(o2.orderNo, '23.00'))).body).toBe('success');

    const late = notification(o1.orderNo, '23.00');
    expect((await notify(late)).body).toBe('success');
    const refundCalls = () =>
      calls.filter((c) => c.method === 'alipay.trade.refund' && c.biz.out_trade_no === o1.orderNo);
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]).toMatchObject({ signOk: true, biz: { refund_amount: '23.00' } });
    // Replayed, re-sent under another notify_id, and Alipay's status sync after the refund: nothing more.
    expect((await notify(late)).body).toBe('success');
    expect((await notify(notification(o1.orderNo, '23.00'))).body).toBe('success');
    expect((await notify(notification(o1.orderNo, '23.00', { extra: { refund_fee: '23.00' } }))).body).toBe(
      'success',
    );
    expect(refundCalls()).toHaveLength(1);
    const o1Now = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(o1.orderId) },
    });
    expect(o1Now.data).toMatchObject({
      status: 'paid',
      refundState: 'refunded',
      items: [{ refundStatus: 'refunded', refundAutomatic: true }],
    });
    const owned = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from entitlements where course_id = ${s.courseId}`,
    );
    expect(owned.rows[0]!.n).toBe(1);
  });
});

describe('Alipay WAP and page pay (issue 44)', () => {
  const payBy = (token: string, orderId: number, ua: string, method: string, headers: object = {}) =>
    call<PayInfo>(t, 'POST', '/order/pay', {
      token,
      body: { orderId, method, return_url: 'https://evil.example/' },
      headers: { 'user-agent': ua, ...headers },
    });
  /** The gateway URL's fields, and whether the fake gateway finds the app's signature good. */
  const opened = async (url: string) => {
    const fields = Object.fromEntries(new URL(url).searchParams);
    const before = calls.length;
    await fetch(url);
    return { fields, biz: JSON.parse(fields.biz_content!) as Record<string, string>, call: calls[before]! };
  };

  it('a phone browser pays by WAP: a signed alipay.trade.wap.pay URL (QUICK_WAP_WAY), returning to our order page on our origin', async () => {
    const { b, order } = await pendingOrder('手机网站支付', 1999);
    const res = await payBy(b.user.token, order.orderId, UA.iphone, 'alipay_wap', { host: 'evil.example' });
    expect(res.data.methods).toEqual([
      { method: 'wechat_h5', provider: 'wechat' },
      { method: 'alipay_wap', provider: 'alipay' },
    ]);
    expect(res.data.action!.kind).toBe('redirect');
    const url = (res.data.action as { url: string }).url;
    expect(url.startsWith(`${t.app.ctx.config.ALIPAY_GATEWAY}?`)).toBe(true);
    const { fields, biz, call: seen } = await opened(url);
    const back = `https://studio.example/store/pay/${order.orderId}`;
    expect(fields).toMatchObject({
      method: 'alipay.trade.wap.pay',
      app_id: APP_ID,
      return_url: back,
      notify_url: 'https://studio.example/api/pay/notify/alipay',
    });
    expect(biz).toMatchObject({
      out_trade_no: order.orderNo,
      total_amount: '19.99',
      product_code: 'QUICK_WAP_WAY',
      quit_url: back,
    });
    expect(seen.signOk).toBe(true);
    expect(await providerOf(order.orderId)).toBe('alipay');
  });

  it('a desktop pays by page pay (FAST_INSTANT_TRADE_PAY); inside WeChat Alipay answers the open-in-browser guide', async () => {
    const { b, order } = await pendingOrder('电脑网站支付', 2500);
    const res = await payBy(b.user.token, order.orderId, UA.desktop, 'alipay_page');
    const { fields, biz, call: seen } = await opened((res.data.action as { url: string }).url);
    expect(fields.method).toBe('alipay.trade.page.pay');
    expect(fields.return_url).toBe(`https://studio.example/store/pay/${order.orderId}`);
    expect(biz).toMatchObject({ product_code: 'FAST_INSTANT_TRADE_PAY', total_amount: '25.00' });
    expect(biz.quit_url).toBeUndefined();
    expect(seen.signOk).toBe(true);
    const inWechat = await payBy(b.user.token, order.orderId, UA.wechat, 'alipay_wap');
    expect(inWechat.data.action).toEqual({ kind: 'openInBrowser' });
  });

  it('a return query saying paid while Alipay says WAIT_BUYER_PAY grants nothing; the notification then grants once; the refund goes by out_trade_no', async () => {
    const { s, b, order } = await pendingOrder('回跳不可信', 1200);
    await payBy(b.user.token, order.orderId, UA.iphone, 'alipay_wap');
    waitingAtAlipay.set(order.orderNo, '12.00');
    // What Alipay appends to return_url (forgeable): the server never reads it.
    const res = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: {
        orderId: String(order.orderId),
        out_trade_no: order.orderNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: '12.00',
        sign: 'forged',
      },
    });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('pending');
    expect(calls.at(-1)).toMatchObject({ method: 'alipay.trade.query', signOk: true });
    const good = notification(order.orderNo, '12.00');
    expect((await notify(good)).body).toBe('success');
    expect((await notify(good)).body).toBe('success');
    const events = await t.app.ctx.db.execute<{ outcome: string }>(
      sql`select outcome from payment_events where provider = 'alipay' and order_no = ${order.orderNo}`,
    );
    expect(events.rows.map((r) => r.outcome)).toEqual(['granted']);
    const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
      token: b.user.token,
      body: { orderId: order.orderId, courseId: order.items[0]!.courseId, reason: '买错了' },
    });
    const approved = await call<Refund>(t, 'POST', '/order/refund/approve', {
      token: s.user.token,
      body: { refundId: asked.data.refundId },
    });
    expect(approved.code).toBe(200);
    expect(calls.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      signOk: true,
      biz: { out_trade_no: order.orderNo, refund_amount: '12.00' },
    });
  });
});

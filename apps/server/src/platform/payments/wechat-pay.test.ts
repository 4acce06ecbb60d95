/** The real WeChat Pay v3 client against a fake WeChat Pay server on 127.0.0.1 (test/fake-wechat-pay.ts). */
import { Code, type Order, type PayInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import {
  notify as notifyOn,
  notifyRefund as notifyRefundOn,
  paidAndAsked as paidAndAskedOn,
  pendingOrder as pendingOrderOn,
  refundSuccess,
  startFakeWechatPay,
  success,
} from '../../../test/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let fake: Awaited<ReturnType<typeof startFakeWechatPay>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  t = await createTestApp(fake.env);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const pendingOrder = (title: string, price: number) => pendingOrderOn(t, title, price);
const paidAndAsked = (title: string, price: number) => paidAndAskedOn(t, title, price);
const notify = (event: object, opts?: { badSignature?: boolean }) => notifyOn(t, event, opts);
const notifyRefund = (event: object, opts?: { badSignature?: boolean }) => notifyRefundOn(t, event, opts);

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
    expect(fake.created.at(-1)).toEqual({ amount: 3300, outTradeNo: order.orderNo, authOk: true });
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
    expect(paid.data.provider).toBe('wechat');
  });

  it('queries the order when the notification is late', async () => {
    const { b, order } = await pendingOrder('迟到的通知', 1200);
    const before = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(before.data.status).toBe('pending');
    fake.paidAtWechat.set(order.orderNo, 1200);
    await new Promise((r) => setTimeout(r, 5_100)); // the query runs at most every 5 s per order
    const after = await call<Order>(t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(after.data.status).toBe('paid');
  });
});

describe('WeChat Pay v3 refunds', () => {
  it('asks WeChat Pay to refund; the verified notification pays back once, whatever is replayed or forged', async () => {
    const { order, refund, owned, approve } = await paidAndAsked('微信退款课程', 5200);
    const approved = await approve();
    expect(approved.data.status).toBe('processing');
    expect(fake.refundCalls.at(-1)).toEqual({
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
    fake.refuseRefunds(true);
    const failed = await approve();
    fake.refuseRefunds(false);
    expect(failed.code).toBe(Code.REFUND_PROVIDER_FAILED);
    const again = await approve();
    expect(again.data.status).toBe('processing');
    expect(fake.refundCalls.filter((c) => c.outRefundNo === refund.refundNo)).toHaveLength(2);
    expect((await notifyRefund(refundSuccess(refund.refundNo, 900))).json().data.outcome).toBe('refunded');
    expect(await owned()).toBe(false);
  });
});

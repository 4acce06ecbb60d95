/** The real WeChat Pay v3 client against a fake WeChat Pay server on 127.0.0.1 (test/fake-wechat-pay.ts). */
import { Code, type Order, type PayInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import {
  encryptResource,
  notify as notifyOn,
  notifyRefund as notifyRefundOn,
  paidAndAsked as paidAndAskedOn,
  pendingOrder as pendingOrderOn,
  refundSuccess,
  retirePlatformKey,
  rotatePlatformKey,
  signedNotification,
  signingKey,
  startFakeWechatPay,
  strangerKey,
  success,
  type NotifyOptions,
} from '../../../test/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PaymentRejected } from './payment-provider.ts';
import { WechatPayProvider } from './wechat-pay.ts';

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
const notify = (event: object | string, opts?: NotifyOptions) => notifyOn(t, event, opts);
const notifyRefund = (event: object | string, opts?: NotifyOptions) => notifyRefundOn(t, event, opts);
const statusOf = async (token: string, orderId: number) =>
  (await call<Order>(t, 'GET', '/order/detail', { token, query: { orderId: String(orderId) } })).data.status;
const refused = (res: { statusCode: number; json: () => { code: number } }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe(Code.PAYMENT_REJECTED);
};

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
    expect(fake.created.at(-1)).toMatchObject({
      amount: 3300,
      outTradeNo: order.orderNo,
      authOk: true,
      kind: 'native',
    });
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

describe('WeChat Pay v3 platform keys', () => {
  it('refuses a Wechatpay-Timestamp that is not a number of seconds, and a missing serial, even when signed', async () => {
    const { b, order } = await pendingOrder('时间戳课程', 700);
    for (const timestamp of ['abc', 'NaN', '', '1e3', ' 1', String(Math.floor(Date.now() / 1000) - 301)])
      refused(await notify(success(order.orderNo, 700), { timestamp }));
    refused(await notify(success(order.orderNo, 700), { serial: '' }));
    expect(await statusOf(b.user.token, order.orderId)).toBe('pending');
  });

  it('verifies by serial through a rotation: the old and the new key both verify during the overlap; an unknown serial is refused', async () => {
    const first = await pendingOrder('轮换前的课程', 800);
    const second = await pendingOrder('轮换后的课程', 900);
    const third = await pendingOrder('陌生密钥的课程', 1000);
    const old = signingKey();
    // Known before the rotation (downloaded with the first notification of this file or now).
    expect((await notify(success('unknown-order', 1))).statusCode).toBe(400);
    const before = fake.certificateDownloads();
    const next = rotatePlatformKey();
    // The new serial is unknown here: the list is downloaded once more, and it verifies.
    expect((await notify(success(first.order.orderNo, 800), { key: next })).json().data.outcome).toBe(
      'granted',
    );
    expect(fake.certificateDownloads()).toBe(before + 1);
    // The old certificate is still listed: notifications WeChat Pay signed with it still verify.
    expect((await notify(success(second.order.orderNo, 900), { key: old })).json().data.outcome).toBe(
      'granted',
    );
    // Answers are signed with the new key now: paying asks WeChat Pay and checks its answer by serial.
    const pay = await call<PayInfo>(t, 'POST', '/order/pay', {
      token: third.b.user.token,
      body: { orderId: third.order.orderId },
    });
    expect(pay.data.qrUrl).toBe(`weixin://wxpay/bizpayurl?pr=${third.order.orderNo}`);
    // A valid signature by a key WeChat Pay never listed, or a key under another key's serial: refused,
    // and the unknown serial does not make the app download the list again within the minute.
    const stranger = strangerKey();
    refused(await notify(success(third.order.orderNo, 1000), { key: stranger }));
    refused(await notify(success(third.order.orderNo, 1000), { key: stranger }));
    refused(await notify(success(third.order.orderNo, 1000), { key: next, serial: old.serial }));
    expect(fake.certificateDownloads()).toBe(before + 1);
    expect(await statusOf(third.b.user.token, third.order.orderId)).toBe('pending');
    retirePlatformKey(old);
  });

  it('downloads the certificate list again for an unknown serial at most once per retry interval', async () => {
    const provider = new WechatPayProvider({
      baseUrl: fake.env.WECHATPAY_BASE_URL,
      appId: fake.env.WECHATPAY_APP_ID,
      mchId: fake.env.WECHATPAY_MCH_ID,
      serialNo: fake.env.WECHATPAY_SERIAL_NO,
      privateKeyPem: fake.env.WECHATPAY_PRIVATE_KEY,
      apiV3Key: fake.env.WECHATPAY_API_V3_KEY,
      platformPublicKeys: [],
      platformCertificates: true,
      notifyUrl: 'https://studio.example/n',
      refundNotifyUrl: 'https://studio.example/r',
      certificateRetryMs: 300,
    });
    const stranger = strangerKey();
    const verify = (key = stranger) => {
      const n = signedNotification(success('ORDER1', 1), { key });
      return provider.verifyNotification(n.headers, n.body);
    };
    const before = fake.certificateDownloads();
    await expect(verify()).rejects.toThrow(PaymentRejected);
    // The first list (it does not hold the serial), then the one try an unknown serial may make.
    expect(fake.certificateDownloads()).toBe(before + 2);
    await Promise.all([verify(), verify(), verify()].map((p) => expect(p).rejects.toThrow(PaymentRejected)));
    expect(fake.certificateDownloads()).toBe(before + 2);
    await new Promise((r) => setTimeout(r, 350));
    await expect(verify()).rejects.toThrow(/unknown Wechatpay-Serial/);
    expect(fake.certificateDownloads()).toBe(before + 3);
    expect((await verify(signingKey())).orderNo).toBe('ORDER1');
  });
});

describe('WeChat Pay v3 notifications signed but malformed', () => {
  const resource = (plain: object | string) => encryptResource(plain);
  const event = (res: object, id = `EV-${Math.random().toString(36).slice(2)}`) => ({
    id,
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: res,
  });
  const tx = (orderNo: string, total: number) => ({
    out_trade_no: orderNo,
    transaction_id: `42000${orderNo}`,
    trade_state: 'SUCCESS',
    amount: { total },
  });

  it('answers 400 to each class (never 500), and grants nothing', async () => {
    const { b, order } = await pendingOrder('畸形通知课程', 1100);
    const short = { ...resource(tx(order.orderNo, 1100)), ciphertext: Buffer.alloc(8).toString('base64') };
    const { amount: _amount, ...withoutAmount } = tx(order.orderNo, 1100);
    const cases: (object | string)[] = [
      event(short),
      event({ ...short, ciphertext: '' }),
      event({ ...resource(tx(order.orderNo, 1100)), nonce: '' }),
      event(resource('not json {')),
      event(resource('null')),
      event(resource(withoutAmount)),
      event(resource({ ...tx(order.orderNo, 1100), amount: { total: '1100' } })),
      event(resource({ ...tx(order.orderNo, 1100), amount: { total: 2 ** 40 } })),
      event(resource(tx(order.orderNo, 1100)), 'E'.repeat(200)),
      event(resource(tx('N'.repeat(100), 1100))),
      event(resource({ ...tx(order.orderNo, 1100), transaction_id: 'T'.repeat(100) })),
      { id: 'EV-1', event_type: 'TRANSACTION.SUCCESS' },
      { id: 'EV-2', resource: 'text' },
      'not json at all',
      '[]',
      'null',
    ];
    for (const c of cases) refused(await notify(c));
    expect(await statusOf(b.user.token, order.orderId)).toBe('pending');
    // The same order, well formed, still pays once.
    expect((await notify(success(order.orderNo, 1100))).json().data.outcome).toBe('granted');
  });

  it('refund notifications likewise: 400, and the course stays with the buyer', async () => {
    const { refund, owned, approve } = await paidAndAsked('畸形退款通知', 1300);
    expect((await approve()).data.status).toBe('processing');
    const plain = {
      out_refund_no: refund.refundNo,
      refund_id: `50${refund.refundNo}`,
      refund_status: 'SUCCESS',
      amount: { refund: 1300 },
    };
    const refundEvent = (p: object | string, id = `EV-${Math.random().toString(36).slice(2)}`) => ({
      id,
      event_type: 'REFUND.SUCCESS',
      resource: encryptResource(p),
    });
    const { amount: _amount, ...withoutAmount } = plain;
    const cases: (object | string)[] = [
      refundEvent('{"out_refund_no":'),
      refundEvent(withoutAmount),
      refundEvent({ ...plain, out_refund_no: 'R'.repeat(100) }),
      refundEvent({ ...plain, refund_id: 'I'.repeat(200) }),
      refundEvent(plain, 'E'.repeat(200)),
      { ...refundEvent(plain), resource: { ...encryptResource(plain), ciphertext: 'AAAA' } },
      '{',
    ];
    for (const c of cases) refused(await notifyRefund(c));
    expect(await owned()).toBe(true);
    expect((await notifyRefund(refundSuccess(refund.refundNo, 1300))).json().data.outcome).toBe('refunded');
    expect(await owned()).toBe(false);
  });
});

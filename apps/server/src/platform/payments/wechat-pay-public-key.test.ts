/**
 * WeChat Pay's 微信支付公钥 mode: the platform public keys configured with their ids (two while one
 * replaces the other), no certificate download. Against the fake WeChat Pay server.
 */
import { Code, type Order, type PayInfo } from '@studio/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import {
  notify,
  pendingOrder,
  rotatePlatformKey,
  signingKey,
  startFakeWechatPay,
  strangerKey,
  success,
} from '../../../test/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let fake: Awaited<ReturnType<typeof startFakeWechatPay>>;
let t: TestApp;
let first: ReturnType<typeof signingKey>;
let second: ReturnType<typeof signingKey>;

beforeAll(async () => {
  fake = await startFakeWechatPay('publicKey');
  first = signingKey();
  second = rotatePlatformKey('publicKey');
  t = await createTestApp({
    ...fake.env,
    WECHATPAY_PUBLIC_KEY: `${first.publicKey}\n${second.publicKey}`,
    WECHATPAY_PUBLIC_KEY_ID: `${first.serial}, ${second.serial}`,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

it('verifies notifications and answers by public key id, both keys while configured; an unknown id is refused; no certificate is downloaded', async () => {
  const a = await pendingOrder(t, '公钥模式课程', 600);
  const b = await pendingOrder(t, '公钥模式课程二', 700);
  expect(first.serial).toMatch(/^PUB_KEY_ID_/);
  // The answer to /v3/pay/transactions/native is signed with the second key (WeChat Pay's current one).
  const pay = await call<PayInfo>(t, 'POST', '/order/pay', {
    token: a.b.user.token,
    body: { orderId: a.order.orderId },
  });
  expect(pay.data.qrUrl).toBe(`weixin://wxpay/bizpayurl?pr=${a.order.orderNo}`);
  const stranger = strangerKey();
  for (const res of [
    await notify(t, success(a.order.orderNo, 600), { key: stranger }),
    await notify(t, success(a.order.orderNo, 600), {
      key: stranger,
      serial: 'PUB_KEY_ID_0000000000000000000000000000',
    }),
    await notify(t, success(a.order.orderNo, 600), { key: second, serial: first.serial }),
  ]) {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Code.PAYMENT_REJECTED);
  }
  expect((await notify(t, success(a.order.orderNo, 600), { key: first })).json().data.outcome).toBe(
    'granted',
  );
  expect((await notify(t, success(b.order.orderNo, 700), { key: second })).json().data.outcome).toBe(
    'granted',
  );
  const paid = await call<Order>(t, 'GET', '/order/detail', {
    token: b.b.user.token,
    query: { orderId: String(b.order.orderId) },
  });
  expect(paid.data.status).toBe('paid');
  expect(fake.certificateDownloads()).toBe(0);
});

/**
 * WeChat Pay H5 and JSAPI (issue 44) against the fake WeChat Pay server (test/fake-wechat-pay.ts: real
 * RSA signatures both ways): the order page's return address, the payer's IP, the bridge's paySign,
 * and, per method, the same exactly-once grant, lost-notification query, refusal of forged and
 * replayed notifications, and refund by out_trade_no as for Native.
 */
import { createVerify } from 'node:crypto';
import { Code, type Order, type PayInfo, type Refund } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import {
  notify as notifyOn,
  pendingOrder as pendingOrderOn,
  startFakeWechatPay,
  strangerKey,
  success,
} from '../../../test/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { UA } from '../../../test/user-agents.ts';
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

const notify = (event: object | string, opts?: Parameters<typeof notifyOn>[2]) => notifyOn(t, event, opts);
const detail = (token: string, orderId: number) =>
  call<Order>(t, 'GET', '/order/detail', { token, query: { orderId: String(orderId) } });
const grants = async (orderId: number) =>
  (
    await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from entitlements where order_id = ${orderId}`,
    )
  ).rows[0]!.n;
const pay = (token: string, orderId: number, ua: string, body: object = {}, headers: object = {}) =>
  call<PayInfo>(t, 'POST', '/order/pay', {
    token,
    ip: '203.0.113.7',
    body: { orderId, ...body },
    headers: { 'user-agent': ua, ...headers },
  });

/** The provider as the app builds it. */
const jsapiProvider = () =>
  new WechatPayProvider({
    baseUrl: fake.env.WECHATPAY_BASE_URL,
    appId: fake.env.WECHATPAY_APP_ID,
    mchId: fake.env.WECHATPAY_MCH_ID,
    serialNo: fake.env.WECHATPAY_SERIAL_NO,
    privateKeyPem: fake.env.WECHATPAY_PRIVATE_KEY,
    platformPublicKeys: [],
    platformCertificates: true,
    apiV3Key: fake.env.WECHATPAY_API_V3_KEY,
    notifyUrl: 'https://studio.example/api/pay/notify/wechat',
    refundNotifyUrl: 'https://studio.example/api/pay/refund-notify/wechat',
  });

describe('WeChat Pay H5 (a phone browser)', () => {
  it('creates a signed H5 order with the payer IP and Wap scene; redirects to h5_url with our order page, whatever Host/Origin/body say', async () => {
    const { b, order } = await pendingOrderOn(t, 'H5 课程', 2100);
    const res = await pay(
      b.user.token,
      order.orderId,
      UA.iphone,
      { redirect_url: 'https://evil.example/', returnUrl: 'https://evil.example/' },
      { host: 'evil.example', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(res.code).toBe(Code.OK);
    expect(res.data).toMatchObject({
      place: 'mobile',
      method: 'wechat_h5',
      methods: [{ method: 'wechat_h5' }],
    });
    expect(res.data.action).toEqual({
      kind: 'redirect',
      url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${order.orderNo}&package=1&redirect_url=${encodeURIComponent(`https://studio.example/store/pay/${order.orderId}`)}`,
    });
    expect(fake.created.at(-1)).toEqual({
      amount: 2100,
      outTradeNo: order.orderNo,
      authOk: true,
      kind: 'h5',
      appid: 'wxapp',
      payerClientIp: '203.0.113.7',
      h5Type: 'Wap',
      openid: undefined,
    });
  });

  it('back from WeChat Pay with no notification: the order page asks WeChat Pay and grants once; the late notification changes nothing', async () => {
    const { b, order } = await pendingOrderOn(t, 'H5 迟到通知', 1500);
    await pay(b.user.token, order.orderId, UA.iphone);
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('pending');
    fake.paidAtWechat.set(order.orderNo, 1500);
    await new Promise((r) => setTimeout(r, 5_100)); // the query runs at most every 5 s per order
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('paid');
    const late = await notify(success(order.orderNo, 1500));
    expect(late.json().data.outcome).toBe('already_paid');
    expect(await grants(order.orderId)).toBe(1);
  });

  it('forged and replayed H5 notifications are refused or change nothing; the refund goes by out_trade_no', async () => {
    const { s, b, order } = await pendingOrderOn(t, 'H5 伪造', 1800);
    await pay(b.user.token, order.orderId, UA.iphone);
    const event = success(order.orderNo, 1800);
    expect((await notify(event, { badSignature: true })).statusCode).toBe(400);
    expect((await notify(event, { key: strangerKey() })).statusCode).toBe(400);
    expect((await notify(success(order.orderNo, 1800, 'x'.repeat(32)))).statusCode).toBe(400);
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('pending');
    expect((await notify(event)).json().data.outcome).toBe('granted');
    expect((await notify(event)).json().data.outcome).toBe('duplicate');
    expect(await grants(order.orderId)).toBe(1);
    const asked = await call<Refund>(t, 'POST', '/order/refund/apply', {
      token: b.user.token,
      body: { orderId: order.orderId, courseId: order.items[0]!.courseId, reason: '买错了' },
    });
    expect(asked.code).toBe(200);
    const approved = await call<Refund>(t, 'POST', '/order/refund/approve', {
      token: s.user.token,
      body: { refundId: asked.data.refundId },
    });
    expect(approved.code).toBe(200);
    expect(fake.refundCalls.at(-1)).toMatchObject({
      outTradeNo: order.orderNo,
      refund: 1800,
      total: 1800,
      authOk: true,
    });
  });
});

describe('WeChat Pay JSAPI (inside WeChat)', () => {
  it('without a 公众号 JSAPI is not offered: WeChat falls back to the QR, and asking for JSAPI is refused', async () => {
    const { b, order } = await pendingOrderOn(t, 'JSAPI 未配置', 900);
    const res = await pay(b.user.token, order.orderId, UA.wechat);
    expect(res.data.methods).toEqual([{ method: 'wechat_native', provider: 'wechat' }]);
    expect((await pay(b.user.token, order.orderId, UA.wechat, { method: 'wechat_jsapi' })).code).toBe(
      Code.PAY_METHOD_UNAVAILABLE,
    );
    expect(fake.created.filter((c) => c.outTradeNo === order.orderNo).map((c) => c.kind)).toEqual(['native']);
  });

  it('creates a signed JSAPI order for the payer’s openid; the bridge params carry a paySign the merchant key made', async () => {
    const { order } = await pendingOrderOn(t, 'JSAPI 课程', 4200);
    const provider = jsapiProvider();
    expect(provider.methods).toContain('wechat_jsapi');
    const started = await provider.startPayment(
      {
        orderNo: order.orderNo,
        amount: 4200,
        description: 'JSAPI 课程',
        expiresAt: new Date(order.expireTime),
        origin: 'x',
      },
      { method: 'wechat_jsapi', openId: 'o-payer-1', clientIp: '1.2.3.4', returnUrl: 'x', returnPath: 'x' },
    );
    if (!('bridge' in started)) throw new Error('no bridge params');
    const p = started.bridge;
    expect(p).toMatchObject({ appId: 'wxapp', package: `prepay_id=wx${order.orderNo}`, signType: 'RSA' });
    expect(p.timeStamp).toMatch(/^\d{10}$/);
    expect(
      createVerify('RSA-SHA256')
        .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
        .verify(fake.merchantPublicKey, p.paySign, 'base64'),
    ).toBe(true);
    expect(fake.created.at(-1)).toMatchObject({
      kind: 'jsapi',
      openid: 'o-payer-1',
      appid: 'wxapp',
      authOk: true,
    });
    // No openid: nothing is created.
    const before = fake.created.length;
    await expect(
      provider.startPayment(
        {
          orderNo: order.orderNo,
          amount: 4200,
          description: 'x',
          expiresAt: new Date(order.expireTime),
          origin: 'x',
        },
        { method: 'wechat_jsapi', clientIp: '1.2.3.4', returnUrl: 'x', returnPath: 'x' },
      ),
    ).rejects.toThrow();
    expect(fake.created.length).toBe(before);
  });

  it('a JSAPI payment is granted once through the same notification path; forged or replayed ones are refused; the query finds a lost one', async () => {
    const { b, order } = await pendingOrderOn(t, 'JSAPI 通知', 3000);
    const event = success(order.orderNo, 3000);
    expect((await notify(event, { badSignature: true })).statusCode).toBe(400);
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('pending');
    expect((await notify(event)).json().data.outcome).toBe('granted');
    expect((await notify(event)).json().data.outcome).toBe('duplicate');
    expect(await grants(order.orderId)).toBe(1);
    const other = await pendingOrderOn(t, 'JSAPI 查询', 3100);
    fake.paidAtWechat.set(other.order.orderNo, 3100);
    expect(await jsapiProvider().queryPayment(other.order.orderNo)).toMatchObject({
      orderNo: other.order.orderNo,
      amount: 3100,
    });
  });
});

describe('WeChat Pay JSAPI through /order/pay with a 公众号 (openids as the users face gives them)', () => {
  let mpApp: TestApp;
  beforeAll(async () => {
    mpApp = await createTestApp({
      ...fake.env,
      WECHAT_MP_MODE: 'mp',
      WECHAT_MP_APP_ID: 'wxapp',
      WECHAT_MP_APP_SECRET: 'mp-secret',
    });
  });
  // What the silent 网页授权 records for the user (modules/auth/wechat-mp.service.ts).
  const recordOpenId = (userId: number, openId: string) =>
    mpApp.app.ctx.db.execute(sql`update users set wechat_mp_open_id = ${openId} where id = ${userId}`);
  afterAll(async () => {
    await mpApp.close();
  });
  const payIn = (token: string, orderId: number) =>
    call<PayInfo>(mpApp, 'POST', '/order/pay', {
      token,
      body: { orderId },
      headers: { 'user-agent': UA.wechat },
    });

  it('no openid yet: authorise first (nothing created); then the bridge params for the openid, paid once by the notification', async () => {
    const { b, order } = await pendingOrderOn(mpApp, 'JSAPI 公众号', 5200);
    const before = fake.created.length;
    const first = await payIn(b.user.token, order.orderId);
    expect(first.data).toMatchObject({
      place: 'wechat',
      method: 'wechat_jsapi',
      methods: [{ method: 'wechat_jsapi', provider: 'wechat' }],
      action: { kind: 'authorize', next: `/store/pay/${order.orderId}` },
    });
    expect(fake.created.length).toBe(before);

    await recordOpenId(b.user.userId, 'o-mp-payer');
    const res = await payIn(b.user.token, order.orderId);
    expect(res.data.action!.kind).toBe('bridge');
    const p = (res.data.action as { params: Record<string, string> }).params;
    expect(p).toMatchObject({ appId: 'wxapp', package: `prepay_id=wx${order.orderNo}`, signType: 'RSA' });
    expect(
      createVerify('RSA-SHA256')
        .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
        .verify(fake.merchantPublicKey, p.paySign!, 'base64'),
    ).toBe(true);
    expect(fake.created.at(-1)).toMatchObject({
      kind: 'jsapi',
      openid: 'o-mp-payer',
      outTradeNo: order.orderNo,
    });

    // Another user's (another team's) order: 404, nothing created.
    const stranger = await pendingOrderOn(mpApp, 'JSAPI 别人', 100);
    await recordOpenId(stranger.b.user.userId, 'o-other');
    const count = fake.created.length;
    expect((await payIn(stranger.b.user.token, order.orderId)).code).toBe(Code.NOT_FOUND);
    expect(fake.created.length).toBe(count);

    const event = success(order.orderNo, 5200);
    expect((await notifyOn(mpApp, event, { badSignature: true })).statusCode).toBe(400);
    expect((await notifyOn(mpApp, event)).json().data.outcome).toBe('granted');
    expect((await notifyOn(mpApp, event)).json().data.outcome).toBe('duplicate');
    const paid = await call<Order>(mpApp, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(order.orderId) },
    });
    expect(paid.data.status).toBe('paid');
  });
});

describe('WeChat Pay JSAPI with the real 公众号 wiring (WECHAT_MP_MODE=mp)', () => {
  it('offers JSAPI inside WeChat and asks for the silent authorisation while the user has no openid', async () => {
    const mpApp = await createTestApp({
      ...fake.env,
      WECHAT_MP_MODE: 'mp',
      WECHAT_MP_APP_ID: 'wxapp',
      WECHAT_MP_APP_SECRET: 'mp-secret',
    });
    try {
      const { b, order } = await pendingOrderOn(mpApp, 'JSAPI 真实公众号', 700);
      const res = await call<PayInfo>(mpApp, 'POST', '/order/pay', {
        token: b.user.token,
        body: { orderId: order.orderId },
        headers: { 'user-agent': UA.wechat },
      });
      expect(res.data.methods).toEqual([{ method: 'wechat_jsapi', provider: 'wechat' }]);
      expect(res.data.action).toEqual({ kind: 'authorize', next: `/store/pay/${order.orderId}` });
    } finally {
      await mpApp.close();
    }
  });
});

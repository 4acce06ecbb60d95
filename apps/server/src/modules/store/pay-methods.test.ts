/**
 * The way to pay chosen for the place (issue 44), on the embedded default (PAY_PROVIDER=sandbox):
 * the server reads where the buyer is from the user agent, offers that place's methods, and each is
 * played by a simulator page that notifies the real webhook and returns to our order page.
 */
import { Code, type Order, type PayInfo } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { boughtCourse, buyer } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { UA } from '../../../test/user-agents.ts';
import { payPlaceOf } from './pay-methods.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const pay = (token: string, orderId: number, ua: string, body: object = {}, headers: object = {}) =>
  call<PayInfo>(t, 'POST', '/order/pay', {
    token,
    body: { orderId, ...body },
    headers: { 'user-agent': ua, ...headers },
  });
const detail = (token: string, orderId: number, query: Record<string, string> = {}) =>
  call<Order>(t, 'GET', '/order/detail', { token, query: { orderId: String(orderId), ...query } });
const grants = async (orderId: number) =>
  (
    await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from entitlements where order_id = ${orderId}`,
    )
  ).rows[0]!.n;

/** Opens a simulator page (path and query of the action's URL) and confirms there, as the payer would. */
async function payAtSimulator(url: string) {
  const u = new URL(url);
  const page = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(page.statusCode).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/cashier/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: u.searchParams.toString(),
  });
  return { page: page.body, confirm };
}

describe('where the buyer is', () => {
  it('reads WeChat, a phone browser and a desktop from the user agent', () => {
    expect(payPlaceOf(UA.wechat)).toBe('wechat');
    expect(payPlaceOf(UA.iphone)).toBe('mobile');
    expect(payPlaceOf(UA.desktop)).toBe('desktop');
    expect(payPlaceOf(UA.windowsWechat)).toBe('desktop');
    expect(payPlaceOf(undefined)).toBe('desktop');
  });
});

describe('the sandbox plays every method for the place', () => {
  it('desktop: the QR first (as before), Alipay QR and page pay offered', async () => {
    const { b, order } = await boughtCourse(t, '桌面支付', 1000, false);
    const res = await pay(b.user.token, order.orderId, UA.desktop);
    expect(res.code).toBe(Code.OK);
    expect(res.data).toMatchObject({
      provider: 'sandbox',
      place: 'desktop',
      method: 'wechat_native',
      action: { kind: 'qr' },
      methods: [
        { method: 'wechat_native', provider: 'sandbox' },
        { method: 'alipay_qr', provider: 'sandbox' },
        { method: 'alipay_page', provider: 'sandbox' },
      ],
    });
    expect(res.data.qrUrl).toContain('/api/pay/sandbox?');
    const page = await pay(b.user.token, order.orderId, UA.desktop, { method: 'alipay_page' });
    expect(page.data.action).toEqual({
      kind: 'redirect',
      url: expect.stringContaining('/api/pay/sandbox/cashier?'),
    });
    expect(page.data.qrUrl).toBe('');
    const { page: html, confirm } = await payAtSimulator((page.data.action as { url: string }).url);
    expect(html).toContain('支付宝电脑网站收银台');
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/store/pay/${order.orderId}?from=pay`);
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('paid');
  });

  it('phone browser: WeChat Pay H5 and Alipay WAP, each through its simulator, paid once', async () => {
    for (const [method, title] of [
      ['alipay_wap', '支付宝收银台'],
      ['wechat_h5', '微信支付收银台'],
    ] as const) {
      const { b, order } = await boughtCourse(t, `手机${method}`, 800, false);
      const first = await pay(b.user.token, order.orderId, UA.iphone);
      expect(first.data.methods!.map((m) => m.method)).toEqual(['wechat_h5', 'alipay_wap']);
      expect(first.data.method).toBe('wechat_h5');
      const res = await pay(b.user.token, order.orderId, UA.iphone, { method });
      expect(res.data.action!.kind).toBe('redirect');
      const url = (res.data.action as { url: string }).url;
      const { page, confirm } = await payAtSimulator(url);
      expect(page).toContain(title);
      expect(confirm.headers.location).toBe(`/store/pay/${order.orderId}?from=pay`);
      expect((await detail(b.user.token, order.orderId)).data.status).toBe('paid');
      // Confirmed again (a replayed form): a new notice finds the order paid; nothing granted twice.
      await payAtSimulator(url);
      expect(await grants(order.orderId)).toBe(1);
      expect((await pay(b.user.token, order.orderId, UA.iphone, { method })).data.action).toEqual({
        kind: 'none',
      });
    }
  });

  it('inside WeChat: JSAPI first, played by the simulated pay sheet (no bridge params); Alipay gets the open-in-browser guide', async () => {
    const { b, order } = await boughtCourse(t, '微信内支付', 600, false);
    const res = await pay(b.user.token, order.orderId, UA.wechat);
    expect(res.data.place).toBe('wechat');
    expect(res.data.methods!.map((m) => m.method)).toEqual(['wechat_jsapi', 'alipay_wap']);
    expect(res.data.action).toEqual({
      kind: 'simulator',
      url: expect.stringContaining('method=wechat_jsapi'),
    });
    const ali = await pay(b.user.token, order.orderId, UA.wechat, { method: 'alipay_wap' });
    expect(ali.data.action).toEqual({ kind: 'openInBrowser' });
    const { page } = await payAtSimulator((res.data.action as { url: string }).url);
    expect(page).toContain('模拟微信内的支付弹窗');
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('paid');
  });
});

describe('bad input', () => {
  it('a method not offered for the place, or not a method at all, is refused and starts nothing', async () => {
    const { b, order } = await boughtCourse(t, '不支持的方式', 500, false);
    expect((await pay(b.user.token, order.orderId, UA.desktop, { method: 'wechat_h5' })).code).toBe(
      Code.PAY_METHOD_UNAVAILABLE,
    );
    expect((await pay(b.user.token, order.orderId, UA.iphone, { method: 'wechat_native' })).code).toBe(
      Code.PAY_METHOD_UNAVAILABLE,
    );
    const bad = await pay(b.user.token, order.orderId, UA.iphone, { method: 'paypal' });
    expect(bad.status).toBeLessThan(500);
    expect(bad.code).not.toBe(Code.OK);
    expect((await detail(b.user.token, order.orderId)).data.status).toBe('pending');
  });

  it('another user’s order (another team) answers 404 and starts nothing', async () => {
    const { order } = await boughtCourse(t, '别人的订单', 500, false);
    const stranger = await buyer(t);
    const res = await pay(stranger.user.token, order.orderId, UA.iphone, { method: 'alipay_wap' });
    expect(res.code).toBe(Code.NOT_FOUND);
    expect(res.data ?? null).toBeNull();
  });

  it('a hostile Host, Origin or body field cannot change where the payer returns', async () => {
    const { b, order } = await boughtCourse(t, '回跳地址', 500, false);
    const res = await pay(
      b.user.token,
      order.orderId,
      UA.iphone,
      { method: 'alipay_wap', returnUrl: 'https://evil.example/x', redirect_url: 'https://evil.example/' },
      { host: 'evil.example', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    );
    const url = (res.data.action as { url: string }).url;
    expect(url).not.toContain('evil');
    const { confirm } = await payAtSimulator(url);
    expect(confirm.headers.location).toBe(`/store/pay/${order.orderId}?from=pay`);
  });

  it('a simulator link with a forged signature or another method shows an invalid page and pays nothing', async () => {
    const { b, order } = await boughtCourse(t, '伪造收银台', 500, false);
    const res = await pay(b.user.token, order.orderId, UA.iphone, { method: 'alipay_wap' });
    const u = new URL((res.data.action as { url: string }).url);
    u.searchParams.set('method', 'wechat_h5'); // the signature covers the method
    const { page, confirm } = await payAtSimulator(u.href);
    expect(page).toContain('链接无效');
    expect(confirm.statusCode).toBe(200);
    expect((await detail(b.user.token, order.orderId, { trade_status: 'TRADE_SUCCESS' })).data.status).toBe(
      'pending',
    );
  });
});

/**
 * Alipay WAP (a phone's browser) and page pay (a desktop) through the official SDK against the fake
 * gateway (test/fake-alipay.ts); inside WeChat, Alipay answers the open-in-browser guide (issue 44).
 */
import { type Order, type PayInfo, type Refund } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { alipayBed, APP_ID, notification, notify, providerOf } from '../../../test/fake-alipay.ts';
import { UA } from '../../../test/user-agents.ts';

const bed = alipayBed();

describe('Alipay WAP and page pay (issue 44)', () => {
  const payBy = (token: string, orderId: number, ua: string, method: string, headers: object = {}) =>
    call<PayInfo>(bed.t, 'POST', '/order/pay', {
      token,
      body: { orderId, method, return_url: 'https://evil.example/' },
      headers: { 'user-agent': ua, ...headers },
    });
  /** The gateway URL's fields, and whether the fake gateway finds the app's signature good. */
  const opened = async (url: string) => {
    const fields = Object.fromEntries(new URL(url).searchParams);
    const before = bed.fake.calls.length;
    await fetch(url);
    return {
      fields,
      biz: JSON.parse(fields.biz_content!) as Record<string, string>,
      call: bed.fake.calls[before]!,
    };
  };

  it('a phone browser pays by WAP: a signed alipay.trade.wap.pay URL (QUICK_WAP_WAY), returning to our order page on our origin', async () => {
    const { b, order } = await bed.pendingOrder('手机网站支付', 1999);
    const res = await payBy(b.user.token, order.orderId, UA.iphone, 'alipay_wap', { host: 'evil.example' });
    expect(res.data.methods).toEqual([
      { method: 'wechat_h5', provider: 'wechat' },
      { method: 'alipay_wap', provider: 'alipay' },
    ]);
    expect(res.data.action!.kind).toBe('redirect');
    const url = (res.data.action as { url: string }).url;
    expect(url.startsWith(`${bed.t.app.ctx.config.ALIPAY_GATEWAY}?`)).toBe(true);
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
    expect(await providerOf(bed.t, order.orderId)).toBe('alipay');
  });

  it('a desktop pays by page pay (FAST_INSTANT_TRADE_PAY); inside WeChat Alipay answers the open-in-browser guide', async () => {
    const { b, order } = await bed.pendingOrder('电脑网站支付', 2500);
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
    const { s, b, order } = await bed.pendingOrder('回跳不可信', 1200);
    await payBy(b.user.token, order.orderId, UA.iphone, 'alipay_wap');
    bed.fake.waitingAtAlipay.set(order.orderNo, '12.00');
    // What Alipay appends to return_url (forgeable): the server never reads it.
    const res = await call<Order>(bed.t, 'GET', '/order/detail', {
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
    expect(bed.fake.calls.at(-1)).toMatchObject({ method: 'alipay.trade.query', signOk: true });
    const good = notification(order.orderNo, '12.00');
    expect((await notify(bed.t, good)).body).toBe('success');
    expect((await notify(bed.t, good)).body).toBe('success');
    const events = await bed.t.app.ctx.db.execute<{ outcome: string }>(
      sql`select outcome from payment_events where provider = 'alipay' and order_no = ${order.orderNo}`,
    );
    expect(events.rows.map((r) => r.outcome)).toEqual(['granted']);
    const asked = await call<Refund>(bed.t, 'POST', '/order/refund/apply', {
      token: b.user.token,
      body: { orderId: order.orderId, courseId: order.items[0]!.courseId, reason: '买错了' },
    });
    const approved = await call<Refund>(bed.t, 'POST', '/order/refund/approve', {
      token: s.user.token,
      body: { refundId: asked.data.refundId },
    });
    expect(approved.code).toBe(200);
    expect(bed.fake.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      signOk: true,
      biz: { out_trade_no: order.orderNo, refund_amount: '12.00' },
    });
  });
});

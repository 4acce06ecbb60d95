/**
 * Alipay through the official SDK against a fake Alipay gateway on 127.0.0.1 (test/fake-alipay.ts),
 * with keys made there: face-to-face QR, notifications, queries and refunds. WeChat Pay is configured
 * too (default), so the buyer chooses. WAP and page pay: alipay-wap.test.ts.
 */
import { Code, type Cart, type Order, type Refund, type StoreCourse } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { alipayBed, KEYS, notification, notify, payWith, providerOf } from '../../../test/fake-alipay.ts';
import { buyer, releasedCourse, seller } from '../../../test/store-factories.ts';
import { fenToYuan, yuanToFen } from './alipay.ts';

const bed = alipayBed();

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
    const { b, order } = await bed.pendingOrder('支付宝课程', 1999);
    expect((await payWith(bed.t, b.user.token, order.orderId, 'paypal')).code).toBe(
      Code.PAY_PROVIDER_UNAVAILABLE,
    );
    const pay = await payWith(bed.t, b.user.token, order.orderId, 'alipay');
    expect(pay.data).toMatchObject({
      provider: 'alipay',
      providers: ['wechat', 'alipay'],
      qrUrl: `https://qr.alipay.com/bax${order.orderNo}`,
    });
    expect(bed.fake.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.precreate',
      signOk: true,
      notifyUrl: 'https://studio.example/api/pay/notify/alipay',
      biz: { out_trade_no: order.orderNo, total_amount: '19.99' },
    });
    expect(await providerOf(bed.t, order.orderId)).toBe('alipay');
    // Asked again without a choice, the order's provider is kept.
    expect((await payWith(bed.t, b.user.token, order.orderId)).data.provider).toBe('alipay');
  });

  it('a verified notification answers "success" and grants once; forged, wrong-app, wrong-amount or unpaid ones are refused', async () => {
    const { b, order } = await bed.pendingOrder('通知课程', 2000);
    await payWith(bed.t, b.user.token, order.orderId, 'alipay');
    const refused = async (body: string) => {
      const res = await notify(bed.t, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toBe('success');
    };
    await refused(notification(order.orderNo, '20.00', { key: KEYS.other.privateKey }));
    const good = notification(order.orderNo, '20.00');
    await refused(good.replace('total_amount=20.00', 'total_amount=0.01')); // tampered after signing
    await refused(notification(order.orderNo, '20.00', { appId: '2021000000000002' }));
    await refused(notification(order.orderNo, '0.20'));
    await refused(notification(order.orderNo, '20.00', { status: 'WAIT_BUYER_PAY' }));
    await refused(notification('20261125000000000000', '20.00'));
    await refused(good.replace(/&sign=[^&]*/, ''));
    const detail = () =>
      call<Order>(bed.t, 'GET', '/order/detail', {
        token: b.user.token,
        query: { orderId: String(order.orderId) },
      });
    expect((await detail()).data.status).toBe('pending');

    const [first, second] = await Promise.all([notify(bed.t, good), notify(bed.t, good)]);
    expect([first!.body, second!.body]).toEqual(['success', 'success']);
    expect(first!.headers['content-type']).toMatch(/^text\/plain/);
    const events = await bed.t.app.ctx.db.execute<{ outcome: string }>(
      sql`select outcome from payment_events where provider = 'alipay' and order_no = ${order.orderNo}`,
    );
    // The wrong-amount one passed the signature and was recorded as refused; the two good ones once.
    expect(events.rows.map((r) => r.outcome).sort()).toEqual(['amount_mismatch', 'granted']);
    // A replay is recorded once and changes nothing; another delivery of the paid trade neither.
    expect((await notify(bed.t, good)).body).toBe('success');
    expect(
      (await notify(bed.t, notification(order.orderNo, '20.00', { status: 'TRADE_FINISHED' }))).body,
    ).toBe('success');
    // A closed trade's status sync is acknowledged and changes nothing (a forged one is still refused).
    expect((await notify(bed.t, notification(order.orderNo, '20.00', { status: 'TRADE_CLOSED' }))).body).toBe(
      'success',
    );
    await refused(
      notification(order.orderNo, '20.00', { status: 'TRADE_CLOSED', key: KEYS.other.privateKey }),
    );
    const paid = await detail();
    expect(paid.data.status).toBe('paid');
    expect(await providerOf(bed.t, order.orderId)).toBe('alipay');
    const sales = await bed.t.app.ctx.db.execute<{ sales: number }>(
      sql`select s.sales from course_sales s join order_items i on i.course_id = s.course_id where i.order_id = ${order.orderId}`,
    );
    expect(sales.rows[0]!.sales).toBe(1);
  });

  it('asks Alipay (alipay.trade.query) when the notification is late', async () => {
    const { b, order } = await bed.pendingOrder('迟到的支付宝通知', 1200);
    await payWith(bed.t, b.user.token, order.orderId, 'alipay');
    const detail = () =>
      call<Order>(bed.t, 'GET', '/order/detail', {
        token: b.user.token,
        query: { orderId: String(order.orderId) },
      });
    expect((await detail()).data.status).toBe('pending');
    expect(bed.fake.calls.at(-1)).toMatchObject({ method: 'alipay.trade.query', signOk: true });
    bed.fake.paidAtAlipay.set(order.orderNo, '12.00');
    await new Promise((r) => setTimeout(r, 5_100)); // the query runs at most every 5 s per order
    expect((await detail()).data.status).toBe('paid');
  });
});

describe('Alipay refunds (alipay.trade.refund, answered synchronously)', () => {
  it('pays back each course of an Alipay order once; a refused refund stays open', async () => {
    const s = await seller(bed.t, '退款课程一', 3000);
    const second = await releasedCourse(bed.t, s.user.token, '退款课程二', 1550);
    const b = await buyer(bed.t);
    for (const courseId of [s.courseId, second])
      await call<Cart>(bed.t, 'POST', '/cart/add', { token: b.user.token, body: { courseId } });
    const order = (await call<Order>(bed.t, 'POST', '/order/checkout', { token: b.user.token, body: {} }))
      .data;
    await payWith(bed.t, b.user.token, order.orderId, 'alipay');
    expect((await notify(bed.t, notification(order.orderNo, '45.50'))).body).toBe('success');

    const ask = async (courseId: number) =>
      (
        await call<Refund>(bed.t, 'POST', '/order/refund/apply', {
          token: b.user.token,
          body: { orderId: order.orderId, courseId, reason: '买错了' },
        })
      ).data;
    const approve = (refundId: number) =>
      call<Refund>(bed.t, 'POST', '/order/refund/approve', { token: s.user.token, body: { refundId } });
    const owned = async (courseId: number) =>
      (
        await call<StoreCourse>(bed.t, 'GET', '/store/course', {
          token: b.user.token,
          query: { courseId: String(courseId) },
        })
      ).data.owned;

    const one = await ask(s.courseId);
    bed.fake.refuseRefunds = true;
    expect((await approve(one.refundId)).code).toBe(Code.REFUND_PROVIDER_FAILED);
    bed.fake.refuseRefunds = false;
    expect(await owned(s.courseId)).toBe(true);
    const done = await approve(one.refundId);
    expect(done.data.status).toBe('refunded');
    expect(bed.fake.calls.at(-1)).toMatchObject({
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
    expect((await notify(bed.t, sync)).body).toBe('success');
    expect(await owned(s.courseId)).toBe(false);
    expect(await owned(second)).toBe(true);

    // Alipay's refund_fee is the trade's refunded total (45.50 now); the notice is this refund's 15.50.
    const two = await ask(second);
    expect((await approve(two.refundId)).data.status).toBe('refunded');
    expect(bed.fake.calls.at(-1)!.biz.refund_amount).toBe('15.50');
    expect(await owned(second)).toBe(false);
  });
});

describe('Alipay: one course, one charge (issue 31)', () => {
  it('a late Alipay payment of an expired order for a course bought since goes back through alipay.trade.refund, once', async () => {
    const { s, b, order: o1 } = await bed.pendingOrder('支付宝重复付款', 2300);
    await payWith(bed.t, b.user.token, o1.orderId, 'alipay');
    await bed.t.app.ctx.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where id = ${o1.orderId}`,
    );
    await call<Cart>(bed.t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
    const o2 = (await call<Order>(bed.t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;
    await payWith(bed.t, b.user.token, o2.orderId, 'alipay');
    expect((await notify(bed.t, notification(o2.orderNo, '23.00'))).body).toBe('success');

    const late = notification(o1.orderNo, '23.00');
    expect((await notify(bed.t, late)).body).toBe('success');
    const refundCalls = () =>
      bed.fake.calls.filter((c) => c.method === 'alipay.trade.refund' && c.biz.out_trade_no === o1.orderNo);
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]).toMatchObject({ signOk: true, biz: { refund_amount: '23.00' } });
    // Replayed, re-sent under another notify_id, and Alipay's status sync after the refund: nothing more.
    expect((await notify(bed.t, late)).body).toBe('success');
    expect((await notify(bed.t, notification(o1.orderNo, '23.00'))).body).toBe('success');
    expect(
      (await notify(bed.t, notification(o1.orderNo, '23.00', { extra: { refund_fee: '23.00' } }))).body,
    ).toBe('success');
    expect(refundCalls()).toHaveLength(1);
    const o1Now = await call<Order>(bed.t, 'GET', '/order/detail', {
      token: b.user.token,
      query: { orderId: String(o1.orderId) },
    });
    expect(o1Now.data).toMatchObject({
      status: 'paid',
      refundState: 'refunded',
      items: [{ refundStatus: 'refunded', refundAutomatic: true }],
    });
    const owned = await bed.t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from entitlements where course_id = ${s.courseId}`,
    );
    expect(owned.rows[0]!.n).toBe(1);
  });
});

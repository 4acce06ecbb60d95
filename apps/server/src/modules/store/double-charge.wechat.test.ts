/**
 * One course, one charge on the fake WeChat Pay server (test/fake-wechat-pay.ts): money WeChat Pay
 * reports for a course the team owns goes back through its refund API once, 退款中 until its refund
 * notification; a refund WeChat Pay does not take at first is started again by the check job.
 */
import {
  type Cart,
  type Order,
  type Page,
  type PayInfo,
  type Refund,
  type TeamSales,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import {
  notify,
  notifyRefund,
  pendingOrder,
  refundSuccess,
  startFakeWechatPay,
  success,
} from '../../../test/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkRefund } from './refund-check.ts';

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

/** O1 paid at WeChat Pay after it expired, the team having bought its course since by O2. */
async function paidTwice(title: string, price: number) {
  const { s, b, order: o1 } = await pendingOrder(t, title, price);
  const pay = await call<PayInfo>(t, 'POST', '/order/pay', {
    token: b.user.token,
    body: { orderId: o1.orderId },
  });
  expect(pay.data.provider).toBe('wechat');
  await t.app.ctx.db.execute(
    `update orders set expires_at = now() - interval '1 second' where id = ${o1.orderId}`,
  );
  await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
  const o2 = (await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;
  expect((await notify(t, success(o2.orderNo, price))).json().data.outcome).toBe('granted');
  const detail = async () =>
    (
      await call<Order>(t, 'GET', '/order/detail', {
        token: b.user.token,
        query: { orderId: String(o1.orderId) },
      })
    ).data;
  const autoRefunds = async () =>
    (
      await call<Page<Refund>>(t, 'GET', '/order/refund/list', {
        token: b.user.token,
        query: { side: 'buyer', pageNum: '1', pageSize: '20' },
      })
    ).data.list.filter((r) => r.automatic);
  const callsFor = () => fake.refundCalls.filter((c) => c.outTradeNo === o1.orderNo);
  return { s, b, o1, o2, detail, autoRefunds, callsFor };
}

describe('WeChat Pay: one course, one charge', () => {
  it('a late payment for a course the team owns is refunded through WeChat Pay once, 退款中 until its notification', async () => {
    const { s, o1, detail, autoRefunds, callsFor } = await paidTwice('微信重复付款', 4100);
    const late = success(o1.orderNo, 4100);
    const answers = await Promise.all([notify(t, late), notify(t, late)]);
    expect(answers.map((a) => a.json().data.outcome).sort()).toEqual(['duplicate', 'refunding']);
    expect((await notify(t, success(o1.orderNo, 4100))).json().data.outcome).toBe('already_paid');
    const [refund] = await autoRefunds();
    expect(callsFor()).toEqual([
      {
        outTradeNo: o1.orderNo,
        outRefundNo: refund!.refundNo,
        refund: 4100,
        total: 4100,
        notifyUrl: 'https://studio.example/api/pay/refund-notify/wechat',
        authOk: true,
      },
    ]);
    expect(await detail()).toMatchObject({
      refundState: 'refunding',
      items: [{ refundStatus: 'processing' }],
    });
    // Not a sale, even while WeChat Pay is still paying it back: the seller counts O2 alone.
    const sales = await call<TeamSales>(t, 'GET', '/store/team/sales', { token: s.user.token });
    expect(sales.data).toMatchObject({ orders: 1, revenue: 4100, courses: [{ sales: 1, revenue: 4100 }] });
    const event = refundSuccess(refund!.refundNo, 4100);
    expect((await notifyRefund(t, event)).json().data.outcome).toBe('refunded');
    expect((await notifyRefund(t, event)).json().data.outcome).toBe('duplicate');
    expect(await detail()).toMatchObject({ refundState: 'refunded', items: [{ refundStatus: 'refunded' }] });
    expect(await autoRefunds()).toHaveLength(1);
    expect(callsFor()).toHaveLength(1);
  });

  it('an automatic refund WeChat Pay refuses at first is started again by the check job', async () => {
    const { o1, detail, autoRefunds, callsFor } = await paidTwice('微信退款重试', 1300);
    fake.refuseRefunds(true);
    expect((await notify(t, success(o1.orderNo, 1300))).json().data.outcome).toBe('refunding');
    fake.refuseRefunds(false);
    const [refund] = await autoRefunds();
    expect(refund!.status).toBe('processing');
    expect(callsFor()).toHaveLength(1);
    expect(await checkRefund(t.app.ctx, { refundId: refund!.refundId, attempt: 0 }, t.app.log)).toBe(
      'processing',
    );
    expect(callsFor().map((c) => c.outRefundNo)).toEqual([refund!.refundNo, refund!.refundNo]);
    expect((await notifyRefund(t, refundSuccess(refund!.refundNo, 1300))).json().data.outcome).toBe(
      'refunded',
    );
    expect((await detail()).refundState).toBe('refunded');
  });
});

/** The refund check job against the fake WeChat Pay server: a lost REFUND.SUCCESS is found by asking. */
import type { Page, Refund } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import {
  notifyRefund,
  paidAndAsked as paidAndAskedOn,
  refundSuccess,
  startFakeWechatPay,
} from '../../../test/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { REFUND_CHECK_QUEUE, type RefundCheckJob } from './refund-check-queue.ts';
import { checkRefund } from './refund-check.ts';

let fake: Awaited<ReturnType<typeof startFakeWechatPay>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWechatPay();
  // The check is a job: its scheduling is read from pgboss.job.
  t = await createTestApp({ ...fake.env, JOBS_ENABLED: 'true' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const paidAndAsked = (title: string, price: number) => paidAndAskedOn(t, title, price);
const refundQueries = () => fake.refundQueries;
/** How many checks of a refund are queued for `attempt`. */
const queuedChecks = async (refundId: number, attempt: number) =>
  (
    await t.app.ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = '${REFUND_CHECK_QUEUE}' and data->>'refundId' = '${refundId}' and data->>'attempt' = '${attempt}'`,
    )
  ).rows[0]!.n;

describe('the refund check', () => {
  it('a lost notification: the check job asks WeChat Pay, applies a SUCCESS once, and stops', async () => {
    const { refund, owned, approve, sellerToken } = await paidAndAsked('丢失通知的退款', 4100);
    expect((await approve()).data.status).toBe('processing');
    // Approval queued the first check, a minute out, once.
    const { rows } = await t.app.ctx.db.execute<{ start_after: Date; data: RefundCheckJob }>(
      `select start_after, data from pgboss.job where name = '${REFUND_CHECK_QUEUE}' and data->>'refundId' = '${refund.refundId}'`,
    );
    expect(rows.map((r) => r.data)).toEqual([{ refundId: refund.refundId, attempt: 0 }]);
    const delay = new Date(rows[0]!.start_after).getTime() - Date.now();
    expect(delay).toBeGreaterThan(30_000);
    expect(delay).toBeLessThanOrEqual(60_000);

    // Still processing at WeChat Pay: the next check is queued, the course stays the buyer's.
    const check = (attempt: number) =>
      checkRefund(t.app.ctx, { refundId: refund.refundId, attempt }, t.app.log);
    expect(await check(0)).toBe('processing');
    expect(refundQueries().at(-1)).toEqual({ outRefundNo: refund.refundNo, authOk: true });
    expect(await queuedChecks(refund.refundId, 1)).toBe(1);
    expect(await owned()).toBe(true);

    // WeChat Pay failing the query: asked again at the next step, not given up.
    fake.refundStatusAtWechat.set(refund.refundNo, 'SYSTEM_ERROR');
    expect(await check(1)).toBe('unanswered');
    expect(await queuedChecks(refund.refundId, 2)).toBe(1);

    // The money is back, its notification never came: the check applies it.
    fake.refundStatusAtWechat.set(refund.refundNo, 'SUCCESS');
    expect(await check(2)).toBe('refunded');
    expect(await owned()).toBe(false);
    const detail = await call<Page<Refund>>(t, 'GET', '/order/refund/list', {
      token: sellerToken,
      query: { side: 'seller', pageNum: '1', pageSize: '10' },
    });
    expect(detail.data.list.find((r) => r.refundId === refund.refundId)?.status).toBe('refunded');
    // Once refunded, later checks and the late notification change nothing.
    const asked = refundQueries().length;
    expect(await check(3)).toBe('settled');
    expect(refundQueries()).toHaveLength(asked);
    expect((await notifyRefund(t, refundSuccess(refund.refundNo, 4100))).json().data.outcome).toBe(
      'already_refunded',
    );
  });

  it('a refund WeChat Pay closed is left 退款中 for a person, and no longer asked about', async () => {
    const { refund, owned, approve, sellerToken } = await paidAndAsked('关闭的退款', 700);
    expect((await approve()).data.status).toBe('processing');
    fake.refundStatusAtWechat.set(refund.refundNo, 'ABNORMAL');
    expect(await checkRefund(t.app.ctx, { refundId: refund.refundId, attempt: 3 }, t.app.log)).toBe('failed');
    expect(await queuedChecks(refund.refundId, 4)).toBe(0);
    expect(await owned()).toBe(true);
    // Its REFUND.ABNORMAL notification is acknowledged (WeChat Pay stops re-sending) and changes nothing;
    // a forged one is still refused.
    const abnormal = refundSuccess(refund.refundNo, 700, undefined, 'ABNORMAL');
    expect((await notifyRefund(t, abnormal, { badSignature: true })).statusCode).toBe(400);
    expect((await notifyRefund(t, abnormal)).json().data.outcome).toBe('ignored');
    expect(await owned()).toBe(true);
    const stillOpen = await call<Page<Refund>>(t, 'GET', '/order/refund/list', {
      token: sellerToken,
      query: { side: 'seller', pageNum: '1', pageSize: '10' },
    });
    expect(stillOpen.data.list.find((r) => r.refundId === refund.refundId)?.status).toBe('processing');
  });
});

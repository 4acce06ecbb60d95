/**
 * A refund stays 退款中 until the provider's notification says the money is back. A notification can
 * be lost (our server down for longer than the provider retries, a proxy dropping it): so every
 * refund left processing is asked about, by a job, 1 minute after approval and then less and less
 * often for about a week (a refund to a bank card can take days). What the provider reports applies
 * through the notification's own exactly-once path.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { scheduleRefundCheck, type RefundCheckJob } from './refund-check-queue.ts';
import { findRefundToCheck } from './refunds.repo.ts';
import { applyRefundNotice, startRefund } from './refunds.service.ts';

export type RefundCheckOutcome =
  'settled' | 'refunded' | 'processing' | 'failed' | 'not_asked' | 'unanswered';

/** Asks the provider about one refund still processing and applies what it says. */
export async function checkRefund(
  ctx: AppContext,
  { refundId, attempt }: RefundCheckJob,
  log: FastifyBaseLogger,
): Promise<RefundCheckOutcome> {
  const found = await findRefundToCheck(ctx.db, refundId);
  if (!found || found.refund.status !== 'processing') return 'settled';
  if (found.refund.automatic && !found.refund.providerRefundId) {
    // An automatic refund the provider did not take when it was made: started again (the refund
    // number lets the provider dedupe a start that did reach it), then asked about like any other.
    let state;
    try {
      state = await startRefund(ctx, found, log);
    } catch (err) {
      log.warn({ err, refundNo: found.refund.refundNo }, 'automatic refund not started');
      await scheduleRefundCheck(ctx, refundId, attempt + 1);
      return 'unanswered';
    }
    if (state === 'processing') await scheduleRefundCheck(ctx, refundId, attempt + 1);
    return state;
  }
  const provider = ctx.paymentProviders.get(found.provider);
  if (!provider?.queryRefund) return 'not_asked';
  const { refundNo } = found.refund;
  let answer;
  try {
    answer = await provider.queryRefund(refundNo);
  } catch (err) {
    // The provider unreachable or refusing the query: asked again at the next step of the schedule
    // (a job that threw would be retried three times within seconds, then the checks would stop).
    log.warn({ err, refundNo }, 'refund query failed');
    await scheduleRefundCheck(ctx, refundId, attempt + 1);
    return 'unanswered';
  }
  if (answer.state === 'refunded') {
    await applyRefundNotice(ctx, provider.name, answer.notice, log);
    return 'refunded';
  }
  if (answer.state === 'failed') {
    // Left 退款中 on purpose: the money is neither back nor ours to retry; the merchant platform is.
    log.error({ refundNo, status: answer.status }, 'refund failed at the payment provider; handle it there');
    return 'failed';
  }
  await scheduleRefundCheck(ctx, refundId, attempt + 1);
  return 'processing';
}

/** The refund check's queue and schedule (refund-check.ts does the check), apart so the refunds service can queue one. */
import type { AppContext } from '../../platform/context.ts';

export const REFUND_CHECK_QUEUE = 'refund-check';

/** Seconds before each check: 1 min, 5 min, 30 min, 2 h, 12 h, then daily to about a week. */
export const REFUND_CHECK_DELAYS_S = [
  60, 300, 1800, 7200, 43_200, 86_400, 86_400, 86_400, 86_400, 86_400, 86_400,
];

export type RefundCheckJob = { refundId: number; attempt: number };

/** Queues check `attempt` of a refund (none past the last); a deployment without jobs has no checks. */
export async function scheduleRefundCheck(ctx: AppContext, refundId: number, attempt: number): Promise<void> {
  const delay = REFUND_CHECK_DELAYS_S[attempt];
  if (delay === undefined) return;
  await ctx.jobs?.sendAfter(
    REFUND_CHECK_QUEUE,
    { refundId, attempt },
    delay,
    `refund-${refundId}-${attempt}`,
  );
}

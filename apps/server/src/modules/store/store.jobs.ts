import { ORDER_TTL_MS } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { expirePendingOrder } from './orders.repo.ts';
import { REFUND_CHECK_QUEUE, type RefundCheckJob } from './refund-check-queue.ts';
import { checkRefund } from './refund-check.ts';

export const ORDER_EXPIRE_QUEUE = 'order-expire';

export async function defineStoreJobs(
  ctx: AppContext,
  jobs: JobQueue,
  log: FastifyBaseLogger,
): Promise<void> {
  await jobs.define<{ orderId: number }>(ORDER_EXPIRE_QUEUE, async ({ orderId }) => {
    await expirePendingOrder(ctx.db, orderId);
  });
  await jobs.define<RefundCheckJob>(REFUND_CHECK_QUEUE, async (job) => {
    await checkRefund(ctx, job, log);
  });
}

/** Schedules the expiry of a new order, a few seconds after its 15 minutes are up. */
export async function scheduleOrderExpiry(ctx: AppContext, orderId: number): Promise<void> {
  await ctx.jobs?.sendAfter(
    ORDER_EXPIRE_QUEUE,
    { orderId },
    Math.ceil(ORDER_TTL_MS / 1000) + 5,
    `order-${orderId}`,
  );
}

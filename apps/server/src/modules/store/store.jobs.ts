import { ORDER_TTL_MS } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { expirePendingOrder } from './orders.repo.ts';

export const ORDER_EXPIRE_QUEUE = 'order-expire';

export async function defineStoreJobs(ctx: AppContext, jobs: JobQueue): Promise<void> {
  await jobs.define<{ orderId: number }>(ORDER_EXPIRE_QUEUE, async ({ orderId }) => {
    await expirePendingOrder(ctx.db, orderId);
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

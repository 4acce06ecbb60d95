/**
 * The one hourly sweep of lesson assets (a pg-boss job, one run at a time across processes): each
 * kind (media, attachments) registers what it frees as an `assets.sweepers` provider from its face,
 * since both sit above assets. A kind's failure is logged and the others still run; the next hour
 * finishes what a run cut short left (each kind deletes files before rows).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';

/** The queue keeps its first name: pg-boss holds one schedule per name, and deployed ones use it. */
export const ASSET_SWEEP_QUEUE = 'media-sweep';

/** Runs every kind's sweep; answers what each freed, by name (`{ abandoned, unused, freed }`). */
export async function sweepAssets(
  ctx: AppContext,
  log?: FastifyBaseLogger,
  now = Date.now(),
): Promise<Record<string, number>> {
  const freed: Record<string, number> = {};
  for (const sweep of ctx.providers.all('assets.sweepers')) {
    try {
      Object.assign(freed, await sweep(ctx, now));
    } catch (err) {
      log?.error({ err }, 'asset sweep');
    }
  }
  if (Object.values(freed).some((n) => n > 0)) log?.info(freed, 'asset files freed');
  return freed;
}

export async function defineAssetJobs(
  ctx: AppContext,
  jobs: JobQueue,
  log: FastifyBaseLogger,
): Promise<void> {
  await jobs.define(ASSET_SWEEP_QUEUE, async () => void (await sweepAssets(ctx, log)));
  await jobs.schedule(ASSET_SWEEP_QUEUE, '17 * * * *');
}

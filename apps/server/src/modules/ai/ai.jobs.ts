import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { MIN_HEARTBEAT_SECONDS, type JobQueue } from '../../platform/jobs.ts';
import { runLesson, runOutline } from './ai.worker.ts';

const OUTLINE_QUEUE = 'ai-outline';
const LESSON_QUEUE = 'ai-lesson';

export async function defineAiJobs(ctx: AppContext, jobs: JobQueue, log: FastifyBaseLogger): Promise<void> {
  // Generation runs for minutes: a crashed worker's job must come back quickly, so both beat.
  const heartbeatSeconds = MIN_HEARTBEAT_SECONDS;
  await jobs.define<{ jobId: number }>(OUTLINE_QUEUE, ({ jobId }) => runOutline(ctx, jobId, log), {
    concurrency: 2,
    heartbeatSeconds,
  });
  await jobs.define<{ jobId: number; idx: number }>(
    LESSON_QUEUE,
    ({ jobId, idx }) => runLesson(ctx, jobId, idx, log),
    {
      concurrency: ctx.config.AI_CONCURRENCY,
      heartbeatSeconds,
    },
  );
}

/** Queues the work durably; without a job queue (JOBS_ENABLED=false) it runs in this process. */
export async function queueOutline(ctx: AppContext, jobId: number, log: FastifyBaseLogger): Promise<void> {
  if (ctx.jobs) await ctx.jobs.send(OUTLINE_QUEUE, { jobId }, `outline-${jobId}`);
  else ctx.background.run(() => runOutline(ctx, jobId, log), log);
}

export async function queueLesson(
  ctx: AppContext,
  jobId: number,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  if (ctx.jobs) await ctx.jobs.send(LESSON_QUEUE, { jobId, idx });
  else ctx.background.run(() => runLesson(ctx, jobId, idx, log), log);
}

import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { runLesson, runOutline } from './ai.worker.ts';

const OUTLINE_QUEUE = 'ai-outline';
const LESSON_QUEUE = 'ai-lesson';

export async function defineAiJobs(ctx: AppContext, jobs: JobQueue, log: FastifyBaseLogger): Promise<void> {
  await jobs.define<{ jobId: number }>(OUTLINE_QUEUE, ({ jobId }) => runOutline(ctx, jobId, log), {
    concurrency: 2,
  });
  await jobs.define<{ jobId: number; idx: number }>(
    LESSON_QUEUE,
    ({ jobId, idx }) => runLesson(ctx, jobId, idx, log),
    {
      concurrency: ctx.config.AI_CONCURRENCY,
    },
  );
}

/** Queues the work durably; without a job queue (JOBS_ENABLED=false) it runs in this process. */
export async function queueOutline(ctx: AppContext, jobId: number, log: FastifyBaseLogger): Promise<void> {
  if (ctx.jobs) await ctx.jobs.send(OUTLINE_QUEUE, { jobId }, `outline-${jobId}`);
  else void runOutline(ctx, jobId, log);
}

export async function queueLesson(
  ctx: AppContext,
  jobId: number,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  if (ctx.jobs) await ctx.jobs.send(LESSON_QUEUE, { jobId, idx });
  else void runLesson(ctx, jobId, idx, log);
}

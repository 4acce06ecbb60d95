/**
 * The AI jobs' queues: the outline step of a generation job, and the lesson step of a job of any kind,
 * which runs the lesson runner of its job's kind (the `ai.lessonRunners` provider, registered by
 * modules/ai/index.ts `register`). So this file imports no runner of another kind, and no
 * runner imports another's.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { MIN_HEARTBEAT_SECONDS, type JobQueue } from '../../../platform/jobs.ts';
import { findJob } from './ai.repo.ts';
import { runOutline } from './ai.worker.ts';

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
    ({ jobId, idx }) => runJobLesson(ctx, jobId, idx, log),
    {
      concurrency: ctx.config.AI_CONCURRENCY,
      heartbeatSeconds,
    },
  );
}

/** A lesson of any job: the runner registered for the job's kind runs it (nothing for a job gone). */
export async function runJobLesson(
  ctx: AppContext,
  jobId: number,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const job = await findJob(ctx.db, jobId);
  if (!job) return;
  const runners = ctx.providers.one('ai.lessonRunners');
  if (!runners) throw new Error('no AI lesson runners in this context (modules/ai/index.ts registers them)');
  return runners[job.kind](ctx, job, idx, log);
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
  else ctx.background.run(() => runJobLesson(ctx, jobId, idx, log), log);
}

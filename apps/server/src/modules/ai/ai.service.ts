import {
  Code,
  type AiCreateRequest,
  type AiJob,
  type AiJobStatus,
  type Outline,
  type Page,
} from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { createDraftCourseForAi } from '../courses/courses.service.ts';
import { settleCancelledLessons } from './ai.cancelled.ts';
import { emit } from './ai.events.ts';
import { queueLesson, queueOutline } from './ai.jobs.ts';
import { jobSubject, toAiJob } from './ai.presenter.ts';
import {
  findTeamJob,
  insertJob,
  insertJobLessons,
  jobLessons,
  lastEventId,
  listTeamJobs,
  updateJob,
  updateJobLesson,
} from './ai.repo.ts';

/** The team context of the request, with its logger (AI steps log provider failures). */
type AiCtx = TeamCtx & { log: FastifyBaseLogger };

type JobAction = 'ai.outline' | 'ai.generate' | 'ai.retry' | 'ai.cancel';

/**
 * A job of the team that the actor may act on: another team's job is "not found" (404), and the
 * policy decides the rest (the job's author or OWNER/ADMIN; an expired team writes nothing).
 */
async function requireJob(c: AiCtx, jobId: number, action: JobAction) {
  const job = await findTeamJob(c.ctx.db, c.membership.team.id, jobId);
  if (!job) throw new AppError(Code.NOT_FOUND);
  authorize(c, action, jobSubject(job));
  return job;
}

export async function jobDetail(
  c: Pick<AiCtx, 'ctx' | 'membership' | 'actor'>,
  jobId: number,
): Promise<AiJob> {
  const job = await findTeamJob(c.ctx.db, c.membership.team.id, jobId);
  if (!job) throw new AppError(Code.NOT_FOUND);
  return toAiJob(c, job, await jobLessons(c.ctx.db, jobId), await lastEventId(c.ctx.db, jobId));
}

export async function listJobs(c: AiCtx, pageNum: number, pageSize: number): Promise<Page<AiJob>> {
  const { rows, total } = await listTeamJobs(
    c.ctx.db,
    c.membership.team.id,
    pageSize,
    (pageNum - 1) * pageSize,
  );
  const list = await Promise.all(rows.map(async (j) => toAiJob(c, j, await jobLessons(c.ctx.db, j.id), 0)));
  return { list, total, pageNum, pageSize };
}

export async function createJob(c: AiCtx, request: AiCreateRequest): Promise<AiJob> {
  authorize(c, 'ai.create');
  const job = await insertJob(c.ctx.db, {
    teamId: c.membership.team.id,
    userId: c.actor.user.id,
    status: 'outlining',
    request,
    generatorKind: c.ctx.generator.kind,
    generatorLabel: c.ctx.generator.label,
  });
  await emit(c.ctx, job.id, { type: 'stage', status: 'outlining', percent: 0 });
  await queueOutline(c.ctx, job.id, c.log);
  return jobDetail(c, job.id);
}

/** The author's edits to the outline (titles, order, added or removed lessons), before lessons are written. */
export async function saveOutline(c: AiCtx, jobId: number, outline: Outline): Promise<AiJob> {
  await requireJob(c, jobId, 'ai.outline');
  if (!(await updateJob(c.ctx.db, jobId, { outline }, ['outline_ready'])))
    throw new AppError(Code.AI_OUTLINE_LOCKED);
  await emit(c.ctx, jobId, { type: 'outline', outline });
  return jobDetail(c, jobId);
}

/** Creates the draft course with one empty lesson per outline entry, then queues every lesson. */
export async function generateLessons(c: AiCtx, jobId: number): Promise<AiJob> {
  const job = await requireJob(c, jobId, 'ai.generate');
  if (job.status !== 'outline_ready' || !job.outline) throw new AppError(Code.AI_OUTLINE_NOT_READY);
  const outline = job.outline;
  const started = await c.ctx.db.transaction(async (tx) => {
    if (!(await updateJob(tx, jobId, { status: 'generating' }, ['outline_ready']))) return false;
    const { courseId, lessonIds } = await createDraftCourseForAi(tx, {
      teamId: job.teamId,
      authorId: job.userId,
      title: outline.title,
      subtitle: outline.subtitle,
      summary: outline.summary,
      lessonTitles: outline.lessons.map((l) => l.title),
    });
    const rows = outline.lessons.map((l, idx) => ({ jobId, idx, title: l.title, lessonId: lessonIds[idx]! }));
    await insertJobLessons(tx, rows);
    await updateJob(tx, jobId, { courseId });
    return true;
  });
  if (!started) throw new AppError(Code.AI_ALREADY_GENERATING);
  await emit(c.ctx, jobId, { type: 'stage', status: 'generating', percent: 10 });
  for (const idx of outline.lessons.keys()) await queueLesson(c.ctx, jobId, idx, c.log);
  return jobDetail(c, jobId);
}

export async function cancelJob(c: AiCtx, jobId: number): Promise<AiJob> {
  await requireJob(c, jobId, 'ai.cancel');
  if (
    await updateJob(c.ctx.db, jobId, { status: 'cancelled' }, ['outlining', 'outline_ready', 'generating'])
  ) {
    await emit(c.ctx, jobId, { type: 'stage', status: 'cancelled', percent: 0 });
    await settleCancelledLessons(c.ctx, jobId);
  }
  return jobDetail(c, jobId);
}

/** A failed lesson is retried in a failed job, one still generating, or a cancelled one (ai.cancelled.ts). */
const RETRYABLE_IN: AiJobStatus[] = ['failed', 'generating', 'cancelled'];

export async function retryLesson(c: AiCtx, jobId: number, idx: number): Promise<AiJob> {
  const job = await requireJob(c, jobId, 'ai.retry');
  if (!RETRYABLE_IN.includes(job.status)) throw new AppError(Code.AI_RETRY_NOT_ALLOWED);
  if (!(await updateJobLesson(c.ctx.db, jobId, idx, { status: 'pending', error: null }, ['failed']))) {
    throw new AppError(Code.AI_LESSON_NOT_FAILED);
  }
  await updateJob(c.ctx.db, jobId, { status: 'generating', error: null }, RETRYABLE_IN);
  await queueLesson(c.ctx, jobId, idx, c.log);
  return jobDetail(c, jobId);
}

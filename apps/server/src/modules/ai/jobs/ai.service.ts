import {
  Code,
  type AiCreateRequest,
  type AiJob,
  type AiJobStatus,
  type Outline,
  type Page,
} from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TeamCtx } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { authorize } from '../../../platform/policy.ts';
import { createDraftCourseForAi } from '../../courses/index.ts';
import { DOCUMENT_TEMPLATE_LABEL, assertSources, requireTeamDocument } from '../documents/index.ts';
import { assertBudget } from '../cost/index.ts';
import { queueLesson, queueOutline } from './ai.jobs.ts';
import { jobSubject, toAiJob } from '../shared/ai.presenter.ts';
import { findTeamJob, jobLessons, listTeamJobs } from './ai.repo.ts';
import {
  generationStarted,
  jobCancelled,
  jobCreated,
  lessonRetried,
  outlineEdited,
  readJobSnapshot,
} from './ai.state.ts';

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
  // One snapshot: the page applies the log after its lastEventId to exactly these rows.
  const snapshot = await readJobSnapshot(c.ctx, (tx) => findTeamJob(tx, c.membership.team.id, jobId));
  if (!snapshot) throw new AppError(Code.NOT_FOUND);
  return toAiJob(c, snapshot.job, snapshot.lessons, snapshot.lastEventId);
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
  await assertBudget(c.ctx, c.membership.team.id);
  if (request.documentId) await requireTeamDocument(c.ctx.db, c.membership.team.id, request.documentId);
  const { kind, label } = c.ctx.generator;
  const job = await jobCreated(c.ctx, {
    teamId: c.membership.team.id,
    userId: c.actor.user.id,
    request,
    generatorKind: kind,
    // Without a model, a document's course is its own text: said so, not called a template or AI.
    generatorLabel: request.documentId && kind === 'template' ? DOCUMENT_TEMPLATE_LABEL : label,
  });
  await queueOutline(c.ctx, job.id, c.log);
  return jobDetail(c, job.id);
}

/**
 * The author's edits to the outline (titles, order, added, removed, merged or split lessons), before
 * lessons are written. A document's lessons may name only the sections the document has.
 */
export async function saveOutline(c: AiCtx, jobId: number, outline: Outline): Promise<AiJob> {
  const job = await requireJob(c, jobId, 'ai.outline');
  const documentId = job.request.documentId;
  assertSources(
    outline,
    documentId ? await requireTeamDocument(c.ctx.db, job.teamId, documentId) : undefined,
  );
  if (!(await outlineEdited(c.ctx, jobId, outline))) throw new AppError(Code.AI_OUTLINE_LOCKED);
  return jobDetail(c, jobId);
}

/** Creates the draft course with one empty lesson per outline entry, then queues every lesson. */
export async function generateLessons(c: AiCtx, jobId: number): Promise<AiJob> {
  const job = await requireJob(c, jobId, 'ai.generate');
  if (job.status !== 'outline_ready' || !job.outline) throw new AppError(Code.AI_OUTLINE_NOT_READY);
  await assertBudget(c.ctx, job.teamId);
  const outline = job.outline;
  const titles = outline.lessons.map((l) => l.title);
  const started = await generationStarted(c.ctx, jobId, titles, (tx) =>
    createDraftCourseForAi(tx, {
      teamId: job.teamId,
      authorId: job.userId,
      title: outline.title,
      subtitle: outline.subtitle,
      summary: outline.summary,
      lessonTitles: titles,
    }),
  );
  if (!started) throw new AppError(Code.AI_ALREADY_GENERATING);
  for (const idx of outline.lessons.keys()) await queueLesson(c.ctx, jobId, idx, c.log);
  return jobDetail(c, jobId);
}

export async function cancelJob(c: AiCtx, jobId: number): Promise<AiJob> {
  await requireJob(c, jobId, 'ai.cancel');
  await jobCancelled(c.ctx, jobId);
  return jobDetail(c, jobId);
}

/** A failed lesson is retried in a failed job, one still generating, or a cancelled one. */
const RETRYABLE_IN: AiJobStatus[] = ['failed', 'generating', 'cancelled'];

export async function retryLesson(c: AiCtx, jobId: number, idx: number): Promise<AiJob> {
  const job = await requireJob(c, jobId, 'ai.retry');
  if (!RETRYABLE_IN.includes(job.status)) throw new AppError(Code.AI_RETRY_NOT_ALLOWED);
  await assertBudget(c.ctx, job.teamId);
  if (!(await lessonRetried(c.ctx, jobId, idx, RETRYABLE_IN))) throw new AppError(Code.AI_LESSON_NOT_FAILED);
  await queueLesson(c.ctx, jobId, idx, c.log);
  return jobDetail(c, jobId);
}

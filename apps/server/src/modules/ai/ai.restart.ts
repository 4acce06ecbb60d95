/**
 * 重新开始: a cancelled or failed job leads on to a new job with the same topic and, when there was
 * one, the same outline (waiting for the author's review, as after outlining).
 */
import { Code, type AiJob, type AiJobStatus } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { createJob, jobDetail } from './jobs/ai.service.ts';
import { findTeamJob } from './jobs/ai.repo.ts';
import { jobCreatedWithOutline } from './jobs/ai.state.ts';
import { resumeTranslation } from './translate/ai.translate.ts';

type AiCtx = TeamCtx & { log: FastifyBaseLogger };

const RESTARTABLE: readonly AiJobStatus[] = ['cancelled', 'failed'];

/** 重新开始: a new job from a cancelled or failed one; the old job and its course stay as they are. */
export async function restartJob(c: AiCtx, jobId: number): Promise<AiJob> {
  // A new job of the actor's own from the team's job, which every member may read: starting a job.
  authorize(c, 'ai.create');
  const old = await findTeamJob(c.ctx.db, c.membership.team.id, jobId);
  if (!old) throw new AppError(Code.NOT_FOUND);
  if (!RESTARTABLE.includes(old.status)) throw new AppError(Code.AI_RESTART_NOT_ALLOWED);
  // A translation goes on in the same job and course: its lessons done stay done.
  if (old.kind === 'translate') return resumeTranslation(c, old);
  if (!old.outline) return createJob(c, old.request);
  const job = await jobCreatedWithOutline(
    c.ctx,
    {
      teamId: c.membership.team.id,
      userId: c.actor.user.id,
      request: old.request,
      generatorKind: c.ctx.generator.kind,
      generatorLabel: c.ctx.generator.label,
    },
    old.outline,
  );
  return jobDetail(c, job.id);
}

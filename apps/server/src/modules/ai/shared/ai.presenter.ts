import type { AiJob } from '@studio/contract';
import type { AiJobRow } from '../../../db/schema.ts';
import { type Who } from '../../../platform/policy.ts';
import { aiJobAbilitiesOf } from '../../../platform/abilities.ts';
import { readStoredError } from './ai.errors.ts';
import type { AiJobLessonRow } from '../../../db/schema.ts';

/** Outline is 10 %, lessons share the rest; a finished job is 100 %. */
export function percentOf(status: string, lessons: AiJobLessonRow[]): number {
  if (status === 'done') return 100;
  if (status === 'outlining') return 0;
  if (!lessons.length) return 10;
  const done = lessons.filter((l) => l.status === 'done').length;
  return Math.min(99, 10 + Math.floor((90 * done) / lessons.length));
}

export const toAiJob = (who: Who, job: AiJobRow, lessons: AiJobLessonRow[], lastEventId: number): AiJob => ({
  jobId: job.id,
  kind: job.kind,
  translation: job.translation
    ? { sourceCourseId: job.translation.sourceCourseId, language: job.translation.language }
    : null,
  status: job.status,
  request: job.request,
  outline: job.outline ?? null,
  courseId: job.courseId ?? null,
  generator: { kind: job.generatorKind, label: job.generatorLabel },
  lessons: lessons.map((l) => ({
    idx: l.idx,
    title: l.title,
    status: l.status,
    lessonId: l.lessonId ?? null,
    error: readStoredError(l.error),
  })),
  percent: percentOf(job.status, lessons),
  error: readStoredError(job.error),
  createTime: job.createdAt.getTime(),
  updateTime: job.updatedAt.getTime(),
  lastEventId,
  abilities: aiJobAbilitiesOf(who, jobSubject(job)),
});

/** A job as the policy sees it: who started it. */
export const jobSubject = (job: AiJobRow) => ({ authorId: job.userId });

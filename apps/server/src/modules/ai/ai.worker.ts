/**
 * The two steps of a generation job, run by pg-boss workers (any process): the outline, then each
 * lesson. Both are idempotent, so a retry after a crash or restart neither loses nor doubles work.
 * Every change of the job's state goes through ai.state.ts (its rows and its events in one transaction).
 */
import { Code, COURSE_LIMITS } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { GenerationError } from '../../platform/ai/course-generator.ts';
import {
  documentOutline,
  missingImages,
  sourceImages,
  sourceNote,
} from '../../platform/ai/document-lessons.ts';
import { markdownToDoc } from '../../platform/ai/markdown-doc.ts';
import { metered, noUsage } from '../../platform/ai/usage.ts';
import { lessonSource } from './ai.documents.ts';
import { findDocument } from './documents/documents.repo.ts';
import { LessonTooLargeError } from '../courses/lessons.service.ts';
import { aiError } from './ai.errors.ts';
import { deltaBuffer } from './ai.events.ts';
import { findJob } from './ai.repo.ts';
import { translateLesson } from './ai.translate-worker.ts';
import {
  jobSettled,
  lessonFailed,
  lessonHold,
  lessonStarted,
  lessonText,
  lessonWritten,
  outlineFailed,
  outlineWritten,
  runStillWanted,
  spend,
  type LessonRun,
  type Spent,
} from './ai.state.ts';
import { estimateDocumentLesson, estimateTopicLesson } from './ai.estimate.ts';
import { deleteHold } from './ai.usage.repo.ts';

const CANCEL_POLL_MS = 1000;

/**
 * Aborts when the run is no longer wanted: its job is cancelled or, for a lesson, the lesson is no
 * longer this run's (a cancel marked it, a retry or a redelivery made a newer attempt). Checked in the
 * database, so a cancel in any process counts.
 */
export function watchCancel(
  ctx: AppContext,
  jobId: number,
  run?: LessonRun,
): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    void runStillWanted(ctx.db, jobId, run).then(
      (wanted) => {
        if (!wanted) controller.abort(new Error('cancelled'));
      },
      // A look that failed (a lost connection, the pool closed at shutdown) is no cancel: the next asks again.
      () => undefined,
    );
  }, CANCEL_POLL_MS);
  // The poll alone never keeps a process from exiting.
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

export async function runOutline(ctx: AppContext, jobId: number, log: FastifyBaseLogger): Promise<void> {
  const job = await findJob(ctx.db, jobId);
  if (!job || job.status !== 'outlining') return;
  const watch = watchCancel(ctx, jobId);
  const spent = spentOf(job, 'outline');
  try {
    // A document's outline is its own structure (sections → lessons), whichever generator writes.
    const doc = job.request.documentId ? await findDocument(ctx.db, job.request.documentId) : undefined;
    const outline = doc
      ? documentOutline(job.request, doc.name, doc.sections)
      : await metered(spent.usage, () => ctx.generator.outline(job.request, watch.signal));
    await outlineWritten(ctx, jobId, outline, spent);
  } catch (err) {
    if (watch.signal.aborted) return spend(ctx.db, spent);
    log.warn({ err, jobId }, 'outline generation failed');
    const code = err instanceof GenerationError ? Code.AI_OUTLINE_FAILED : Code.AI_OUTLINE_SERVICE_FAILED;
    await outlineFailed(ctx, jobId, aiError(code), spent);
  } finally {
    watch.stop();
  }
}

/** A run's meter, owned by the job's author in its team (the team centre counts it as theirs). */
export const spentOf = (job: { id: number; teamId: number; userId: number }, kind: Spent['kind']): Spent => ({
  owner: { teamId: job.teamId, userId: job.userId, jobId: job.id },
  kind,
  usage: noUsage(),
});

/** Why a lesson run failed, as a code (retryable one by one). */
export function lessonError(err: unknown, failedCode: number = Code.AI_LESSON_FAILED) {
  // An oversized lesson fails rather than being cut short: a cut lesson looks finished but stops
  // mid-thought, and the author would not notice; output this large is a runaway generation (a
  // repetition loop), which a retry usually does not repeat.
  if (err instanceof LessonTooLargeError)
    return aiError(Code.AI_LESSON_TOO_LARGE, { kb: COURSE_LIMITS.contentMaxBytes / 1024 });
  return aiError(err instanceof GenerationError ? failedCode : Code.AI_LESSON_SERVICE_FAILED);
}

export async function runLesson(
  ctx: AppContext,
  jobId: number,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const job = await findJob(ctx.db, jobId);
  if (job?.kind === 'translate') return translateLesson(ctx, job, idx, log);
  if (!job || job.status !== 'generating' || !job.outline) return;
  const outline = job.outline;
  const doc = job.request.documentId ? await findDocument(ctx.db, job.request.documentId) : undefined;
  const source = doc && lessonSource(doc, outline, idx);
  // Holds the lesson's estimate; with nothing left this month (used, or held by lessons in flight,
  // this job's or another's) the lesson waits as failed, resumable.
  const estimate = source
    ? estimateDocumentLesson(job.request, source.sections)
    : estimateTopicLesson(job.request);
  const { stopped, hold } = await lessonHold(ctx, job, idx, estimate);
  if (stopped) return jobSettled(ctx, jobId);
  // Claims the lesson; a lesson already done (a duplicate delivery) is left alone, and its hold let go.
  const claimed = await lessonStarted(ctx, jobId, idx);
  if (!claimed) return hold ? deleteHold(ctx.db, hold) : undefined;
  const run: LessonRun = { idx, attempt: claimed.attempts };
  const watch = watchCancel(ctx, jobId, run);
  const buffer = deltaBuffer((text) => lessonText(ctx, jobId, run, text));
  const spent = { ...spentOf(job, 'lesson'), hold };
  try {
    let text = await metered(spent.usage, () =>
      ctx.generator.lesson(job.request, outline, idx, (d) => buffer.push(d), watch.signal, source),
    );
    // The 来源 note is ours, not the generator's: it names the pages or sections the lesson came from.
    // Before it, the sections' pictures the text left out (a model may place them, or not).
    if (source) {
      const note = missingImages(text, source) + sourceNote(source, job.request.language);
      buffer.push(note);
      text += note;
    }
    await buffer.flush();
    // Only the lesson's own pictures become images: a picture line a model made up is dropped.
    const content = markdownToDoc(text, source && sourceImages(source));
    // Sanitized and size-checked exactly as a person's save; throws before writing when too large.
    if (!(await lessonWritten(ctx, jobId, run, claimed.lessonId!, content, spent))) return;
  } catch (err) {
    buffer.drop();
    // Not wanted any more: the cancel or the newer attempt that took the lesson has said so already.
    if (watch.signal.aborted) return spend(ctx.db, spent);
    log.warn({ err, jobId, idx }, 'lesson generation failed');
    if (!(await lessonFailed(ctx, jobId, run, lessonError(err), spent))) return;
  } finally {
    watch.stop();
  }
  await jobSettled(ctx, jobId);
}

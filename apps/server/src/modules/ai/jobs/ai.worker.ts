/**
 * The two steps of a generation job, run by pg-boss workers (any process): the outline, then each
 * lesson. Both are idempotent, so a retry after a crash or restart neither loses nor doubles work.
 * Every change of the job's state goes through ai.state.ts (its rows and its events in one transaction).
 * `writeLesson` is the `generate` kind's lesson runner (registered by kind in modules/ai/index.ts).
 */
import { Code } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AiJobRow } from '../../../db/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { GenerationError } from '../../../platform/ai/course-generator.ts';
import {
  documentOutline,
  findDocument,
  lessonSource,
  missingImages,
  sourceImages,
  sourceNote,
} from '../documents/index.ts';
import { estimateDocumentLesson, estimateTopicLesson, releaseHold } from '../cost/index.ts';
import { markdownToDoc } from './markdown-doc.ts';
import { metered } from '../../../platform/ai/usage.ts';
import { aiError } from '../shared/ai.errors.ts';
import { deltaBuffer } from '../shared/ai.events.ts';
import { findJob } from './ai.repo.ts';
import { jobSettled, outlineFailed, outlineWritten, spend } from './ai.state.ts';
import {
  lessonFailed,
  lessonHold,
  lessonStarted,
  lessonText,
  lessonWritten,
  type LessonRun,
} from './ai.lesson-state.ts';
import { lessonError, spentOf, watchCancel } from './ai.run.ts';

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

/** One lesson of a `generate` job, written by the generator (from its document's sections, if any). */
export async function writeLesson(
  ctx: AppContext,
  job: AiJobRow,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const jobId = job.id;
  if (job.status !== 'generating' || !job.outline) return;
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
  if (!claimed) return hold ? releaseHold(ctx.db, hold) : undefined;
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

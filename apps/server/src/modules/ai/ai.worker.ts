/**
 * The two steps of a generation job, run by pg-boss workers (any process): the outline, then each
 * lesson. Both are idempotent, so a retry after a crash or restart neither loses nor doubles work.
 */
import { COURSE_LIMITS, LESSON_MESSAGES } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { GenerationError } from '../../platform/ai/course-generator.ts';
import { markdownToDoc } from '../../platform/ai/markdown-doc.ts';
import { LessonTooLargeError, writeGeneratedLesson } from '../courses/lessons.service.ts';
import { deltaBuffer, emit } from './ai.events.ts';
import { percentOf } from './ai.presenter.ts';
import { claimJobLesson, findJob, jobLessons, updateJob, updateJobLesson } from './ai.repo.ts';

const CANCEL_POLL_MS = 1000;

/** This run's lesson: its index and the attempt it claimed. */
type LessonRun = { idx: number; attempt: number };

/**
 * Whether the run is still wanted: its job is not cancelled and, for a lesson, the lesson is still this
 * run's (a cancel marks it failed; a retry right after makes a new attempt, which a run from before the
 * cancel must not write over).
 */
async function stillWanted(ctx: AppContext, jobId: number, run?: LessonRun): Promise<boolean> {
  const job = await findJob(ctx.db, jobId);
  if (!job || job.status === 'cancelled') return false;
  if (!run) return true;
  const lesson = (await jobLessons(ctx.db, jobId)).find((l) => l.idx === run.idx);
  return lesson?.status === 'running' && lesson.attempts === run.attempt;
}

/** Aborts when the run is no longer wanted (checked in the database, so a cancel in any process counts). */
function watchCancel(
  ctx: AppContext,
  jobId: number,
  run?: LessonRun,
): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    void stillWanted(ctx, jobId, run).then(
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
  try {
    const outline = await ctx.generator.outline(job.request, watch.signal);
    if (!(await updateJob(ctx.db, jobId, { outline, status: 'outline_ready' }, ['outlining']))) return;
    await emit(ctx, jobId, { type: 'outline', outline });
    await emit(ctx, jobId, { type: 'stage', status: 'outline_ready', percent: 10 });
  } catch (err) {
    if (watch.signal.aborted) return;
    const message = err instanceof GenerationError ? '大纲生成失败，请重试' : '生成服务出错，请稍后重试';
    log.warn({ err, jobId }, 'outline generation failed');
    await updateJob(ctx.db, jobId, { status: 'failed', error: message }, ['outlining']);
    await emit(ctx, jobId, { type: 'error', idx: null, message });
    await emit(ctx, jobId, { type: 'stage', status: 'failed', percent: 0 });
  } finally {
    watch.stop();
  }
}

async function settleJob(ctx: AppContext, jobId: number): Promise<void> {
  const rows = await jobLessons(ctx.db, jobId);
  const job = await findJob(ctx.db, jobId);
  if (!job || job.status !== 'generating') return;
  if (rows.every((l) => l.status === 'done')) {
    if (await updateJob(ctx.db, jobId, { status: 'done' }, ['generating'])) {
      await emit(ctx, jobId, { type: 'stage', status: 'done', percent: 100 });
      await emit(ctx, jobId, { type: 'done', courseId: job.courseId! });
    }
  } else if (rows.every((l) => l.status === 'done' || l.status === 'failed')) {
    await updateJob(ctx.db, jobId, { status: 'failed', error: '部分课时生成失败，可单独重试' }, [
      'generating',
    ]);
    await emit(ctx, jobId, { type: 'stage', status: 'failed', percent: percentOf('failed', rows) });
  } else {
    await emit(ctx, jobId, { type: 'stage', status: 'generating', percent: percentOf('generating', rows) });
  }
}

export async function runLesson(
  ctx: AppContext,
  jobId: number,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const job = await findJob(ctx.db, jobId);
  if (!job || job.status !== 'generating' || !job.outline) return;
  // Claims the lesson; a lesson already done (a duplicate delivery) is left alone.
  const claimed = await claimJobLesson(ctx.db, jobId, idx);
  if (!claimed) return;
  await emit(ctx, jobId, { type: 'lesson-start', idx, attempt: claimed.attempts });
  const watch = watchCancel(ctx, jobId, { idx, attempt: claimed.attempts });
  const buffer = deltaBuffer(ctx, jobId, idx);
  try {
    const text = await ctx.generator.lesson(
      job.request,
      job.outline,
      idx,
      (d) => buffer.push(d),
      watch.signal,
    );
    await buffer.flush();
    // Sanitized and size-checked exactly as a person's save; throws before writing when too large.
    await writeGeneratedLesson(ctx.db, claimed.lessonId!, markdownToDoc(text));
    await updateJobLesson(ctx.db, jobId, idx, { status: 'done' });
    await emit(ctx, jobId, { type: 'lesson-done', idx, lessonId: claimed.lessonId! });
  } catch (err) {
    buffer.drop();
    if (watch.signal.aborted) {
      await updateJobLesson(ctx.db, jobId, idx, { status: 'pending' }, ['running'], claimed.attempts);
      return;
    }
    // An oversized lesson fails (retryable) rather than being cut short: a cut lesson looks finished
    // but stops mid-thought, and the author would not notice; output this large is a runaway
    // generation (a repetition loop), which a retry usually does not repeat.
    const message =
      err instanceof LessonTooLargeError
        ? LESSON_MESSAGES.generatedTooLarge(COURSE_LIMITS.contentMaxBytes / 1024)
        : err instanceof GenerationError
          ? '本课时生成失败，可单独重试'
          : '生成服务出错，可单独重试';
    log.warn({ err, jobId, idx }, 'lesson generation failed');
    await updateJobLesson(ctx.db, jobId, idx, { status: 'failed', error: message });
    await emit(ctx, jobId, { type: 'error', idx, message });
  } finally {
    watch.stop();
  }
  await settleJob(ctx, jobId);
}

/**
 * One lesson of a `translate` job: the source lesson as it was when the job started (kept in its job
 * lesson), its texts sent by id, put back into the same tree and saved like any generated lesson.
 * Idempotent like generation: a lesson done stays done (a redelivery after a restart finds it done and
 * leaves it), a lesson a crash left running is claimed again and translated again. `translateLesson`
 * is the `translate` kind's lesson runner (registered by kind in modules/ai/index.ts).
 */
import { Code } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AiJobRow } from '../../../db/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { GenerationError, type TranslateItem } from '../../../platform/ai/course-generator.ts';
import { applyTexts, collectTexts } from '../shared/translate-doc.ts';
import { aiError } from '../shared/ai.errors.ts';
import { deltaBuffer } from '../shared/ai.events.ts';
import {
  type LessonRun,
  findJobLesson,
  jobSettled,
  lessonError,
  lessonFailed,
  lessonHold,
  lessonStarted,
  lessonText,
  spend,
  spentOf,
  watchCancel,
} from '../jobs/index.ts';
import { estimateTranslationLesson, releaseHold } from '../cost/index.ts';
import { lessonTranslated } from './ai.translate-state.ts';
import { metered } from '../../../platform/ai/usage.ts';

// Ids of the texts around the lesson's body: they cannot clash with the body's `t0`, `t1`, ….
const TITLE = 'lesson-title';
const COURSE = { title: 'course-title', subtitle: 'course-subtitle', summary: 'course-summary' } as const;

export async function translateLesson(
  ctx: AppContext,
  job: AiJobRow,
  idx: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const translation = job.translation;
  if (job.status !== 'generating' || !translation || !job.courseId) return;
  // The lesson as the job keeps it: what is sent, and so what its run holds of the budget.
  const source = (await findJobLesson(ctx.db, job.id, idx))?.source;
  if (!source) return;
  // The first lesson carries the course's own title, subtitle and summary.
  const course = idx === 0 ? translation.course : undefined;
  const items: TranslateItem[] = [
    { id: TITLE, text: source.title },
    ...(course
      ? Object.entries(COURSE)
          .map(([key, id]) => ({ id, text: course[key as keyof typeof COURSE] }))
          .filter((i) => i.text.trim())
      : []),
    ...collectTexts(source.content),
  ];
  const estimate = estimateTranslationLesson(items.map((i) => i.text));
  const { stopped, hold } = await lessonHold(ctx, job, idx, estimate);
  if (stopped) return jobSettled(ctx, job.id);
  const claimed = await lessonStarted(ctx, job.id, idx);
  if (!claimed?.lessonId) return hold ? releaseHold(ctx.db, hold) : undefined;
  const run: LessonRun = { idx, attempt: claimed.attempts };
  const watch = watchCancel(ctx, job.id, run);
  const buffer = deltaBuffer((text) => lessonText(ctx, job.id, run, text));
  const spent = { ...spentOf(job, 'translate'), hold };
  try {
    const translate = ctx.generator.translate?.bind(ctx.generator);
    if (!translate) throw new GenerationError('the generator cannot translate');
    const out = await metered(spent.usage, () =>
      translate(items, translation.language, (d) => buffer.push(d), watch.signal),
    );
    await buffer.flush();
    const text = (id: string, fallback: string) => out.get(id) ?? fallback;
    // Sanitized and size-checked exactly as a person's save; throws before writing when too large.
    const written = await lessonTranslated(
      ctx,
      { id: job.id, courseId: job.courseId },
      run,
      claimed.lessonId,
      { title: text(TITLE, source.title), content: applyTexts(source.content, out) },
      course && {
        title: text(COURSE.title, course.title),
        subtitle: text(COURSE.subtitle, course.subtitle),
        summary: text(COURSE.summary, course.summary),
      },
      spent,
    );
    if (!written) return;
  } catch (err) {
    buffer.drop();
    if (watch.signal.aborted) return spend(ctx.db, spent);
    log.warn({ err, jobId: job.id, idx }, 'lesson translation failed');
    const error = ctx.generator.translate
      ? lessonError(err, Code.AI_TRANSLATE_LESSON_FAILED)
      : aiError(Code.AI_TRANSLATE_NO_PROVIDER);
    if (!(await lessonFailed(ctx, job.id, run, error, spent))) return;
  } finally {
    watch.stop();
  }
  await jobSettled(ctx, job.id);
}

/**
 * AI 翻译: a course of the team translated into a new draft course linked to its source, by a job of
 * kind `translate` (no outline: one lesson per source lesson, written by the lesson workers, streamed
 * on the job's events like generation). The source is read once, when the job starts (a snapshot in
 * the job's lessons and its hash on the translation), so editing it later changes no running job.
 */
import {
  AI_LIMITS,
  type AiCreateRequest,
  type AiJob,
  type AiTranslateRequest,
  BASE_TRANSLATE_LANGUAGES,
  Code,
  type CourseTranslations,
  type AiJobStatus,
} from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AiJobRow } from '../../../db/schema.ts';
import type { TeamCtx } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, invalidInput } from '../../../platform/errors.ts';
import { authorize } from '../../../platform/policy.ts';
import {
  createDraftCourseForAi,
  requireCourse,
  contentHash,
  readCourseContent,
  translationsOf,
} from '../../courses/index.ts';
import { jobDetail, jobLessons, lessonRetried, queueLesson } from '../jobs/index.ts';
import { assertBudget } from '../cost/index.ts';
import { jobSubject } from '../shared/ai.presenter.ts';
import { TRANSLATION_MOVES, translationStarted } from './ai.translate-state.ts';

type AiCtx = TeamCtx & { log: FastifyBaseLogger };

/** The languages this server translates into: zh-CN and en-US, and the provider's (AI_TRANSLATE_LANGUAGES). */
export const translateLanguages = (ctx: AppContext): string[] => [
  ...new Set([...BASE_TRANSLATE_LANGUAGES, ...ctx.config.AI_TRANSLATE_LANGUAGES]),
];

/** The job's `request` (what every job row holds): the source's title as the topic, in the target's terms. */
const requestOf = (title: string, language: string, lessons: number): AiCreateRequest => ({
  topic: (title.trim().length >= 2 ? title.trim() : `${title.trim()} ·`).slice(0, AI_LIMITS.topicMax),
  audience: '',
  level: 'beginner',
  lessonCount: Math.min(Math.max(lessons, AI_LIMITS.lessonsMin), AI_LIMITS.lessonsMax),
  language: language.startsWith('zh') ? 'zh-CN' : 'en-US',
  tone: 'friendly',
  reference: '',
});

export async function translateCourse(c: AiCtx, body: AiTranslateRequest): Promise<AiJob> {
  // Another team's course (or a deleted one) is not found; then whoever may edit it may translate it.
  const { course } = await requireCourse(c, body.courseId);
  authorize(c, 'ai.translate', course);
  const offered = translateLanguages(c.ctx);
  if (!offered.includes(body.language)) throw invalidInput('language', 'oneOf', offered);
  // Said before anything is made: the template generator cannot translate, and makes nothing up.
  if (!c.ctx.generator.translate) throw new AppError(Code.AI_TRANSLATE_NO_PROVIDER);
  if (course.translationLanguage === body.language) throw new AppError(Code.AI_TRANSLATE_SAME_LANGUAGE);
  await assertBudget(c.ctx, c.membership.team.id);
  const content = (await readCourseContent(c.ctx.db, course.id))!;
  const sourceHash = contentHash(content);
  const job = await translationStarted(
    c.ctx,
    {
      teamId: c.membership.team.id,
      userId: c.actor.user.id,
      request: requestOf(content.title, body.language, content.lessons.length),
      generatorKind: c.ctx.generator.kind,
      generatorLabel: c.ctx.generator.label,
    },
    {
      sourceCourseId: course.id,
      language: body.language,
      sourceHash,
      course: { title: content.title, subtitle: content.subtitle, summary: content.summary },
    },
    content.lessons,
    (tx) =>
      createDraftCourseForAi(tx, {
        teamId: c.membership.team.id,
        authorId: c.actor.user.id,
        title: content.title,
        subtitle: content.subtitle,
        summary: content.summary,
        lessonTitles: content.lessons.map((l) => l.title),
        translation: { fromCourseId: course.id, language: body.language, sourceHash },
      }),
  );
  for (const idx of content.lessons.keys()) await queueLesson(c.ctx, job.id, idx, c.log);
  return jobDetail(c, job.id);
}

/**
 * 继续翻译 (the restart of a cancelled or failed translation): the same job goes on with the lessons it
 * has not written; the lessons done stay done (their text is not asked for again).
 */
export async function resumeTranslation(c: AiCtx, job: AiJobRow): Promise<AiJob> {
  authorize(c, 'ai.retry', jobSubject(job));
  await assertBudget(c.ctx, job.teamId);
  const retryableIn: AiJobStatus[] = ['failed', 'cancelled', 'generating'];
  const failed = (await jobLessons(c.ctx.db, job.id)).filter((l) => l.status === 'failed');
  for (const lesson of failed) {
    if (await lessonRetried(c.ctx, job.id, lesson.idx, retryableIn, TRANSLATION_MOVES))
      await queueLesson(c.ctx, job.id, lesson.idx, c.log);
  }
  return jobDetail(c, job.id);
}

/** A course's translations (language, link, date, whether the source changed since) and its own source. */
export async function courseTranslations(c: AiCtx, courseId: number): Promise<CourseTranslations> {
  const { course } = await requireCourse(c, courseId);
  const teamId = c.membership.team.id;
  const rows = await translationsOf(c.ctx.db, teamId, course.id);
  const hash = rows.length ? contentHash((await readCourseContent(c.ctx.db, course.id))!) : '';
  const from = course.translatedFromCourseId
    ? await requireCourse(c, course.translatedFromCourseId).catch(() => undefined)
    : undefined;
  return {
    source: from
      ? { courseId: from.course.id, title: from.course.title, language: course.translationLanguage ?? '' }
      : null,
    translations: rows.map((r) => ({
      courseId: r.courseId,
      title: r.title,
      language: r.language,
      createTime: r.createdAt.getTime(),
      sourceChanged: r.sourceHash !== hash,
    })),
    languages: translateLanguages(c.ctx),
  };
}

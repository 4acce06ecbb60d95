/**
 * Translating a course (POST /ai/translate): a new draft course linked to its source, written lesson by
 * lesson by a job of kind `translate` (streamed and resumable like generation).
 */
import { z } from 'zod';
import { idSchema, queryIdSchema } from './common.ts';

/**
 * A BCP-47-ish language tag: language, optional script, optional region ("zh-CN", "zh-Hant-TW", "ja",
 * "pt-BR", "es-419"). The server offers 简体中文 and English always, and the codes its provider is
 * configured with (AI_TRANSLATE_LANGUAGES), each checked by this pattern at start.
 */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|\d{3}))?$/;
export const languageTagSchema = z.string().trim().max(35).regex(LANGUAGE_TAG);
export const BASE_TRANSLATE_LANGUAGES = ['zh-CN', 'en-US'] as const;

export const aiTranslateBody = z.object({
  courseId: idSchema,
  language: languageTagSchema,
});
export type AiTranslateRequest = z.infer<typeof aiTranslateBody>;

/** What a job of kind `translate` translates: its source, the target, the source's content hash then. */
export const aiTranslationSchema = z.object({
  sourceCourseId: z.number().int().nullable(),
  language: z.string(),
});
export type AiTranslation = z.infer<typeof aiTranslationSchema>;

export const aiTranslationsQuery = z.object({ courseId: queryIdSchema });
/** One translation of a course, for its editor: which language, when, and whether the source moved on since. */
export const courseTranslationSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  language: z.string(),
  createTime: z.number(),
  /** The source's content changed after the translation was made (原课程在翻译后已修改). */
  sourceChanged: z.boolean(),
});
export type CourseTranslation = z.infer<typeof courseTranslationSchema>;
export const courseTranslationsSchema = z.object({
  /** The course this one was translated from (null when it is no translation, or its source is gone). */
  source: z.object({ courseId: z.number().int(), title: z.string(), language: z.string() }).nullable(),
  translations: z.array(courseTranslationSchema),
  /** The languages this server translates into (for the translate dialog). */
  languages: z.array(z.string()),
});
export type CourseTranslations = z.infer<typeof courseTranslationsSchema>;

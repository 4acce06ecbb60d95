import { z } from 'zod';
import { idSchema, queryIdSchema } from './common.ts';
import { aiTranslationSchema } from './ai-translate.ts';
import { COURSE_LIMITS } from '../constants.ts';

export const AI_LIMITS = { lessonsMin: 1, lessonsMax: 30, topicMax: 100, referenceMax: 8000 } as const;

/**
 * What a document for AI 创课 may be. Checked on the server before and while it is read: bytes, pages
 * (refused from the page count, before any page is read), a zip's entries and inflated bytes (read from
 * its directory before inflating and counted again while inflating), the time one parse may take.
 */
export const DOCUMENT_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxPages: 500,
  /** DOCX / PPTX: entries in the zip, and bytes all of them may inflate to. */
  zipEntriesMax: 5000,
  zipInflatedMax: 300 * 1024 * 1024,
  /** One XML part (a slide, the document body) inflated. */
  xmlPartMax: 40 * 1024 * 1024,
  parseSeconds: 60,
  sectionsMax: 2000,
  /** Characters of text kept from one document (a 500-page book is about 1.5 million). */
  textMax: 4_000_000,
  /**
   * Pictures kept from one DOCX / PPTX (the first ones, in reading order; the rest are left out) and the
   * bytes one may have (a bigger one is left out). 50 × 5 MB bounds what a document's images hold in
   * memory while it is read, within zipInflatedMax, and the re-encoding (sharp) after the read.
   */
  imagesMax: 50,
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

export const DOCUMENT_FORMATS = ['pdf', 'docx', 'pptx', 'markdown', 'text'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * A piece of a section: a paragraph, a list, a table or a picture, as the document had it. A picture's
 * `src` is our own file URL (the image re-encoded by the files module when the document was read);
 * `alt` is the document's alt text, or ''.
 */
export const documentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), ordered: z.boolean(), items: z.array(z.string()) }),
  z.object({ type: z.literal('table'), rows: z.array(z.array(z.string())) }),
  z.object({ type: z.literal('image'), src: z.string(), alt: z.string() }),
]);
export type DocumentBlock = z.infer<typeof documentBlockSchema>;
/** A part of the document by its own structure: a heading's text, a slide, a page. */
export const documentSectionSchema = z.object({
  title: z.string(),
  /** 1 for a chapter (or a slide, a page), 2 for its sections, and so on. */
  level: z.number().int().min(1).max(6),
  /** Where it is in the document, for the 来源 note: "第 3 页", "幻灯片 7", "第二章". */
  source: z.string(),
  blocks: z.array(documentBlockSchema),
});
export type DocumentSection = z.infer<typeof documentSectionSchema>;
/** What the web sees of a parsed document: its sections' titles and sizes (the text stays on the server). */
export const aiDocumentSchema = z.object({
  documentId: z.number().int(),
  name: z.string(),
  format: z.enum(DOCUMENT_FORMATS),
  pages: z.number().int(),
  sections: z.array(
    z.object({
      title: z.string(),
      level: z.number().int(),
      source: z.string(),
      chars: z.number().int(),
      /** Pictures in the section (a DOCX's or PPTX's, stored as lesson images). */
      images: z.number().int(),
    }),
  ),
});
export type AiDocument = z.infer<typeof aiDocumentSchema>;

/**
 * The parse's progress (the endpoint's `progress`, sent as a line `{"progress": …}` when asked for
 * NDJSON): pages (PDF) or slides (PPTX) read of the total, as each is read; then, for a DOCX or PPTX
 * with pictures, the pictures stored (each is decoded and re-encoded: the slow part).
 */
export const documentParseProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  unit: z.enum(['page', 'slide', 'picture']),
});
export type DocumentParseProgress = z.infer<typeof documentParseProgressSchema>;

export const aiCreateBody = z.object({
  topic: z.string().trim().min(2, { error: '请输入课程主题' }).max(AI_LIMITS.topicMax),
  audience: z.string().trim().max(60).default(''),
  level: z.enum(['beginner', 'intermediate', 'advanced']).default('beginner'),
  lessonCount: z.number().int().min(AI_LIMITS.lessonsMin).max(AI_LIMITS.lessonsMax).default(5),
  language: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
  tone: z.enum(['friendly', 'professional', 'concise']).default('friendly'),
  reference: z
    .string()
    .max(AI_LIMITS.referenceMax, { error: `参考资料最多 ${AI_LIMITS.referenceMax} 字` })
    .default(''),
  /** A document read by POST /ai/document/parse: the outline follows its structure, lessons its text. */
  documentId: idSchema.optional(),
});
export type AiCreateRequest = z.infer<typeof aiCreateBody>;

/** What a generator must answer for the outline; a malformed answer is retried, never saved. */
export const outlineSchema = z.object({
  title: z.string().trim().min(1).max(60),
  subtitle: z.string().trim().max(120).default(''),
  summary: z.string().trim().min(1).max(2000),
  lessons: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(60),
        goal: z.string().trim().max(200).default(''),
        /** The document's sections this lesson is written from (indices, in order); none without a document. */
        sources: z
          .array(
            z
              .number()
              .int()
              .min(0)
              .max(DOCUMENT_LIMITS.sectionsMax - 1),
          )
          .max(DOCUMENT_LIMITS.sectionsMax)
          .optional(),
      }),
    )
    .min(AI_LIMITS.lessonsMin)
    .max(AI_LIMITS.lessonsMax),
});
export type Outline = z.infer<typeof outlineSchema>;

/** A generated lesson, as parsed from the streamed text: at least one section with a heading and text. */
export const generatedLessonSchema = z.object({
  sections: z.array(z.object({ heading: z.string().min(1), body: z.string().min(1) })).min(1),
});
export type GeneratedLesson = z.infer<typeof generatedLessonSchema>;

export const AI_JOB_STATUSES = [
  'outlining',
  'outline_ready',
  'generating',
  'done',
  'failed',
  'cancelled',
] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];
export const AI_LESSON_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type AiLessonStatus = (typeof AI_LESSON_STATUSES)[number];

/**
 * A failure a job's worker records: a business code of the contract's table and its message's params,
 * which the web says in the reader's language (never text, so no language is fixed by the server).
 */
export const aiErrorSchema = z.object({
  code: z.number().int(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AiError = z.infer<typeof aiErrorSchema>;

export const aiJobLessonSchema = z.object({
  idx: z.number().int(),
  title: z.string(),
  status: z.enum(AI_LESSON_STATUSES),
  lessonId: z.number().int().nullable(),
  error: aiErrorSchema.nullable(),
});
/** What the viewer may do with a job (the server's policy: its author, or OWNER/ADMIN), expiry left out. */
export const aiJobAbilitiesSchema = z.object({
  outline: z.boolean(),
  generate: z.boolean(),
  retry: z.boolean(),
  cancel: z.boolean(),
});
export type AiJobAbilities = z.infer<typeof aiJobAbilitiesSchema>;
export const AI_JOB_KINDS = ['generate', 'translate'] as const;
export type AiJobKind = (typeof AI_JOB_KINDS)[number];
export const aiJobSchema = z.object({
  jobId: z.number().int(),
  /** `generate` (a topic or a document) or `translate` (a course; no outline, `translation` says what). */
  kind: z.enum(AI_JOB_KINDS),
  translation: aiTranslationSchema.nullable(),
  status: z.enum(AI_JOB_STATUSES),
  request: aiCreateBody,
  outline: outlineSchema.nullable(),
  courseId: z.number().int().nullable(),
  generator: z.object({ kind: z.enum(['ai', 'template']), label: z.string() }),
  lessons: z.array(aiJobLessonSchema),
  percent: z.number().int(),
  error: aiErrorSchema.nullable(),
  createTime: z.number(),
  updateTime: z.number(),
  lastEventId: z.number().int(),
  abilities: aiJobAbilitiesSchema,
});
export type AiJob = z.infer<typeof aiJobSchema>;
export const aiJobIdQuery = z.object({ jobId: queryIdSchema });
export const aiJobIdBody = z.object({ jobId: idSchema });
export const aiOutlineBody = z.object({ jobId: idSchema, outline: outlineSchema });
export const aiRetryBody = z.object({
  jobId: idSchema,
  // A translation has a lesson per source lesson (up to a course's limit), not per outline entry.
  idx: z
    .number()
    .int()
    .min(0)
    .max(COURSE_LIMITS.lessonsMax - 1),
});

/** Events on GET /api/ai/job/stream (SSE). Each has an `id`; reconnect with Last-Event-ID to resume. */
export const aiEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stage'), status: z.enum(AI_JOB_STATUSES), percent: z.number() }),
  z.object({ type: z.literal('outline'), outline: outlineSchema }),
  z.object({ type: z.literal('lesson-start'), idx: z.number().int(), attempt: z.number().int() }),
  z.object({ type: z.literal('text-delta'), idx: z.number().int(), text: z.string() }),
  z.object({ type: z.literal('lesson-done'), idx: z.number().int(), lessonId: z.number().int() }),
  z.object({ type: z.literal('error'), idx: z.number().int().nullable(), error: aiErrorSchema }),
  z.object({ type: z.literal('done'), courseId: z.number().int() }),
]);
export type AiEvent = z.infer<typeof aiEventSchema>;

/**
 * AI assist inside the lesson editor: streamed into the editor as Markdown text, except `quiz`,
 * which streams one JSON line per question (a quiz block's attributes without its id).
 */
export const AI_ASSIST_ACTIONS = ['continue', 'rewrite', 'summarize', 'quiz'] as const;
export type AiAssistAction = (typeof AI_ASSIST_ACTIONS)[number];
export const aiAssistBody = z.object({
  action: z.enum(AI_ASSIST_ACTIONS),
  text: z.string().trim().min(1, { error: '请先选择或输入一些内容' }).max(8000),
  language: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});

/** Events of POST /api/ai/assist (SSE): the text in pieces, then `done` or a failure's code. */
export const aiAssistEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text-delta'), text: z.string() }),
  z.object({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), error: aiErrorSchema }),
]);
export type AiAssistEvent = z.infer<typeof aiAssistEventSchema>;

export const aiGeneratorSchema = z.object({ kind: z.enum(['ai', 'template']), label: z.string() });
export type AiGenerator = z.infer<typeof aiGeneratorSchema>;

import { z } from 'zod';
import {
  COMPLETION_LIMITS,
  COURSE_CATEGORIES,
  COURSE_LIMITS,
  COURSE_LIST_TABS,
  COURSE_STATUSES,
  type CompletionSettings,
} from '../constants.ts';
import { idSchema, pageQuerySchema, queryIdSchema, versionSchema } from './common.ts';

/** A Tiptap/ProseMirror JSON node. The server keeps only known node and mark types (sanitizer). */
export type DocNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
};
export const docNodeSchema: z.ZodType<DocNode> = z.lazy(() =>
  z.object({
    type: z.string().max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(docNodeSchema).max(5000).optional(),
    marks: z
      .array(z.object({ type: z.string().max(40), attrs: z.record(z.string(), z.unknown()).optional() }))
      .max(20)
      .optional(),
    text: z.string().max(100_000).optional(),
  }),
);
export const emptyDoc = (): DocNode => ({ type: 'doc', content: [{ type: 'paragraph' }] });

const title = z.string().trim().min(1, { error: '标题不能为空' }).max(COURSE_LIMITS.titleMax);
const tag = z.string().trim().min(1).max(COURSE_LIMITS.tagMax);
/** Price in fen. Out of range is refused with the rule in yuan (what people type), never clamped. */
export const priceSchema = z
  .number()
  .int({ error: '价格最多两位小数（以分为单位的整数）' })
  .min(0, { error: '价格不能为负数' })
  .max(COURSE_LIMITS.priceMaxFen, {
    error: `价格不能超过 ${COURSE_LIMITS.priceMaxFen / 100} 元（${COURSE_LIMITS.priceMaxFen} 分）`,
  });

/** The course's completion rules (see `CompletionSettings`). */
export const completionSettingsSchema: z.ZodType<CompletionSettings> = z.object({
  minLessonSeconds: z.number().int().min(0).max(COMPLETION_LIMITS.minLessonSecondsMax),
  passMark: z.number().int().min(0).max(100),
  maxQuizAttempts: z.number().int().min(1).max(COMPLETION_LIMITS.maxQuizAttemptsMax).nullable(),
  noSeekAhead: z.boolean().optional(),
});

export const courseIdQuery = z.object({ courseId: queryIdSchema });
export const lessonIdQuery = z.object({ lessonId: queryIdSchema });
export const courseIdBody = z.object({ courseId: idSchema });
export const lessonIdBody = z.object({ lessonId: idSchema });

export const courseListQuery = pageQuerySchema.extend({
  tab: z.enum(COURSE_LIST_TABS).default('all'),
  keyword: z.string().trim().max(40).default(''),
  status: z.enum(COURSE_STATUSES).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const courseCreateBody = z.object({ title: title.optional() });

export const courseModifyBody = z.object({
  courseId: idSchema,
  version: versionSchema,
  title: title.optional(),
  subtitle: z.string().trim().max(COURSE_LIMITS.subtitleMax).optional(),
  summary: z.string().trim().max(COURSE_LIMITS.summaryMax).optional(),
  cover: z.string().max(1024).optional(),
  category: z.enum(COURSE_CATEGORIES).nullable().optional(),
  tags: z.array(tag).max(COURSE_LIMITS.tagsMax).optional(),
  price: priceSchema.nullable().optional(),
  completion: completionSettingsSchema.optional(),
});
/** A course save: only the changed fields, on the version the page holds. */
export type CourseModify = z.infer<typeof courseModifyBody>;

export const lessonSummarySchema = z.object({
  lessonId: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  durationMin: z.number().int(),
  freePreview: z.boolean(),
  version: z.number().int(),
  updateTime: z.number(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const courseAbilitiesSchema = z.object({
  edit: z.boolean(),
  release: z.boolean(),
  share: z.boolean(),
  delete: z.boolean(),
});
export type CourseAbilities = z.infer<typeof courseAbilitiesSchema>;

export const courseSchema = z.object({
  courseId: z.number().int(),
  teamId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  summary: z.string(),
  cover: z.string(),
  category: z.enum(COURSE_CATEGORIES).nullable(),
  tags: z.array(z.string()),
  price: z.number().int().nullable(),
  completion: completionSettingsSchema,
  status: z.enum(COURSE_STATUSES),
  version: z.number().int(),
  releasedVersion: z.number().int().nullable(),
  /** Released, and the draft was changed since (or the store's version was rolled back): 有未发布的修改. */
  unreleasedChanges: z.boolean(),
  authorId: z.number().int(),
  authorName: z.string(),
  lessonCount: z.number().int(),
  createTime: z.number(),
  updateTime: z.number(),
  abilities: courseAbilitiesSchema,
});
export type Course = z.infer<typeof courseSchema>;
export const courseDetailSchema = courseSchema.extend({ lessons: z.array(lessonSummarySchema) });
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const lessonSchema = lessonSummarySchema.extend({
  courseId: z.number().int(),
  content: docNodeSchema,
});
export type Lesson = z.infer<typeof lessonSchema>;

export const lessonCreateBody = z.object({
  courseId: idSchema,
  title: z.string().trim().min(1).max(COURSE_LIMITS.lessonTitleMax).optional(),
});
export const lessonSaveBody = z.object({
  lessonId: idSchema,
  version: versionSchema,
  title: z.string().trim().min(1, { error: '标题不能为空' }).max(COURSE_LIMITS.lessonTitleMax).optional(),
  content: docNodeSchema.optional(),
  durationMin: z.number().int().min(0).max(600).optional(),
  freePreview: z.boolean().optional(),
});
export type LessonSave = z.infer<typeof lessonSaveBody>;
export const lessonSavedSchema = z.object({ version: z.number().int(), updateTime: z.number() });
export type LessonSaved = z.infer<typeof lessonSavedSchema>;
export const lessonReorderBody = z.object({
  courseId: idSchema,
  lessonIds: z.array(idSchema).min(1).max(COURSE_LIMITS.lessonsMax),
});

/** Preview and release snapshot: the whole course with every lesson's sanitized content. */
export const coursePreviewSchema = courseSchema
  .pick({
    courseId: true,
    title: true,
    subtitle: true,
    summary: true,
    cover: true,
    category: true,
    tags: true,
    price: true,
  })
  .extend({
    teamName: z.string(),
    authorName: z.string(),
    /** Absent in releases made before courses had completion settings: the defaults apply. */
    completion: completionSettingsSchema.optional(),
    lessons: z.array(lessonSummarySchema.extend({ content: docNodeSchema })),
  });
export type CoursePreview = z.infer<typeof coursePreviewSchema>;

export const RELEASE_CHECK_KEYS = [
  'title',
  'cover',
  'summary',
  'category',
  'lessons',
  'emptyLessons',
  'price',
] as const;
export const RELEASE_WARNING_KEYS = ['unresolvedComments'] as const;
export const releaseCheckSchema = z.object({
  items: z.array(
    z.object({
      key: z.enum(RELEASE_CHECK_KEYS),
      ok: z.boolean(),
      /** emptyLessons: the lessons with nothing in them yet, so the checklist can link to each. */
      lessons: z.array(z.object({ lessonId: z.number().int(), title: z.string() })).optional(),
    }),
  ),
  ready: z.boolean(),
  /**
   * What the author should look at before releasing but that does not block it (`ready` ignores
   * these): unresolved review comments, with the lessons holding them.
   */
  warnings: z.array(
    z.object({
      key: z.enum(RELEASE_WARNING_KEYS),
      count: z.number().int(),
      lessons: z.array(z.object({ lessonId: z.number().int(), title: z.string(), count: z.number().int() })),
    }),
  ),
});
export type ReleaseCheck = z.infer<typeof releaseCheckSchema>;
/** A release's two texts: the public 更新说明 and the team's 内部备注 ('' for none). */
export const releaseTexts = {
  /** 更新说明: shown to buyers on the buy page's 更新日志 and to learners; '' writes no line. */
  changelog: z.string().trim().max(COURSE_LIMITS.releaseNotesMax).default(''),
  /** 内部备注: the team's own note, shown only in the release history. */
  notes: z.string().trim().max(COURSE_LIMITS.releaseNotesMax).default(''),
};
export const releaseBody = z.object({ courseId: idSchema, ...releaseTexts });
export const releaseSchema = z.object({
  releaseId: z.number().int(),
  versionNo: z.number().int(),
  /** The internal note (内部备注): the team's release history only. */
  notes: z.string(),
  /** The public line (更新说明) buyers and learners read; '' when none was written. */
  changelog: z.string(),
  price: z.number().int(),
  lessonCount: z.number().int(),
  releasedBy: z.string(),
  createTime: z.number(),
});
export type Release = z.infer<typeof releaseSchema>;

export const shareCreateBody = z.object({
  courseId: idSchema,
  expireHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
  allowCopy: z.boolean().default(false),
});
export type ShareCreate = z.infer<typeof shareCreateBody>;
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, { error: '分享链接无效' });
export const shareSchema = z.object({
  shareId: z.string(),
  courseId: z.number().int(),
  url: z.string(),
  allowCopy: z.boolean(),
  expireTime: z.number().nullable(),
  revoked: z.boolean(),
  createTime: z.number(),
  createdBy: z.string(),
});
export type Share = z.infer<typeof shareSchema>;
export const shareListSchema = z.object({
  list: z.array(shareSchema),
  /** The course has a price (draft or latest release): shares show free lessons only, no copying. */
  paid: z.boolean(),
});
export type ShareList = z.infer<typeof shareListSchema>;
/**
 * A shared course. For a paid course only free-preview lessons carry content (the rest `null`),
 * `allowCopy` is false, and `listed` says whether the store sells it (where the buy button leads).
 */
export const shareViewSchema = z.object({
  share: shareSchema
    .pick({ shareId: true, allowCopy: true, expireTime: true })
    .extend({ paid: z.boolean(), listed: z.boolean() }),
  course: coursePreviewSchema.omit({ lessons: true }).extend({
    lessons: z.array(lessonSummarySchema.extend({ content: docNodeSchema.nullable() })),
  }),
});
export type ShareView = z.infer<typeof shareViewSchema>;

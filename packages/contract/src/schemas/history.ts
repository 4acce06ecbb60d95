import { z } from 'zod';
import { LESSON_REVISION_REASONS } from '../constants.ts';
import { idSchema, pageQuerySchema, queryIdSchema } from './common.ts';
import { docNodeSchema, releaseTexts } from './course.ts';

/** /lesson/history: a lesson's revisions, newest first. */
export const lessonHistoryQuery = pageQuerySchema.extend({ lessonId: queryIdSchema });
export const revisionIdQuery = z.object({ revisionId: queryIdSchema });

export const lessonRevisionSchema = z.object({
  revisionId: z.number().int(),
  lessonId: z.number().int(),
  reason: z.enum(LESSON_REVISION_REASONS),
  /** The lesson version it holds. */
  version: z.number().int(),
  title: z.string(),
  /** The author's nickname; '' for the AI course generator. */
  authorName: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type LessonRevision = z.infer<typeof lessonRevisionSchema>;
export const lessonRevisionDetailSchema = lessonRevisionSchema.extend({ content: docNodeSchema });
export type LessonRevisionDetail = z.infer<typeof lessonRevisionDetailSchema>;

/** The editor, before an AI assist writes: the lesson's history is closed at its current text. */
export const lessonCheckpointBody = z.object({ lessonId: idSchema, reason: z.enum(['assist']) });

/** Brings a revision back as the lesson's text: a new version and a new revision; nothing is deleted. */
export const lessonRestoreBody = z.object({ revisionId: idSchema });

/** One changed course field, as the store shows it (tags joined, price in fen as text). */
export const COURSE_DIFF_FIELDS = [
  'title',
  'subtitle',
  'summary',
  'cover',
  'category',
  'tags',
  'price',
  /** 结业要求, as JSON of the settings (a release made before them reads the defaults). */
  'completion',
] as const;
export type CourseDiffField = (typeof COURSE_DIFF_FIELDS)[number];
const diffPartSchema = z.object({
  text: z.string(),
  added: z.literal(true).optional(),
  removed: z.literal(true).optional(),
});
export const diffBlockSchema = z.union([
  z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() }),
  z.object({ op: z.literal('changed'), parts: z.array(diffPartSchema) }),
]);
/**
 * What differs between two versions of a course (a release and a later one, or the draft): course
 * fields, and lessons added, removed, moved and edited (an edit with its text diff).
 */
export const courseChangesSchema = z.object({
  changed: z.boolean(),
  fields: z.array(
    z.object({
      field: z.enum(COURSE_DIFF_FIELDS),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  lessons: z.array(
    z.object({
      lessonId: z.number().int(),
      title: z.string(),
      added: z.boolean(),
      removed: z.boolean(),
      /** Its place among the lessons both versions have changed (1-based positions). */
      moved: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
      /** The title before, when it changed. */
      renamed: z.string().nullable(),
      /** Free preview or duration changed. */
      settings: z.boolean(),
      /** The text's diff, when the text changed. */
      diff: z.array(diffBlockSchema).nullable(),
    }),
  ),
});
export type CourseChanges = z.infer<typeof courseChangesSchema>;

/** /course/release/diff: from a release to another one, or to the draft when `toReleaseId` is absent. */
export const releaseDiffQuery = z.object({
  courseId: queryIdSchema,
  fromReleaseId: queryIdSchema,
  toReleaseId: queryIdSchema.optional(),
});
/**
 * /course/release/rollback: an earlier release published again as a new numbered release. It writes
 * no public line unless the author writes one (`changelog`).
 */
export const releaseRollbackBody = z.object({ courseId: idSchema, releaseId: idSchema, ...releaseTexts });

/** /course/draft/reset: the draft set back to a release (the draft as it was stays in the history). */
export const draftResetBody = z.object({ courseId: idSchema, releaseId: idSchema });

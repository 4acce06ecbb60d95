import { z } from 'zod';
import { LESSON_REVISION_REASONS } from '../constants.ts';
import { idSchema, pageQuerySchema } from './common.ts';
import { docNodeSchema } from './course.ts';

/** /lesson/history: a lesson's revisions, newest first. */
export const lessonHistoryQuery = pageQuerySchema.extend({ lessonId: idSchema });
export const revisionIdQuery = z.object({ revisionId: idSchema });

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

/** Brings a revision back as the lesson's text: a new version and a new revision; nothing is deleted. */
export const lessonRestoreBody = z.object({ revisionId: idSchema });

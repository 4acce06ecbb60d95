/**
 * Review comments on a draft lesson: threads anchored to a range of the text, replies, @mentions.
 * They live apart from the lesson's content (never inside its JSON), so no reader, share, store page
 * or player can carry them.
 */
import { z } from 'zod';
import { idSchema, queryIdSchema } from './common.ts';

export const COMMENT_LIMITS = {
  bodyMax: 2000,
  /** The selected text a thread was opened on, as shown beside it (cut to this many characters). */
  quoteMax: 200,
  /** An anchor is the base64 of a Yjs relative position (a few dozen bytes); the cap only bounds it. */
  anchorMax: 256,
  mentionsMax: 20,
  threadsPerLesson: 500,
  repliesPerThread: 200,
  /** The mentions list answers the newest this many (unread first). */
  mentionsListMax: 100,
} as const;

const base64 = z
  .string()
  .max(COMMENT_LIMITS.anchorMax)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: '锚点格式不正确' });

/** Plain text: the server removes markup and control characters (70102 when nothing is left). */
const bodySchema = z.string().max(COMMENT_LIMITS.bodyMax);
const mentionsSchema = z.array(idSchema).max(COMMENT_LIMITS.mentionsMax).default([]);

export const commentPersonSchema = z.object({ userId: z.number().int(), nickName: z.string() });
export type CommentPerson = z.infer<typeof commentPersonSchema>;

export const commentSchema = z.object({
  commentId: z.number().int(),
  /** null for a thread's first comment (its id is the thread's id). */
  threadId: z.number().int().nullable(),
  author: commentPersonSchema.nullable(),
  authorAvatar: z.string(),
  body: z.string(),
  mentions: z.array(commentPersonSchema),
  createTime: z.number(),
  /** The asker may delete it: its author, or OWNER/ADMIN. */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = commentSchema.extend({
  threadId: z.null(),
  courseId: z.number().int(),
  lessonId: z.number().int(),
  /** Base64 Yjs relative positions, computed and read by the editor; the server keeps them as given. */
  anchorStart: z.string(),
  anchorEnd: z.string(),
  quote: z.string(),
  resolved: z.boolean(),
  resolveTime: z.number().nullable(),
  resolvedBy: commentPersonSchema.nullable(),
  replies: z.array(commentSchema),
  /** The asker may resolve or reopen it: the thread's author, the course's author, or OWNER/ADMIN. */
  canResolve: z.boolean(),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const COMMENT_STATUSES = ['open', 'all'] as const;
export const commentLessonQuery = z.object({
  lessonId: queryIdSchema,
  status: z.enum(COMMENT_STATUSES).default('open'),
});
export const commentThreadListSchema = z.object({ list: z.array(commentThreadSchema) });
export type CommentThreadList = z.infer<typeof commentThreadListSchema>;

export const commentCourseQuery = z.object({ courseId: queryIdSchema });
/** A course's open threads, and per lesson (in the course's order) how many are open. */
export const commentCourseListSchema = z.object({
  total: z.number().int(),
  lessons: z.array(z.object({ lessonId: z.number().int(), title: z.string(), openCount: z.number().int() })),
  list: z.array(commentThreadSchema),
});
export type CommentCourseList = z.infer<typeof commentCourseListSchema>;

export const commentCreateBody = z.object({
  lessonId: idSchema,
  anchorStart: base64,
  anchorEnd: base64,
  /** Cut to COMMENT_LIMITS.quoteMax by the server (a long selection is not an error). */
  quote: z.string().max(10_000).default(''),
  body: bodySchema,
  mentions: mentionsSchema,
});
export type CommentCreate = z.input<typeof commentCreateBody>;
export const commentReplyBody = z.object({ threadId: idSchema, body: bodySchema, mentions: mentionsSchema });
export type CommentReply = z.input<typeof commentReplyBody>;
export const commentThreadBody = z.object({ threadId: idSchema });
export const commentIdBody = z.object({ commentId: idSchema });

export const commentMentionSchema = z.object({
  commentId: z.number().int(),
  /** The thread the comment is in (its own id for a thread's first comment). */
  threadId: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  lessonId: z.number().int(),
  lessonTitle: z.string(),
  author: commentPersonSchema.nullable(),
  body: z.string(),
  createTime: z.number(),
  read: z.boolean(),
});
export type CommentMention = z.infer<typeof commentMentionSchema>;
export const commentMentionListSchema = z.object({
  list: z.array(commentMentionSchema),
  unread: z.number().int(),
});
export type CommentMentionList = z.infer<typeof commentMentionListSchema>;
/** Without `commentIds`, every mention of the asker in the team is marked read. */
export const commentMentionReadBody = z.object({
  commentIds: z.array(idSchema).max(COMMENT_LIMITS.mentionsListMax).optional(),
});
export const commentUnreadSchema = z.object({ unread: z.number().int() });
export type CommentUnread = z.infer<typeof commentUnreadSchema>;

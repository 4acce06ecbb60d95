/**
 * Files on a lesson (PDF, slides, documents, spreadsheets, zip, text): the author's list and what a
 * learner or visitor sees of a released lesson's attachments.
 */
import { z } from 'zod';
import { idSchema, queryIdSchema } from './common.ts';
import { shareIdSchema } from './course.ts';

/** What an attachment is, judged from its bytes: the kinds the upload accepts. */
export const ATTACHMENT_KINDS = ['pdf', 'slides', 'document', 'spreadsheet', 'zip', 'text'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
/** The file picker's hint only: the server decides by the bytes. */
export const ATTACHMENT_ACCEPT = '.pdf,.ppt,.pptx,.key,.odp,.doc,.docx,.xls,.xlsx,.zip,.txt,.md';
export const ATTACHMENT_LIMITS = { perLesson: 20, nameMax: 120 } as const;
/** The tus metadata a client sends with a new attachment upload (base64 values, per the tus protocol). */
export const ATTACHMENT_UPLOAD_METADATA = { filename: 'filename', lessonId: 'lessonId' } as const;
/** The header of the upload's last answer naming the attachment it became. */
export const ATTACHMENT_ID_HEADER = 'Attachment-Id';

export const attachmentSchema = z.object({
  attachmentId: z.number().int(),
  lessonId: z.number().int(),
  /** The uploaded file's name, cleaned for display (never used as a path). */
  name: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createTime: z.number(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentListSchema = z.object({ list: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

export const attachmentLessonQuery = z.object({ lessonId: queryIdSchema });
export const attachmentRenameBody = z.object({
  attachmentId: idSchema,
  name: z.string().trim().min(1, { error: '名称不能为空' }).max(ATTACHMENT_LIMITS.nameMax),
});
export const attachmentIdBody = z.object({ attachmentId: idSchema });
export const attachmentReorderBody = z.object({
  lessonId: idSchema,
  attachmentIds: z.array(idSchema).min(1).max(ATTACHMENT_LIMITS.perLesson),
});

/** A released lesson's attachments, as its viewer may see them. */
export const releasedAttachmentsQuery = z.object({ courseId: queryIdSchema, lessonId: queryIdSchema });
export const releasedAttachmentSchema = z.object({
  attachmentId: z.number().int(),
  name: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  sizeBytes: z.number().int(),
});
export type ReleasedAttachment = z.infer<typeof releasedAttachmentSchema>;
export const releasedAttachmentsSchema = z.object({
  /** Whether the viewer may download them (else names and sizes only, shown locked). */
  downloadable: z.boolean(),
  list: z.array(releasedAttachmentSchema),
});
export type ReleasedAttachments = z.infer<typeof releasedAttachmentsSchema>;

/**
 * A share's lessons' attachments (the draft's, as the share shows its lessons): names and sizes only,
 * for anyone with a live link; a share never hands out the files. The visitor's phone preview shows
 * its released lessons' names in the same shape.
 */
export const shareAttachmentsQuery = z.object({ shareId: shareIdSchema });
export const shareAttachmentsSchema = z.object({
  lessons: z.array(z.object({ lessonId: z.number().int(), list: z.array(releasedAttachmentSchema) })),
});
export type ShareAttachments = z.infer<typeof shareAttachmentsSchema>;

export const attachmentLinkBody = z.object({
  courseId: idSchema,
  lessonId: idSchema,
  attachmentId: idSchema,
});
export type AttachmentLinkBody = z.infer<typeof attachmentLinkBody>;
export const attachmentLinkSchema = z.object({
  /** The signed download address (same origin, `/api/attachment/file/<token>`). */
  url: z.string(),
  /** When it stops working (ms since 1970): ask again after. */
  expireTime: z.number(),
});
export type AttachmentLink = z.infer<typeof attachmentLinkSchema>;

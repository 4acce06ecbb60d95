import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import {
  attachmentIdBody,
  attachmentLessonQuery,
  attachmentLinkBody,
  attachmentLinkSchema,
  attachmentListSchema,
  attachmentRenameBody,
  attachmentReorderBody,
  attachmentSchema,
  releasedAttachmentsQuery,
  releasedAttachmentsSchema,
  shareAttachmentsQuery,
  shareAttachmentsSchema,
} from '../schemas/attachment.ts';

export const attachment = {
  list: endpoint({
    method: 'GET',
    path: Routes.attachment.list,
    auth: 'team',
    summary: "A draft lesson's attachments in order (another team's lesson answers 404)",
    input: attachmentLessonQuery,
    output: attachmentListSchema,
  }),
  rename: endpoint({
    method: 'POST',
    path: Routes.attachment.rename,
    auth: 'team',
    summary: 'Rename an attachment (shown to learners from the next release)',
    input: attachmentRenameBody,
    output: attachmentSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: Routes.attachment.remove,
    auth: 'team',
    summary: 'Remove an attachment from the draft (a release that lists it keeps it)',
    input: attachmentIdBody,
    output: z.null(),
  }),
  reorder: endpoint({
    method: 'POST',
    path: Routes.attachment.reorder,
    auth: 'team',
    summary: "Order a lesson's attachments",
    input: attachmentReorderBody,
    output: attachmentListSchema,
  }),
  lesson: endpoint({
    method: 'GET',
    path: Routes.attachment.lesson,
    auth: 'public',
    summary:
      "A released lesson's attachments: names and sizes for whoever may see the course, `downloadable` for whoever may read the lesson",
    input: releasedAttachmentsQuery,
    output: releasedAttachmentsSchema,
  }),
  share: endpoint({
    method: 'GET',
    path: Routes.attachment.share,
    auth: 'public',
    summary:
      "A share's lessons' attachments: names and sizes only, for anyone with a live link (a share hands out no file)",
    input: shareAttachmentsQuery,
    output: shareAttachmentsSchema,
  }),
  link: endpoint({
    method: 'POST',
    path: Routes.attachment.link,
    auth: 'public',
    summary:
      "A signed, short-lived download address of a released lesson's attachment, for whoever may read the lesson (404 otherwise)",
    input: attachmentLinkBody,
    output: attachmentLinkSchema,
  }),
};

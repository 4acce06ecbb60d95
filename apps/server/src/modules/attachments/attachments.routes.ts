import {
  attachmentIdBody,
  attachmentLessonQuery,
  attachmentLinkBody,
  attachmentLinkSchema,
  attachmentListSchema,
  attachmentRenameBody,
  attachmentReorderBody,
  attachmentSchema,
  envelope,
  queryIdSchema,
  releasedAttachmentsQuery,
  releasedAttachmentsSchema,
  Routes,
  shareAttachmentsQuery,
  shareAttachmentsSchema,
} from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf, viewerIdsOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  attachmentLink,
  openDownload,
  releasedAttachments,
  shareAttachments,
} from './attachment-downloads.service.ts';
import { receiveAttachment } from './attachment-upload.ts';
import {
  lessonAttachments,
  removeLessonAttachment,
  renameLessonAttachment,
  reorderLessonAttachments,
} from './attachments.service.ts';

const team = { auth: 'team' } as const;

export const attachmentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = (r: FastifyRequest) => viewerIdsOf(ctx, r);
    app.post(
      Routes.attachment.upload,
      {
        config: team,
        schema: {
          summary:
            'Attach a file to a lesson (multipart: field `lessonId` then field `file`; PDF, slides, documents, spreadsheets, zip, text; its type judged by its bytes)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(attachmentSchema) },
        },
      },
      async (r) => ok(await receiveAttachment(ctx, r)),
    );
    app.get(
      Routes.attachment.list,
      {
        config: team,
        schema: {
          summary: "A draft lesson's attachments in order (another team's lesson answers 404)",
          querystring: attachmentLessonQuery,
          response: { 200: envelope(attachmentListSchema) },
        },
      },
      async (r) => ok(await lessonAttachments(teamCtxOf(r), r.query.lessonId)),
    );
    app.post(
      Routes.attachment.rename,
      {
        config: team,
        schema: {
          summary: 'Rename an attachment (shown to learners from the next release)',
          body: attachmentRenameBody,
          response: { 200: envelope(attachmentSchema) },
        },
      },
      async (r) => ok(await renameLessonAttachment(teamCtxOf(r), r.body.attachmentId, r.body.name)),
    );
    app.post(
      Routes.attachment.remove,
      {
        config: team,
        schema: {
          summary: 'Remove an attachment from the draft (a release that lists it keeps it)',
          body: attachmentIdBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (r) => {
        await removeLessonAttachment(teamCtxOf(r), r.body.attachmentId);
        return ok(null);
      },
    );
    app.post(
      Routes.attachment.reorder,
      {
        config: team,
        schema: {
          summary: "Order a lesson's attachments",
          body: attachmentReorderBody,
          response: { 200: envelope(attachmentListSchema) },
        },
      },
      async (r) => ok(await reorderLessonAttachments(teamCtxOf(r), r.body.lessonId, r.body.attachmentIds)),
    );
    app.get(
      Routes.attachment.lesson,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            "A released lesson's attachments: names and sizes for whoever may see the course, `downloadable` for whoever may read the lesson",
          querystring: releasedAttachmentsQuery,
          response: { 200: envelope(releasedAttachmentsSchema) },
        },
      },
      async (r) => ok(await releasedAttachments(ctx, await viewer(r), r.query)),
    );
    app.get(
      Routes.attachment.share,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            "A share's lessons' attachments: names and sizes only, for anyone with a live link (a share hands out no file)",
          querystring: shareAttachmentsQuery,
          response: { 200: envelope(shareAttachmentsSchema) },
        },
      },
      async (r) => ok(await shareAttachments(ctx, r.query.shareId)),
    );
    app.post(
      Routes.attachment.link,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            "A signed, short-lived download address of a released lesson's attachment, for whoever may read the lesson (404 otherwise)",
          body: attachmentLinkBody,
          response: { 200: envelope(attachmentLinkSchema) },
        },
      },
      async (r) => ok(await attachmentLink(ctx, await viewer(r), r.body)),
    );
    app.get(
      Routes.attachment.open,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            'A lasting download link for pages without a session: decided for the asker, then 302 to a fresh signed address (404 otherwise)',
          querystring: z.object({
            courseId: queryIdSchema,
            lessonId: queryIdSchema,
            attachmentId: queryIdSchema,
          }),
        },
      },
      async (r, reply) => {
        const link = await attachmentLink(ctx, await viewer(r), r.query);
        return reply.header('cache-control', 'no-store').redirect(link.url, 302);
      },
    );
    app.get(
      `${Routes.attachment.file}/:token`,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'A signed download: the file as an attachment with its original name (404 once refused)',
          params: z.object({ token: z.string().max(200) }),
        },
      },
      async (r, reply) => {
        const download = await openDownload(ctx, r.params.token);
        return reply
          .header('content-type', download.contentType)
          .header('content-length', String(download.file.sizeBytes))
          .header('content-disposition', download.disposition)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(download.file.stream);
      },
    );
  };

import { queryIdSchema, Routes, endpoints } from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf, viewerIdsOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  attachmentLink,
  openDownload,
  releasedAttachments,
  shareAttachments,
} from './attachment-downloads.service.ts';
import {
  lessonAttachments,
  removeLessonAttachment,
  renameLessonAttachment,
  reorderLessonAttachments,
} from './attachments.service.ts';
import { serve } from '../../platform/endpoint.ts';

export const attachmentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = (r: FastifyRequest) => viewerIdsOf(ctx, r);
    serve(app, endpoints.attachment.list, async (r) => lessonAttachments(teamCtxOf(r), r.query.lessonId));
    serve(app, endpoints.attachment.rename, async (r) =>
      renameLessonAttachment(teamCtxOf(r), r.body.attachmentId, r.body.name),
    );
    serve(app, endpoints.attachment.remove, async (r) => {
      await removeLessonAttachment(teamCtxOf(r), r.body.attachmentId);
      return null;
    });
    serve(app, endpoints.attachment.reorder, async (r) =>
      reorderLessonAttachments(teamCtxOf(r), r.body.lessonId, r.body.attachmentIds),
    );
    serve(app, endpoints.attachment.lesson, async (r) => releasedAttachments(ctx, await viewer(r), r.query));
    serve(app, endpoints.attachment.share, async (r) => shareAttachments(ctx, r.query.shareId));
    serve(app, endpoints.attachment.link, async (r) => attachmentLink(ctx, await viewer(r), r.body));
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

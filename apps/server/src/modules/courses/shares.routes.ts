import {
  courseIdQuery,
  courseSchema,
  envelope,
  Routes,
  shareCreateBody,
  shareIdSchema,
  shareListSchema,
  shareSchema,
  shareViewSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { copyShare, createShare, listShares, revokeShare, viewShare } from './shares.service.ts';

const team = { auth: 'team' } as const;
const shareIdBody = z.object({ shareId: shareIdSchema });

export const sharesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      Routes.share.create,
      {
        config: team,
        schema: {
          summary: 'Create a share link',
          body: shareCreateBody,
          response: { 200: envelope(shareSchema) },
        },
      },
      async (r) => ok(await createShare(teamCtxOf(r), r.body)),
    );
    app.get(
      Routes.share.list,
      {
        config: team,
        schema: {
          summary: 'Share links of a course',
          querystring: courseIdQuery,
          response: { 200: envelope(shareListSchema) },
        },
      },
      async (r) => ok(await listShares(teamCtxOf(r), r.query.courseId)),
    );
    app.post(
      Routes.share.revoke,
      {
        config: team,
        schema: { summary: 'Revoke a share link', body: shareIdBody, response: { 200: envelope(z.null()) } },
      },
      async (r) => {
        await revokeShare(teamCtxOf(r), r.body.shareId);
        return ok(null);
      },
    );
    app.get(
      Routes.share.view,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            'A shared course, read-only, for anyone with the link (a paid course: free-preview lessons only; 30003 when expired or revoked)',
          querystring: shareIdBody,
          response: { 200: envelope(shareViewSchema) },
        },
      },
      async (r) => ok(await viewShare(ctx, r.query.shareId)),
    );
    app.post(
      Routes.share.copy,
      {
        config: team,
        schema: {
          summary: 'Copy a shared course into the current team (30005 for a paid course)',
          body: shareIdBody,
          response: { 200: envelope(courseSchema) },
        },
      },
      async (r) => ok(await copyShare(teamCtxOf(r), r.body.shareId)),
    );
  };

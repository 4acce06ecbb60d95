import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { copyShare, createShare, listShares, revokeShare, viewShare } from './shares.service.ts';
import { serve } from '../../platform/endpoint.ts';

export const sharesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.share.create, async (r) => createShare(teamCtxOf(r), r.body));
    serve(app, endpoints.share.list, async (r) => listShares(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.share.revoke, async (r) => {
      await revokeShare(teamCtxOf(r), r.body.shareId);
      return null;
    });
    serve(app, endpoints.share.view, async (r) => viewShare(ctx, r.query.shareId));
    serve(app, endpoints.share.copy, async (r) => copyShare(teamCtxOf(r), r.body.shareId));
  };

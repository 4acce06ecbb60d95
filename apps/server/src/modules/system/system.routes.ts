import { Code, OPS_MESSAGES, Routes, endpoints } from '@studio/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { serve } from '../../platform/endpoint.ts';

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.system.health, async () => ({ status: 'ok' as const }));

    serve(app, endpoints.system.ready, async () => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        throw new AppError(Code.SERVER_ERROR, { status: 503, msg: OPS_MESSAGES.databaseUnavailable });
      }
      return { status: 'ready' as const };
    });

    app.get(Routes.openapi, { config: { auth: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  };

import { Code, envelope, OPS_MESSAGES, Routes } from '@studio/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.health,
      {
        config: { auth: 'public', rateLimit: false },
        schema: { summary: 'Liveness', response: { 200: envelope(z.object({ status: z.literal('ok') })) } },
      },
      async () => ok({ status: 'ok' as const }),
    );

    app.get(
      Routes.ready,
      {
        config: { auth: 'public', rateLimit: false },
        schema: {
          summary: 'Readiness: the database answers',
          response: { 200: envelope(z.object({ status: z.literal('ready') })) },
        },
      },
      async () => {
        try {
          await ctx.db.execute(sql`select 1`);
        } catch {
          throw new AppError(Code.SERVER_ERROR, { status: 503, msg: OPS_MESSAGES.databaseUnavailable });
        }
        return ok({ status: 'ready' as const });
      },
    );

    app.get(Routes.openapi, { config: { auth: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  };

import { envelope, Routes, userInfoSchema, userModifyBody, userPasswordBody } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { changePassword, modifyUser, userInfo } from './account.service.ts';

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.user.info,
      {
        config: { auth: 'user' },
        schema: { summary: 'The logged-in user', response: { 200: envelope(userInfoSchema) } },
      },
      async (request) => ok(userInfo(actorOf(request))),
    );

    app.post(
      Routes.user.modify,
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Edit nickname or avatar',
          body: userModifyBody,
          response: { 200: envelope(userInfoSchema) },
        },
      },
      async (request) => ok(await modifyUser(ctx, actorOf(request), request.body)),
    );

    app.post(
      Routes.user.password,
      {
        config: { auth: 'registered', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Set or change the password',
          body: userPasswordBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await changePassword(ctx, actorOf(request), request.body.oldPassword, request.body.newPassword);
        return ok(null);
      },
    );
  };

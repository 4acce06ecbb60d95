import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { changePassword, modifyUser, userInfo } from './account.service.ts';
import { serve } from '../../platform/endpoint.ts';

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.user.info, async (request) => userInfo(actorOf(request)));

    serve(app, endpoints.user.modify, async (request) => modifyUser(ctx, actorOf(request), request.body));

    serve(app, endpoints.user.password, async (request) => {
      await changePassword(ctx, actorOf(request), request.body.oldPassword, request.body.newPassword);
      return null;
    });
  };

import { Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptFormPosts } from '../../platform/html-page.ts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { simulatorExpiredPage, simulatorPage } from './simulator-page.ts';
import { isLiveState, recordSimulatedLogin } from './wechat-states.repo.ts';

/** The built-in WeChat simulator: only mounted when WECHAT_MODE=simulator. */
export const simulatorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormPosts(app);

    app.get(
      Routes.auth.wechatSimulator,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'WeChat simulator: the phone screen',
          querystring: z.object({ state: z.string().max(128) }),
        },
      },
      async (request, reply) => {
        const live = await isLiveState(ctx.db, request.query.state);
        const html = live
          ? simulatorPage(request.query.state, `wx_${randomToken(4)}`)
          : simulatorExpiredPage();
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    app.post(
      Routes.auth.wechatSimulatorConfirm,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'WeChat simulator: confirm the login and return to /wxAuth',
          body: z.object({
            state: z.string().max(128),
            wxid: z.string().trim().min(1).max(40),
            nickName: z.string().trim().min(1).max(20),
          }),
        },
      },
      async (request, reply) => {
        const { state, wxid, nickName } = request.body;
        if (!(await isLiveState(ctx.db, state))) {
          return reply.type('text/html; charset=utf-8').send(simulatorExpiredPage());
        }
        const code = randomToken(16);
        await recordSimulatedLogin(ctx.db, state, code, `sim:${wxid}`, nickName);
        return reply.redirect(`/wxAuth?${new URLSearchParams({ code, state }).toString()}`);
      },
    );
  };

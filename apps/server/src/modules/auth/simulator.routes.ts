import { API_BASE, Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptFormPosts } from '../../platform/html-page.ts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { simulatorDonePage, simulatorExpiredPage, simulatorPage } from './simulator-page.ts';
import { findState, isLiveState, recordSimulatedLogin } from './wechat-states.repo.ts';

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
          querystring: z.object({ state: z.string().max(128), here: z.literal('1').optional() }),
        },
      },
      async (request, reply) => {
        const live = await isLiveState(ctx.db, request.query.state);
        const html = live
          ? simulatorPage(request.query.state, `wx_${randomToken(4)}`, request.query.here === '1')
          : simulatorExpiredPage();
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    app.post(
      Routes.auth.wechatSimulatorConfirm,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            'WeChat simulator: confirm the login; on the same computer return to /wxAuth, from a phone let the computer log in',
          body: z.object({
            state: z.string().max(128),
            wxid: z.string().trim().min(1).max(40),
            nickName: z.string().trim().min(1).max(20),
            here: z.literal('1').optional(),
          }),
        },
      },
      async (request, reply) => {
        const { state, wxid, nickName, here } = request.body;
        if (!(await isLiveState(ctx.db, state))) {
          return reply.type('text/html; charset=utf-8').send(simulatorExpiredPage());
        }
        const code = randomToken(16);
        await recordSimulatedLogin(ctx.db, state, code, `sim:${wxid}`, nickName);
        if (here) return reply.redirect(`/wxAuth?${new URLSearchParams({ code, state }).toString()}`);
        // A phone: the computer's page sees the confirmation (GET /auth/wechat/status) and logs in.
        return reply.redirect(
          `${API_BASE}${Routes.auth.wechatSimulatorDone}?${new URLSearchParams({ state })}`,
          303,
        );
      },
    );

    app.get(
      Routes.auth.wechatSimulatorDone,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'WeChat simulator: the phone after confirming (已在电脑上登录 once the computer is in)',
          querystring: z.object({ state: z.string().max(128) }),
        },
      },
      async (request, reply) => {
        const row = await findState(ctx.db, request.query.state);
        const html = !row?.simCode
          ? simulatorExpiredPage()
          : row.usedAt
            ? simulatorDonePage(true)
            : row.expiresAt > new Date()
              ? simulatorDonePage(false)
              : simulatorExpiredPage();
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );
  };

import { Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptFormPosts } from '../../platform/html-page.ts';
import { z } from 'zod';
import type { SandboxPaymentProvider } from '../../platform/payments/sandbox-payment.ts';
import type { AppContext } from '../../platform/context.ts';
import { findOrderAmount } from './orders.repo.ts';
import { sandboxResultPage } from './sandbox-page.ts';

/** The sandbox payer's confirm page; confirming notifies the real webhook route. Sandbox mode only. */
export const sandboxPayRoutes =
  (ctx: AppContext, sandbox: SandboxPaymentProvider): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormPosts(app);

    app.get(
      Routes.order.sandbox,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Sandbox payment: the payer’s confirm page',
          querystring: z.object({ orderNo: z.string().max(32), sig: z.string().max(128) }),
        },
      },
      async (request, reply) => {
        const { orderNo, sig } = request.query;
        const valid = await sandbox.checkPageSignature(orderNo, sig);
        return reply
          .type('text/html; charset=utf-8')
          .send(sandboxResultPage(valid ? { kind: 'confirm', orderNo, sig } : { kind: 'invalid' }));
      },
    );

    app.post(
      `${Routes.order.sandbox}/confirm`,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Sandbox payment: confirm and notify the webhook',
          body: z.object({ orderNo: z.string().max(32), sig: z.string().max(128) }),
        },
      },
      async (request, reply) => {
        const { orderNo, sig } = request.body;
        const html = (page: Parameters<typeof sandboxResultPage>[0]) =>
          reply.type('text/html; charset=utf-8').send(sandboxResultPage(page));
        if (!(await sandbox.checkPageSignature(orderNo, sig))) return html({ kind: 'invalid' });
        const amount = await findOrderAmount(ctx.db, orderNo);
        if (amount === undefined) return html({ kind: 'invalid' });
        const notification = await sandbox.buildNotification(orderNo, amount);
        // Delivered through the real webhook route, exactly as a provider's server would call it.
        const res = await app.inject({
          method: 'POST',
          url: `/api${Routes.order.notify}/${sandbox.name}`,
          headers: { 'content-type': 'application/json', ...notification.headers },
          payload: notification.body,
        });
        return html(res.statusCode === 200 ? { kind: 'paid', orderNo } : { kind: 'failed' });
      },
    );
  };

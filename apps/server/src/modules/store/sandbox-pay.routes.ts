import { Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptFormPosts } from '../../platform/html-page.ts';
import { z } from 'zod';
import type { SandboxPaymentProvider } from '../../platform/payments/sandbox-payment.ts';
import type { AppContext } from '../../platform/context.ts';
import { findOrderSummary } from './orders.repo.ts';
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
        const order = valid ? await findOrderSummary(ctx.db, orderNo) : undefined;
        return reply
          .type('text/html; charset=utf-8')
          .send(sandboxResultPage(order ? { kind: 'confirm', orderNo, sig, order } : { kind: 'invalid' }));
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
        const order = await findOrderSummary(ctx.db, orderNo);
        if (order === undefined) return html({ kind: 'invalid' });
        const notification = await sandbox.buildNotification(orderNo, order.amount);
        // Delivered through the real webhook route, exactly as a provider's server would call it.
        const res = await app.inject({
          method: 'POST',
          url: `/api${Routes.order.notify}/${sandbox.name}`,
          headers: { 'content-type': 'application/json', ...notification.headers },
          payload: notification.body,
        });
        if (res.statusCode !== 200) return html({ kind: 'failed' });
        const { data } = res.json<{ data?: { outcome?: string } }>();
        return html(
          data?.outcome === 'refunding' ? { kind: 'refunded', orderNo } : { kind: 'paid', orderNo },
        );
      },
    );
  };

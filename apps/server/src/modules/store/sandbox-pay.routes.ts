import { payMethodSchema, Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptFormPosts } from '../../platform/html-page.ts';
import { z } from 'zod';
import type { SandboxPaymentProvider } from '../../platform/payments/sandbox-payment.ts';
import type { AppContext } from '../../platform/context.ts';
import { findOrderSummary } from './orders.repo.ts';
import { sandboxCashierPage, sandboxResultPage } from './sandbox-page.ts';

/**
 * The sandbox payer's pages (sandbox mode only): the QR's confirm page, and the simulators of the
 * other methods' cashiers (`/cashier`: WeChat Pay H5 and JSAPI's pay sheet, Alipay WAP and page pay).
 * Confirming notifies the real webhook route; a simulator then returns to our order page (a path of
 * ours: nothing in the request names it), which asks the server.
 */
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

    const cashierQuery = z.object({
      orderNo: z.string().max(32),
      method: payMethodSchema,
      sig: z.string().max(128),
    });
    const cashierOrder = async (q: z.infer<typeof cashierQuery>) =>
      (await sandbox.checkCashierSignature(q.method, q.orderNo, q.sig))
        ? await findOrderSummary(ctx.db, q.orderNo)
        : undefined;

    app.get(
      `${Routes.order.sandbox}/cashier`,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Sandbox payment: the simulator of a cashier (H5, WAP, page pay) or the JSAPI pay sheet',
          querystring: cashierQuery,
        },
      },
      async (request, reply) => {
        const order = await cashierOrder(request.query);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            sandboxCashierPage(
              order ? { ...request.query, order, back: `/store/pay/${order.id}?from=pay` } : null,
            ),
          );
      },
    );

    app.post(
      `${Routes.order.sandbox}/cashier/confirm`,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Sandbox payment: pay at a simulated cashier, notify the webhook, back to the order page',
          body: cashierQuery,
        },
      },
      async (request, reply) => {
        const order = await cashierOrder(request.body);
        if (order === undefined) return reply.type('text/html; charset=utf-8').send(sandboxCashierPage(null));
        const notification = await sandbox.buildNotification(request.body.orderNo, order.amount);
        // Delivered through the real webhook route, exactly as a provider's server would call it;
        // whatever it answers, the order page asks the server what happened.
        await app.inject({
          method: 'POST',
          url: `/api${Routes.order.notify}/${sandbox.name}`,
          headers: { 'content-type': 'application/json', ...notification.headers },
          payload: notification.body,
        });
        return reply.redirect(`/store/pay/${order.id}?from=pay`, 303);
      },
    );
  };

import { Code, messageFor, Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { PaymentRejected } from '../../platform/payments/payment-provider.ts';
import { applyPaymentNotice } from './orders.service.ts';
import { sandboxResultPage } from './sandbox-page.ts';

/** The webhook every provider calls, and the sandbox's confirm page that plays the payer. */
export const paymentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Signatures cover the exact bytes sent: keep the raw body, parse after verifying.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    app.post(
      `${Routes.order.notify}/:provider`,
      {
        config: { auth: 'public', rateLimit: false },
        schema: {
          summary: 'Payment notification webhook',
          params: z.object({ provider: z.string().max(20) }),
        },
      },
      async (request) => {
        if (request.params.provider !== ctx.payments.name || typeof request.body !== 'string')
          throw new AppError(Code.NOT_FOUND, undefined, 404);
        let notice;
        try {
          notice = await ctx.payments.verifyNotification(request.headers, request.body);
        } catch (err) {
          if (!(err instanceof PaymentRejected)) throw err;
          request.log.warn(
            { payment: { provider: ctx.payments.name, reason: err.message } },
            'payment notification rejected',
          );
          throw new AppError(Code.PAYMENT_REJECTED, undefined, 400);
        }
        const outcome = await applyPaymentNotice(ctx, notice, request.log);
        if (outcome === 'amount_mismatch' || outcome === 'unknown_order')
          throw new AppError(Code.PAYMENT_REJECTED, undefined, 400);
        return { code: Code.OK, msg: messageFor(Code.OK), data: { outcome } };
      },
    );

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
        const valid = await ctx.payments.checkPageSignature(orderNo, sig);
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
        if (!(await ctx.payments.checkPageSignature(orderNo, sig))) return html({ kind: 'invalid' });
        const amount = await ctx.payments.amountOf(orderNo);
        if (amount === undefined) return html({ kind: 'invalid' });
        const notification = await ctx.payments.buildNotification(orderNo, amount);
        // Delivered through the real webhook route, exactly as a provider's server would call it.
        const res = await app.inject({
          method: 'POST',
          url: `/api${Routes.order.notify}/${ctx.payments.name}`,
          headers: { 'content-type': 'application/json', ...notification.headers },
          payload: notification.body,
        });
        return html(res.statusCode === 200 ? { kind: 'paid', orderNo } : { kind: 'failed' });
      },
    );
  };

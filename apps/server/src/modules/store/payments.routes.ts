import { Code, messageFor, Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  PaymentIgnored,
  PaymentRejected,
  verifiedPaymentNotice,
} from '../../platform/payments/payment-provider.ts';
import { applyPaymentNotice } from './orders.service.ts';

/** The webhook every payment provider calls (sandbox, WeChat Pay and Alipay alike). */
export const paymentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Signatures cover the exact bytes sent: keep the raw body, parse after verifying.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    // Alipay posts a form, signed field by field: the provider reads the raw body too.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
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
      async (request, reply) => {
        const provider = ctx.paymentProviders.get(request.params.provider);
        if (!provider || typeof request.body !== 'string')
          throw new AppError(Code.NOT_FOUND, { status: 404 });
        // Applied now or before, or nothing to apply: the provider may stop re-sending.
        const answer = (outcome: string) =>
          provider.notificationAnswer
            ? reply.type('text/plain; charset=utf-8').send(provider.notificationAnswer)
            : { code: Code.OK, msg: messageFor(Code.OK), data: { outcome } };
        let notice;
        try {
          notice = await verifiedPaymentNotice(provider, request.headers, request.body);
        } catch (err) {
          if (err instanceof PaymentIgnored) {
            request.log.info(
              { payment: { provider: provider.name, reason: err.message } },
              'payment notification ignored',
            );
            return answer('ignored');
          }
          if (!(err instanceof PaymentRejected)) throw err;
          request.log.warn(
            { payment: { provider: provider.name, reason: err.message } },
            'payment notification rejected',
          );
          throw new AppError(Code.PAYMENT_REJECTED, { status: 400 });
        }
        const outcome = await applyPaymentNotice(ctx, provider.name, notice, request.log);
        if (outcome === 'amount_mismatch' || outcome === 'unknown_order')
          throw new AppError(Code.PAYMENT_REJECTED, { status: 400 });
        return answer(outcome);
      },
    );
  };

import { Code, messageFor, Routes, endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  PaymentIgnored,
  PaymentRejected,
  verifiedRefundNotice,
} from '../../platform/payments/payment-provider.ts';
import {
  applyRefund,
  applyRefundNotice,
  approveRefund,
  listRefunds,
  refuseRefund,
} from './refunds.service.ts';
import { serve } from '../../platform/endpoint.ts';

/**
 * Refunds: the buying team asks, the selling team approves (the provider pays back) or refuses; the
 * provider's refund notification arrives at its own webhook, verified like a payment notification.
 */
export const refundRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(refundWebhook(ctx));
    serve(app, endpoints.refund.apply, async (r) => applyRefund(teamCtxOf(r), r.body));
    serve(app, endpoints.refund.list, async (r) => listRefunds(teamCtxOf(r), r.query));
    serve(app, endpoints.refund.approve, async (r) => approveRefund(teamCtxOf(r), r.body.refundId, r.log));
    serve(app, endpoints.refund.refuse, async (r) => refuseRefund(teamCtxOf(r), r.body.refundId));
  };

/** The webhook a provider calls once a refund is paid back; the signature covers the raw body. */
const refundWebhook =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    app.post(
      `${Routes.refund.notify}/:provider`,
      {
        config: { auth: 'public', rateLimit: false },
        schema: {
          summary:
            'Refund notification webhook (WeChat Pay REFUND.SUCCESS; CLOSED and ABNORMAL acknowledged, logged)',
          params: z.object({ provider: z.string().max(20) }),
        },
      },
      async (request) => {
        const provider = ctx.paymentProviders.get(request.params.provider);
        const verify = provider?.verifyRefundNotification?.bind(provider);
        if (!provider || !verify || typeof request.body !== 'string')
          throw new AppError(Code.NOT_FOUND, { status: 404 });
        let notice;
        try {
          notice = await verifiedRefundNotice(verify, request.headers, request.body);
        } catch (err) {
          if (err instanceof PaymentIgnored) {
            // A refund that failed at the provider: nothing to apply here, but a person must act.
            request.log.error(
              { refund: { provider: provider.name, reason: err.message } },
              'refund failed at the payment provider',
            );
            return { code: Code.OK, msg: messageFor(Code.OK), data: { outcome: 'ignored' } };
          }
          if (!(err instanceof PaymentRejected)) throw err;
          request.log.warn(
            { refund: { provider: provider.name, reason: err.message } },
            'refund notification rejected',
          );
          throw new AppError(Code.PAYMENT_REJECTED, { status: 400 });
        }
        const outcome = await applyRefundNotice(ctx, provider.name, notice, request.log);
        if (outcome === 'amount_mismatch' || outcome === 'unknown_refund' || outcome === 'refused')
          throw new AppError(Code.PAYMENT_REJECTED, { status: 400 });
        return { code: Code.OK, msg: messageFor(Code.OK), data: { outcome } };
      },
    );
  };

import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { teamCtxOf } from '../../platform/auth.ts';
import { createCoupon, listCoupons, previewCoupon, stopCoupon } from './coupons.service.ts';
import { serve } from '../../platform/endpoint.ts';

/** Coupons: the seller team's (OWNER/ADMIN) and the buyer's preview of a code in the cart. */
export const couponRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.coupon.create, async (r) => createCoupon(teamCtxOf(r), r.body));
    serve(app, endpoints.coupon.list, async (r) => listCoupons(teamCtxOf(r)));
    serve(app, endpoints.coupon.disable, async (r) => {
      await stopCoupon(teamCtxOf(r), r.body.couponId);
      return null;
    });
    serve(app, endpoints.coupon.preview, async (r) =>
      previewCoupon(teamCtxOf(r), r.body.code, r.body.courseIds),
    );
  };

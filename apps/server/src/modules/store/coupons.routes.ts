import {
  couponCreateBody,
  couponIdBody,
  couponListSchema,
  couponPreviewBody,
  couponPreviewSchema,
  couponSchema,
  envelope,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import { ok } from '../../platform/reply.ts';
import { createCoupon, listCoupons, previewCoupon, stopCoupon } from './coupons.service.ts';

const team = { auth: 'team' } as const;

/** Coupons: the seller team's (OWNER/ADMIN) and the buyer's preview of a code in the cart. */
export const couponRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      Routes.coupon.create,
      {
        config: team,
        schema: {
          summary: "Create a coupon for the team's courses (OWNER/ADMIN)",
          body: couponCreateBody,
          response: { 200: envelope(couponSchema) },
        },
      },
      async (r) => ok(await createCoupon(teamCtxOf(r), r.body)),
    );
    app.get(
      Routes.coupon.list,
      {
        config: team,
        schema: {
          summary: "The team's coupons with their uses (OWNER/ADMIN)",
          response: { 200: envelope(couponListSchema) },
        },
      },
      async (r) => ok(await listCoupons(teamCtxOf(r))),
    );
    app.post(
      Routes.coupon.disable,
      {
        config: team,
        schema: {
          summary: 'Stop a coupon for new orders (OWNER/ADMIN)',
          body: couponIdBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (r) => {
        await stopCoupon(teamCtxOf(r), r.body.couponId);
        return ok(null);
      },
    );
    app.post(
      Routes.coupon.preview,
      {
        config: team,
        schema: {
          summary: "What a coupon code takes off the cart's selected courses (nothing is written)",
          body: couponPreviewBody,
          response: { 200: envelope(couponPreviewSchema) },
        },
      },
      async (r) => ok(await previewCoupon(teamCtxOf(r), r.body.code, r.body.courseIds)),
    );
  };

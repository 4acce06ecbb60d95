import {
  cartAddBody,
  cartSchema,
  cartSelectBody,
  checkoutBody,
  courseIdQuery,
  envelope,
  idSchema,
  orderIdBody,
  orderIdQuery,
  orderSchema,
  pageQuerySchema,
  pageSchema,
  payBody,
  payData,
  Routes,
  storeCardSchema,
  storeChangelogSchema,
  storeCourseSchema,
  storeListPageSchema,
  storeListQuery,
  storeSuggestQuery,
  storeSuggestSchema,
  teamSalesQuery,
  teamSalesSchema,
} from '@studio/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, membershipOf, viewerOf, teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { addToCart, getCart, removeFromCart, selectInCart } from './cart.service.ts';
import { storeChangelog, storeCourse, storeListJson, storeSearch } from './catalog.service.ts';
import { cancelOrder, checkout, getOrder, listOrders, payOrder } from './orders.service.ts';
import { purchasedCourses, teamPurchases, teamSales } from './team-store.service.ts';

const team = { auth: 'team' } as const;
const cartIds = z.object({ courseIds: z.array(idSchema).min(1).max(200) });

export const storeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.store.list,
      {
        // The storefront is public: a visitor from a shared link browses before logging in.
        config: { auth: 'public' },
        schema: {
          summary: 'Released courses of all teams (no login needed)',
          querystring: storeListQuery,
          response: { 200: envelope(storeListPageSchema) },
        },
      },
      // The cached page is the response body already (see storeListJson).
      async (r, reply) =>
        (reply as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(await storeListJson(ctx, r.query)),
    );
    app.get(
      Routes.store.suggest,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Up to 8 course titles for what is typed in the store search box (pinyin too)',
          querystring: storeSuggestQuery,
          response: { 200: envelope(storeSuggestSchema) },
        },
      },
      async (r) => ok(await storeSearch(ctx).suggest(r.query.keyword)),
    );
    app.get(
      Routes.store.course,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'The buy page of a released course',
          querystring: courseIdQuery,
          response: { 200: envelope(storeCourseSchema) },
        },
      },
      async (r) => ok(await storeCourse(ctx, await viewerOf(ctx, r), r.query.courseId)),
    );
    app.get(
      Routes.store.changelog,
      {
        config: { auth: 'public' },
        schema: {
          summary: "A released course's release notes (更新日志)",
          querystring: courseIdQuery,
          response: { 200: envelope(storeChangelogSchema) },
        },
      },
      async (r) => ok(await storeChangelog(ctx, await viewerOf(ctx, r), r.query.courseId)),
    );
    app.get(
      Routes.store.purchased,
      {
        config: team,
        schema: {
          summary: "The current team's bought courses",
          querystring: pageQuerySchema,
          response: { 200: envelope(pageSchema(storeCardSchema)) },
        },
      },
      async (r) => ok(await purchasedCourses(ctx, membershipOf(r), r.query.pageNum, r.query.pageSize)),
    );
    app.get(
      Routes.store.teamSales,
      {
        config: team,
        schema: {
          summary: "Sales of the team's courses (OWNER/ADMIN)",
          querystring: teamSalesQuery,
          response: { 200: envelope(teamSalesSchema) },
        },
      },
      async (r) => ok(await teamSales(ctx, membershipOf(r), r.query.days)),
    );
    app.get(
      Routes.store.teamPurchases,
      {
        config: team,
        schema: {
          summary: "The team's paid orders (OWNER/ADMIN)",
          querystring: pageQuerySchema,
          response: { 200: envelope(pageSchema(orderSchema)) },
        },
      },
      async (r) => ok(await teamPurchases(ctx, membershipOf(r), r.query.pageNum, r.query.pageSize)),
    );
    app.get(
      Routes.cart.list,
      {
        config: team,
        schema: {
          summary: 'The cart of this user in the current team',
          response: { 200: envelope(cartSchema) },
        },
      },
      async (r) => ok(await getCart(teamCtxOf(r))),
    );
    app.post(
      Routes.cart.add,
      {
        config: team,
        schema: {
          summary: 'Add a course to the cart',
          body: cartAddBody,
          response: { 200: envelope(cartSchema) },
        },
      },
      async (r) => ok(await addToCart(teamCtxOf(r), r.body.courseId)),
    );
    app.post(
      Routes.cart.remove,
      {
        config: team,
        schema: {
          summary: 'Remove courses from the cart',
          body: cartIds,
          response: { 200: envelope(cartSchema) },
        },
      },
      async (r) => ok(await removeFromCart(teamCtxOf(r), r.body.courseIds)),
    );
    app.post(
      Routes.cart.select,
      {
        config: team,
        schema: {
          summary: 'Select or unselect cart items',
          body: cartSelectBody,
          response: { 200: envelope(cartSchema) },
        },
      },
      async (r) => ok(await selectInCart(teamCtxOf(r), r.body.courseIds, r.body.selected)),
    );
    app.post(
      Routes.order.checkout,
      {
        config: team,
        schema: {
          summary: 'Create one order from the selected cart items',
          body: checkoutBody,
          response: { 200: envelope(orderSchema) },
        },
      },
      async (r) => ok(await checkout(teamCtxOf(r), r.body.courseIds, r.body.couponCode)),
    );
    app.get(
      Routes.order.detail,
      {
        config: { auth: 'registered' },
        schema: {
          summary: "One of the user's orders",
          querystring: orderIdQuery,
          response: { 200: envelope(orderSchema) },
        },
      },
      async (r) => ok(await getOrder({ ctx, actor: actorOf(r) }, r.query.orderId, r.log)),
    );
    app.get(
      Routes.order.list,
      {
        config: { auth: 'registered' },
        schema: {
          summary: "The user's orders",
          querystring: pageQuerySchema,
          response: { 200: envelope(pageSchema(orderSchema)) },
        },
      },
      async (r) => ok(await listOrders({ ctx, actor: actorOf(r) }, r.query.pageNum, r.query.pageSize)),
    );
    app.post(
      Routes.order.pay,
      {
        config: { auth: 'registered' },
        schema: {
          summary: 'Start paying (20018 when already paid)',
          body: payBody,
          response: { 200: envelope(payData) },
        },
      },
      async (r) => {
        const result = await payOrder(
          { ctx, actor: actorOf(r) },
          r.body.orderId,
          { provider: r.body.provider, method: r.body.method },
          { userAgent: r.headers['user-agent'], ip: r.ip },
        );
        return ok(result.data, result.code);
      },
    );
    app.post(
      Routes.order.cancel,
      {
        config: { auth: 'team' },
        schema: {
          summary:
            'Cancel a pending order of the current team (its buyer or OWNER/ADMIN); frees its coupon use',
          body: orderIdBody,
          response: { 200: envelope(orderSchema) },
        },
      },
      async (r) => ok(await cancelOrder(teamCtxOf(r), r.body.orderId)),
    );
  };

import { endpoints, ordersExportQuery, Routes, salesExportQuery } from '@studio/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, membershipOf, viewerOf, teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { addToCart, getCart, removeFromCart, selectInCart } from './cart.service.ts';
import { storeChangelog, storeCourse, storeListJson, storeSearch } from './catalog.service.ts';
import { cancelOrder, checkout, getOrder, listOrders, payOrder } from './orders.service.ts';
import { purchasedCourses, teamPurchases, teamSales } from './team-store.service.ts';
import { serve, coded } from '../../platform/endpoint.ts';
import { requestLang } from '../../platform/request-lang.ts';
import { sendDownload } from '../../platform/sheet-file.ts';
import { ordersFile, salesFile } from './sales-export.ts';

export const storeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.store.list, async (r, reply) =>
      (reply as FastifyReply).type('application/json; charset=utf-8').send(await storeListJson(ctx, r.query)),
    );
    serve(app, endpoints.store.suggest, async (r) => storeSearch(ctx).suggest(r.query.keyword));
    serve(app, endpoints.store.course, async (r) =>
      storeCourse(ctx, await viewerOf(ctx, r), r.query.courseId),
    );
    serve(app, endpoints.store.changelog, async (r) =>
      storeChangelog(ctx, await viewerOf(ctx, r), r.query.courseId),
    );
    serve(app, endpoints.store.purchased, async (r) =>
      purchasedCourses(ctx, membershipOf(r), r.query.pageNum, r.query.pageSize),
    );
    serve(app, endpoints.store.teamSales, async (r) => teamSales(ctx, membershipOf(r), r.query.days));
    serve(app, endpoints.store.teamPurchases, async (r) =>
      teamPurchases(ctx, membershipOf(r), r.query.pageNum, r.query.pageSize),
    );
    // Downloads are file routes (like the question bank's export), with the screens' rights.
    app.get(
      Routes.store.teamSalesExport,
      {
        config: { auth: 'team' },
        schema: {
          summary: "The team's sales by day as .xlsx or CSV (OWNER/ADMIN)",
          querystring: salesExportQuery,
        },
      },
      async (r, reply) => {
        const file = await salesFile(ctx, membershipOf(r), r.query, requestLang(r));
        return sendDownload(reply, file);
      },
    );
    app.get(
      Routes.store.teamPurchasesExport,
      {
        config: { auth: 'team' },
        schema: {
          summary: "The team's paid orders as .xlsx or CSV (OWNER/ADMIN)",
          querystring: ordersExportQuery,
        },
      },
      async (r, reply) => {
        const file = await ordersFile(ctx, membershipOf(r), r.query, requestLang(r));
        return sendDownload(reply, file);
      },
    );
    serve(app, endpoints.cart.list, async (r) => getCart(teamCtxOf(r)));
    serve(app, endpoints.cart.add, async (r) => addToCart(teamCtxOf(r), r.body.courseId));
    serve(app, endpoints.cart.remove, async (r) => removeFromCart(teamCtxOf(r), r.body.courseIds));
    serve(app, endpoints.cart.select, async (r) =>
      selectInCart(teamCtxOf(r), r.body.courseIds, r.body.selected),
    );
    serve(app, endpoints.order.checkout, async (r) =>
      checkout(teamCtxOf(r), r.body.courseIds, r.body.couponCode),
    );
    serve(app, endpoints.order.detail, async (r) =>
      getOrder({ ctx, actor: actorOf(r) }, r.query.orderId, r.log),
    );
    serve(app, endpoints.order.list, async (r) =>
      listOrders({ ctx, actor: actorOf(r) }, r.query.pageNum, r.query.pageSize),
    );
    serve(app, endpoints.order.pay, async (r) => {
      const result = await payOrder(
        { ctx, actor: actorOf(r) },
        r.body.orderId,
        { provider: r.body.provider, method: r.body.method },
        { userAgent: r.headers['user-agent'], ip: r.ip },
      );
      return coded(result.data, result.code);
    });
    serve(app, endpoints.order.cancel, async (r) => cancelOrder(teamCtxOf(r), r.body.orderId));
  };

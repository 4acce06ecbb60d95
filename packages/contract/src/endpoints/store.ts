import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { pageQuerySchema, pageSchema } from '../schemas/common.ts';
import { courseIdQuery } from '../schemas/course.ts';
import {
  orderSchema,
  storeCardSchema,
  storeChangelogSchema,
  storeCourseSchema,
  storeListPageSchema,
  storeListQuery,
  storeSuggestQuery,
  storeSuggestSchema,
  teamSalesQuery,
  teamSalesSchema,
} from '../schemas/store.ts';

export const store = {
  // The storefront is public: a visitor from a shared link browses before logging in.
  list: endpoint({
    method: 'GET',
    path: Routes.store.list,
    auth: 'public',
    summary: 'Released courses of all teams (no login needed)',
    input: storeListQuery,
    output: storeListPageSchema,
  }),
  suggest: endpoint({
    method: 'GET',
    path: Routes.store.suggest,
    auth: 'public',
    summary: 'Up to 8 course titles for what is typed in the store search box (pinyin too)',
    input: storeSuggestQuery,
    output: storeSuggestSchema,
  }),
  course: endpoint({
    method: 'GET',
    path: Routes.store.course,
    auth: 'public',
    summary: 'The buy page of a released course',
    input: courseIdQuery,
    output: storeCourseSchema,
  }),
  changelog: endpoint({
    method: 'GET',
    path: Routes.store.changelog,
    auth: 'public',
    summary: "A released course's release notes (更新日志)",
    input: courseIdQuery,
    output: storeChangelogSchema,
  }),
  purchased: endpoint({
    method: 'GET',
    path: Routes.store.purchased,
    auth: 'team',
    summary: "The current team's bought courses",
    input: pageQuerySchema,
    output: pageSchema(storeCardSchema),
  }),
  teamSales: endpoint({
    method: 'GET',
    path: Routes.store.teamSales,
    auth: 'team',
    summary: "Sales of the team's courses (OWNER/ADMIN)",
    input: teamSalesQuery,
    output: teamSalesSchema,
  }),
  teamPurchases: endpoint({
    method: 'GET',
    path: Routes.store.teamPurchases,
    auth: 'team',
    summary: "The team's paid orders (OWNER/ADMIN)",
    input: pageQuerySchema,
    output: pageSchema(orderSchema),
  }),
};

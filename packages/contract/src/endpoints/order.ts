import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { pageQuerySchema, pageSchema } from '../schemas/common.ts';
import { checkoutBody, orderIdBody, orderIdQuery, orderSchema, payBody, payData } from '../schemas/store.ts';

export const order = {
  checkout: endpoint({
    method: 'POST',
    path: Routes.order.checkout,
    auth: 'team',
    summary: 'Create one order from the selected cart items',
    input: checkoutBody,
    output: orderSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: Routes.order.detail,
    auth: 'registered',
    summary: "One of the user's orders",
    input: orderIdQuery,
    output: orderSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: Routes.order.list,
    auth: 'registered',
    summary: "The user's orders",
    input: pageQuerySchema,
    output: pageSchema(orderSchema),
  }),
  pay: endpoint({
    method: 'POST',
    path: Routes.order.pay,
    auth: 'registered',
    summary: 'Start paying (20018 when already paid)',
    input: payBody,
    output: payData,
  }),
  cancel: endpoint({
    method: 'POST',
    path: Routes.order.cancel,
    auth: 'team',
    summary: 'Cancel a pending order of the current team (its buyer or OWNER/ADMIN); frees its coupon use',
    input: orderIdBody,
    output: orderSchema,
  }),
};

import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { idSchema } from '../schemas/common.ts';
import { cartAddBody, cartSchema, cartSelectBody } from '../schemas/store.ts';

const cartIds = z.object({ courseIds: z.array(idSchema).min(1).max(200) });

export const cart = {
  list: endpoint({
    method: 'GET',
    path: Routes.cart.list,
    auth: 'team',
    summary: 'The cart of this user in the current team',
    output: cartSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: Routes.cart.add,
    auth: 'team',
    summary: 'Add a course to the cart',
    input: cartAddBody,
    output: cartSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: Routes.cart.remove,
    auth: 'team',
    summary: 'Remove courses from the cart',
    input: cartIds,
    output: cartSchema,
  }),
  select: endpoint({
    method: 'POST',
    path: Routes.cart.select,
    auth: 'team',
    summary: 'Select or unselect cart items',
    input: cartSelectBody,
    output: cartSchema,
  }),
};

import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import {
  couponCreateBody,
  couponIdBody,
  couponListSchema,
  couponPreviewBody,
  couponPreviewSchema,
  couponSchema,
} from '../schemas/coupon.ts';

export const coupon = {
  create: endpoint({
    method: 'POST',
    path: Routes.coupon.create,
    auth: 'team',
    summary: "Create a coupon for the team's courses (OWNER/ADMIN)",
    input: couponCreateBody,
    output: couponSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: Routes.coupon.list,
    auth: 'team',
    summary: "The team's coupons with their uses (OWNER/ADMIN)",
    output: couponListSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: Routes.coupon.disable,
    auth: 'team',
    summary: 'Stop a coupon for new orders (OWNER/ADMIN)',
    input: couponIdBody,
    output: z.null(),
  }),
  preview: endpoint({
    method: 'POST',
    path: Routes.coupon.preview,
    auth: 'team',
    summary: "What a coupon code takes off the cart's selected courses (nothing is written)",
    input: couponPreviewBody,
    output: couponPreviewSchema,
  }),
};

import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { pageSchema } from '../schemas/common.ts';
import { refundApplyBody, refundIdBody, refundListQuery, refundSchema } from '../schemas/store.ts';

export const refund = {
  apply: endpoint({
    method: 'POST',
    path: Routes.refund.apply,
    auth: 'team',
    summary: 'Ask for a refund of one course of a paid order (buying team OWNER/ADMIN)',
    input: refundApplyBody,
    output: refundSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: Routes.refund.list,
    auth: 'team',
    summary: "The current team's refunds: asked by it (buyer) or of it (seller); OWNER/ADMIN",
    input: refundListQuery,
    output: pageSchema(refundSchema),
  }),
  approve: endpoint({
    method: 'POST',
    path: Routes.refund.approve,
    auth: 'team',
    summary: 'Approve a refund of a course of the team: the provider pays back (seller OWNER/ADMIN)',
    input: refundIdBody,
    output: refundSchema,
  }),
  refuse: endpoint({
    method: 'POST',
    path: Routes.refund.refuse,
    auth: 'team',
    summary: 'Refuse a refund of a course of the team (seller OWNER/ADMIN)',
    input: refundIdBody,
    output: refundSchema,
  }),
};

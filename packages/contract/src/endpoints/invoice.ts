import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { pageSchema } from '../schemas/common.ts';
import { invoiceApplyBody, invoiceListQuery, invoiceSchema } from '../schemas/store.ts';

export const invoice = {
  apply: endpoint({
    method: 'POST',
    path: Routes.invoice.apply,
    auth: 'team',
    summary: 'Ask for the invoices of a paid order, one per seller team (buying team OWNER/ADMIN)',
    input: invoiceApplyBody,
    output: z.array(invoiceSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: Routes.invoice.list,
    auth: 'team',
    summary: "The current team's invoices: asked by it (buyer) or of it (seller); OWNER/ADMIN",
    input: invoiceListQuery,
    output: pageSchema(invoiceSchema),
  }),
  issue: endpoint({
    method: 'POST',
    path: Routes.invoice.issue,
    auth: 'team',
    summary: 'Issue an invoice: multipart, field `invoiceId` then field `file` (a PDF); seller OWNER/ADMIN',
    output: invoiceSchema,
    multipart: true,
  }),
};

import {
  envelope,
  invoiceApplyBody,
  invoiceIdQuery,
  invoiceListQuery,
  invoiceSchema,
  pageSchema,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalidInput, invalidInputText } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';
import { applyInvoice, invoicePdf, issueInvoice, listInvoices } from './invoices.service.ts';

const team = { auth: 'team' } as const;

/** Invoices (发票): the buying team asks with title, tax id and email; the selling team uploads the PDF. */
export const invoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      Routes.invoice.apply,
      {
        config: team,
        schema: {
          summary: 'Ask for the invoices of a paid order, one per seller team (buying team OWNER/ADMIN)',
          body: invoiceApplyBody,
          response: { 200: envelope(z.array(invoiceSchema)) },
        },
      },
      async (r) => ok(await applyInvoice(teamCtxOf(r), r.body)),
    );
    app.get(
      Routes.invoice.list,
      {
        config: team,
        schema: {
          summary: "The current team's invoices: asked by it (buyer) or of it (seller); OWNER/ADMIN",
          querystring: invoiceListQuery,
          response: { 200: envelope(pageSchema(invoiceSchema)) },
        },
      },
      async (r) => ok(await listInvoices(teamCtxOf(r), r.query)),
    );
    app.post(
      Routes.invoice.issue,
      {
        config: team,
        schema: {
          summary:
            'Issue an invoice: multipart, field `invoiceId` then field `file` (a PDF); seller OWNER/ADMIN',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(invoiceSchema) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw invalidInput('file', 'multipartRequired');
        let invoiceId: number | null = null;
        for await (const part of request.parts({
          limits: { fileSize: ctx.config.UPLOAD_MAX_BYTES, files: 1 },
        })) {
          if (part.type === 'field') {
            if (part.fieldname !== 'invoiceId') continue;
            const parsed = invoiceIdQuery.safeParse({ invoiceId: part.value });
            if (!parsed.success) throw invalidInputText('invoiceId', parsed.error.issues[0]!.message);
            invoiceId = parsed.data.invoiceId;
            continue;
          }
          if (invoiceId === null) throw invalidInput('invoiceId', 'invalid');
          const body = await part.toBuffer(); // throws 413 past UPLOAD_MAX_BYTES
          return ok(await issueInvoice(teamCtxOf(request), invoiceId, body));
        }
        throw invalidInput('file', 'fileMissing');
      },
    );
    app.get(
      Routes.invoice.download,
      {
        config: team,
        schema: {
          summary: 'Download an issued invoice (PDF), buying or selling team',
          querystring: invoiceIdQuery,
        },
      },
      async (r, reply) => {
        const { file, orderId } = await invoicePdf(teamCtxOf(r), r.query.invoiceId);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${orderId}-${r.query.invoiceId}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  };

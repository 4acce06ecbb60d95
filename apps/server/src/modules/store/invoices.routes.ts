import { invoiceIdQuery, Routes, endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalidInput, invalidInputText } from '../../platform/errors.ts';
import { applyInvoice, invoicePdf, issueInvoice, listInvoices } from './invoices.service.ts';
import { serve } from '../../platform/endpoint.ts';

const team = { auth: 'team' } as const;

/** Invoices (发票): the buying team asks with title, tax id and email; the selling team uploads the PDF. */
export const invoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.invoice.apply, async (r) => applyInvoice(teamCtxOf(r), r.body));
    serve(app, endpoints.invoice.list, async (r) => listInvoices(teamCtxOf(r), r.query));
    serve(app, endpoints.invoice.issue, async (request) => {
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
        return issueInvoice(teamCtxOf(request), invoiceId, body);
      }
      throw invalidInput('file', 'fileMissing');
    });
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

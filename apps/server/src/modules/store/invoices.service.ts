import { Code, type Invoice, type InvoiceApply, type Page, type InvoiceListQuery } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import type { StoredFile } from '../../platform/storage/file-storage.ts';
import { storePrivatePdf } from '../files/index.ts';
import { needsPayment } from './pricing.ts';
import {
  findInvoiceViews,
  findTeamInvoice,
  insertInvoices,
  findSellerInvoice,
  markIssued,
  orderSellerTotals,
  pageInvoices,
  type InvoiceView,
} from './invoices.repo.ts';
import { lockTeamOrder } from './refunds.repo.ts';

const toInvoice = (v: InvoiceView): Invoice => ({
  invoiceId: v.invoice.id,
  orderId: v.invoice.orderId,
  orderNo: v.orderNo,
  amount: v.invoice.amount,
  title: v.invoice.title,
  taxId: v.invoice.taxId,
  email: v.invoice.email,
  status: v.invoice.status,
  buyerTeamName: v.buyerTeamName,
  sellerTeamName: v.sellerTeamName,
  createTime: v.invoice.createdAt.getTime(),
  issueTime: v.invoice.issuedAt ? v.invoice.issuedAt.getTime() : null,
});

/**
 * The buying team's OWNER/ADMIN asks for an invoice of a paid order: one per seller team in it, for
 * what that team sold (refunded lines left out). Asking again answers 40201; another team's order 404.
 */
export async function applyInvoice(c: TeamCtx, body: InvoiceApply): Promise<Invoice[]> {
  authorize(c, 'invoice.request');
  const teamId = c.membership.team.id;
  const ids = await c.ctx.db.transaction(async (tx) => {
    const order = await lockTeamOrder(tx, teamId, body.orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    // A free order (or one refunded in full) has no money to invoice.
    const owed = (await orderSellerTotals(tx, order.id)).filter((s) => needsPayment(s.amount));
    if (order.status !== 'paid' || owed.length === 0) throw new AppError(Code.ORDER_NOT_PAID);
    const inserted = await insertInvoices(
      tx,
      owed.map((s) => ({
        orderId: order.id,
        buyerTeamId: teamId,
        sellerTeamId: s.sellerTeamId,
        requestedBy: c.actor.user.id,
        amount: s.amount,
        title: body.title,
        taxId: body.taxId,
        email: body.email,
      })),
    );
    if (inserted.length === 0) throw new AppError(Code.INVOICE_EXISTS);
    return inserted;
  });
  return (await findInvoiceViews(c.ctx.db, ids)).map(toInvoice);
}

export async function listInvoices(c: TeamCtx, q: InvoiceListQuery): Promise<Page<Invoice>> {
  authorize(c, 'invoice.view');
  const { rows, total } = await pageInvoices(
    c.ctx.db,
    q.side,
    c.membership.team.id,
    q.orderId,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  return { list: rows.map(toInvoice), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The seller team issues an invoice by uploading its PDF (the bytes must be a PDF); once only. */
export async function issueInvoice(c: TeamCtx, invoiceId: number, pdf: Buffer): Promise<Invoice> {
  authorize(c, 'invoice.issue');
  const sellerTeamId = c.membership.team.id;
  const found = await findSellerInvoice(c.ctx.db, sellerTeamId, invoiceId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  if (found.status === 'issued') throw new AppError(Code.INVOICE_ALREADY_ISSUED);
  const key = await storePrivatePdf(c.ctx, 'invoice', pdf);
  if (!key) throw new AppError(Code.INVOICE_NOT_PDF);
  // Two uploads at once: the first to mark it issued wins; the other's file is left unused.
  if (!(await markIssued(c.ctx.db, invoiceId, key))) throw new AppError(Code.INVOICE_ALREADY_ISSUED);
  await c.ctx.domainEvents.publish(c.ctx.db, {
    type: 'invoice.issued',
    teamId: found.buyerTeamId,
    userId: found.requestedBy,
    invoiceId,
    orderId: found.orderId,
    title: found.title,
  });
  return toInvoice((await findInvoiceViews(c.ctx.db, [invoiceId]))[0]!);
}

/** The issued PDF, for the buying or the selling team; another team's invoice answers 404. */
export async function invoicePdf(
  c: TeamCtx,
  invoiceId: number,
): Promise<{ file: StoredFile; orderId: number }> {
  authorize(c, 'invoice.view');
  const found = await findTeamInvoice(c.ctx.db, c.membership.team.id, invoiceId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  if (found.status !== 'issued' || !found.fileKey) throw new AppError(Code.INVOICE_NOT_ISSUED);
  const file = await c.ctx.storage.get(found.fileKey);
  if (!file) throw new AppError(Code.NOT_FOUND);
  return { file, orderId: found.orderId };
}

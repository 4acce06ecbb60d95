import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes } from '@studio/contract/constants';
import type { InvoiceApply, PageQuery } from '@studio/contract';
import { api } from '../../../lib/request.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { call } from '../../../lib/call.ts';

export type InvoiceSide = 'buyer' | 'seller';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (teamId: number | undefined, side: InvoiceSide, query: PageQuery & { orderId?: number }) =>
    ['invoices', teamId, side, query] as const,
};

/** Invoices (发票): the buying team asks, the selling team issues a PDF, both download it. */
export const invoiceApi = {
  apply: (body: InvoiceApply) => call.post(Routes.invoice.apply, body),
  list: (side: InvoiceSide, query: PageQuery & { orderId?: number }) =>
    call.get(Routes.invoice.list, { side, ...query }),
  /** Multipart: `invoiceId` first, then the PDF (the server reads the fields in order). */
  issue: ({ invoiceId, file }: { invoiceId: number; file: Blob }) => {
    const form = new FormData();
    form.append('invoiceId', String(invoiceId));
    form.append('file', file);
    return call.post(Routes.invoice.issue, form);
  },
  /** The PDF, through the client (it needs the token header); a failure answers the envelope. */
  download: (invoiceId: number) => api.download(Routes.invoice.download, { params: { invoiceId } }),
};

/** The current team's invoices on one side, of one order when `orderId` is given (OWNER/ADMIN). */
export const useInvoices = (side: InvoiceSide, query: PageQuery & { orderId?: number }, enabled = true) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: invoiceKeys.list(teamId, side, query),
    queryFn: () => invoiceApi.list(side, query),
    enabled: enabled && teamId !== undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

/** An invoice asked or issued: every invoice list is asked again. */
export const useInvoiceMutation = <V, R>(call: (vars: V) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
};

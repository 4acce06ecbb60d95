import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes } from '@studio/contract/constants';
import type { PageQuery, Refund, RefundApply } from '@studio/contract';
import { useTeamId } from '../../../lib/current-team.ts';
import { call } from '../../../lib/call.ts';

export type RefundSide = 'buyer' | 'seller';

export const refundKeys = {
  all: ['refunds'] as const,
  list: (teamId: number | undefined, side: RefundSide, query: PageQuery) =>
    ['refunds', teamId, side, query] as const,
};

/** Refunds: the buying team asks, the selling team approves or refuses. */
export const refundApi = {
  apply: (body: RefundApply) => call.post(Routes.refund.apply, body),
  list: (side: RefundSide, query: PageQuery) => call.get(Routes.refund.list, { side, ...query }),
  approve: (refundId: number) => call.post(Routes.refund.approve, { refundId }),
  refuse: (refundId: number) => call.post(Routes.refund.refuse, { refundId }),
};

/** The current team's refunds on one side (OWNER/ADMIN; the caller passes `enabled`). */
export const useRefunds = (side: RefundSide, query: PageQuery, enabled = true) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: refundKeys.list(teamId, side, query),
    queryFn: () => refundApi.list(side, query),
    enabled: enabled && teamId !== undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

/**
 * A refund asked, approved or refused: both sides' lists are asked again, and the store's views too
 * (a paid-back course leaves the buyer's bought courses and the seller's sales).
 */
export const useRefundMutation = <V>(call: (vars: V) => Promise<Refund>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: refundKeys.all });
      void client.invalidateQueries({ queryKey: ['store'] });
    },
  });
};

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes } from '@studio/contract/constants';
import type { CouponCreateBody } from '@studio/contract';
import { useTeamId } from '../../lib/current-team.ts';
import { call } from '../../lib/call.ts';

/** The seller team's coupons (OWNER/ADMIN). */
export const couponApi = {
  list: () => call.get(Routes.coupon.list),
  create: (body: CouponCreateBody) => call.post(Routes.coupon.create, body),
  disable: (couponId: number) => call.post(Routes.coupon.disable, { couponId }),
};

const couponsKey = (teamId: number | undefined) => ['coupons', teamId] as const;

export const useCoupons = () => {
  const teamId = useTeamId();
  return useQuery({ queryKey: couponsKey(teamId), queryFn: couponApi.list, enabled: teamId !== undefined });
};

/** Creating or stopping a coupon asks for the list again. */
export const useCouponMutation = <V, R>(call: (vars: V) => Promise<R>) => {
  const client = useQueryClient();
  const teamId = useTeamId();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey(teamId) }),
  });
};

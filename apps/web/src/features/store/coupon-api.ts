import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes } from '@studio/contract/constants';
import type { Coupon, CouponCreateBody } from '@studio/contract';
import { api, unwrap } from '../../lib/request.ts';
import { useTeamId } from '../teams/current-team.ts';

/** The seller team's coupons (OWNER/ADMIN). */
export const couponApi = {
  list: () => api.get<{ list: Coupon[] }>(Routes.coupon.list).then(unwrap),
  create: (body: CouponCreateBody) => api.post<Coupon>(Routes.coupon.create, body).then(unwrap),
  disable: (couponId: number) => api.post<null>(Routes.coupon.disable, { couponId }).then(unwrap),
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

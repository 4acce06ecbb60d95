import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes } from '@studio/contract/constants';
import type { Cart, PageQuery, PayMethod } from '@studio/contract';
import type { AxiosRequestConfig } from 'axios';
import { useTeamId } from '../../lib/current-team.ts';
import { storeKeys } from './store-api.ts';
import { call, callEnvelope } from '../../lib/call.ts';

export type CheckoutVars = { courseIds?: number[]; couponCode?: string };

/** The cart, checkout, orders and payment calls. */
export const orderApi = {
  cart: () => call.get(Routes.cart.list),
  add: (courseId: number, config?: AxiosRequestConfig) => call.post(Routes.cart.add, { courseId }, config),
  remove: (courseIds: number[]) => call.post(Routes.cart.remove, { courseIds }),
  select: (courseIds: number[], selected: boolean) => call.post(Routes.cart.select, { courseIds, selected }),
  /** `courseIds`: exactly these of the cart (else the selected ones); the server applies the coupon. */
  checkout: ({ courseIds, couponCode }: CheckoutVars = {}) =>
    call.post(Routes.order.checkout, { courseIds, couponCode }),
  /** What a coupon code takes off the selected courses; its refusal is shown by the field, not a notice. */
  couponPreview: (code: string, courseIds: number[], config?: AxiosRequestConfig) =>
    call.post(Routes.coupon.preview, { code, courseIds }, { ...config, silent: true }),
  detail: (orderId: number, config?: AxiosRequestConfig) =>
    call.get(Routes.order.detail, { orderId }, config),
  list: (query: PageQuery) => call.get(Routes.order.list, query),
  /**
   * Resolves with the envelope: 20018 (a success code) means the order is paid already. `provider`:
   * the provider the buyer chose (else the order's own); `method`: one of the answer's `methods`
   * (the server reads where the buyer is and offers that place's methods).
   */
  pay: (orderId: number, config?: AxiosRequestConfig, provider?: string, method?: PayMethod) =>
    callEnvelope.post(
      Routes.order.pay,
      { orderId, ...(provider ? { provider } : {}), ...(method ? { method } : {}) },
      config,
    ),
  /** Cancels a pending order of the current team (its buyer, or OWNER/ADMIN). */
  cancel: (orderId: number) => call.post(Routes.order.cancel, { orderId }),
};

/** 取消订单: the order, the lists and the pay page read it again (its coupon and courses are free again). */
export const useCancelOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: orderApi.cancel,
    onSuccess: (order) => {
      client.setQueryData(storeKeys.order(order.orderId), order);
      void client.invalidateQueries({ queryKey: storeKeys.all });
    },
  });
};

/** One order of the user (交易信息 opens it by the address's `orderId`). */
export const useOrder = (orderId: number | null) =>
  useQuery({
    queryKey: storeKeys.order(orderId ?? 0),
    queryFn: () => orderApi.detail(orderId!, { silent: true }),
    enabled: orderId !== null,
  });

export const useCart = (enabled = true) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: storeKeys.cart(teamId),
    queryFn: orderApi.cart,
    enabled: enabled && teamId !== undefined,
  });
};

/** Cart changes answer with the whole cart: it replaces the cached one; buy pages learn `inCart`. */
export const useCartMutation = <V>(call: (vars: V) => Promise<Cart>) => {
  const client = useQueryClient();
  const teamId = useTeamId();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => {
      client.setQueryData(storeKeys.cart(teamId), cart);
      void client.invalidateQueries({ queryKey: ['store', teamId, 'course'] });
    },
  });
};

/** Checkout: the order leaves the cart, so the cart and the buy pages are asked again. */
export const useCheckout = () => {
  const client = useQueryClient();
  const teamId = useTeamId();
  return useMutation({
    mutationFn: (vars: CheckoutVars) => orderApi.checkout(vars),
    onSuccess: (order) => {
      client.setQueryData(storeKeys.order(order.orderId), order);
      void client.invalidateQueries({ queryKey: ['store', teamId] });
    },
  });
};

export const useOrders = (query: PageQuery) =>
  useQuery({
    queryKey: storeKeys.orders(query),
    queryFn: () => orderApi.list(query),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The cart's coupon, priced by the server for the selected courses (asked again when they change). */
export const useCouponPreview = (code: string | null, courseIds: number[]) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: [...storeKeys.cart(teamId), 'coupon', code, courseIds] as const,
    queryFn: ({ signal }) => orderApi.couponPreview(code!, courseIds, { signal }),
    enabled: code !== null && courseIds.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
};

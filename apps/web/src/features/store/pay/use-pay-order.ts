import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code } from '@studio/contract/constants';
import type { PayMethod } from '@studio/contract';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { orderApi } from '../order-api.ts';
import { storeKeys } from '../store-api.ts';
import { payView, pollInterval } from './pay-status.ts';

/** The clock, ticking every second while `active` (the countdown); still otherwise. */
export const useNow = (active: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
};

/**
 * The pay page's state: the order, polled every 2 s while it is pending (until it is paid, expires
 * or the page closes), and the payment QR, started once the order is known to be pending (again
 * with the method the buyer chooses, when several are offered).
 */
export const usePayOrder = (orderId: number) => {
  const client = useQueryClient();
  const valid = Number.isInteger(orderId) && orderId > 0;
  const order = useQuery({
    queryKey: storeKeys.order(orderId),
    queryFn: () => orderApi.detail(orderId, { silent: true }),
    enabled: valid,
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data, Date.now()),
  });
  const status = order.data?.status;
  const refreshOrder = () => client.invalidateQueries({ queryKey: storeKeys.order(orderId) });

  // The payment method the buyer picked (WeChat Pay / Alipay when both are offered); else the order's.
  const [provider, choose] = useState<string | undefined>(undefined);
  // The method picked among those the server offers for where the buyer is; else the place's first.
  const [method, chooseMethod] = useState<PayMethod | undefined>(undefined);
  const pay = useQuery({
    queryKey: [...storeKeys.pay(orderId), provider ?? '', method ?? ''],
    queryFn: async () => {
      try {
        const answer = await orderApi.pay(orderId, { silent: true }, provider, method);
        // 20018: paid meanwhile (another tab, a late webhook): the order tells the rest.
        if (answer.code === Code.ORDER_ALREADY_PAID) void refreshOrder();
        return answer.data;
      } catch (error) {
        if (isApiError(error) && error.code === Code.ORDER_EXPIRED) void refreshOrder();
        throw error;
      }
    },
    enabled: status === 'pending',
    staleTime: Infinity,
    // Switching the method keeps the choices on screen (the old QR is hidden while the new one comes).
    placeholderData: keepPreviousData,
  });

  const now = useNow(status === 'pending');
  const view = order.data ? payView(order.data, now) : undefined;

  useEffect(() => {
    // Paid: the cart, the buy pages (now owned) and the purchased list change.
    if (status !== 'paid') return;
    void client.invalidateQueries({
      queryKey: storeKeys.all,
      predicate: (query) => query.queryKey[1] !== 'order' && query.queryKey[1] !== 'pay',
    });
  }, [status, client]);

  return { order, pay, view, now, refreshOrder, provider, choose, method, chooseMethod };
};

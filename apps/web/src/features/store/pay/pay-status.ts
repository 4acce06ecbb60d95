import type { Order, OrderStatus } from '@studio/contract';

/** How often the pay page asks for the order's status. */
export const POLL_MS = 2000;
/** After the countdown ends, the page keeps asking this long: a payment made at the last second still lands. */
export const POLL_GRACE_MS = 10_000;

/** Milliseconds left to pay, never negative. */
export const remainingMs = (expireTime: number, now: number): number => Math.max(0, expireTime - now);

/** A countdown as mm:ss (whole seconds, rounded up so 00:00 means the time is really up). */
export const formatCountdown = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
};

/**
 * What the pay page shows. A pending order whose time is up reads as expired at once; the server
 * says the same on its next answer.
 */
export const payView = (order: Order, now: number): OrderStatus =>
  order.status === 'pending' && now >= order.expireTime ? 'expired' : order.status;

/**
 * The polling interval for the order's status: every POLL_MS while it is pending and not long past
 * its expiry; false (stop) once it is paid, expired or closed. Bounded by the 15-minute order life.
 */
export const pollInterval = (order: Order | undefined, now: number): number | false => {
  if (!order || order.status !== 'pending') return false;
  return now <= order.expireTime + POLL_GRACE_MS ? POLL_MS : false;
};

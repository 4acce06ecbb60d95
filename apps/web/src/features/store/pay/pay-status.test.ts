import type { Order } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { orderLine, order as orderFixture } from '../../../test/fixtures.ts';
import { formatCountdown, payView, POLL_GRACE_MS, POLL_MS, pollInterval, remainingMs } from './pay-status.ts';

const NOW = 1_700_000_000_000;
const order = (over: Partial<Order> = {}) =>
  orderFixture(
    {
      orderNo: '20250101000000000001',
      items: [orderLine({ courseId: 1 })],
      ...over,
    },
    NOW,
  );

describe('countdown', () => {
  it('formats mm:ss, rounding partial seconds up and never going below zero', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });

  it('counts the time left to the expiry', () => {
    expect(remainingMs(NOW + 90_000, NOW)).toBe(90_000);
    expect(remainingMs(NOW - 1, NOW)).toBe(0);
  });
});

describe('pay page status', () => {
  it('reads a pending order as expired once its time is up', () => {
    expect(payView(order(), NOW)).toBe('pending');
    expect(payView(order(), NOW + 15 * 60_000)).toBe('expired');
    expect(payView(order({ status: 'paid', payTime: NOW }), NOW + 60 * 60_000)).toBe('paid');
    expect(payView(order({ status: 'closed' }), NOW)).toBe('closed');
  });

  it('polls every 2 s while pending, and stops when paid, expired, closed or long past expiry', () => {
    expect(pollInterval(order(), NOW)).toBe(POLL_MS);
    expect(POLL_MS).toBe(2000);
    expect(pollInterval(order(), NOW + 15 * 60_000 + POLL_GRACE_MS)).toBe(POLL_MS);
    expect(pollInterval(order(), NOW + 15 * 60_000 + POLL_GRACE_MS + 1)).toBe(false);
    expect(pollInterval(order({ status: 'paid', payTime: NOW }), NOW)).toBe(false);
    expect(pollInterval(order({ status: 'expired' }), NOW)).toBe(false);
    expect(pollInterval(order({ status: 'closed' }), NOW)).toBe(false);
    expect(pollInterval(undefined, NOW)).toBe(false);
  });
});

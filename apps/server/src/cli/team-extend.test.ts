import { describe, expect, it } from 'vitest';
import { extendedExpiry } from './team-extend.ts';

describe('team:extend', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('extends from now when the team has expired or never had an expiry', () => {
    expect(extendedExpiry(new Date('2026-01-01T00:00:00Z'), 30, now)?.toISOString()).toBe(
      '2026-12-22T00:00:00.000Z',
    );
    expect(extendedExpiry(null, 1, now)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
  it('extends from the current expiry when it is still in the future, and clears with never', () => {
    expect(extendedExpiry(new Date('2026-12-01T00:00:00Z'), 10, now)?.toISOString()).toBe(
      '2026-12-11T00:00:00.000Z',
    );
    expect(extendedExpiry(new Date('2026-12-01T00:00:00Z'), 'never', now)).toBeNull();
  });
});

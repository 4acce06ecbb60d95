/**
 * A user's membership of a team, as the platform's session resolution and policy see it. The teams
 * module reads and writes memberships; the type and the expiry rule live here so that platform code
 * never imports a module.
 */
import type { TeamRole } from '@studio/contract';
import type { TeamRow } from '../db/schema.ts';

export type Membership = { team: TeamRow; role: TeamRole };

/** A team whose expiry date has passed is read-only (see policy.ts); `null` never expires. */
export const isExpired = (expireDate: Date | null, now = Date.now()): boolean =>
  expireDate !== null && expireDate.getTime() <= now;

/** The teams module's side of a user's current team, for auth's UserInfo (eslint: through a service). */
import type { LastTeam } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { toLastTeam } from './team.presenter.ts';
import { findMembership } from './teams.repo.ts';

export { toLastTeam };

/** The user's lastTeam while it is still a membership; null once they left or were removed. */
export async function currentLastTeam(db: Db, user: UserRow): Promise<LastTeam | null> {
  if (!user.lastTeamId) return null;
  const membership = await findMembership(db, user.id, user.lastTeamId);
  return membership ? toLastTeam(membership) : null;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** `userId:teamId` of the pairs that are still memberships: one query for every open live connection. */
export async function heldMemberships(
  db: Db,
  pairs: readonly { userId: number; teamId: number }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  // Array literals of integers: sent as one parameter each.
  const users = `{${pairs.map((p) => p.userId).join(',')}}`;
  const teams = `{${pairs.map((p) => p.teamId).join(',')}}`;
  const { rows } = await db.execute<{ user_id: number; team_id: number }>(sql`
    select m.user_id, m.team_id
      from unnest(${users}::int[], ${teams}::int[]) as p(user_id, team_id)
      join team_members m on m.user_id = p.user_id and m.team_id = p.team_id`);
  return new Set(rows.map((r) => `${r.user_id}:${r.team_id}`));
}

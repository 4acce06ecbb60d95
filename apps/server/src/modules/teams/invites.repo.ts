import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TeamRole } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { teamInvites, teams, users } from '../../db/schema.ts';

export async function insertInvite(
  db: Db,
  row: {
    teamId: number;
    token: string;
    role: TeamRole;
    expiresAt: Date;
    maxUses: number | null;
    createdBy: number;
  },
): Promise<void> {
  await db.insert(teamInvites).values(row);
}

/** Takes one use of a live invite atomically; undefined when it is unknown, expired or used up. */
export async function takeInviteUse(
  db: Db,
  token: string,
): Promise<{ teamId: number; role: TeamRole } | undefined> {
  const rows = await db
    .update(teamInvites)
    .set({ uses: sql`${teamInvites.uses} + 1` })
    .where(
      and(
        eq(teamInvites.token, token),
        gt(teamInvites.expiresAt, new Date()),
        or(isNull(teamInvites.maxUses), lt(teamInvites.uses, teamInvites.maxUses)),
      ),
    )
    .returning({ teamId: teamInvites.teamId, role: teamInvites.role });
  const row = rows[0];
  return row ? { teamId: row.teamId, role: row.role as TeamRole } : undefined;
}

export async function giveBackInviteUse(db: Db, token: string): Promise<void> {
  await db
    .update(teamInvites)
    .set({ uses: sql`greatest(${teamInvites.uses} - 1, 0)` })
    .where(eq(teamInvites.token, token));
}

export async function findTeamByCode(db: Db, teamCode: string) {
  const rows = await db.select().from(teams).where(eq(teams.teamCode, teamCode.toUpperCase()));
  return rows[0];
}

/** The team an invite token points at, whatever its state (a member re-opening a spent link is not an error). */
export async function findInviteTeamId(db: Db, token: string): Promise<number | undefined> {
  const rows = await db
    .select({ teamId: teamInvites.teamId })
    .from(teamInvites)
    .where(eq(teamInvites.token, token));
  return rows[0]?.teamId;
}

/** A live invite link (not expired, not used up) with its team and who made it. */
export async function findLiveInvite(db: Db, token: string) {
  const [row] = await db
    .select({
      role: teamInvites.role,
      expiresAt: teamInvites.expiresAt,
      team: teams,
      inviterName: users.nickName,
    })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .innerJoin(users, eq(users.id, teamInvites.createdBy))
    .where(
      and(
        eq(teamInvites.token, token),
        gt(teamInvites.expiresAt, new Date()),
        or(isNull(teamInvites.maxUses), lt(teamInvites.uses, teamInvites.maxUses)),
      ),
    );
  return row;
}

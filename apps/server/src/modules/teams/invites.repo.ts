import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TeamRole } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { teamInvites, teams, userNames } from '../../db/schema.ts';

/** A link that still works: not revoked, not expired, not used up. */
const live = () =>
  and(
    isNull(teamInvites.revokedAt),
    gt(teamInvites.expiresAt, new Date()),
    or(isNull(teamInvites.maxUses), lt(teamInvites.uses, teamInvites.maxUses)),
  );

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
    .where(and(eq(teamInvites.token, token), live()))
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
      inviterName: userNames.nickName,
    })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .innerJoin(userNames, eq(userNames.id, teamInvites.createdBy))
    .where(and(eq(teamInvites.token, token), live()));
  return row;
}

/** The team's links, newest first (the last 50), with who made each. */
export async function listTeamInvites(db: Db, teamId: number) {
  return db
    .select({ invite: teamInvites, creatorName: userNames.nickName })
    .from(teamInvites)
    .innerJoin(userNames, eq(userNames.id, teamInvites.createdBy))
    .where(eq(teamInvites.teamId, teamId))
    .orderBy(desc(teamInvites.id))
    .limit(50);
}

/** Revokes one of the team's links (again: no change); false when the team has no such link. */
export async function revokeTeamInvite(db: Db, teamId: number, inviteId: number): Promise<boolean> {
  const rows = await db
    .update(teamInvites)
    .set({ revokedAt: sql`coalesce(${teamInvites.revokedAt}, now())` })
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.teamId, teamId)))
    .returning({ id: teamInvites.id });
  return rows.length === 1;
}

import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { TeamRole } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { Membership } from '../../platform/membership.ts';
import { teamMembers, teams, type TeamRow } from '../../db/schema.ts';

export type MembershipWithCount = Membership & { memberCount: number };

export async function findMembership(
  db: Db,
  userId: number,
  teamId: number,
): Promise<Membership | undefined> {
  const rows = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)));
  const row = rows[0];
  return row ? { team: row.team, role: row.role as TeamRole } : undefined;
}

export async function listMemberships(db: Db, userId: number): Promise<MembershipWithCount[]> {
  const memberCount = db
    .select({ teamId: teamMembers.teamId, n: count().as('n') })
    .from(teamMembers)
    .groupBy(teamMembers.teamId)
    .as('member_count');
  const rows = await db
    .select({ team: teams, role: teamMembers.role, memberCount: memberCount.n })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(memberCount, eq(memberCount.teamId, teams.id))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teamMembers.joinedAt);
  return rows.map((r) => ({ team: r.team, role: r.role as TeamRole, memberCount: Number(r.memberCount) }));
}

export async function countMembers(db: Db, teamId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Number(rows[0]?.n ?? 0);
}

/** The most recently joined team of a user (for /team/last/join). */
export async function findLastJoined(db: Db, userId: number): Promise<Membership | undefined> {
  const rows = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(sql`${teamMembers.joinedAt} desc`)
    .limit(1);
  const row = rows[0];
  return row ? { team: row.team, role: row.role as TeamRole } : undefined;
}

export async function insertTeamWithOwner(
  db: Db,
  team: { teamCode: string; teamName: string; teamLogo: string; ownerId: number; expireDate?: Date | null },
): Promise<TeamRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(teams).values(team).onConflictDoNothing().returning();
    if (!row) return undefined; // teamCode taken: the caller draws another
    await tx.insert(teamMembers).values({ teamId: row.id, userId: team.ownerId, role: 'OWNER' });
    return row;
  });
}

export async function insertMember(db: Db, teamId: number, userId: number, role: TeamRole): Promise<boolean> {
  const rows = await db
    .insert(teamMembers)
    .values({ teamId, userId, role })
    .onConflictDoNothing()
    .returning();
  return rows.length === 1;
}

export async function findTeamById(db: Db, teamId: number): Promise<TeamRow | undefined> {
  return (await db.select().from(teams).where(eq(teams.id, teamId)))[0];
}

export async function findTeamByCode(db: Db, teamCode: string): Promise<TeamRow | undefined> {
  const rows = await db.select().from(teams).where(eq(teams.teamCode, teamCode));
  return rows[0];
}

/** Sets (or clears, with null) a team's expiry: the admin command team:extend. */
export async function setTeamExpiry(db: Db, teamId: number, expireDate: Date | null): Promise<void> {
  await db.update(teams).set({ expireDate }).where(eq(teams.id, teamId));
}

/** Which of these users are members of the team. */
export async function memberIdsAmong(db: Db, teamId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return rows.map((r) => r.userId);
}

import { and, count, desc, eq, ilike, like, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { TeamRole } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users, type UserRow } from '../../db/schema.ts';

export type MemberRow = { user: UserRow; role: TeamRole; joinedAt: Date };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Nickname contains the keyword, or the phone starts with / equals it (phones are not substring-searchable). */
const userMatches = (keyword: string): SQL | undefined =>
  keyword
    ? or(ilike(users.nickName, `%${escapeLike(keyword)}%`), like(users.phone, `${escapeLike(keyword)}%`))
    : undefined;

export async function pageMembers(
  db: Db,
  teamId: number,
  q: { keyword: string; role?: TeamRole; pageNum: number; pageSize: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = and(
    eq(teamMembers.teamId, teamId),
    q.role ? eq(teamMembers.role, q.role) : undefined,
    userMatches(q.keyword),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where)
      // Owner first, then admins, then by join time.
      .orderBy(
        sql`case ${teamMembers.role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`,
        teamMembers.joinedAt,
      )
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, role: r.role as TeamRole })), total: Number(totals[0]?.n ?? 0) };
}

export async function searchNonMembers(
  db: Db,
  teamId: number,
  keyword: string,
  limit: number,
  offset: number,
) {
  const exact = /^1\d{10}$/.test(keyword);
  return db
    .select()
    .from(users)
    .where(
      and(
        // A registered user, found by the whole phone number or by nickname; never a partial phone.
        sql`${users.phone} is not null`,
        exact ? eq(users.phone, keyword) : ilike(users.nickName, `%${escapeLike(keyword)}%`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, users.id))),
        ),
      ),
    )
    .orderBy(desc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function setRole(db: Db, teamId: number, userId: number, role: TeamRole): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(db: Db, teamId: number, userId: number): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** Locks a team row for the rest of the transaction: membership changes of one team run one at a time. */
export async function lockTeam(db: Db, teamId: number): Promise<void> {
  await db.execute(sql`select id from ${teams} where id = ${teamId} for update`);
}

export async function roleOf(db: Db, teamId: number, userId: number): Promise<TeamRole | undefined> {
  const rows = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return rows[0]?.role as TeamRole | undefined;
}

export async function setOwner(db: Db, teamId: number, ownerId: number): Promise<void> {
  await db.update(teams).set({ ownerId }).where(eq(teams.id, teamId));
}

export async function updateTeam(db: Db, teamId: number, patch: { teamName?: string; teamLogo?: string }) {
  const [row] = await db.update(teams).set(patch).where(eq(teams.id, teamId)).returning();
  return row!;
}

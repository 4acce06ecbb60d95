import { and, count, desc, eq, ilike, like, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { TeamRole } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, userContacts, type UserRow } from '../../db/schema.ts';

/** What a member list shows of a user (never, say, the password hash). */
export type MemberRow = {
  user: Pick<UserRow, 'id' | 'nickName' | 'headImage' | 'phone'>;
  role: TeamRole;
  joinedAt: Date;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Nickname contains the keyword, or the phone starts with / equals it (phones are not substring-searchable). */
const userMatches = (keyword: string): SQL | undefined =>
  keyword
    ? or(
        ilike(userContacts.nickName, `%${escapeLike(keyword)}%`),
        like(userContacts.phone, `${escapeLike(keyword)}%`),
      )
    : undefined;

/**
 * One round trip per page: the rows with the number of all matches alongside (a window over the
 * filter, computed before LIMIT). Only a page past the end, having no row to carry it, counts again.
 */
const memberPage = (db: Db, where: SQL | undefined) =>
  db
    .select({
      user: {
        id: userContacts.id,
        nickName: userContacts.nickName,
        headImage: userContacts.headImage,
        phone: userContacts.phone,
      },
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(teamMembers)
    .innerJoin(userContacts, eq(userContacts.id, teamMembers.userId))
    .where(where)
    // Owner first, then admins, then by join time.
    .orderBy(
      sql`case ${teamMembers.role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`,
      teamMembers.joinedAt,
    );

// The unfiltered list (the team page) is a prepared statement; a search builds its own.
const allMembersQuery = (db: Db) =>
  memberPage(db, eq(teamMembers.teamId, sql.placeholder('teamId')))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('page_team_members');
const allMembersQueries = new WeakMap<Db, ReturnType<typeof allMembersQuery>>();

export async function pageMembers(
  db: Db,
  teamId: number,
  q: { keyword: string; role?: TeamRole; pageNum: number; pageSize: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const limit = q.pageSize;
  const offset = (q.pageNum - 1) * q.pageSize;
  const filtered = Boolean(q.keyword || q.role);
  const where = and(
    eq(teamMembers.teamId, teamId),
    q.role ? eq(teamMembers.role, q.role) : undefined,
    userMatches(q.keyword),
  );
  let rows;
  if (filtered) rows = await memberPage(db, where).limit(limit).offset(offset);
  else {
    let query = allMembersQueries.get(db);
    if (!query) allMembersQueries.set(db, (query = allMembersQuery(db)));
    rows = await query.execute({ teamId, limit, offset });
  }
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(userContacts, eq(userContacts.id, teamMembers.userId))
      .where(where);
    total = Number(counted?.n ?? 0);
  }
  return {
    rows: rows.map((r) => ({ user: r.user, role: r.role as TeamRole, joinedAt: r.joinedAt })),
    total,
  };
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
    .from(userContacts)
    .where(
      and(
        // A registered user outside the team, found by the whole phone number or the whole nickname
        // (case aside): never by part of either, so a search cannot list strangers.
        sql`${userContacts.phone} is not null`,
        exact ? eq(userContacts.phone, keyword) : sql`lower(${userContacts.nickName}) = lower(${keyword})`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userContacts.id))),
        ),
      ),
    )
    .orderBy(desc(userContacts.id))
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

/** The team's OWNER and ADMINs (who decide join requests). */
export async function managerIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), sql`${teamMembers.role} in ('OWNER', 'ADMIN')`));
  return rows.map((r) => r.userId);
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

export async function updateTeam(
  db: Db,
  teamId: number,
  patch: {
    teamName?: string;
    teamLogo?: string;
    teamCode?: string;
    codeEnabled?: boolean;
    joinApproval?: boolean;
  },
) {
  const [row] = await db.update(teams).set(patch).where(eq(teams.id, teamId)).returning();
  return row!;
}

import type { TeamRole } from '@studio/contract';
import { and, eq, getViewSelectedFields, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, teamProfiles, teamRosters, userAccounts } from '../../db/schema.ts';
import type { SessionActor } from '../../platform/auth.ts';

export async function insertSession(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

const actorQuery = (db: Db) =>
  db
    .select({
      session: sessions,
      user: getViewSelectedFields(userAccounts),
      role: teamRosters.role,
      team: getViewSelectedFields(teamProfiles),
    })
    .from(sessions)
    // The account (users' `user_accounts`), its membership and its last team (teams' views).
    .innerJoin(userAccounts, eq(userAccounts.id, sessions.userId))
    .leftJoin(
      teamRosters,
      and(eq(teamRosters.userId, userAccounts.id), eq(teamRosters.teamId, userAccounts.lastTeamId)),
    )
    // The last team itself even without a membership: a removed member is told which team it was.
    .leftJoin(teamProfiles, eq(teamProfiles.id, userAccounts.lastTeamId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('find_session_actor');
const actorQueries = new WeakMap<Db, ReturnType<typeof actorQuery>>();

/**
 * What every authenticated request needs, in one round trip on a prepared statement: the live
 * session of a token hash, its user, and the user's membership of their last team.
 */
export async function findSessionActor(db: Db, tokenHash: string): Promise<SessionActor | undefined> {
  let query = actorQueries.get(db);
  if (!query) actorQueries.set(db, (query = actorQuery(db)));
  const [row] = await query.execute({ tokenHash, now: new Date() });
  if (!row) return undefined;
  const lastTeam = row.team && row.role ? { team: row.team, role: row.role as TeamRole } : null;
  const removedFrom = row.team && !row.role ? { teamId: row.team.id, teamName: row.team.teamName } : null;
  return { session: row.session, user: row.user, lastTeam, removedFrom };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamJoinRequests, teams, userContacts } from '../../db/schema.ts';

/** Records a request to join (asking again keeps the first one). */
export async function upsertJoinRequest(
  db: Db,
  teamId: number,
  userId: number,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(teamJoinRequests)
    .values({ teamId, userId })
    .onConflictDoUpdate({
      target: [teamJoinRequests.teamId, teamJoinRequests.userId],
      set: { teamId },
    })
    .returning({ id: teamJoinRequests.id, createdAt: teamJoinRequests.createdAt });
  return row!;
}

export async function findJoinRequest(db: Db, requestId: number) {
  const [row] = await db
    .select({ request: teamJoinRequests, team: teams })
    .from(teamJoinRequests)
    .innerJoin(teams, eq(teams.id, teamJoinRequests.teamId))
    .where(eq(teamJoinRequests.id, requestId));
  return row;
}

/** The team's pending requests, oldest first, with what the team centre shows of each requester. */
export async function listJoinRequestsOfTeam(db: Db, teamId: number) {
  return db
    .select({
      id: teamJoinRequests.id,
      createdAt: teamJoinRequests.createdAt,
      user: {
        id: userContacts.id,
        nickName: userContacts.nickName,
        headImage: userContacts.headImage,
        phone: userContacts.phone,
      },
    })
    .from(teamJoinRequests)
    .innerJoin(userContacts, eq(userContacts.id, teamJoinRequests.userId))
    .where(eq(teamJoinRequests.teamId, teamId))
    .orderBy(asc(teamJoinRequests.id));
}

/** A user's pending requests, newest first, with the team's name and logo. */
export async function listJoinRequestsOfUser(db: Db, userId: number) {
  return db
    .select({
      id: teamJoinRequests.id,
      createdAt: teamJoinRequests.createdAt,
      teamName: teams.teamName,
      teamLogo: teams.teamLogo,
    })
    .from(teamJoinRequests)
    .innerJoin(teams, eq(teams.id, teamJoinRequests.teamId))
    .where(eq(teamJoinRequests.userId, userId))
    .orderBy(desc(teamJoinRequests.id));
}

/** Takes a request of the team (deleting it); undefined when it is gone or another team's. */
export async function takeJoinRequestOfTeam(db: Db, requestId: number, teamId: number) {
  const [row] = await db
    .delete(teamJoinRequests)
    .where(and(eq(teamJoinRequests.id, requestId), eq(teamJoinRequests.teamId, teamId)))
    .returning({ userId: teamJoinRequests.userId });
  return row;
}

/** A member joined some other way (a link, an invitation): their request is settled. */
export async function deleteJoinRequestOf(db: Db, teamId: number, userId: number): Promise<void> {
  await db
    .delete(teamJoinRequests)
    .where(and(eq(teamJoinRequests.teamId, teamId), eq(teamJoinRequests.userId, userId)));
}

import { aliasedTable, and, desc, eq } from 'drizzle-orm';
import type { TeamRole } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { teamInvitations, teams, userContacts } from '../../db/schema.ts';

const inviter = aliasedTable(userContacts, 'inviter');

/** Creates the pending invitation, or finds the one already there (inviting again changes nothing). */
export async function upsertInvitation(
  db: Db,
  row: { teamId: number; userId: number; role: TeamRole; invitedBy: number },
): Promise<number> {
  const [created] = await db
    .insert(teamInvitations)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: teamInvitations.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, row.teamId), eq(teamInvitations.userId, row.userId)));
  return existing!.id;
}

/** The invitations waiting for one user, newest first, with the team and who invited. */
export async function listInvitationsOfUser(db: Db, userId: number) {
  return db
    .select({
      id: teamInvitations.id,
      role: teamInvitations.role,
      createdAt: teamInvitations.createdAt,
      team: { id: teams.id, teamName: teams.teamName, teamLogo: teams.teamLogo },
      inviterName: inviter.nickName,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .innerJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.userId, userId))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
}

/** The invitations a team is waiting on, newest first, with the invited user and who invited. */
export async function listInvitationsOfTeam(db: Db, teamId: number) {
  return db
    .select({
      id: teamInvitations.id,
      role: teamInvitations.role,
      createdAt: teamInvitations.createdAt,
      user: {
        id: userContacts.id,
        nickName: userContacts.nickName,
        headImage: userContacts.headImage,
        phone: userContacts.phone,
      },
      inviterName: inviter.nickName,
    })
    .from(teamInvitations)
    .innerJoin(userContacts, eq(userContacts.id, teamInvitations.userId))
    .innerJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.teamId, teamId))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
}

/** An invitation addressed to this user (undefined for anyone else's: they never learn it exists). */
export async function findInvitationOfUser(db: Db, invitationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.userId, userId)));
  return row;
}

/** Deletes an invitation of this user; false when there was none (answered already, or not theirs). */
export async function deleteInvitationOfUser(db: Db, invitationId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.userId, userId)))
    .returning({ id: teamInvitations.id });
  return rows.length === 1;
}

/** Deletes an invitation of this team; false when it is not one of the team's. */
export async function deleteInvitationOfTeam(db: Db, invitationId: number, teamId: number): Promise<boolean> {
  const rows = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId)))
    .returning({ id: teamInvitations.id });
  return rows.length === 1;
}

/** Once a user is a member (by code, link or accepting), their invitation to that team is moot. */
export async function deleteInvitationsOfMember(db: Db, teamId: number, userId: number): Promise<void> {
  await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.userId, userId)));
}

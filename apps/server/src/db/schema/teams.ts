/** Teams, memberships and invite links. */
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    teamCode: varchar('team_code', { length: 16 }).notNull(),
    teamName: varchar('team_name', { length: 60 }).notNull(),
    teamLogo: text('team_logo').notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    expireDate: ts('expire_date'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_code_uq').on(t.teamCode)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 10 }).notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_pk').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
    // Exactly one OWNER per team, enforced by the database as well as the service.
    uniqueIndex('team_members_one_owner')
      .on(t.teamId)
      .where(sql`${t.role} = 'OWNER'`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export const teamInvites = pgTable(
  'team_invites',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    role: varchar('role', { length: 10 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_invites_token_uq').on(t.token)],
);

/**
 * Pending invitations of a registered user to a team (OWNER/ADMIN added them by search). Answered
 * rows are deleted: accepting makes a membership, declining or cancelling leaves nothing behind.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 10 }).notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // One pending invitation per user and team: inviting again is idempotent.
  (t) => [
    uniqueIndex('team_invitations_team_user_uq').on(t.teamId, t.userId),
    index('team_invitations_user_idx').on(t.userId),
  ],
);

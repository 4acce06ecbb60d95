/** Teams, memberships and invite links. */
import { sql } from 'drizzle-orm';
import { users } from './users.ts';
import {
  boolean,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /** False: the team code is turned off (joining by it answers 20020); links still work. */
    codeEnabled: boolean('code_enabled').notNull().default(true),
    /** 加入需审批: a join by the team code makes a pending `team_join_requests` row, not a member. */
    joinApproval: boolean('join_approval').notNull().default(false),
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

/**
 * Pending requests to join by the team code while the team asks for approval (加入需审批). Answered
 * rows are deleted: approving makes a membership, declining leaves nothing behind.
 */
export const teamJoinRequests = pgTable(
  'team_join_requests',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // One pending request per user and team: asking again is idempotent.
  (t) => [
    uniqueIndex('team_join_requests_team_user_uq').on(t.teamId, t.userId),
    index('team_join_requests_user_idx').on(t.userId),
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
    /** Set when an OWNER/ADMIN revokes the link: it stops working at once. */
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('team_invites_token_uq').on(t.token), index('team_invites_team_idx').on(t.teamId)],
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

/*
 * Views offered to other modules (modules/teams/README.md lists who reads each): their SQL names these,
 * never the tables.
 */

/** A team's name and logo, by id: lists and pages that name a course's, an order's or a seller's team. */
export const teamNames = pgView('team_names', {
  id: integer('id').notNull(),
  teamName: varchar('team_name', { length: 60 }).notNull(),
  teamLogo: text('team_logo').notNull(),
}).as(sql`select id, team_name, team_logo from teams`);

/** The whole team: the session's last team (auth), read with the session on every request. */
export const teamProfiles = pgView('team_profiles', {
  id: integer('id').notNull(),
  teamCode: varchar('team_code', { length: 16 }).notNull(),
  teamName: varchar('team_name', { length: 60 }).notNull(),
  teamLogo: text('team_logo').notNull(),
  ownerId: integer('owner_id').notNull(),
  expireDate: ts('expire_date'),
  codeEnabled: boolean('code_enabled').notNull(),
  joinApproval: boolean('join_approval').notNull(),
  createdAt: ts('created_at').notNull(),
}).as(
  sql`select id, team_code, team_name, team_logo, owner_id, expire_date, code_enabled, join_approval, created_at from teams`,
);

/** Who is in a team and as what: the session's membership, a task's people, the learning report's learners. */
export const teamRosters = pgView('team_rosters', {
  teamId: integer('team_id').notNull(),
  userId: integer('user_id').notNull(),
  role: varchar('role', { length: 10 }).notNull(),
  joinedAt: ts('joined_at').notNull(),
}).as(sql`select team_id, user_id, role, joined_at from team_members`);

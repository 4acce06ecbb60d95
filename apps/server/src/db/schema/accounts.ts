/** Users, sessions, SMS codes, rate-limit counters and WeChat login states. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash'),
    nickName: varchar('nick_name', { length: 40 }).notNull(),
    headImage: text('head_image').notNull().default(''),
    wechatOpenId: varchar('wechat_open_id', { length: 128 }),
    wechatUnionId: varchar('wechat_union_id', { length: 128 }),
    lastTeamId: integer('last_team_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_wechat_open_id_uq').on(t.wechatOpenId),
    // A team's search for people outside it matches a whole nickname, case aside.
    index('users_nick_name_lower_idx').on(sql`lower(${t.nickName})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** Fixed-window counters shared by every process (login tries, SMS sends). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** One row per WeChat QR login attempt; the state is single-use. */
export const wechatStates = pgTable('wechat_states', {
  state: varchar('state', { length: 64 }).primaryKey(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** Simulator only: the code the simulated phone confirmed, and the simulated openid. */
  simCode: varchar('sim_code', { length: 64 }),
  simOpenId: varchar('sim_open_id', { length: 128 }),
  simNickName: varchar('sim_nick_name', { length: 40 }),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

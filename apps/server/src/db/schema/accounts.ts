/** Sessions, SMS codes, rate-limit counters and WeChat login states (the users table: users.ts). */
import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './users.ts';

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

/**
 * One row per WeChat login or 公众号 authorisation attempt; the state is single-use. `kind`: `qr` (the
 * Open Platform QR login), `mp_login` (snsapi_userinfo login inside WeChat, bound to the browser by
 * `browserHash`, the sha256 of a cookie), `mp_base` (snsapi_base for `userId`, then on to `nextPath`).
 */
export const wechatStates = pgTable(
  'wechat_states',
  {
    state: varchar('state', { length: 64 }).primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    kind: varchar('kind', { length: 16 }).notNull().default('qr'),
    browserHash: varchar('browser_hash', { length: 64 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nextPath: varchar('next_path', { length: 512 }),
    /** sha256 of the code a 公众号 callback spent: a code is refused the second time. */
    codeHash: varchar('code_hash', { length: 64 }),
    /** Simulator only: the code the simulated phone confirmed, and the simulated openid. */
    simCode: varchar('sim_code', { length: 64 }),
    simOpenId: varchar('sim_open_id', { length: 128 }),
    simUnionId: varchar('sim_union_id', { length: 128 }),
    simNickName: varchar('sim_nick_name', { length: 40 }),
  },
  (t) => [
    uniqueIndex('wechat_states_code_hash_uq').on(t.codeHash),
    index('wechat_states_sim_code_idx').on(t.simCode),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Accounts (modules/users), and the views other modules read them by (modules/users/README.md,
 * "Views offered to other modules"): each view holds only the columns its readers need.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, pgView, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    /** The openid under the 公众号 (网页授权; WeChat Pay JSAPI pays with it). */
    wechatMpOpenId: varchar('wechat_mp_open_id', { length: 128 }),
    lastTeamId: integer('last_team_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_wechat_open_id_uq').on(t.wechatOpenId),
    uniqueIndex('users_wechat_mp_open_id_uq').on(t.wechatMpOpenId),
    // One person (unionid) is one account, whether they came by the QR login or the 公众号.
    uniqueIndex('users_wechat_union_id_uq').on(t.wechatUnionId),
    // A team's search for people outside it matches a whole nickname, case aside.
    index('users_nick_name_lower_idx').on(sql`lower(${t.nickName})`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** A person's name and picture, by id: lists that name people (tasks, exam results, reports, authors). */
export const userNames = pgView('user_names', {
  id: integer('id').notNull(),
  nickName: varchar('nick_name', { length: 40 }).notNull(),
  headImage: text('head_image').notNull(),
}).as(sql`select id, nick_name, head_image from users`);

/** Name, picture and phone: the team's people lists show a masked phone and find people by it. */
export const userContacts = pgView('user_contacts', {
  id: integer('id').notNull(),
  nickName: varchar('nick_name', { length: 40 }).notNull(),
  headImage: text('head_image').notNull(),
  phone: varchar('phone', { length: 20 }),
}).as(sql`select id, nick_name, head_image, phone from users`);

/**
 * The whole account: the session's actor (auth), read with its session on every request. The password
 * hash is there because the account's own routes say whether one is set and auth checks it.
 */
export const userAccounts = pgView('user_accounts', {
  id: integer('id').notNull(),
  phone: varchar('phone', { length: 20 }),
  passwordHash: text('password_hash'),
  nickName: varchar('nick_name', { length: 40 }).notNull(),
  headImage: text('head_image').notNull(),
  wechatOpenId: varchar('wechat_open_id', { length: 128 }),
  wechatUnionId: varchar('wechat_union_id', { length: 128 }),
  wechatMpOpenId: varchar('wechat_mp_open_id', { length: 128 }),
  lastTeamId: integer('last_team_id'),
  createdAt: ts('created_at').notNull(),
}).as(
  sql`select id, phone, password_hash, nick_name, head_image, wechat_open_id, wechat_union_id, wechat_mp_open_id, last_team_id, created_at from users`,
);

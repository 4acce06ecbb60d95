/** Coupons a seller team offers, and the orders that used them. */
import type { CouponKind } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { orders } from './store.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** The seller: the coupon takes money off this team's courses only. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<CouponKind>().notNull(),
    /** Fen off (`amount`) or percent off (`percent`). */
    value: integer('value').notNull(),
    minOrder: integer('min_order').notNull().default(0),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    totalLimit: integer('total_limit'),
    perTeamLimit: integer('per_team_limit'),
    /** Null: every course of the team. */
    courseIds: integer('course_ids').array(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    disabledAt: ts('disabled_at'),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    index('coupons_team_idx').on(t.teamId, t.createdAt),
    check('coupons_value_ck', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

/** One row per order that used a coupon: the uses counted against its limits. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** The buying team, for the per-team limit. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    discount: integer('discount').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_idx').on(t.couponId, t.teamId)],
);

export type CouponRow = typeof coupons.$inferSelect;

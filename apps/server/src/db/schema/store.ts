/** Cart, orders, entitlements, payment events and installation settings. */
import type { OrderStatus, RefundStatus } from '@studio/contract';
import { users } from './users.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
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
import { sql } from 'drizzle-orm';
import { ts } from './columns.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    selected: boolean('selected').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_uq').on(t.userId, t.teamId, t.courseId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 12 }).$type<OrderStatus>().notNull().default('pending'),
    amount: integer('amount').notNull(),
    provider: varchar('provider', { length: 20 }).notNull().default('sandbox'),
    providerTxn: varchar('provider_txn', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [uniqueIndex('orders_no_uq').on(t.orderNo), index('orders_user_idx').on(t.userId, t.createdAt)],
);

/** Line items snapshot what was bought: title, version and price at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    versionNo: integer('version_no').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    price: integer('price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const entitlements = pgTable(
  'entitlements',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('entitlements_uq').on(t.teamId, t.courseId)],
);

/** Every payment notification seen, by the provider's event id: a replay is recognised and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 80 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.provider, t.eventId)],
);

/**
 * A refund of one course of a paid order: the buyer team asks, the course's (seller) team decides, the
 * provider pays back and its notification marks it refunded. One open or done refund per order line
 * (a refused one may be asked again).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** Our refund number, sent to the provider (WeChat's out_refund_no): it deduplicates a retried call. */
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    buyerTeamId: integer('buyer_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sellerTeamId: integer('seller_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    amount: integer('amount').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    status: varchar('status', { length: 12 }).$type<RefundStatus>().notNull().default('requested'),
    /**
     * Made by the server, not asked for (migration 0020): money the provider reported for an order whose
     * courses the team owned already, or that was cancelled, goes back at once.
     */
    automatic: boolean('automatic').notNull().default(false),
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    uniqueIndex('refunds_no_uq').on(t.refundNo),
    uniqueIndex('refunds_item_open_uq')
      .on(t.orderItemId)
      .where(sql`${t.status} <> 'refused'`),
    index('refunds_buyer_idx').on(t.buyerTeamId, t.createdAt),
    index('refunds_seller_idx').on(t.sellerTeamId, t.createdAt),
  ],
);

/**
 * An invoice (发票) asked for a paid order by the buying team, issued by the course's (seller) team as a
 * PDF kept in file storage (never public: downloaded through the API by the two teams). One per order
 * and seller team.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerTeamId: integer('buyer_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sellerTeamId: integer('seller_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxId: varchar('tax_id', { length: 20 }).notNull(),
    email: varchar('email', { length: 120 }).notNull(),
    status: varchar('status', { length: 12 }).$type<'requested' | 'issued'>().notNull().default('requested'),
    fileKey: varchar('file_key', { length: 120 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    issuedAt: ts('issued_at'),
  },
  (t) => [
    uniqueIndex('invoices_order_seller_uq').on(t.orderId, t.sellerTeamId),
    index('invoices_buyer_idx').on(t.buyerTeamId, t.createdAt),
    index('invoices_seller_idx').on(t.sellerTeamId, t.createdAt),
  ],
);

/** Installation-wide settings that every process must share (e.g. the sandbox signing key). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
});

/**
 * How many times each course was sold (paid order items granted, less those refunded), kept by the
 * store in the sale's and the refund's transaction; a course never sold has no row (0). The store
 * search copies it into its documents (trigger of migration 0042) for its sales order.
 */
export const courseSales = pgTable('course_sales', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  sales: integer('sales').notNull().default(0),
});

/**
 * Offered to learning (modules/store/README.md): the courses each team holds by purchase (its own
 * courses are learning's own rule). No order ids: learning needs only what a team holds and since when.
 */
export const teamEntitlements = pgView('team_entitlements', {
  teamId: integer('team_id').notNull(),
  courseId: integer('course_id').notNull(),
  grantedAt: ts('granted_at').notNull(),
}).as(sql`select team_id, course_id, granted_at from entitlements`);

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

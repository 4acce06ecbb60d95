/** Cart, orders, entitlements, payment events and installation settings. */
import type { OrderStatus } from '@studio/contract';
import { users } from './accounts.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/** Installation-wide settings that every process must share (e.g. the sandbox signing key). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
});

export type OrderRow = typeof orders.$inferSelect;

/**
 * The notification centre (modules/notifications): each user's notices, their per-kind settings and
 * the reminders already sent. A reminder's row is what makes it once: every process may run the
 * schedule, and only the one whose insert lands sends it.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

const user = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: user(),
    /** The team it belongs to (shown while it is the current team); null: the user's own. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** Plain texts and numbers the message is built from (rendered as text, never as HTML). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    link: varchar('link', { length: 300 }),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** A kind the user changed from the default (in the app: yes; by SMS: no). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: user(),
    kind: varchar('kind', { length: 40 }).notNull(),
    inApp: boolean('in_app').notNull(),
    sms: boolean('sms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** One reminder of one task to one member ('dueSoon' or 'overdue'): the key decides "once". */
export const notificationReminders = pgTable(
  'notification_reminders',
  {
    userId: user(),
    taskId: integer('task_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId, t.kind] })],
);

export type NotificationRow = typeof notifications.$inferSelect;

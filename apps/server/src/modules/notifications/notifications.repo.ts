/** The notifications module's SQL: its three tables only (db/schema/notifications.ts). */
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  notificationReminders,
  notifications,
  notificationSettings,
  type NotificationRow,
} from '../../db/schema.ts';

export type NewNotification = {
  userId: number;
  teamId: number | null;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
};

/** The user's own notices and those of `teamId` (their current team; null: their own only). */
const visibleTo = (userId: number, teamId: number | null): SQL =>
  and(
    eq(notifications.userId, userId),
    teamId === null
      ? isNull(notifications.teamId)
      : or(isNull(notifications.teamId), eq(notifications.teamId, teamId)),
  )!;

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

export async function pageNotifications(
  db: Db,
  userId: number,
  teamId: number | null,
  unreadOnly: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(visibleTo(userId, teamId), unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countUnread(db: Db, userId: number, teamId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(userId, teamId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one read; false when it is not one of the user's visible notices. */
export async function markRead(db: Db, userId: number, teamId: number | null, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(visibleTo(userId, teamId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: number, teamId: number | null): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(visibleTo(userId, teamId), isNull(notifications.readAt)));
}

export async function settingsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
}

export async function saveSettings(
  db: Db,
  userId: number,
  list: { kind: string; inApp: boolean; sms: boolean }[],
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values(list.map((s) => ({ userId, ...s })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { inApp: sql`excluded.in_app`, sms: sql`excluded.sms` },
    });
}

/**
 * Claims one reminder of a task to a member: true for the one caller whose row lands, false for
 * every later or concurrent one (the primary key decides, across processes).
 */
export async function claimReminder(db: Db, userId: number, taskId: number, kind: string): Promise<boolean> {
  const rows = await db
    .insert(notificationReminders)
    .values({ userId, taskId, kind })
    .onConflictDoNothing()
    .returning({ userId: notificationReminders.userId });
  return rows.length > 0;
}

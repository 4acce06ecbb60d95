/**
 * Delivering notices (honouring each user's per-kind settings, told live through the event bus and,
 * for reminders a member opted into, by SMS) and the signed-in user's reads of them.
 */
import {
  Code,
  NOTIFICATION_KINDS,
  SMS_NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationSetting,
  type Page,
} from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserById } from '../users/index.ts';
import {
  countUnread,
  insertNotifications,
  markAllRead,
  markRead,
  pageNotifications,
  saveSettings,
  settingsOf,
} from './notifications.repo.ts';
import { smsText } from './sms-text.ts';

/** The event bus key a user's open tabs listen on (notifications.stream.ts). */
export const userKey = (userId: number) => `notification:${userId}`;

const DEFAULT_SETTING = { inApp: true, sms: false };

export type Notice = {
  kind: NotificationKind;
  teamId: number | null;
  params: Record<string, string | number>;
  link: string | null;
};

/**
 * Gives `notice` to each user whose setting of its kind lets it in the app, tells their open tabs
 * (at commit when `db` is a transaction), and texts those who opted into SMS for the kind.
 */
export async function deliver(
  ctx: AppContext,
  log: FastifyBaseLogger,
  db: Db,
  userIds: number[],
  notice: Notice,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const chosen = new Map(
    (await settingsOf(db, unique)).filter((s) => s.kind === notice.kind).map((s) => [s.userId, s]),
  );
  const setting = (userId: number) => chosen.get(userId) ?? DEFAULT_SETTING;
  const inApp = unique.filter((userId) => setting(userId).inApp);
  await insertNotifications(
    db,
    inApp.map((userId) => ({ userId, ...notice })),
  );
  for (const userId of inApp) await ctx.events?.publish(db, userKey(userId));
  if (!SMS_NOTIFICATION_KINDS.includes(notice.kind)) return;
  for (const userId of unique.filter((id) => setting(id).sms)) await text(ctx, log, db, userId, notice);
}

/** One SMS through the configured provider; a refusal is logged, never thrown into the publisher. */
async function text(ctx: AppContext, log: FastifyBaseLogger, db: Db, userId: number, notice: Notice) {
  const phone = (await findUserById(db, userId))?.phone;
  if (!phone || !ctx.sms.sendNotice) return;
  try {
    await ctx.sms.sendNotice(phone, smsText(notice));
  } catch (err) {
    log.warn({ err, userId }, 'notice SMS failed');
  }
}

/** The team whose notices the user sees besides their own: their current team, if still a member. */
const teamOf = (actor: Actor): number | null =>
  actor.lastTeam && actor.lastTeam.team.id === actor.user.lastTeamId ? actor.lastTeam.team.id : null;

export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  q: NotificationListQuery,
): Promise<Page<Notification>> {
  const { rows, total } = await pageNotifications(
    ctx.db,
    actor.user.id,
    teamOf(actor),
    q.unread === 'true',
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  const list = rows.map((r): Notification => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    teamId: r.teamId,
    params: r.params,
    link: r.link,
    read: r.readAt !== null,
    createdAt: r.createdAt.getTime(),
  }));
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function unreadCount(ctx: AppContext, actor: Actor): Promise<{ count: number }> {
  return { count: await countUnread(ctx.db, actor.user.id, teamOf(actor)) };
}

/** Another user's id, or one of a team the user is not in now, answers 404. */
export async function readNotification(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ count: number }> {
  if (!(await markRead(ctx.db, actor.user.id, teamOf(actor), id))) {
    throw new AppError(Code.NOT_FOUND, { data: { field: 'id' } });
  }
  return unreadCount(ctx, actor);
}

export async function readAllNotifications(ctx: AppContext, actor: Actor): Promise<{ count: number }> {
  await markAllRead(ctx.db, actor.user.id, teamOf(actor));
  return unreadCount(ctx, actor);
}

export async function notificationSettings(
  ctx: AppContext,
  actor: Actor,
): Promise<{ list: NotificationSetting[] }> {
  const saved = new Map((await settingsOf(ctx.db, [actor.user.id])).map((s) => [s.kind, s]));
  return {
    list: NOTIFICATION_KINDS.map((kind) => {
      const s = saved.get(kind) ?? DEFAULT_SETTING;
      return { kind, inApp: s.inApp, sms: s.sms && SMS_NOTIFICATION_KINDS.includes(kind) };
    }),
  };
}

/** SMS is kept only for the kinds that may be texted (reminders); the others stay in-app. */
export async function saveNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  list: NotificationSetting[],
): Promise<{ list: NotificationSetting[] }> {
  const byKind = new Map(list.map((s) => [s.kind, s]));
  await saveSettings(
    ctx.db,
    actor.user.id,
    [...byKind.values()].map((s) => ({ ...s, sms: s.sms && SMS_NOTIFICATION_KINDS.includes(s.kind) })),
  );
  return notificationSettings(ctx, actor);
}

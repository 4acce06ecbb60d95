/**
 * The notification centre (通知中心): what happened to the signed-in user, one row a notice, each of
 * a kind the user may mute in the app or have sent by SMS (the reminders a member opts into).
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common.ts';

/** Every kind, in the order the settings panel lists them. */
export const NOTIFICATION_KINDS = [
  'team.invited',
  'team.joinRequest',
  'refund.decided',
  'invoice.issued',
  'comment.mention',
  'comment.reply',
  'task.assigned',
  'task.dueSoon',
  'task.overdue',
  'exam.result',
  'media.transcoded',
  'media.transcodeFailed',
  'ai.done',
  'ai.failed',
  'course.newRelease',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds a member may also receive by SMS (reminders); the others are in-app only. */
export const SMS_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'task.assigned',
  'task.dueSoon',
  'task.overdue',
];

/** Short texts the message is built from (a task's title, a course's title, a score…). */
export const notificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The team it belongs to; null for the user's own (an invitation to a team they are not in). */
  teamId: z.number().int().nullable(),
  params: notificationParamsSchema,
  /** The web page of the thing (the task, the invoice, the lesson…); null when there is none. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = pageQuerySchema.extend({
  /** `true`: only the unread ones. */
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;
export const notificationPageSchema = pageSchema(notificationSchema);

export const notificationUnreadSchema = z.object({ count: z.number().int() });
export const notificationReadBody = z.object({ id: idSchema });

export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inApp: z.boolean(),
  sms: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsSchema = z.object({ list: z.array(notificationSettingSchema) });
export const notificationSettingsBody = z.object({
  list: z.array(notificationSettingSchema).min(1).max(NOTIFICATION_KINDS.length),
});

import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import {
  notificationListQuery,
  notificationPageSchema,
  notificationReadBody,
  notificationSettingsBody,
  notificationSettingsSchema,
  notificationUnreadSchema,
} from '../schemas/notification.ts';

/** The signed-in user's notifications (their own and the current team's); another user's id is 404. */
export const notification = {
  list: endpoint({
    method: 'GET',
    path: Routes.notification.list,
    auth: 'user',
    summary: 'My notifications, newest first (unread=true: only the unread)',
    input: notificationListQuery,
    output: notificationPageSchema,
  }),
  unread: endpoint({
    method: 'GET',
    path: Routes.notification.unread,
    auth: 'user',
    summary: 'How many of my notifications are unread (the bell)',
    output: notificationUnreadSchema,
  }),
  read: endpoint({
    method: 'POST',
    path: Routes.notification.read,
    auth: 'user',
    summary: 'Mark one notification read',
    input: notificationReadBody,
    output: notificationUnreadSchema,
  }),
  readAll: endpoint({
    method: 'POST',
    path: Routes.notification.readAll,
    auth: 'user',
    summary: 'Mark all my notifications read (全部已读)',
    output: notificationUnreadSchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: Routes.notification.settings,
    auth: 'user',
    summary: 'Per kind: shown in the app, sent by SMS',
    output: notificationSettingsSchema,
  }),
  settingsSave: endpoint({
    method: 'POST',
    path: Routes.notification.settingsSave,
    auth: 'user',
    summary: 'Save per-kind settings (the kinds named; SMS only for reminder kinds)',
    input: notificationSettingsBody,
    output: notificationSettingsSchema,
  }),
};

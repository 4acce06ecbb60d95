import { Routes } from '@studio/contract/constants';
import type { NotificationSetting } from '@studio/contract';
import { call } from '../../lib/call.ts';
import { queryClient } from '../../lib/query-client.ts';

/** Query keys: notices are the user's (and their current team's), so the team id is in each key. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (teamId: number | undefined) => ['notifications', teamId, 'unread'] as const,
  list: (teamId: number | undefined, unreadOnly: boolean) =>
    ['notifications', teamId, 'list', unreadOnly] as const,
  settings: ['notifications', 'settings'] as const,
};

export const notificationApi = {
  list: (unreadOnly: boolean) =>
    call.get(Routes.notification.list, {
      pageNum: 1,
      pageSize: 50,
      ...(unreadOnly ? { unread: 'true' } : {}),
    }),
  // A background count: a failure is not the page's to report (the bell just shows nothing new).
  unread: () => call.get(Routes.notification.unread, undefined, { silent: true }).then((e) => e.count),
  read: (id: number) => call.post(Routes.notification.read, { id }),
  readAll: () => call.post(Routes.notification.readAll),
  settings: () => call.get(Routes.notification.settings).then((e) => e.list),
  saveSettings: (list: NotificationSetting[]) => call.post(Routes.notification.settingsSave, { list }),
};

/** A notice arrived or was read: the badge and the lists are read again. */
export const refreshNotifications = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

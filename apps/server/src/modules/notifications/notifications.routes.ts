import { endpoints, Routes } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/endpoint.ts';
import {
  listNotifications,
  notificationSettings,
  readAllNotifications,
  readNotification,
  saveNotificationSettings,
  unreadCount,
} from './notifications.service.ts';
import { streamNotifications } from './notifications.stream.ts';

/** The signed-in user's notification centre; every read and write is theirs alone. */
export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.notification.list, async (r) => listNotifications(ctx, actorOf(r), r.query));
    serve(app, endpoints.notification.unread, async (r) => unreadCount(ctx, actorOf(r)));
    serve(app, endpoints.notification.read, async (r) => readNotification(ctx, actorOf(r), r.body.id));
    serve(app, endpoints.notification.readAll, async (r) => readAllNotifications(ctx, actorOf(r)));
    serve(app, endpoints.notification.settings, async (r) => notificationSettings(ctx, actorOf(r)));
    serve(app, endpoints.notification.settingsSave, async (r) =>
      saveNotificationSettings(ctx, actorOf(r), r.body.list),
    );
    app.get(
      Routes.notification.stream,
      {
        config: { auth: 'user', rateLimit: false },
        schema: {
          summary: 'Server-sent events: `{"type":"notification"}` whenever a notice arrives',
          description:
            'text/event-stream without ids. `open` first, then `notification` on each new notice ' +
            '(read the list and the count again), `keepalive` every 15 s.',
        },
      },
      async (r, reply) => streamNotifications(ctx, reply, actorOf(r).user.id),
    );
  };

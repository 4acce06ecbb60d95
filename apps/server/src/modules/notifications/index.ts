/**
 * The notifications module's face: the notification centre. Other modules never import it: they
 * publish domain events (platform/domain-events.ts) and this module turns them into notices
 * (notifications.handlers.ts). app.ts registers its routes and its subscriptions.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { subscribeNotifications } from './notifications.handlers.ts';

export { notificationsRoutes } from './notifications.routes.ts';

/** At app build time (app.ts): listens to the events that become notices. */
export function register(ctx: AppContext, log: FastifyBaseLogger): void {
  subscribeNotifications(ctx, log);
}

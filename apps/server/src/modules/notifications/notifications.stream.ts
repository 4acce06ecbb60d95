/**
 * GET /api/notification/stream: server-sent events telling the user's open tab that a notice
 * arrived, from whichever process delivered it (the event bus). The tab then reads the list and the
 * count through the endpoints; the stream carries no content, so a missed event costs nothing but a
 * late badge, and the tab reads again when it reconnects.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { userKey } from './notifications.service.ts';
import { openEventStream } from '../../platform/event-stream.ts';

const KEEPALIVE_MS = 15_000;

export async function streamNotifications(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const res = openEventStream(reply);
  let closed = false;
  const send = () => {
    if (!closed) res.write(`data: {"type":"notification"}\n\n`);
  };
  ctx.metrics?.sseConnections.inc();
  const unsubscribe = ctx.events ? await ctx.events.subscribe(userKey(userId), send) : () => undefined;
  const keepalive = setInterval(() => res.write(`data: {"type":"keepalive"}\n\n`), KEEPALIVE_MS);
  res.on('close', () => {
    closed = true;
    clearInterval(keepalive);
    unsubscribe();
    ctx.metrics?.sseConnections.dec();
  });
  // Opening (or reopening) is news too: the tab reads what arrived while it was away.
  res.write(`data: {"type":"open"}\n\n`);
}

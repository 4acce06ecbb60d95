/**
 * Every COLLAB_RECHECK_MS: one batch of three queries for every open connection of this process
 * (live sessions, held memberships, existing lessons); a connection whose session was revoked or
 * expired, whose member was removed, or whose lesson was deleted is closed with the matching code.
 * The same tick publishes this process's presence.
 */
import type { Connection, Hocuspocus } from '@hocuspocus/server';
import { Code, type PresenceUser } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { liveSessionIds } from '../auth/index.ts';
import { existingLessonIds } from '../courses/index.ts';
import { heldMemberships } from '../teams/index.ts';
import type { CollabContext } from './authenticate.ts';
import type { PresenceEntry, PresenceStore } from './presence.ts';
import { closeFor } from './sockets.ts';

type Open = { connection: Connection<CollabContext>; context: CollabContext; clients: Set<number> };

const COLOURS = ['#e8590c', '#1971c2', '#2f9e44', '#c2255c', '#6741d9', '#0c8599', '#e67700', '#5c940d'];
const CSS_COLOUR = /^#[0-9a-fA-F]{3,8}$|^(rgb|hsl)a?\([0-9., %]{1,40}\)$/;

function openConnections(hocuspocus: Hocuspocus<CollabContext>): Open[] {
  const out: Open[] = [];
  for (const doc of hocuspocus.documents.values())
    for (const [connection, { clients }] of doc.connections) {
      const context = connection.context as Partial<CollabContext>;
      if (context.userId !== undefined) out.push({ connection, context: context as CollabContext, clients });
    }
  return out;
}

/** The user as the lesson list shows them: the server's id and name, the caret colour they chose. */
function presenceUser(open: Open): PresenceUser {
  const { context, connection } = open;
  const states = connection.document.awareness.getStates();
  let color: string | undefined;
  for (const id of open.clients) {
    const c = (states.get(id) as { user?: { color?: unknown } } | undefined)?.user?.color;
    if (typeof c === 'string' && CSS_COLOUR.test(c)) color = c;
  }
  return {
    id: context.userId,
    name: context.name,
    color: color ?? COLOURS[context.userId % COLOURS.length]!,
  };
}

export function startRecheck(
  ctx: AppContext,
  hocuspocus: Hocuspocus<CollabContext>,
  presence: PresenceStore,
  log: FastifyBaseLogger,
) {
  const kick = (open: Open, code: number) => {
    log.info(
      { collabCode: code, userId: open.context.userId, lessonId: open.context.lessonId },
      'collab: disconnected',
    );
    const event = closeFor(code);
    open.connection.close(event);
    // Session and membership end for the whole socket, not only this document.
    if (code !== Code.COLLAB_LESSON_DELETED) open.connection.webSocket.close(event.code, event.reason);
  };

  const publish = async () => {
    const entries: PresenceEntry[] = openConnections(hocuspocus).map((open) => ({
      courseId: open.context.courseId,
      lessonId: open.context.lessonId,
      user: presenceUser(open),
    }));
    try {
      await presence.publish(entries);
    } catch (err) {
      log.warn({ err }, 'collab: presence not published');
    }
  };

  const check = async () => {
    const open = openConnections(hocuspocus);
    if (open.length === 0) return;
    const [live, held, lessons] = await Promise.all([
      liveSessionIds(ctx.db, [...new Set(open.map((o) => o.context.sessionId))]),
      heldMemberships(
        ctx.db,
        open.map((o) => ({ userId: o.context.userId, teamId: o.context.teamId })),
      ),
      existingLessonIds(ctx.db, [...new Set(open.map((o) => o.context.lessonId))]),
    ]);
    for (const o of open) {
      if (!lessons.has(o.context.lessonId)) kick(o, Code.COLLAB_LESSON_DELETED);
      else if (!live.has(o.context.sessionId)) kick(o, Code.COLLAB_SESSION_REVOKED);
      else if (!held.has(`${o.context.userId}:${o.context.teamId}`)) kick(o, Code.COLLAB_REMOVED);
    }
  };

  let running: Promise<void> | null = null;
  const run = () =>
    (running ??= (async () => {
      try {
        await check();
        await publish();
      } catch (err) {
        log.warn({ err }, 'collab: re-check failed');
      } finally {
        running = null;
      }
    })());
  const timer = setInterval(() => void run(), ctx.config.COLLAB_RECHECK_MS);
  timer.unref();
  return { run, publish, stop: () => clearInterval(timer) };
}

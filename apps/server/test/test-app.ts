/** Builds the real app on a fresh database cloned from the migrated template. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { ensureDatabase } from '../src/db/embedded.ts';
import type { ContextOverrides } from '../src/platform/context.ts';
import { ConsoleSmsProvider } from '../src/platform/sms/console-sms.ts';

export type TestApp = {
  app: FastifyInstance;
  sms: ConsoleSmsProvider;
  dataDir: string;
  databaseUrl: string;
  close: () => Promise<void>;
};

/**
 * A test database's sessions (the app's, its child processes', pg-boss's) commit without waiting for
 * the WAL flush: a test never outlives a crash of the PostgreSQL server, so the wait bought nothing
 * (0.6 ms a flush on the 2-core machine: three write-heavy files 36 s against 41, three runs each;
 * the whole suite, CPU-bound, 274 against 279 s). Set on the database, as a setting given at connect
 * would not reach the processes a test starts.
 */
async function commitWithoutWaiting(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`alter database ${client.escapeIdentifier(name)} set synchronous_commit = off`);
  } finally {
    await client.end();
  }
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: ContextOverrides = {},
  /** A second server process on the same database as an existing test app. */
  shared?: { databaseUrl: string },
): Promise<TestApp> {
  let url: URL;
  if (shared) url = new URL(shared.databaseUrl);
  else {
    const name = `studio_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
    const adminUrl = inject('adminUrl');
    await ensureDatabase(adminUrl, name, inject('templateDb'));
    await commitWithoutWaiting(adminUrl, name);
    url = new URL(adminUrl);
    url.pathname = `/${name}`;
  }
  const database = connect(url.toString(), 4);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    // pg-boss costs a second per app; the tests that need jobs turn them on.
    JOBS_ENABLED: 'false',
    // The media tests on a chosen build (`FFMPEG_PATH=/usr/bin/ffmpeg npx vitest …`); else as at start.
    FFMPEG_PATH: process.env.FFMPEG_PATH,
    FFPROBE_PATH: process.env.FFPROBE_PATH,
    ...env,
  });
  const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
  const sms = new ConsoleSmsProvider(logger);
  const app = await buildApp({
    config,
    db: database.db,
    logger,
    overrides: { sms, ...overrides },
    databaseUrl: url.toString(),
  });
  await app.ready();
  return {
    app,
    sms,
    dataDir,
    databaseUrl: url.toString(),
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two server processes' worth of apps on one database, both listening on 127.0.0.1; closed together. */
export async function twoListeningApps(
  env: Record<string, string>,
  overrides: ContextOverrides = {},
): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
  const a = await createTestApp(env, overrides);
  const b = await createTestApp(env, overrides, { databaseUrl: a.databaseUrl });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

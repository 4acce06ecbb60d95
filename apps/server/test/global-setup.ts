/**
 * One PostgreSQL for the whole run: the machine's server when DATABASE_URL is set, else an embedded
 * cluster of the run's own in a temporary folder. A migrated template database is made once; each test file clones it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, migrateDatabase } from '../src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    runId: string;
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Connections that drop the run's databases at its end. */
const DROPPERS = 8;

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  let adminUrl: string;
  let stop = async () => undefined as void;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
    console.log(`server tests on the PostgreSQL server in DATABASE_URL (${new URL(adminUrl).host})`);
  } else {
    // A cluster of this run's own on a free port: two checkouts may run their tests at once, and a
    // run that was killed leaves nothing the next one trips over.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-test-pg-'));
    await fs.chmod(dir, 0o755); // run as root, PostgreSQL's own user must reach its folder inside
    const cluster = await startEmbeddedPostgres(dir, await freePort(), (m) => console.log(m));
    adminUrl = cluster.adminUrl('postgres');
    stop = async () => {
      await cluster.stop();
      await fs.rm(dir, { recursive: true, force: true });
    };
    console.log('server tests on embedded PostgreSQL');
  }
  const templateDb = `studio_tpl_${runId}`;
  await ensureDatabase(adminUrl, templateDb);
  const database = connect(withDatabase(adminUrl, templateDb), 1);
  await migrateDatabase(database);
  await database.close();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'studio\\_%' and datname like $1",
      [`%${runId}%`],
    );
    await client.end();
    // A DROP DATABASE waits for a checkpoint: one after another, 0.29 s each here (23 databases
    // 6.6 s; a whole run ended with ≈ 35 s at 17–39% CPU after its last test, 5 s samples).
    // Eight at a time share checkpoints: the same 23 in 2.8 s.
    const names = rows.map((r) => r.datname);
    await Promise.all(
      Array.from({ length: Math.min(DROPPERS, names.length) }, async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        for (let name = names.pop(); name; name = names.pop())
          await dropper.query(`drop database if exists ${dropper.escapeIdentifier(name)} with (force)`);
        await dropper.end();
      }),
    );
    await stop();
  };
}

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
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    }
    await client.end();
    await stop();
  };
}

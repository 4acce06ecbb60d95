/**
 * `npm start` runs the build (scripts/build-server.mjs: the server and the contract as JavaScript),
 * not the sources the other tests run: the build must hold everything a start reads — each module a
 * relative import names, the contract's built exports, the migrations folder — and start.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ensureDatabase } from '../src/db/embedded.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

it('builds, and the build starts and answers', async () => {
  const build = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'scripts/build-server.mjs'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);

  // A clone of the migrated template: the migrator still reads every file of the build's migrations
  // folder (a missing one stops the start) and finds nothing left to apply, which an empty database
  // would make it do for seconds.
  const name = `studio_t_${inject('runId')}_build_${randomBytes(4).toString('hex')}`;
  const adminUrl = inject('adminUrl');
  await ensureDatabase(adminUrl, name, inject('templateDb'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-build-'));
  // pg-boss would add a second or two of its own schema work at start; it loads either way.
  const env = { JOBS_ENABLED: 'false' };
  server = await startServerProcess('built', url.toString(), dataDir, env, undefined, { built: true });
  const health = await fetch(`${server.baseUrl}/api/health`);
  expect(health.status).toBe(200);
});

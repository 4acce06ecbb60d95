/**
 * Starts the real server (built web app, embedded PostgreSQL, console SMS, WeChat simulator) in a fresh
 * data folder, with its log written to a file the tests read SMS codes from.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The export condition under which `@studio/contract` resolves to its build (packages/contract/package.json). */
const BUILT_CONDITION = 'studio-built';
let built = false;

/**
 * The server's build (scripts/build-server.mjs, about a second), redone when a source is newer, so a
 * journey run without `npm run build` after a server change still runs that change.
 */
function buildServerIfStale(): void {
  if (built) return;
  const result = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'scripts/build-server.mjs', '--if-stale'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the server's build failed:\n${result.stderr}`);
  built = true;
}

export type RunningServer = {
  baseUrl: string;
  logFile: string;
  dataDir: string;
  /** The embedded database of this server, for tests that must reach behind the API (expiring a session). */
  databaseUrl: string;
  /** The server's pid; its embedded PostgreSQL runs below it (bench memory figures). */
  pid: number;
  stop: () => Promise<void>;
};

export async function startServer(
  name: string,
  env: Record<string, string> = {},
  /**
   * `entry`: another server entry file (the bench compares a copy of the previous code); `sources`:
   * apps/server/src run by Node's type stripping, as `npm run dev` runs it (the bench's memory figures
   * beside the build's).
   */
  options: { entry?: string; heapSnapshots?: boolean; sources?: boolean } = {},
): Promise<RunningServer> {
  if (!options.entry && !options.sources) buildServerIfStale();
  // The pid too: two journey shards start their servers in the same millisecond.
  const dataDir = path.join(ROOT, '.tmp', `${name}-${Date.now().toString(36)}-${process.pid}`);
  await fs.mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const pgPort = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(
    process.execPath,
    // As `npm start` runs it (apps/server's start script): the build's JavaScript, the contract's
    // built exports, no TypeScript (a .ts module fails to load) and a 16 MB young generation. Another build's entry (a bench baseline) may need
    // the tsx loader, run in this one process: the tsx CLI would start a child the SIGKILL below
    // would leave running. `BENCH_CPU_PROF=<dir>`: a V8 CPU profile of the server, written there when it stops.
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ].concat(
      options.entry
        ? ['--import', 'tsx', options.entry]
        : [
            '--max-semi-space-size=16',
            ...(options.sources ? [] : [`--conditions=${BUILT_CONDITION}`, '--no-strip-types']),
            // The bench's heap summary: SIGUSR2 writes a snapshot into the data folder.
            ...(options.heapSnapshots
              ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`]
              : []),
            path.join(ROOT, options.sources ? 'apps/server/src/server.ts' : 'apps/server/dist/server.js'),
          ],
    ),
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_PG_PORT: String(pgPort),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        RATE_LIMIT_PER_MINUTE: '100000',
        PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
        // Every journey's people sign up from 127.0.0.1: the per-address SMS cap is for the real world.
        SMS_PER_IP_PER_HOUR: '100000',
        // The environment's MALLOC_ARENA_MAX reaches the server, so a bench can measure it (docs/decisions/server-memory.md).
        ...(process.env.MALLOC_ARENA_MAX && !options.entry
          ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX }
          : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited: see ${logFile}\n${await fs.readFile(logFile, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s: see ${logFile}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  // With DATABASE_URL the server uses that database and starts no embedded one.
  const databaseUrl =
    env.DATABASE_URL ??
    `postgres://postgres:${encodeURIComponent((await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim())}@127.0.0.1:${pgPort}/studio`;
  return {
    baseUrl,
    logFile,
    dataDir,
    databaseUrl,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      log.end();
      await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** The last SMS code the console provider logged for a phone (the server writes one JSON line per code). */
export async function smsCodeFromLog(logFile: string, phone: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = (await fs.readFile(logFile, 'utf8')).split('\n').reverse();
    for (const line of lines) {
      if (!line.includes('"sms"')) continue;
      const entry = JSON.parse(line) as { sms?: { phone: string; code: string } };
      if (entry.sms?.phone === phone) return entry.sms.code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS code for ${phone} in ${logFile}`);
}

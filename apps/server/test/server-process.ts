/**
 * The real server as a separate OS process (its sources with Node's type stripping, or the build
 * `npm start` runs) on a test database, for what one process cannot show: two processes on one
 * database, SIGKILL in the middle of work, and that the build starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

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

export type ServerProcess = {
  baseUrl: string;
  logFile: string;
  /** SIGKILL: no shutdown hook runs, open requests and streams are cut. */
  kill: () => Promise<void>;
  /** A new process on the same port, database and data folder. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startServerProcess(
  name: string,
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
  /** A process without HTTP (MEDIA_WORKER=only) is up once its log has this line. */
  readyLog?: string,
  /** `built`: apps/server/dist as `npm start` runs it (scripts/build-server.mjs writes it). */
  options: { built?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  let child: ChildProcess | undefined;

  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => c.once('exit', () => r()));

  const start = async () => {
    // Node's own type stripping for the sources (the tsx loader cost twice the CPU to start).
    const args = options.built
      ? ['--max-semi-space-size=16', '--conditions=studio-built', '--no-strip-types', 'dist/server.js']
      : ['--max-semi-space-size=16', 'src/server.ts'];
    const c = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout!.pipe(log, { end: false });
    c.stderr!.pipe(log, { end: false });
    child = c;
    const deadline = Date.now() + 120_000; // a loaded 2-core machine starts three at once slowly
    // The log is appended across restarts: a restarted worker is up at its next ready line.
    const readyBefore = readyLog
      ? (await fs.readFile(logFile, 'utf8').catch(() => '')).split(readyLog).length - 1
      : 0;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`${name} exited: ${await fs.readFile(logFile, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`${name} did not start in 120 s (see ${logFile})`);
      try {
        if (readyLog) {
          if ((await fs.readFile(logFile, 'utf8')).split(readyLog).length - 1 > readyBefore) return;
        } else if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  await start();
  return {
    baseUrl,
    logFile,
    kill: async () => {
      if (!child) return;
      const c = child;
      c.kill('SIGKILL');
      await exited(c);
    },
    restart: start,
    stop: async () => {
      if (!child) return;
      const c = child;
      c.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited(c), new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      log.end();
    },
  };
}

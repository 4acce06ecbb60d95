/**
 * `npm run bench`: HTTP throughput measured side by side in one run with autocannon (50 connections):
 * a bare Fastify JSON route (the ceiling) against our real endpoints on the real server.
 * Writes bench/RESULTS.md. Everything runs on 127.0.0.1 and every run is bounded in time.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, startServer } from '../e2e/support/server.ts';
import { apiLogin } from '../e2e/support/session.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const bare = Fastify();
  bare.get('/json', async () => ({ code: 200, msg: '成功', data: { status: 'ok' } }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  const server = await startServer('bench', { LOG_LEVEL: 'warn' });
  try {
    const demo = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
    const auth = { 'x-request-tkToken': demo.token, 'x-request-tkForm': 'pc' };
    const rows = [
      await measure('bare Fastify JSON route (ceiling)', `http://127.0.0.1:${barePort}/json`),
      await measure('GET /api/health', `${server.baseUrl}/api/health`),
      await measure('GET /api/user/info', `${server.baseUrl}/api/user/info`, auth),
      await measure(
        'GET /api/team/user/list',
        `${server.baseUrl}/api/team/user/list?pageNum=1&pageSize=10`,
        auth,
      ),
    ];
    const ceiling = rows[0]!.rps;
    const table = [
      '| endpoint | req/s | p50 ms | p99 ms | errors | of ceiling |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round((r.rps / ceiling) * 100)}% |`,
      ),
    ].join('\n');
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const report = `# Benchmark results

Command: \`npm run bench\` (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, one after another in one run).
Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Date: ${new Date().toISOString()}.
The server is the real one (embedded PostgreSQL, log level warn); the ceiling is a bare Fastify route in the bench process.

${table}
`;
    console.log(report);
    await fs.writeFile(path.join(import.meta.dirname, 'RESULTS.md'), report);
  } finally {
    await server.stop();
    await bare.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

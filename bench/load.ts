/** The load every HTTP row runs: autocannon settings, what counts as an answer, and the table. */
import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = 50;

export type Row = { name: string; rps: number; p50: number; p99: number; errors: number; total: number };

// Business outcomes travel as HTTP 200 with their code in the envelope: a 401 or 409 is a mismatch.
export const isOk = (body: string | Buffer | undefined) => String(body ?? '').startsWith('{"code":200,');

export async function measure(name: string, run: () => Promise<autocannon.Result>): Promise<Row> {
  const result = await run();
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
    total: result.requests.total,
  };
}

export const get = (url: string, headers: Record<string, string> = {}, duration = DURATION_S) =>
  autocannon({ url, connections: CONNECTIONS, duration, headers, verifyBody: isOk });

export function table(rows: Row[], ceiling: number): string {
  return [
    '| endpoint | req/s | p50 ms | p99 ms | requests | errors | of ceiling |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.total} | ${r.errors} | ${Math.round((r.rps / ceiling) * 100)}% |`,
    ),
  ].join('\n');
}

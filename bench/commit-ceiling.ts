/**
 * The database's own ceiling for the write rows: a bare pg client in the bench process runs, from
 * 50 callers at once, one upsert per call (each its own commit, so each waits for its WAL flush, as
 * a progress save does) on the server's database, through a pool of `poolSize` connections. No HTTP,
 * no server code: what a write endpoint could reach at best with that pool on this disk and CPU.
 */
import pg from 'pg';
import { CONNECTIONS, DURATION_S, type Row } from './load.ts';

const UPSERT = `insert into bench_commits (learner, lesson, position, updated_at) values ($1, $2, $3, now())
  on conflict (learner, lesson) do update set position = excluded.position, updated_at = excluded.updated_at`;

export async function commitCeiling(databaseUrl: string, poolSize: number): Promise<Row> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  try {
    await pool.query(
      `create table if not exists bench_commits (learner int, lesson int, position real,
         updated_at timestamptz, primary key (learner, lesson))`,
    );
    const latencies: number[] = [];
    const end = Date.now() + DURATION_S * 1000;
    // Each caller writes another (learner, lesson) row each time, as the progress row's requests do.
    const caller = async (first: number) => {
      for (let i = first; Date.now() < end; i += CONNECTIONS) {
        const start = performance.now();
        await pool.query({ name: 'bench_commit', text: UPSERT, values: [i % 1000, (i >> 10) % 8, i % 100] });
        latencies.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => caller(w)));
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
    return {
      name: `bare pg client: one upsert commit per call, ${CONNECTIONS} callers, pool of ${poolSize} (database ceiling)`,
      rps: Math.round(latencies.length / DURATION_S),
      p50: at(0.5),
      p99: at(0.99),
      errors: 0,
      total: latencies.length,
    };
  } finally {
    await pool.query('drop table if exists bench_commits').catch(() => undefined);
    await pool.end();
  }
}

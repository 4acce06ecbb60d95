/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every server process.
 * Used for the limits that protect accounts (SMS sends, login tries); the per-IP request limit of
 * @fastify/rate-limit sits in front of everything.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type Hit = { count: number; allowed: boolean; resetAt: Date };

export async function hitLimit(db: Db, key: string, limit: number, windowMs: number): Promise<Hit> {
  const rows = await db.execute<{ count: number; reset_at: Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = rows.rows[0]!;
  return { count: row.count, allowed: row.count <= limit, resetAt: new Date(row.reset_at) };
}

/** Reads a counter without counting (a login that is already locked must not extend its own lock). */
export async function peekLimit(db: Db, key: string): Promise<number> {
  const rows = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  );
  return rows.rows[0]?.count ?? 0;
}

/** When a live counter's window ends: null when there is none (nothing to wait for). */
export async function limitResetAt(db: Db, key: string): Promise<Date | null> {
  const rows = await db.execute<{ reset_at: Date }>(
    sql`select reset_at from rate_limits where key = ${key} and reset_at > now()`,
  );
  const at = rows.rows[0]?.reset_at;
  return at ? new Date(at) : null;
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

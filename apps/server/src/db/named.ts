/**
 * A fixed statement run as a named (prepared) statement: PostgreSQL parses and plans it once per
 * connection instead of on every request. node-postgres keys prepared statements by name, so a name
 * always carries the same text. On a handle without its own pool (a transaction) it runs unnamed.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/** A handle on the pool itself (not a transaction's client): statements may run on any connection. */
export const isPool = (db: Db): boolean =>
  (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;

export async function namedQuery<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return (await pool.query({ name, text, values })).rows as T[];
  // `$n` placeholders as drizzle parameters, for the transaction's own client.
  const chunks: SQL[] = text
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part)));
  return (await db.execute(sql.join(chunks))).rows as T[];
}

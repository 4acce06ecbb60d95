/**
 * A connection PostgreSQL ends (a restart, a failover, an operator's pg_terminate_backend) must never
 * end the server: idle, or checked out between two statements of a transaction.
 */
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { connect } from './client.ts';

async function terminate(pid: number) {
  const admin = new pg.Client(inject('adminUrl'));
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe('a connection the server ends', () => {
  it('while checked out between statements: reported once, its next statement fails, the pool goes on', async () => {
    const errors: (Error & { code?: string })[] = [];
    const database = connect(inject('adminUrl'), 2, (err) => errors.push(err));
    try {
      const client = await database.pool.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        let ended = false;
        client.once('end', () => (ended = true));
        await terminate(rows[0]!.pid);
        // Once the connection has ended, both its errors (the server's, the closed socket's) are in.
        await vi.waitFor(() => expect(ended).toBe(true), { timeout: 10_000 });
        expect(errors.map((e) => e.code)).toEqual(['57P01']);
        await expect(client.query('select 1')).rejects.toThrow();
      } finally {
        client.release(true);
      }
      const again = await database.pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('while idle in the pool: reported once, and the pool opens another', async () => {
    const errors: (Error & { code?: string })[] = [];
    const database = connect(inject('adminUrl'), 1, (err) => errors.push(err));
    try {
      const first = await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      await terminate(first.rows[0]!.pid);
      await vi.waitFor(() => expect(errors.map((e) => e.code)).toEqual(['57P01']), { timeout: 10_000 });
      const next = await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(next.rows[0]!.pid).not.toBe(first.rows[0]!.pid);
    } finally {
      await database.close();
    }
  });
});

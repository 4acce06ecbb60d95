import pg from 'pg';
import { inject } from 'vitest';

/** Runs one statement on the e2e server's own database. */
export async function sql(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

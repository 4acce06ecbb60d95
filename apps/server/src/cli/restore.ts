/**
 * `npm run restore -- <folder> [--force]`: replaces the database and the uploaded files with a backup.
 * Stop the app first. --force replaces a database that already has accounts.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { restore, RestoreRefused } from '../ops/backup.ts';

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const source = argv.find((a) => !a.startsWith('--'));
  if (!source) {
    console.error('usage: npm run restore -- <backup folder> [--force]');
    return 2;
  }
  const config = loadConfig();
  // Starts the embedded cluster if needed and brings the schema up to date; the pool is closed
  // before restoring, which refuses while anything else is connected.
  const database = await openDatabase(config, () => undefined);
  await database.close();
  try {
    const uploads = config.storage === 'local' ? path.join(config.dataDir, 'uploads') : null;
    const m = await restore(database.url, uploads, path.resolve(source), { force });
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`restored ${source} (taken ${m.createdAt}): ${rows} rows, ${m.files.count} files`);
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused) {
      console.error(`restore refused: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.stopEmbedded();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);

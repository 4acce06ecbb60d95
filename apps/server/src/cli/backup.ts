/**
 * `npm run backup [-- <folder>]`: the database and the uploaded files into a new folder
 * (default: backups/studio-<time> next to DATA_DIR). Safe while the app runs.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { backup } from '../ops/backup.ts';

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const target = path.resolve(
    argv[0] ?? path.join(path.dirname(config.dataDir), 'backups', `studio-${stamp}`),
  );
  const database = await openDatabase(config, () => undefined);
  try {
    const uploads = config.storage === 'local' ? path.join(config.dataDir, 'uploads') : null;
    const m = await backup(database.url, uploads, target);
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `backup written to ${target}: ${m.tables.length} tables, ${rows} rows, ${m.files.count} files`,
    );
    if (!uploads)
      console.log('files are in S3 storage and not included: back up the bucket (docs/deploy.md)');
    return 0;
  } finally {
    await database.close();
    await database.stopEmbedded();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);

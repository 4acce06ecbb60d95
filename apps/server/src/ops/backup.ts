/**
 * Backup and restore of the app's data: every table of the `public` schema as a gzipped COPY stream,
 * read in one repeatable-read snapshot, plus the uploaded files. Logical, not physical, because the
 * embedded PostgreSQL ships no pg_dump; COPY works the same on the embedded cluster and on any
 * PostgreSQL server, and the files restore into a newer schema (columns are named).
 * Background jobs (the pgboss schema) are not included: see docs/deploy.md.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

export const MANIFEST = 'manifest.json';
const FORMAT = 1;

export type TableEntry = { name: string; columns: string[]; rows: number; file: string };
export type Manifest = {
  format: number;
  createdAt: string;
  /** Migrations applied to the database the backup was taken from. */
  migrations: number;
  tables: TableEntry[];
  files: { included: boolean; count: number };
};

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'studio-backup' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The app's tables, parents before children (foreign keys), so a restore can load them in order. */
async function tablesInLoadOrder(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relkind = 'r'
    group by c.relname
    order by c.relname`);
  const deps = await client.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where k.contype = 'f' and k.conrelid <> k.confrelid`);
  const parents = new Map<string, Set<string>>();
  for (const d of deps.rows) parents.set(d.child, (parents.get(d.child) ?? new Set()).add(d.parent));
  const ordered: { name: string; columns: string[] }[] = [];
  const done = new Set<string>();
  const visit = (name: string, trail: Set<string>) => {
    if (done.has(name) || trail.has(name)) return;
    trail.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, trail);
    done.add(name);
    const table = tables.rows.find((t) => t.name === name);
    if (table) ordered.push(table);
  };
  for (const t of tables.rows) visit(t.name, new Set());
  return ordered;
}

const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/** Writes a backup of the database (and the upload folder, when files are local) into `target`. */
export async function backup(
  databaseUrl: string,
  uploadsDir: string | null,
  target: string,
): Promise<Manifest> {
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new folder`);
  const partial = `${target}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(path.join(partial, 'db'), { recursive: true });
  const manifest = await withClient(databaseUrl, async (client) => {
    // One snapshot for every table: the backup is consistent even while the app keeps writing.
    await client.query('begin isolation level repeatable read read only');
    try {
      const migrations = await client
        .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
        .then((r) => r.rows[0]!.n);
      const tables: TableEntry[] = [];
      for (const t of await tablesInLoadOrder(client)) {
        const file = `db/${t.name}.copy.gz`;
        const cols = t.columns.map(quoteIdent).join(', ');
        const stream = client.query(copyTo(`copy ${quoteIdent(t.name)} (${cols}) to stdout`));
        await pipeline(stream, createGzip(), createWriteStream(path.join(partial, file)));
        tables.push({ name: t.name, columns: t.columns, rows: Number(stream.rowCount ?? 0), file });
      }
      return { format: FORMAT, createdAt: new Date().toISOString(), migrations, tables };
    } finally {
      await client.query('rollback');
    }
  });
  // Files are written once under fresh names and never changed, so copying after the snapshot only
  // adds files no row points to yet; nothing a row points to can be missing.
  let files = { included: false, count: 0 };
  if (uploadsDir) {
    if (existsSync(uploadsDir)) await fs.cp(uploadsDir, path.join(partial, 'files'), { recursive: true });
    files = { included: true, count: await countFiles(path.join(partial, 'files')) };
  }
  const full: Manifest = { ...manifest, files };
  await fs.writeFile(path.join(partial, MANIFEST), JSON.stringify(full, null, 2));
  await fs.rename(partial, target);
  return full;
}

export class RestoreRefused extends Error {}

/**
 * Loads a backup into a migrated database, replacing what is there, in one transaction: it either
 * restores everything or leaves the database as it was. Refuses while other sessions are connected
 * (stop the servers first) and, unless `force`, when the database already has accounts.
 */
export async function restore(
  databaseUrl: string,
  uploadsDir: string | null,
  source: string,
  options: { force?: boolean } = {},
): Promise<Manifest> {
  const manifest = JSON.parse(await fs.readFile(path.join(source, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new RestoreRefused(`unknown backup format ${manifest.format}`);
  await withClient(databaseUrl, async (client) => {
    const migrations = await client
      .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
      .then((r) => r.rows[0]!.n);
    if (manifest.migrations > migrations)
      throw new RestoreRefused('the backup comes from a newer version of the app: update the app first');
    const others = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (others.rows[0]!.n > 0 && !options.force)
      throw new RestoreRefused(
        `${others.rows[0]!.n} other connection(s) to this database: stop every server process first`,
      );
    const users = await client.query<{ n: number }>('select count(*)::int as n from users');
    if (users.rows[0]!.n > 0 && !options.force)
      throw new RestoreRefused('the database already has accounts: pass --force to replace everything in it');

    const present = await tablesInLoadOrder(client);
    await client.query('begin');
    try {
      const all = present.map((t) => quoteIdent(t.name));
      await client.query(`truncate ${all.join(', ')} restart identity cascade`);
      // The rows come back as they were, derived ones too (the search's counts, the cache notices):
      // the app's triggers would add to them a second time. Foreign keys are still checked.
      for (const name of all) await client.query(`alter table ${name} disable trigger user`);
      for (const t of manifest.tables) {
        if (!present.some((p) => p.name === t.name)) throw new RestoreRefused(`unknown table ${t.name}`);
        const cols = t.columns.map(quoteIdent).join(', ');
        const sink = client.query(copyFrom(`copy ${quoteIdent(t.name)} (${cols}) from stdin`));
        await pipeline(createReadStream(path.join(source, t.file)), createGunzip(), sink);
      }
      for (const name of all) await client.query(`alter table ${name} enable trigger user`);
      // Serial ids continue after the restored rows.
      await client.query(`
        do $$ declare r record; begin
          for r in select s.seq, s.tbl, s.col from (
            select pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq,
                   c.relname as tbl, a.attname as col
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            where c.relkind = 'r') s where s.seq is not null
          loop
            execute format('select setval(%L, coalesce((select max(%I) from %I), 0) + 1, false)', r.seq, r.col, r.tbl);
          end loop;
        end $$`);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
  });
  if (uploadsDir && manifest.files.included) await replaceFolder(path.join(source, 'files'), uploadsDir);
  return manifest;
}

/** Swaps in a copy of `from` as `to` with renames, so `to` is never half-copied. */
async function replaceFolder(from: string, to: string): Promise<void> {
  const incoming = `${to}.restoring`;
  const old = `${to}.before-restore-${Date.now()}`;
  await fs.rm(incoming, { recursive: true, force: true });
  if (existsSync(from)) await fs.cp(from, incoming, { recursive: true });
  else await fs.mkdir(incoming, { recursive: true });
  if (existsSync(to)) await fs.rename(to, old);
  await fs.rename(incoming, to);
  await fs.rm(old, { recursive: true, force: true });
}

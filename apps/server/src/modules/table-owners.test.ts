/**
 * Each table belongs to one module, and only that module's SQL names it. Another module reads it
 * through the owner's face (a repo read exported by its index.ts) or through a view the owner defines
 * in its schema file and offers in its README ("Views offered to other modules": the view, its
 * columns, the modules that read it; docs/decisions/module-meeting.md). A read of another module's
 * table fails; a read of another module's view fails unless its owner lists the reader; a view is
 * never written through; and the README's lists stay true (each view offered exists, each reader
 * listed reads it, each view is offered). A trigger, which makes every write of its table do more,
 * sits on a table of its function's owner: one module's writes never do another's work behind its
 * back (that is a domain event, published by the writer).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const MODULES = import.meta.dirname;

/** The owner of each schema file's tables and views (db/schema/<file>.ts), then the tables owned otherwise. */
const OWNER_BY_FILE: Record<string, string> = {
  accounts: 'auth',
  ai: 'ai',
  attachments: 'attachments',
  collab: 'collab',
  comments: 'comments',
  coupons: 'store',
  courses: 'courses',
  exams: 'exams',
  learning: 'learning',
  media: 'media',
  notifications: 'notifications',
  search: 'search',
  store: 'store',
  teams: 'teams',
  training: 'training',
  users: 'users',
};
const OWNER_BY_TABLE: Record<string, string> = {
  rate_limits: 'platform',
  // A key/value table: each module keeps its own keys there (the assets' URL secret,
  // the 公众号 ticket of auth), so no module reads another's rows.
  app_settings: 'shared',
};

type Relation = { variable: string; owner: string; view: boolean };

/** SQL name → { the schema's variable, its owner, whether it is a view }. */
function relations(): Map<string, Relation> {
  const found = new Map<string, Relation>();
  for (const file of readdirSync(join(SRC, 'db/schema'))) {
    const text = readFileSync(join(SRC, 'db/schema', file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pg(Table|View)\(\s*'(\w+)'/g)) {
      const owner = OWNER_BY_TABLE[m[3]!] ?? OWNER_BY_FILE[basename(file, '.ts')];
      found.set(m[3]!, { variable: m[1]!, owner: owner ?? '?', view: m[2] === 'View' });
    }
  }
  return found;
}

/**
 * `view → readers` from each module README's "Views offered to other modules" table: a row starts
 * with the view's name in backticks and ends with its readers, each module's name in backticks.
 */
function offeredViews(): Map<string, { owner: string; readers: string[] }> {
  const offered = new Map<string, { owner: string; readers: string[] }>();
  for (const mod of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const readme = join(MODULES, mod.name, 'README.md');
    if (!existsSync(readme)) continue;
    const section = readFileSync(readme, 'utf8').split(/^## Views offered to other modules\s*$/m)[1];
    if (!section) continue;
    for (const line of section.split(/^## /m)[0]!.split('\n')) {
      const row = /^\|\s*`(\w+)`\s*\|.*\|([^|]*)\|\s*$/.exec(line);
      if (row)
        offered.set(row[1]!, {
          owner: mod.name,
          readers: [...row[2]!.matchAll(/`([\w-]+)`/g)].map((r) => r[1]!),
        });
    }
  }
  return offered;
}

/** Code without its comments (a sentence "from users" is not SQL). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

type Use = { reader: string; file: string; name: string; owner: string; view: boolean; writes: boolean };

/** Every table or view of another module that a module's source names, and whether it writes to it. */
function foreignUses(): Use[] {
  const all = relations();
  const byVariable = new Map([...all].map(([name, t]) => [t.variable, name]));
  const uses: Use[] = [];
  for (const mod of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(MODULES, mod.name), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = code(readFileSync(join(MODULES, mod.name, file), 'utf8'));
      const named = new Set<string>();
      const written = new Set<string>();
      // Drizzle: a table's or view's variable imported (as a value) from the schema.
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*db\/schema\.ts'/g))
        for (const n of m[1]!.split(',').map((s) => s.trim()))
          if (byVariable.has(n)) named.add(byVariable.get(n)!);
      for (const m of text.matchAll(/\.(?:update|insert|delete)\((\w+)\)/g))
        if (byVariable.has(m[1]!)) written.add(byVariable.get(m[1]!)!);
      // Raw SQL: a name after from/join/update/into (a query's own CTE names aside).
      const ctes = new Set([...text.matchAll(/(\w+) as \(/g)].map((m) => m[1]!));
      for (const m of text.matchAll(/\b(from|join|update|into)\s+(?:\$\{(\w+)\}|"?(\w+)\b)/gi)) {
        const name = m[2] ? byVariable.get(m[2]) : m[3];
        if (!name || !all.has(name) || ctes.has(name)) continue;
        named.add(name);
        if (/update|into/i.test(m[1]!)) written.add(name);
      }
      for (const name of named) {
        const { owner, view } = all.get(name)!;
        if (owner !== mod.name && owner !== 'shared')
          uses.push({ reader: mod.name, file, name, owner, view, writes: written.has(name) });
      }
    }
  }
  return uses.sort((a, b) => `${a.reader}/${a.file}`.localeCompare(`${b.reader}/${b.file}`));
}

const said = (u: Use) => `${u.reader}/${u.file} → ${u.name}`;

/**
 * The owner of each trigger function, by its name. `studio_cache_notify` is platform's (platform/cache.ts):
 * it writes no table, it tells every process's caches that rows they hold changed (`pg_notify`), so it
 * may sit on any table.
 */
const OWNER_BY_FUNCTION: [RegExp, string][] = [
  [/^studio_search_/, 'search'],
  [/^studio_cache_notify$/, 'platform'],
];
const functionOwner = (fn: string) => OWNER_BY_FUNCTION.find(([name]) => name.test(fn))?.[1] ?? '?';

type Trigger = { name: string; table: string; fn: string };

/** The triggers the migrations leave, in order: each CREATE TRIGGER, less those a later one drops. */
function triggersOf(migrations: string[]): Trigger[] {
  const live = new Map<string, Trigger>();
  const name = String.raw`"?(\w+)"?`;
  const create = new RegExp(
    String.raw`create\s+(?:or\s+replace\s+)?trigger\s+${name}[\s\S]*?\son\s+(?:"?public"?\.)?${name}[\s\S]*?execute\s+(?:function|procedure)\s+(\w+)`,
    'gi',
  );
  const drop = new RegExp(
    String.raw`drop\s+trigger\s+(?:if\s+exists\s+)?${name}\s+on\s+(?:"?public"?\.)?${name}`,
    'gi',
  );
  for (const text of migrations) {
    // Statements in order (a migration may drop a trigger and create it again), comments aside.
    for (const statement of text.replace(/--.*$/gm, '').split(';')) {
      for (const m of statement.matchAll(drop)) live.delete(`${m[2]}.${m[1]}`);
      for (const m of statement.matchAll(create))
        live.set(`${m[2]}.${m[1]}`, { name: m[1]!, table: m[2]!, fn: m[3]! });
    }
  }
  return [...live.values()];
}

const MIGRATIONS = join(SRC, 'db/migrations');
const migrationTexts = () =>
  readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(join(MIGRATIONS, f), 'utf8'));

/** The triggers on a table of another module than their function's owner (platform's may sit anywhere). */
const foreignTriggers = (triggers: Trigger[]) => {
  const all = relations();
  return triggers
    .filter((t) => functionOwner(t.fn) !== 'platform' && functionOwner(t.fn) !== all.get(t.table)?.owner)
    .map((t) => `${t.name} on ${t.table} (${all.get(t.table)?.owner}) runs ${t.fn} (${functionOwner(t.fn)})`);
};

describe('table owners', () => {
  it('knows the owner of every table and view', () => {
    expect([...relations()].filter(([, t]) => t.owner === '?').map(([name]) => name)).toEqual([]);
  });

  it("names no other module's table: another module's rows are read through its face or its views", () => {
    expect(
      foreignUses()
        .filter((u) => !u.view)
        .map(said),
    ).toEqual([]);
  });

  it("reads another module's view only where its owner offers it to that module, and never writes one", () => {
    const offered = offeredViews();
    const uses = foreignUses().filter((u) => u.view);
    expect(uses.filter((u) => !offered.get(u.name)?.readers.includes(u.reader)).map(said)).toEqual([]);
    expect(uses.filter((u) => u.writes).map(said)).toEqual([]);
  });

  it("keeps the owners' lists of views true: each offered by its owner, read by each reader it names", () => {
    const all = relations();
    const offered = offeredViews();
    const views = [...all].filter(([, t]) => t.view);
    expect(views.filter(([name]) => !offered.has(name)).map(([name]) => name)).toEqual([]);
    expect(
      [...offered].filter(([name, o]) => all.get(name)?.owner !== o.owner).map(([name]) => name),
    ).toEqual([]);
    const uses = foreignUses();
    const unread = [...offered].flatMap(([name, o]) =>
      o.readers
        .filter((r) => !uses.some((u) => u.name === name && u.reader === r))
        .map((r) => `${r} → ${name}`),
    );
    expect(unread).toEqual([]);
  });

  it('knows the owner of every trigger function the migrations leave', () => {
    const triggers = triggersOf(migrationTexts());
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.filter((t) => functionOwner(t.fn) === '?').map((t) => t.fn)).toEqual([]);
  });

  it("leaves no trigger on another module's table: a trigger's table and its function have one owner", () => {
    expect(foreignTriggers(triggersOf(migrationTexts()))).toEqual([]);
  });

  it('reads the triggers the migrations leave, a dropped one gone, and finds a foreign one', () => {
    const sql = [
      `CREATE OR REPLACE FUNCTION studio_search_x() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
       CREATE TRIGGER "courses_search" AFTER UPDATE OF "title" ON "courses" FOR EACH ROW
         WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION studio_search_x();
       CREATE TRIGGER "terms_counted" AFTER INSERT ON "store_search_terms" EXECUTE FUNCTION studio_search_x();`,
      `-- DROP TRIGGER "terms_counted" ON "store_search_terms"; (a comment drops nothing)
       CREATE TRIGGER "teams_cache" AFTER UPDATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('store');`,
    ];
    expect(foreignTriggers(triggersOf(sql))).toEqual([
      'courses_search on courses (courses) runs studio_search_x (search)',
    ]);
    expect(triggersOf([...sql, 'DROP TRIGGER "courses_search" ON "courses";']).map((t) => t.name)).toEqual([
      'terms_counted',
      'teams_cache',
    ]);
  });
});

/**
 * Each table belongs to one module, and only that module's SQL names it: another module reads it
 * through the owner's face (a repo read exported by its index.ts; docs/decisions/module-meeting.md).
 * The reads still made directly are listed below, each with its reason; the list only shrinks (an
 * entry no longer true fails too, so it leaves the list with its fix).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const MODULES = import.meta.dirname;

/** The owner of each schema file's tables (db/schema/<file>.ts), then the tables owned otherwise. */
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
};
const OWNER_BY_TABLE: Record<string, string> = {
  users: 'users',
  rate_limits: 'platform',
  // A key/value table: each module keeps its own keys there (the assets' URL secret,
  // the 公众号 ticket of auth), so no module reads another's rows.
  app_settings: 'shared',
};

/**
 * `module/file → table`: a module's file that names another module's table, and why it still does.
 * Joins in lists and reports stay one query (a face call per row, or two round trips, would be a
 * change of its own); they move when their owner offers a view or a repo read that fits.
 */
const ALLOWED: Record<string, string> = {
  'training/training.repo.ts → team_members':
    "a task's and a group's people are the team's members, joined in the query that lists them (as the learning report does)",
  'training/training.repo.ts → users':
    "a task's and a group's people are listed with their names in one query (as the learning report does)",
  'exams/attempts.repo.ts → users':
    "an exam's results name each member in the one query that pages them (as the learning report does)",
  'assets/assets.repo.ts → lesson_attachments':
    "the one asset quota counts both kinds' bytes (assets is the room media and attachments share; both import it)",
  'assets/assets.repo.ts → media':
    "the one asset quota counts both kinds' bytes (assets is the room media and attachments share; both import it)",
  'attachments/attachments.repo.ts → lessons':
    'frees (and lists for a share) only attachments whose lesson still exists, in the one query that finds them',
  'auth/sessions.repo.ts → team_members':
    "a session's actor with its memberships in one query, on every request",
  'auth/sessions.repo.ts → teams': "a session's actor with its memberships in one query, on every request",
  'auth/sessions.repo.ts → users': "a session's actor with its user in one query, on every request",
  'courses/courses.repo.ts → users': "the course list shows each author's name, filtered and paged in SQL",
  'courses/shares.repo.ts → teams': "a share's page names the course's team in the same read",
  'courses/shares.repo.ts → users': "a share's page names the course's author in the same read",
  'learning/learning.repo.ts → course_releases':
    'learning sits below courses (courses → store → learning): a courses face call would close a loop',
  'learning/learning.repo.ts → courses': 'the same: learning cannot import courses',
  'learning/learning.repo.ts → entitlements':
    "a learner's courses are their team's entitlements, joined in one query (store imports learning)",
  'learning/learning.repo.ts → teams': "the learning list names each course's team in one query",
  'learning/release-content.ts → course_releases': 'the same: learning cannot import courses',
  'learning/report.repo.ts → course_releases': 'the team report joins released courses in one query',
  'learning/report.repo.ts → courses': 'the team report joins released courses in one query',
  'learning/report.repo.ts → entitlements': "the team report's courses are the team's entitlements",
  'learning/report.repo.ts → team_members': "the team report's learners are the team's members",
  'learning/report.repo.ts → users': 'the team report names its learners in one query',
  'store/catalog.repo.ts → course_releases': "the store's listing joins each course's store version",
  'store/catalog.repo.ts → courses': "the store's listing filters and orders listed courses in SQL",
  'store/catalog.repo.ts → teams': "the store's listing names each course's team",
  'store/coupons.repo.ts → courses': "a coupon's courses are checked against the team's courses",
  'store/invoices.repo.ts → courses': 'an invoice names the course it was bought for',
  'store/invoices.repo.ts → teams': 'an invoice names the selling team',
  'store/orders.repo.ts → courses': 'an order is priced from the course and counts its sales (sales_count)',
  'store/orders.repo.ts → teams': 'an order names the selling team',
  'store/refunds.repo.ts → courses': "a refund takes back the course's sale (sales_count)",
  'store/refunds.repo.ts → teams': 'a refund names the selling team',
  'store/team-store.repo.ts → course_releases': "the team's sales page joins each course's release",
  'store/team-store.repo.ts → courses': "the team's sales page lists the team's courses",
  'store/team-store.repo.ts → teams': "the team's sales page checks the team",
  'teams/invitations.repo.ts → users': 'invitations name the invited and the inviter in one query',
  'teams/invites.repo.ts → users': 'invite links name their creator in one query',
  'teams/join-requests.repo.ts → users': 'join requests name the asker in one query',
  'teams/members.repo.ts → users': 'the member list names each member, filtered and paged in SQL',
};

/** SQL name → { the schema's variable, its owner }. */
function tables(): Map<string, { variable: string; owner: string }> {
  const found = new Map<string, { variable: string; owner: string }>();
  for (const file of readdirSync(join(SRC, 'db/schema'))) {
    const text = readFileSync(join(SRC, 'db/schema', file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      const owner = OWNER_BY_TABLE[m[2]!] ?? OWNER_BY_FILE[basename(file, '.ts')];
      found.set(m[2]!, { variable: m[1]!, owner: owner ?? '?' });
    }
  }
  return found;
}

/** Code without its comments (a sentence "from users" is not SQL). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** `module/file → table` for every table of another module a module's source names. */
function foreignUses(): string[] {
  const all = tables();
  const byVariable = new Map([...all].map(([name, t]) => [t.variable, { name, owner: t.owner }]));
  const uses = new Set<string>();
  for (const mod of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(MODULES, mod.name), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = code(readFileSync(join(MODULES, mod.name, file), 'utf8'));
      const named = new Set<string>();
      // Drizzle: a table's variable imported (as a value) from the schema.
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*db\/schema\.ts'/g))
        for (const n of m[1]!.split(',').map((s) => s.trim()))
          if (byVariable.has(n)) named.add(byVariable.get(n)!.name);
      // Raw SQL: a table's name after from/join/update/into (a query's own CTE names aside).
      const ctes = new Set([...text.matchAll(/(\w+) as \(/g)].map((m) => m[1]!));
      for (const m of text.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)\b/gi))
        if (all.has(m[1]!) && !ctes.has(m[1]!)) named.add(m[1]!);
      for (const name of named) {
        const owner = all.get(name)!.owner;
        if (owner !== mod.name && owner !== 'shared') uses.add(`${mod.name}/${file} → ${name}`);
      }
    }
  }
  return [...uses].sort();
}

describe('table owners', () => {
  it('knows the owner of every table', () => {
    expect([...tables()].filter(([, t]) => t.owner === '?').map(([name]) => name)).toEqual([]);
  });

  it("names another module's table only where the list says why, and the list holds no fixed entry", () => {
    const uses = foreignUses();
    expect(uses.filter((u) => !(u in ALLOWED))).toEqual([]);
    expect(Object.keys(ALLOWED).filter((u) => !uses.includes(u))).toEqual([]);
  });
});

/**
 * drizzle-orm's resolve hooks answer as Node does: a process with them loads the same exports, and
 * each answer is the one Node's own resolution would give, without asking it again.
 */
import { execFileSync } from 'node:child_process';
import type { ResolveFnOutput, ResolveHookContext } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// The module registers its hooks on import: here only the function is under test.
const registered = vi.hoisted(() => ({ hooks: [] as unknown[] }));
vi.mock('node:module', async (original) => ({
  ...(await original<typeof import('node:module')>()),
  registerHooks: (hooks: unknown) => void registered.hooks.push(hooks),
}));
const { resolveDrizzle } = await import('./drizzle-resolve.ts');

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const context = (parentURL: string): ResolveHookContext => ({
  conditions: ['node', 'import'],
  importAttributes: {},
  parentURL,
});

describe('drizzle-orm resolve hooks', () => {
  it('are registered when the module loads', () => {
    expect(registered.hooks).toEqual([{ resolve: resolveDrizzle }]);
  });

  it('answer a relative import inside the package as its ES module, without Node', () => {
    const parent = pathToFileURL(
      path.join(SERVER_DIR, '../../node_modules/drizzle-orm/node-postgres/driver.js'),
    ).href;
    const next = vi.fn();
    expect(resolveDrizzle('../pg-core/db.js', context(parent), next)).toEqual({
      url: new URL('../pg-core/db.js', parent).href,
      format: 'module',
      shortCircuit: true,
    });
    expect(next).not.toHaveBeenCalled();
  });

  it('resolve a bare specifier once for every importer, and leave other packages to Node', () => {
    const answer: ResolveFnOutput = { url: 'file:///x/drizzle-orm/pg-core/index.js', format: 'module' };
    const next = vi.fn(() => answer);
    const a = resolveDrizzle('drizzle-orm/pg-core', context('file:///repo/a.ts'), next);
    const b = resolveDrizzle('drizzle-orm/pg-core', context('file:///repo/b.ts'), next);
    expect(a).toEqual({ ...answer, shortCircuit: true });
    expect(b).toEqual(a);
    expect(next).toHaveBeenCalledTimes(1);
    resolveDrizzle('fastify', context('file:///repo/a.ts'), next);
    resolveDrizzle('./local.js', context('file:///repo/a.ts'), next);
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('load the same drizzle-orm as a process without them', () => {
    const script =
      "const names = []; for (const s of ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/node-postgres'])" +
      ' names.push(s + ": " + Object.keys(await import(s)).sort().join(","));' +
      ' console.log(JSON.stringify(names));';
    const run = (args: string[]) =>
      JSON.parse(
        execFileSync(process.execPath, [...args, '--input-type=module', '-e', script], {
          cwd: SERVER_DIR,
          encoding: 'utf8',
        }),
      ) as string[];
    const hooked = run(['--import', './src/platform/drizzle-resolve.ts']);
    expect(hooked).toHaveLength(3);
    expect(hooked[1]).toContain('pgTable');
    expect(hooked).toEqual(run([]));
  });
});

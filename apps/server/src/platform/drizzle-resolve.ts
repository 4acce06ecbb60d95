/**
 * Resolve hooks for drizzle-orm, registered by the entry files before they import the app
 * (`server.ts`; the CLIs with `--import`). Node 24 reads the package scope of every ES module it
 * loads to learn its format, and its reader copies the package.json into a fresh object, which runs
 * the lazy parse of its `exports`: for drizzle-orm that is 179 KB of JSON (447 exports) parsed again
 * for each of the hundreds of modules the package loads, and again for each of our files that
 * imports it. `import('drizzle-orm/node-postgres')` took 1.5 CPU-seconds, 1.3 of them there
 * (`--cpu-prof`), and every process start (server, media worker, CLI) paid it.
 *
 * The hooks answer what Node would, without that lookup: a relative `.js` import inside the package
 * is its ES module (the package is `"type": "module"`, `drizzle-resolve.test.ts` checks the answers
 * against Node's), and a bare `drizzle-orm…` specifier is resolved once per process and export
 * conditions (one copy of the package in the repository's node_modules) instead of once per
 * importing file.
 */
import { registerHooks, type ResolveFnOutput, type ResolveHookContext } from 'node:module';

const PACKAGE_DIR = '/node_modules/drizzle-orm/';
const bare = new Map<string, ResolveFnOutput>();

export function resolveDrizzle(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput,
): ResolveFnOutput {
  const parent = context.parentURL;
  if (
    parent?.includes(PACKAGE_DIR) &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js')
  ) {
    return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
  }
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    const key = `${specifier}\0${context.conditions.join(',')}`;
    let resolved = bare.get(key);
    if (!resolved) {
      resolved = nextResolve(specifier, context);
      bare.set(key, resolved);
    }
    return { ...resolved, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

registerHooks({ resolve: resolveDrizzle });

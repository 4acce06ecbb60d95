/**
 * Run as a script (start-packages.test.ts): imports the module named by its argument and, when the
 * process exits, prints as JSON the packages whose modules were resolved meanwhile (ESM and require).
 */
import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';

const packages = new Set<string>();
const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const name = PACKAGE.exec(resolved.url)?.[1];
    if (name) packages.add(name);
    return resolved;
  },
});
process.on('exit', () => writeSync(1, JSON.stringify([...packages])));
await import(process.argv[2]!);

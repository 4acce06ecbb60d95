import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file gets its own database. Four workers on the 2-core machines: many files mostly wait
    // (for child processes, PostgreSQL, a timer), so two left the cores idle (the suite 195 s with
    // two workers, 175 s with three, 151 s with four, one after another on a quiet machine).
    maxWorkers: 4,
    // Files share a worker's module cache: each file builds its own app on its own database, and the
    // only module state (a per-order payment-query throttle) is keyed by unique order numbers, so
    // isolating files only re-imported the server (collect 76 s → 10 s, suite 130 s → 75 s).
    isolate: false,
  },
});

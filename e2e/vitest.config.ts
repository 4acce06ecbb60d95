import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Prints what the browser showed when a journey fails (CI keeps only the output).
    setupFiles: ['support/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser journey at a time: two cores are shared with the server and its database.
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';
import JourneySequencer from './support/sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Prints what the browser showed when a journey fails (CI keeps only the output).
    setupFiles: ['support/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A poll waits for the page to reach a state, like Playwright's own waits (30 s by default).
    // Vitest's default of 1 s is a race with rendering on a busy machine, not a rule of the app:
    // a page that took 1.2 s to draw the login tabs failed a journey. Polls return as soon as they hold.
    expect: { poll: { timeout: 30_000 } },
    // One browser journey at a time per run: its files share one server and database, and a file may
    // count what it finds there. `npm test` runs two shards at once (`--shard=1/2`, `2/2`), each its own
    // server, database and browser: a journey mostly waits (for the page, the server, a timer).
    fileParallelism: false,
    // Files run one after another in one worker: a worker per file cost ≈ 280 ms each to start
    // (Vitest's own count, 41 files). Each file still runs its own module afresh; only the support
    // modules (browser, session, failure report) are shared, and they hold no per-file state.
    isolate: false,
    // The two shards get about equal seconds of journeys (support/sequencer.ts).
    sequence: { sequencer: JourneySequencer },
  },
});

import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

// Browser journeys: one seeded server per worker for the whole run (global setup), Chromium per test file.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/matchers.ts'],
    environment: 'node',
    pool: 'forks',
    // Files side by side, each worker on its own server and database (support/workers.ts).
    maxWorkers: E2E_WORKERS,
    // A journey is a chain of waits, each bounded on its own (toBeVisibleSoon, waitForPath); this bound only
    // catches a hung journey. Two journeys share two cores, so a long one (buy → ship → dispute → pay) runs
    // past a minute on a busy machine without anything being wrong.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

import { defineConfig } from 'vitest/config';

// Browser journeys: one seeded server for the whole run (global setup), Chromium per test file.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/matchers.ts'],
    environment: 'node',
    pool: 'forks',
    // Two cores: one for the server, one for the browser and the test file.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

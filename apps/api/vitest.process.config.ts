import { defineConfig } from 'vitest/config';
import { PROCESS_TEST_FILES } from './test/tiers';

// The API's process tier (test/tiers.ts): the built server and commands as production runs them, killed
// processes, two instances on one PostgreSQL and Redis. Built once (test/build-once.ts) before any file.
export default defineConfig({
  test: {
    name: 'api-process',
    include: PROCESS_TEST_FILES,
    environment: 'node',
    globalSetup: ['test/build-once.ts', 'test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

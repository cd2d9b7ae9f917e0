import { defineConfig } from 'vitest/config';
import { PROCESS_TEST_FILES } from './test/tiers';

// The API's in-process tier: each test file builds the app on its own copy of a migrated template
// database (test/database-templates.ts). The process-level files run in vitest.process.config.ts.
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...PROCESS_TEST_FILES],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

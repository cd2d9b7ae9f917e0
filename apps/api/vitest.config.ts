import { defineConfig } from 'vitest/config';
import { timeLimit } from './test/time-limit';
import { PROCESS_TEST_FILES, REUSE_ENV } from './test/tiers';

// The API's in-process tier: each test file builds the app on its own copy of a migrated template
// database (test/database-templates.ts). Files share each worker's module cache (`isolate: false`), so the
// app's imports load once per worker instead of once per file (about 3 s a file); so no file replaces a
// module with vi.mock (a test puts its fake in through buildTestApp's options instead: test/tiers.ts). The
// process-level files are in vitest.process.config.ts (test/tiers.ts lists them).
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...PROCESS_TEST_FILES],
    environment: 'node',
    isolate: false,
    // A file's database, emptied, serves the worker's next file (test/database-reuse.ts).
    env: { [REUSE_ENV]: '1' },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(60_000),
  },
});

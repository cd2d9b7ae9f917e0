import { defineConfig } from 'vitest/config';
import { timeLimit } from './test/time-limit';
import { databaseTestFiles, REUSE_ENV } from './test/tiers';

// The API's in-process tier again on PostgreSQL (TEST_DATABASE_URL), for the files that use a database
// (test/tiers.ts), sharing module caches and reusing databases as vitest.config.ts does. `npm test` runs it
// as its own step. Not among the root config's projects, so running a module's folder runs its
// tests once.
const root = new URL('.', import.meta.url).pathname;
const databaseFiles = databaseTestFiles();
const shared = { root, environment: 'node' as const, globalSetup: ['test/global-setup.ts'], testTimeout: timeLimit(30_000), hookTimeout: timeLimit(60_000) };

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [{ test: { ...shared, name: 'api-postgres', include: databaseFiles, isolate: false, env: { [REUSE_ENV]: '1' } } }],
  },
});

import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './test/tiers';

// The API's in-process tier again on PostgreSQL (TEST_DATABASE_URL), for the files that use a database
// (test/tiers.ts): `npm test` runs it as its own step. Not one of the root config's projects, so running a
// module's folder runs its tests once.
export default defineConfig({
  test: {
    name: 'api-postgres',
    root: new URL('.', import.meta.url).pathname,
    include: databaseTestFiles(),
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

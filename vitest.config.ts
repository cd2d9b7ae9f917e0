import { defineConfig } from 'vitest/config';

// One runner for unit, API and component tests; the browser journeys in e2e/ have their own config
// because they build and boot the whole app first.
export default defineConfig({
  test: {
    // argon2 and PGlite are CPU-bound: two workers for the two cores this project is planned for.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/api/vitest.config.ts',
      'apps/api/vitest.process.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});

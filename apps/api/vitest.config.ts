import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The production build, once, for the tests that run it (test/build-once.ts).
    globalSetup: ['test/build-once.ts'],
    // Each test file boots its own in-memory database (PGlite, ~3 s); keep files few and focused.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

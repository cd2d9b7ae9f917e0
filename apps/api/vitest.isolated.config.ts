import { defineConfig } from 'vitest/config';
import { timeLimit } from './test/time-limit';
import { mockingTestFiles } from './test/tiers';

// The in-process files that replace a module with vi.mock (test/tiers.ts), each in a fresh module cache.
export default defineConfig({
  test: {
    name: 'api-isolated',
    include: mockingTestFiles(),
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(60_000),
  },
});

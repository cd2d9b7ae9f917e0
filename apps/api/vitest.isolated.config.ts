import { defineConfig } from 'vitest/config';
import { mockingTestFiles } from './test/tiers';

// The in-process files that replace a module with vi.mock (test/tiers.ts), each in a fresh module cache.
export default defineConfig({
  test: {
    name: 'api-isolated',
    include: mockingTestFiles(),
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

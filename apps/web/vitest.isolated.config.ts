import { defineConfig } from 'vitest/config';
import { timeLimit } from './src/test/time-limit';
import { mockingWebTestFiles } from './vitest.tiers';

// The component tests that replace a module with vi.mock, each in a fresh module cache (vitest.tiers.ts);
// otherwise as vitest.config.ts.
export default defineConfig({
  test: {
    name: 'web-isolated',
    include: mockingWebTestFiles(),
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: timeLimit(20_000),
    restoreMocks: true,
    unstubGlobals: true,
  },
});

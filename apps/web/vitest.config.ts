import { defineConfig } from 'vitest/config';
import { timeLimit } from './src/test/time-limit';
import { mockingWebTestFiles } from './vitest.tiers';

// Component tests sharing each worker's module cache; the vi.mock files run in vitest.isolated.config.ts
// (vitest.tiers.ts says why).

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', ...mockingWebTestFiles()],
    isolate: false,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: timeLimit(20_000),
    // Every test starts from real timers, real fetch and untouched mocks.
    restoreMocks: true,
    unstubGlobals: true,
  },
});

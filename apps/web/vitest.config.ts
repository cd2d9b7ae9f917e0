import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // Every test starts from real timers, real fetch and untouched mocks.
    restoreMocks: true,
    unstubGlobals: true,
  },
});

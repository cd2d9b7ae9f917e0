import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { describePage } from './browser';

// `await expect(locator).toBeVisibleSoon()` — waits up to 10 s for the element, like Playwright's
// own web-first assertion, so journeys never sleep.
expect.extend({
  async toBeVisibleSoon(received: Locator, timeout = 10_000) {
    try {
      await received.first().waitFor({ state: 'visible', timeout });
      return { pass: true, message: () => `expected ${received} not to be visible` };
    } catch {
      const seen = await describePage(received.page()).catch(() => 'the page could not be read');
      return { pass: false, message: () => `expected ${received} to become visible within ${timeout} ms; ${seen}` };
    }
  },
});

declare module 'vitest' {
  interface Assertion<T> {
    toBeVisibleSoon(timeout?: number): Promise<T>;
  }
}

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // Session data lives in browser storage (SPEC §3); a test must never inherit another's login.
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
});

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

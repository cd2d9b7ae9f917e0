import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Pages load lazily and CI shares two cores among many workers: wait up to 5 s for what a page
// shows (findBy…/waitFor) instead of Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // Session data lives in browser storage (SPEC §3); a test must never inherit another's login.
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
});

// sonner removes a dismissed toast 200 ms later: let such timers fire while the page still exists, or one
// firing after the file's environment is torn down fails the run with "window is not defined".
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 400));
});

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

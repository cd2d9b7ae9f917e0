import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../components/toast';

// Pages load lazily and CI shares two cores among many workers: wait up to 5 s for what a page
// shows (findBy…/waitFor) instead of Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// The server's render is tested in Node (`@vitest-environment node`): no page, no storage there.
const hasPage = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  // The toasts live in a module-level store that outlives the unmounted Toaster: without this, the next
  // test's page shows every earlier test's toasts (each with a fresh 4 to 5 s), and a findByText for a
  // message an earlier test also toasted sees two of them until the old one times out.
  toast.dismiss();
  vi.useRealTimers();
  if (!hasPage) return;
  // Session data lives in browser storage (docs/product/data.md); a test must never inherit another's login.
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
});

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on every navigation.
if (hasPage) window.scrollTo = () => {};

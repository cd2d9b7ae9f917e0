import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from '../store';

/** Draws the app into `root`, or takes over the server's HTML there (`hydrate`). */
export function mount(root: HTMLElement, store: AppStore, router: ReturnType<typeof createBrowserRouter>, hydrate: boolean) {
  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  );
  // In a transition, React hydrates in slices of a few milliseconds, yielding to the browser between them.
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

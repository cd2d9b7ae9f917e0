import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { serverAnswers } from './lib/api';
import { didSessionExpire, readSession } from './lib/session';
import { readServerState } from './ssr/server-state';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/**
 * The public catalogue's pages come rendered by the server as a guest sees them (decision 0025). A guest's
 * browser hydrates that HTML; a signed-in visitor's page differs (their header, cart, the seller's preview),
 * so their browser draws it afresh over the server's HTML, as for every other page.
 */
async function start(root: HTMLElement) {
  const store = makeStore();
  // A tab whose session just expired is sent to /login: nothing of the guest's page to take over.
  const serverState = readSession() === null && !didSessionExpire() ? readServerState() : undefined;
  if (serverState) store.dispatch(serverAnswers(serverState.store));
  const router = createAppRouter(serverState?.router);
  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  );
  if (!serverState) {
    createRoot(root).render(app);
    return;
  }
  // The page's lazy modules first (the router loads them as it starts), then hydrate the server's HTML.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  hydrateRoot(root, app);
}

void start(container);

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter, loadRoutesFor } from './app/router';
import { makeStore } from './app/store';
import { serverAnswers } from './lib/api';
import { readSession } from './lib/session';
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
  const serverState = readSession() === null ? readServerState() : undefined;
  let hydrates = false;
  if (serverState) {
    store.dispatch(serverAnswers(serverState.store));
    // A page chunk that fails to download: draw afresh, and the router shows its error page as usual.
    hydrates = await loadRoutesFor(window.location.pathname).then(
      () => true,
      () => false,
    );
  }
  const router = createAppRouter(hydrates ? serverState?.router : undefined);
  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  );
  if (hydrates) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(container);

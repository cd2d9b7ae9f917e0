import { serverAnswers } from '../../lib/api';
import { didSessionExpire, readSession } from '../../lib/session';
import { readServerState } from '../../ssr/server-state';
import { makeStore } from '../store';

/**
 * The store, filled with the answers the server drew a guest's page with, and the router's part of that page
 * (undefined when there is nothing to take over: a signed-in visitor, a tab whose session just expired — it
 * is sent to /login — or a page the server did not draw).
 */
export function prepareState() {
  const store = makeStore();
  const serverState = readSession() === null && !didSessionExpire() ? readServerState() : undefined;
  if (serverState) store.dispatch(serverAnswers(serverState.store));
  return { store, hydrationData: serverState?.router };
}

import type { HydrationState } from 'react-router';

/** The id of the JSON data block in which the server's page hands the browser what it was drawn with (entry-server.tsx). */
export const SERVER_STATE_ELEMENT_ID = 'marketplace-server-state';

export interface ServerState {
  /** The Redux store's state, of which the API slice's answers are taken (lib/api.ts `serverAnswers`). */
  store: Record<string, unknown>;
  /** react-router's hydration data for the matched routes. */
  router: HydrationState;
}

/** The server's state in this page, or undefined when the page was not rendered by the server (or the block is unreadable). */
export function readServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return undefined;
  }
}

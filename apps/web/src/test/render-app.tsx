import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import { discoverDashboardRoutes, routes } from '../app/router';
import { makeStore } from '../app/store';
import { ChatSocketLibraryContext, type LoadChatSocket } from '../lib/socket';
import { fakeSocketLibrary } from './fake-socket';

export type ApiHandler = (request: Request) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Every API call answers 404 unless the test says otherwise. */
const notFound: ApiHandler = () => jsonResponse(404, { error: 'Not found' });

/** Replaces fetch at the network boundary; returns the spy so tests can inspect the requests. */
export function mockApi(handler: ApiHandler = notFound) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return handler(request);
  });
}

/** The request a fetch spy received on its nth call. */
export function requestOf(fetchSpy: ReturnType<typeof mockApi>, call = 0): Request {
  const input = fetchSpy.mock.calls[call]?.[0];
  if (!(input instanceof Request)) throw new Error(`fetch call ${call} did not receive a Request`);
  return input;
}

/**
 * Mounts the real route table (the dashboards' discovered as in the browser), guards and store at `entry`.
 * The chat socket a signed-in page opens is a FakeSocket (src/test/fake-socket.ts) whose server never
 * answers unless the test plays it: `sockets` holds those opened, or `socket` names another library.
 */
export function renderApp(entry: InitialEntry, { api = notFound, socket }: { api?: ApiHandler; socket?: LoadChatSocket } = {}) {
  const sockets = fakeSocketLibrary();
  const fetchSpy = mockApi(api);
  const router = createMemoryRouter(routes, { initialEntries: [entry], patchRoutesOnNavigation: discoverDashboardRoutes });
  const store = makeStore();
  const user = userEvent.setup();
  const app = (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
  const utils = render(<ChatSocketLibraryContext.Provider value={socket ?? sockets.load}>{app}</ChatSocketLibraryContext.Provider>);
  return { ...utils, router, store, user, fetchSpy, sockets };
}

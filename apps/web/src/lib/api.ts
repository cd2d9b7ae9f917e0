import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { expireSession, readSession } from './session';

/** True while the server renders a public page (src/ssr/entry-server.tsx); never in a browser or in jsdom. */
const IS_SERVER = typeof window === 'undefined';

/**
 * The store's extra argument (app/store.ts). On the server, `fetch` is how a render reaches the API: the
 * server's own routes, in-process (apps/api/src/plugins/server-rendering.ts). In a browser it is absent
 * and the global `fetch` is used.
 */
export interface ApiExtra {
  fetch?: typeof fetch;
}

// An absolute base keeps fetch happy outside a browser page too (tests run in jsdom on Node; the server's render has no page).
const baseQueryWith = (fetchFn?: typeof fetch) =>
  fetchBaseQuery({
    baseUrl: `${globalThis.location?.origin ?? 'http://server-render.invalid'}/api`,
    ...(fetchFn ? { fetchFn } : {}),
    prepareHeaders: (headers) => {
      const token = readSession()?.token;
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
const browserBaseQuery = baseQueryWith();

/** The action that hands the server's answers to the browser's store before it hydrates (main.tsx). */
export const SERVER_ANSWERS = 'ssr/serverAnswers';
interface ServerAnswers extends UnknownAction {
  /** The server store's state, of which the API slice is read. */
  payload: Record<string, unknown>;
}
export function serverAnswers(state: Record<string, unknown>): ServerAnswers {
  return { type: SERVER_ANSWERS, payload: state };
}

/**
 * A 401 on a call that carried a token means the server no longer accepts the session: end it, and
 * the app shell sends the user to /login (docs/product/roles.md). A 401 without a token (a wrong password) is
 * just an answer for the page that asked.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  // A server render's own way to the API (a query made per call: the server's calls are few per page).
  const serverFetch = (api.extra as ApiExtra | undefined)?.fetch;
  const result = await (serverFetch ? baseQueryWith(serverFetch) : browserBaseQuery)(args, api, extraOptions);
  const sentToken = result.meta?.request.headers.has('Authorization') ?? false;
  if (result.error?.status === 401 && sentToken) expireSession();
  return result;
};

/**
 * On the server a query starts while the page renders (rather than in an effect, which never runs there),
 * so the server's render can wait for the page's answers and render again with them (decision 0025).
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: IS_SERVER }));

/** The one way the web app calls the API. Features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // The answers the server rendered a page with, so hydrating draws the same page without asking again.
  extractRehydrationInfo: (action, { reducerPath }) => (action.type === SERVER_ANSWERS ? ((action as ServerAnswers).payload[reducerPath] as never) : undefined),
  tagTypes: [
    'Me',
    'Category',
    'SellerProduct',
    'SellerProductList',
    'ProductImages',
    'SellerOrder',
    'SellerDashboard',
    'AdminUser',
    'AdminOrder',
    'AdminProduct',
    'Commission',
    'Cart',
    'Wishlist',
    'CheckoutSummary',
    'BuyerOrder',
    'Address',
    'Profile',
    'Shipment',
    'PaymentAccount',
    'Payout',
    'PayoutStats',
    'ShippedOrder',
    'Seller',
    'Chat',
    'Review',
  ],
  endpoints: () => ({}),
});

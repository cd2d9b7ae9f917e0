import { prerender } from 'react-dom/static';
import type { Middleware } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { makeStore } from '../app/store';
import { routes } from '../app/router';
import { api } from '../lib/api';
import { shopsApi } from '../features/catalog/shop-api';
import { storefrontApi } from '../features/catalog/storefront-api';
import { FIRST_REVIEWS_PAGE, productReviewsApi } from '../features/catalog/reviews-api';
import { listingSearchArgs } from '../features/catalog/components/listing-search-args';
import { HOME_ROWS, productRowArgs } from '../features/catalog/components/product-rows';
import { headTags, homeHead, notFoundHead, productHead, productsHead, scriptJson, shopHead, type PageHead } from './page-head';
import { SERVER_STATE_ELEMENT_ID, type ServerState } from './server-state';

/**
 * The server's render of the public catalogue's pages (decision 0025): the same route table and components
 * as the browser, drawn as a guest sees them, with the answers of the API's own routes. Built by Vite into
 * apps/web/dist-ssr/entry-server.js (every library bundled in), which the API loads
 * (apps/api/src/plugins/server-rendering.ts). Every other path is left to the browser, as before.
 */

/** The pages the server renders; the order matters (`/products/checkout` is the buyer's, not a product). */
const SERVER_RENDERED = ['/', '/products', '/products/:productId', '/shop/:sellerId'] as const;
const NOT_RENDERED = ['/products/checkout'];

/** How many times a page is drawn at most: each pass may start the queries its answers lead to (a product, then its reviews). */
const MAX_PASSES = 4;

export interface RenderedPage {
  status: 200 | 404;
  /** The tags for <head> (title, description, canonical, Open Graph, Twitter, JSON-LD). */
  head: string;
  /** The markup inside <div id="root">, and the scripts that hand the browser what it was drawn with. */
  root: string;
  scripts: string;
  /** How many times the page was drawn: once, when startQueries asked for everything it shows. */
  passes: number;
}

export interface RenderOptions {
  /** The path and query asked for, e.g. `/products/…?page=2`. */
  url: string;
  /** The marketplace's public address (canonical links, Open Graph). */
  origin: string;
  /** How the render reaches the API: the server's own routes, in-process. */
  fetch: typeof fetch;
  /** The response's Content-Security-Policy nonce, for any script React itself writes. */
  nonce?: string;
}

/** Whether the server renders `pathname`. */
export function rendersPath(pathname: string): boolean {
  if (NOT_RENDERED.some((pattern) => matchPath(pattern, pathname))) return false;
  return SERVER_RENDERED.some((pattern) => matchPath(pattern, pathname));
}

/**
 * One complete drawing. `progressiveChunkSize` is unbounded so React never moves a large Suspense boundary
 * (the reviews) out of place to be revealed by script: the page must read in order, without JavaScript.
 */
/** The API slice's state of one query. */
const queryState = (state: unknown, key: string) =>
  (state as { [api.reducerPath]: { queries: Record<string, { status?: string } | undefined> } })[api.reducerPath].queries[key];

/**
 * A query asked for again by a later pass after it failed (RTK Query asks again whenever a component
 * subscribes to a failed query) would show as loading in that pass: the server keeps its failure in view
 * instead (the pending action is dropped; the answer, if different, still lands).
 */
const keepFailures: Middleware = (store) => (next) => (action) => {
  const pending = action as { type?: string; meta?: { arg?: { queryCacheKey?: string } } };
  const key = pending.meta?.arg?.queryCacheKey;
  if (pending.type === `${api.reducerPath}/executeQuery/pending` && key && queryState(store.getState(), key)?.status === 'rejected') return undefined;
  return next(action);
};

/** The API slice's queries: a new object whenever any query starts, lands or fails. */
const queriesOf = (state: unknown) => (state as { [api.reducerPath]: { queries: object } })[api.reducerPath].queries;

async function drawOnce(element: React.ReactElement, nonce: string | undefined): Promise<string> {
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY, ...(nonce ? { nonce } : {}) });
  return new Response(prelude).text();
}

/** The page at `url` as HTML, or null when the server does not render that path (or the router sends elsewhere). */
export async function renderPage({ url, origin, fetch, nonce }: RenderOptions): Promise<RenderedPage | null> {
  const address = new URL(url, origin);
  if (!rendersPath(address.pathname)) return null;

  const store = makeStore({ fetch }, [keepFailures]);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <Provider store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Provider>
  );

  // Ask for what the page shows, draw, and draw again while a drawing starts queries the list missed.
  startQueries(store, address);
  await settled(store);
  let root = '';
  let passes = 0;
  while (passes < MAX_PASSES) {
    const before = queriesOf(store.getState());
    root = await drawOnce(page, nonce);
    passes += 1;
    // Queries asked for again after failing (see keepFailures) do not call for another pass; a query that
    // started or ended while the page was drawn does (the drawing may show it loading).
    const running = store
      .dispatch(api.util.getRunningQueriesThunk())
      .filter((query) => queryState(store.getState(), query.queryCacheKey)?.status !== 'rejected');
    if (running.length === 0 && queriesOf(store.getState()) === before) break;
    await Promise.allSettled(running);
  }

  const state = store.getState();
  const head = headFor(address, state, origin);
  // What the browser hydrates with (main.tsx): the store's answers (the rest of the store is rebuilt there)
  // and the router's data. A JSON data block, which no Content-Security-Policy stops and nothing executes.
  const serverState: ServerState = {
    store: { [api.reducerPath]: state[api.reducerPath] },
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  const scripts = `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${scriptJson(serverState)}</script>`;
  return { status: head.noIndex ? 404 : 200, head: headTags(head), root, scripts, passes };
}

type Store = ReturnType<typeof makeStore>;
type State = ReturnType<Store['getState']>;

/**
 * Asks for the queries the page at `address` shows, with the arguments its components ask with (they share
 * the functions that make them), so the page is drawn once, with its answers. A query missing here still
 * shows: its drawing starts it and calls for another pass (the server-rendering tests count the passes).
 */
function startQueries(store: Store, address: URL): void {
  const { pathname, searchParams } = address;
  const product = matchPath('/products/:productId', pathname);
  if (product?.params.productId) {
    const productId = product.params.productId;
    void store.dispatch(storefrontApi.endpoints.getProduct.initiate(productId));
    void store.dispatch(productReviewsApi.endpoints.getProductReviews.initiate({ productId, ...FIRST_REVIEWS_PAGE }));
    return;
  }
  const shop = matchPath('/shop/:sellerId', pathname);
  if (shop?.params.sellerId) {
    void store.dispatch(shopsApi.endpoints.getShop.initiate(shop.params.sellerId));
    void store.dispatch(storefrontApi.endpoints.searchProducts.initiate(listingSearchArgs(searchParams, shop.params.sellerId)));
  } else if (matchPath('/products', pathname)) {
    void store.dispatch(storefrontApi.endpoints.searchProducts.initiate(listingSearchArgs(searchParams)));
  } else if (pathname === '/') {
    for (const row of HOME_ROWS) void store.dispatch(storefrontApi.endpoints.searchProducts.initiate(productRowArgs(row.sort)));
  }
  void store.dispatch(storefrontApi.endpoints.listCategories.initiate());
}

/** Resolves once every query under way has its answer (or its failure). */
async function settled(store: Store): Promise<void> {
  await Promise.allSettled(store.dispatch(api.util.getRunningQueriesThunk()));
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error.status === 404 || error.status === 400);

function headFor(address: URL, state: State, origin: string): PageHead {
  const { pathname } = address;
  const product = matchPath('/products/:productId', pathname);
  if (product) {
    const answer = storefrontApi.endpoints.getProduct.select(product.params.productId ?? '')(state);
    if (answer.data) return productHead(origin, answer.data);
    if (isNotFound(answer.error)) return notFoundHead(origin, pathname, 'Product Details');
  }
  const shop = matchPath('/shop/:sellerId', pathname);
  if (shop) {
    const answer = shopsApi.endpoints.getShop.select(shop.params.sellerId ?? '')(state);
    if (answer.data) return shopHead(origin, answer.data);
    if (isNotFound(answer.error)) return notFoundHead(origin, pathname, 'Shop not found');
  }
  if (matchPath('/products', pathname)) return productsHead(origin, address.searchParams);
  if (pathname === '/') return homeHead(origin);
  // A product or shop that could not be loaded (not a 404): a page the browser will try again.
  return { ...productsHead(origin, new URLSearchParams()), canonical: new URL(pathname, origin).toString() };
}

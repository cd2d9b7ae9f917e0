import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RenderedParts } from './index-page';
import { createRenderTurns } from './render-turns';
import { createRenderWorkers } from './render-workers';

/**
 * The web app's server render of the public catalogue (decision 0025): `apps/web/dist-ssr/entry-server.js`,
 * built by `npm run build` beside the browser's files. It draws `/`, `/products`, `/products/:id` and
 * `/shop/:id` as a guest sees them, with answers from this server's own routes (in-process, no network).
 * Without that build, or when a render fails or is slow, the page is the plain index.html and the browser
 * draws it, as before: a render is an improvement, never a point of failure.
 */
export interface ServerRenderer {
  /** The page, or null when the path is not one the server renders (or the render failed). */
  render(url: string, origin: string, nonce: string, client: string): Promise<(RenderedParts & { status: number }) | null>;
  /** Ends the render threads. */
  close(): Promise<void>;
}

/** The module's exports (apps/web/src/ssr/entry-server.tsx). */
interface EntryServer {
  rendersPath(pathname: string): boolean;
  renderPage(options: { url: string; origin: string; fetch: typeof fetch; nonce: string }): Promise<(RenderedParts & { status: 200 | 404 }) | null>;
}

/** Longest a render may take before the plain page is sent instead. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * Renders under way at once, per instance, at most; past it a render waits its turn (at most
 * RENDER_QUEUE_WAIT_MS), so every visitor, a crawler too, gets the page with its content, and a flood of page
 * views costs the server no more than this much rendering at a time: everyone else's requests keep their
 * share of it. Most views never render (the kept pages, ./rendered-pages.ts). A render that outlived its
 * timeout counts until it really ends.
 */
export const MAX_CONCURRENT_RENDERS = 8;
/** Renders of one address under way at once, at most: the rest of its pages wait their turn behind everyone else's (./render-turns.ts). */
export const MAX_RENDERS_PER_CLIENT = 2;
/** Longest a render waits for its turn before the plain page is sent instead: a server this far behind is down in all but name. */
export const RENDER_QUEUE_WAIT_MS = 10_000;
const BODILESS_STATUSES = new Set([101, 204, 205, 304]);

/** A `fetch` answered by `app`'s own routes through `inject`: the render's calls never leave the process. */
export function fetchThroughInject(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(BODILESS_STATUSES.has(response.statusCode) ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/**
 * The response's Content-Security-Policy with `nonce` allowed for scripts (any React writes into a rendered
 * page); the app's own data travels in a JSON block, which needs none.
 */
export function allowScriptNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)\s*script-src\s/, (directive) => `${directive}'nonce-${nonce}' `);
}

export function entryServerPath(webDistDirectory: string): string {
  return path.join(path.dirname(webDistDirectory), 'dist-ssr', 'entry-server.js');
}

export interface RendererOptions {
  /** Threads that draw the pages (./render-workers.ts); 0 draws them on the main thread. */
  count: number;
  /** Their priority, a nice value (RENDER_THREAD_NICE). */
  nice: number;
}

export async function loadServerRenderer(
  app: FastifyInstance,
  webDistDirectory: string,
  log: FastifyBaseLogger,
  options: RendererOptions,
): Promise<ServerRenderer | null> {
  const file = entryServerPath(webDistDirectory);
  if (!existsSync(file)) return null;
  const entryUrl = pathToFileURL(file).href;
  const entry = (await import(entryUrl)) as EntryServer;
  const fetchFromApp = fetchThroughInject(app);
  const workers = options.count > 0 ? createRenderWorkers({ entryUrl, threads: options.count, nice: options.nice, fetchFromApp, log }) : null;
  const draw = (url: string, origin: string, nonce: string) =>
    workers ? workers.render({ url, origin, nonce }) : entry.renderPage({ url, origin, fetch: fetchFromApp, nonce });
  const turns = createRenderTurns({ max: MAX_CONCURRENT_RENDERS, perClient: MAX_RENDERS_PER_CLIENT, waitMs: RENDER_QUEUE_WAIT_MS });
  return {
    async render(url, origin, nonce, client) {
      const pathname = url.split('?')[0] ?? '/';
      if (!entry.rendersPath(pathname)) return null;
      if (!(await turns.take(client))) {
        log.warn({ url }, 'server render waited too long for its turn; sending the plain page');
        return null;
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          log.warn({ url }, 'server render took too long; sending the plain page');
          resolve(null);
        }, RENDER_TIMEOUT_MS);
      });
      const page = Promise.resolve().then(() => draw(url, origin, nonce));
      const ended = () => turns.end(client);
      page.then(ended, ended);
      try {
        return await Promise.race([page, timeout]);
      } catch (error) {
        log.error({ err: error, url }, 'server render failed; sending the plain page');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => workers?.close(),
  };
}

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_URL_PREFIX } from '../providers/files/local';
import { loadIndexPage } from './index-page';
import { waitPhrase } from './rate-limits';
import { createRenderedPages, type RenderedPages } from './rendered-pages';
import { composeRenderedPage } from './index-page';
import { allowScriptNonce, loadServerRenderer, type ServerRenderer } from './server-rendering';

/** A build's source map, or a compressed copy of one. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/;

/**
 * Serves the built React app from the API's port (stored files are ./stored-files.ts). Unknown `/api/*` paths answer
 * JSON 404; any other GET gets `index.html` so the SPA's router (and its own 404 page) takes over, with a 404
 * status when the web app has no page at that path.
 * The build leaves brotli and gzip copies of its assets beside them (vite.config.ts), which are sent
 * as they are to browsers that take them; the page itself comes from ./index-page.
 */
export interface WebAppOptions {
  webDistDirectory: string;
  serveSourceMaps?: boolean;
  /** How long and how much of the rendered pages are kept (./rendered-pages.ts), and who tells them what changed. */
  keptPages?: { ttlMs: number; maxBytes: number; follow: (pages: RenderedPages) => void };
  /** Threads that draw the rendered pages (./render-workers.ts), and their nice value; none (the default) draws them on the main thread. */
  renderThreads?: { count: number; nice: number };
}

async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const indexPage = loadIndexPage(options.webDistDirectory);
  const hasWebApp = indexPage !== null;
  // The public catalogue's pages come rendered (./server-rendering.ts), and are kept (./rendered-pages.ts); loaded once the routes are ready.
  let pages: RenderedPages | null = null;
  let renderer: ServerRenderer | null = null;
  if (hasWebApp) {
    app.addHook('onReady', async () => {
      renderer = await loadServerRenderer(app, options.webDistDirectory, app.log, options.renderThreads ?? { count: 0, nice: 0 });
      if (!renderer) return;
      const html = indexPage.renderedHtml;
      pages = createRenderedPages({
        renderer,
        compose: (rendered) => composeRenderedPage(html, rendered),
        ttlMs: options.keptPages?.ttlMs ?? 0,
        maxBytes: options.keptPages?.maxBytes ?? 0,
      });
      options.keptPages?.follow(pages);
    });
    app.addHook('onClose', async () => {
      await renderer?.close();
    });
  }
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDirectory,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build writes source maps beside the chunks (for scripts/check-bundle.mjs); production never
      // serves them (`serveSourceMaps` is off there): no route for one, and none sent by any other way in.
      ...(options.serveSourceMaps
        ? {}
        : { globIgnore: ['**/*.map', '**/*.map.br', '**/*.map.gz'], allowedPath: (pathName: string) => !SOURCE_MAP.test(pathName) }),
      // Vite fingerprints assets, so they can be cached for good; index.html never is.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A file of the build that is not there (an old chunk, a source map in production) is a 404, not the page.
    const isBuildFile = pathname.startsWith('/assets/');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith(UPLOADS_URL_PREFIX) &&
      !isBuildFile;
    // Pages and unknown paths count per address too (security/rate-limits.ts, UNROUTED): no route counts them.
    // A person's browser refused a page gets a page saying so; anything else, the JSON refusal every limit answers.
    const refusal = await app.countUnrouted?.(request);
    if (refusal) {
      reply.code(429).header('retry-after', String(refusal.retryAfterSeconds)).header('cache-control', 'no-store');
      if (isPageRequest && indexPage) return reply.type('text/html; charset=utf-8').send(tooManyRequestsPage(refusal.retryAfterSeconds));
      return reply.send(refusal);
    }
    if (isPageRequest && indexPage) {
      // A nonce only for a page that carries a script needing one (rare): most kept pages are sent as they are.
      const newNonce = () => randomBytes(16).toString('base64');
      const rendered =
        request.method === 'GET' && pages
          ? await pages.answer(request.url, request.publicOrigin, newNonce, request.headers['accept-encoding'], request.ip)
          : null;
      const { body, encoding } = rendered ?? (await indexPage.answer(pathname, request.headers['accept-encoding']));
      // A path with no page gets the app's own "page not found" (the browser still draws it), with a 404.
      reply.code(rendered ? rendered.status : indexPage.isKnownPath(pathname) ? 200 : 404);
      if (rendered?.nonce) {
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') reply.header('content-security-policy', allowScriptNonce(policy, rendered.nonce));
      }
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body);
    }
    if (isPageRequest) {
      return reply.code(404).send({ error: 'The web app is not built. Run `npm run build` (npm start does it for you).', code: 'not_found' });
    }
    return reply.code(404).send({ error: `Route ${request.method} ${pathname} not found`, code: 'not_found' });
  });
}

/**
 * The page a browser gets when its address asked for too many pages (the API's refusal as a page): small and
 * made without the app, since it is what a flood is answered with. It holds no text of the request's.
 */
export function tooManyRequestsPage(retryAfterSeconds: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Too many requests</title><style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}main{max-width:30rem;margin:0 auto;padding:5rem 1.5rem;text-align:center}h1{font-size:1.75rem;margin:0 0 .75rem}p{color:#475569;margin:0 0 2rem}a{display:inline-block;padding:.6rem 1.1rem;border-radius:.5rem;background:oklch(51.1% .096 186.391);color:#fff;text-decoration:none;font-weight:500}a:focus-visible{outline:2px solid oklch(60% .118 184.704);outline-offset:2px}</style></head><body><main><h1>Too many requests</h1><p>This address opened many pages in a short time. Try again in ${waitPhrase(retryAfterSeconds)}.</p><a href="/">Back to the marketplace</a></main></body></html>`;
}

export default fp(webAppPlugin, { name: 'web-app' });

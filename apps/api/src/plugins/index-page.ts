import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PageEncoding = 'br' | 'gzip' | null;

/**
 * The web app's index.html as every page path answers it (Lighthouse on a phone):
 *
 * - with modulepreload hints for the chunks of the page asked for, from the build's
 *   route-preloads.json (apps/web/vite.config.ts), so the browser fetches them alongside the entry
 *   chunks instead of after them;
 * - compressed (brotli or gzip, as the browser accepts) at the smallest setting, once per route: the
 *   page is the not-found handler's answer, which the response hooks of @fastify/compress, made for
 *   routes, never see. Uncompressed it was 62 KB, the stylesheet being inlined.
 */
export interface IndexPage {
  answer(pathname: string, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding: PageEncoding }>;
  /**
   * index.html as built, for the server's rendered pages (./rendered-pages.ts composes them with
   * composeRenderedPage). A rendered page has no modulepreload hints: its content shows without the page's
   * scripts, so they must not compete with the page itself and its pictures for a slow connection; they load
   * when the entry script asks for them (Lighthouse on a phone: first paint 2.3 → 1.2 s, bench/README.md).
   */
  readonly html: string;
  /**
   * index.html for the rendered pages (./rendered-pages.ts): as `html`, with the stylesheet the build inlined
   * linked instead, as the file it also wrote (`/assets/index-….css`, cached for good). A rendered page
   * paints its content from the HTML and the stylesheet, and every page after the first finds the stylesheet
   * in the browser's cache: each page is then ≈ 4 KB compressed instead of ≈ 15 KB, kept and sent that much
   * smaller (bench/README.md, decision 0038). The plain page keeps it inlined: its frame paints before the
   * scripts arrive. When no built file matches the inlined stylesheet, this is `html`.
   */
  readonly renderedHtml: string;
  /**
   * Whether the web app has a page at this path: one of the build's routes matches it as the app's router
   * does (case aside, a trailing slash allowed). Any other path shows the app's "page not found". A build
   * without the route list cannot tell, and takes every path for a page.
   */
  isKnownPath(pathname: string): boolean;
}

/** What the server's render of a page adds to index.html. */
export interface RenderedParts {
  /** Tags for <head>; its <title> and description replace index.html's. */
  head: string;
  /** The markup inside <div id="root">. */
  root: string;
  /** Scripts placed right after the root element, before the app's own. */
  scripts: string;
}

/**
 * index.html with a rendered page in it. The note asking for JavaScript goes: the page reads without it.
 * Replacement functions, never replacement strings: rendered text may hold `$&` and the like.
 */
export function composeRenderedPage(html: string, rendered: RenderedParts): string {
  return html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `  ${rendered.head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.root}</div>\n    ${rendered.scripts}`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
}

interface RoutePreload {
  key: string;
  pattern: RegExp;
  files: string[];
}

/** react-router paths to patterns, the most specific first (`/products/checkout` before `/products/:productId`). */
export function compileRoutePreloads(routes: ReadonlyArray<{ path: string; files: readonly string[] }>): RoutePreload[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return routes
    .map((route) => {
      const segments = route.path.split('/').filter(Boolean);
      const source = segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment))).join('/');
      return {
        key: route.path,
        pattern: new RegExp(`^/${source}${source ? '/?' : ''}$`),
        files: route.files.filter((file) => /^\/assets\/[\w.~-]+\.js$/.test(file)),
        staticSegments: segments.filter((segment) => !segment.startsWith(':')).length,
        segments: segments.length,
      };
    })
    .sort((a, b) => b.staticSegments - a.staticSegments || b.segments - a.segments)
    .map(({ key, pattern, files }) => ({ key, pattern, files }));
}

/** The codings an Accept-Encoding header allows (those with q=0 are refused ones). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/**
 * `html` with each inlined stylesheet that the build also wrote as a file in assets/ linked instead: the
 * build inlines the file's whole content, so a <style> block equal to a file is that file.
 */
export function withStylesheetLinked(html: string, webDistDirectory: string): string {
  const assets = path.join(webDistDirectory, 'assets');
  if (!existsSync(assets)) return html;
  const stylesheets = new Map<string, string>();
  for (const file of readdirSync(assets)) if (/^[\w.~-]+\.css$/.test(file)) stylesheets.set(readFileSync(path.join(assets, file), 'utf8'), file);
  return html.replace(/<style>([\s\S]*?)<\/style>/g, (block, content: string) => {
    const file = stylesheets.get(content);
    return file ? `<link rel="stylesheet" crossorigin href="/assets/${file}">` : block;
  });
}

export function loadIndexPage(webDistDirectory: string): IndexPage | null {
  const indexFile = path.join(webDistDirectory, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8');
  const renderedHtml = withStylesheetLinked(html, webDistDirectory);
  const preloadsFile = path.join(webDistDirectory, 'route-preloads.json');
  const routes = existsSync(preloadsFile)
    ? compileRoutePreloads((JSON.parse(readFileSync(preloadsFile, 'utf8')) as { routes: Array<{ path: string; files: string[] }> }).routes)
    : [];
  // react-router matches paths whatever their case.
  const pagePatterns = routes.map((route) => new RegExp(route.pattern.source, 'i'));
  // The hints go before the entry's scripts, so they are asked for first.
  const firstScript = html.search(/<script type="module"/);
  const insertAt = firstScript >= 0 ? firstScript : html.indexOf('</head>');

  const variants = new Map<string, Promise<{ identity: Buffer; br: Buffer; gzip: Buffer }>>();
  const preloadLinks = (route: RoutePreload | undefined) =>
    (route?.files ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">\n    `).join('');
  const withPreloads = (page: string, links: string) => (links && insertAt >= 0 ? `${page.slice(0, insertAt)}${links}${page.slice(insertAt)}` : page);

  function variantsOf(route: RoutePreload | undefined) {
    const key = route?.key ?? '';
    let found = variants.get(key);
    if (!found) {
      const identity = Buffer.from(withPreloads(html, preloadLinks(route)));
      found = Promise.all([
        brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
        gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
      ]).then(([br, gz]) => ({ identity, br, gzip: gz }));
      // A failed compression is tried again by the next request rather than kept.
      found.catch(() => variants.delete(key));
      variants.set(key, found);
    }
    return found;
  }

  return {
    html,
    renderedHtml,
    isKnownPath: (pathname) => pagePatterns.length === 0 || pagePatterns.some((pattern) => pattern.test(pathname)),
    async answer(pathname, acceptEncoding) {
      const page = await variantsOf(routes.find((route) => route.pattern.test(pathname)));
      const accepted = acceptedEncodings(acceptEncoding);
      if (accepted.has('br')) return { body: page.br, encoding: 'br' };
      if (accepted.has('gzip')) return { body: page.gzip, encoding: 'gzip' };
      return { body: page.identity, encoding: null };
    },
  };
}

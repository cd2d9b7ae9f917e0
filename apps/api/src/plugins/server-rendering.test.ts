import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createUser } from '../../test/factories';
import { bearerFor } from '../../test/factories-commerce';
import { MAX_CONCURRENT_RENDERS, MAX_RENDERS_PER_CLIENT, allowScriptNonce, fetchThroughInject } from './server-rendering';

describe('allowing the render’s nonce in the Content-Security-Policy', () => {
  const directives = (policy: string) =>
    policy
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean);

  it('adds it to script-src where script-src is in the middle, as the app’s policy has it', () => {
    const policy =
      "default-src 'self';script-src 'self' https://js.stripe.com;style-src 'self' 'unsafe-inline';script-src-attr 'none';upgrade-insecure-requests";
    expect(directives(allowScriptNonce(policy, 'abc+/='))).toEqual([
      "default-src 'self'",
      "script-src 'nonce-abc+/=' 'self' https://js.stripe.com",
      "style-src 'self' 'unsafe-inline'",
      "script-src-attr 'none'",
      'upgrade-insecure-requests',
    ]);
  });

  it('adds it to script-src where script-src comes first, and with spaces after the semicolons', () => {
    expect(allowScriptNonce("script-src 'self'; style-src 'self'; img-src 'self' data:", 'n1')).toBe(
      "script-src 'nonce-n1' 'self'; style-src 'self'; img-src 'self' data:",
    );
  });

  it('touches no other directive, even one whose name begins with script-src', () => {
    const policy = "default-src 'self';script-src-attr 'none';script-src-elem 'self';script-src 'self';style-src 'self'";
    expect(directives(allowScriptNonce(policy, 'n2'))).toEqual([
      "default-src 'self'",
      "script-src-attr 'none'",
      "script-src-elem 'self'",
      "script-src 'nonce-n2' 'self'",
      "style-src 'self'",
    ]);
    // Without a script-src there is nothing to add to: style-src and the others never get it.
    expect(allowScriptNonce("default-src 'self';style-src 'self' 'unsafe-inline';img-src 'self'", 'n3')).not.toContain('nonce');
  });
});

describe('the render’s fetch, answered by the app’s own routes', () => {
  let app: FastifyInstance;
  let fetchFromApp: typeof fetch;

  beforeAll(async () => {
    app = Fastify();
    app.get('/api/echo', async (request) => ({ query: request.query, header: request.headers['x-render'] ?? null, accept: request.headers.accept ?? null }));
    app.post('/api/items', async (request, reply) =>
      reply.code(201).header('location', '/api/items/7').send({ received: request.body, contentType: request.headers['content-type'] }),
    );
    app.delete('/api/items/7', async (_request, reply) => reply.code(204).send());
    app.get('/api/cookies', async (_request, reply) => reply.header('set-cookie', ['first=1; Path=/', 'second=2; Path=/; HttpOnly']).send({ ok: true }));
    app.get('/api/teapot', async (_request, reply) => reply.code(418).send({ error: 'short and stout', code: 'teapot' }));
    app.get('/api/conflict', async (_request, reply) => reply.code(409).send({ error: 'taken', code: 'conflict' }));
    await app.ready();
    fetchFromApp = fetchThroughInject(app);
  });

  afterAll(() => app.close());

  it('passes a GET’s query string and headers to the route', async () => {
    const response = await fetchFromApp('https://shop.example/api/echo?page=2&q=blue%20mug', { headers: { 'x-render': 'server', accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ query: { page: '2', q: 'blue mug' }, header: 'server', accept: 'application/json' });
  });

  it('takes a Request as well as a URL', async () => {
    const response = await fetchFromApp(new Request('https://shop.example/api/echo?from=request', { headers: { 'X-Render': 'request' } }));
    expect(await response.json()).toMatchObject({ query: { from: 'request' }, header: 'request' });
  });

  it('sends a POST’s JSON body', async () => {
    const response = await fetchFromApp('https://shop.example/api/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Blue mug', price: 12.5 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/api/items/7');
    expect(await response.json()).toEqual({ received: { title: 'Blue mug', price: 12.5 }, contentType: 'application/json' });
  });

  it('gives a 204 a Response without a body', async () => {
    const response = await fetchFromApp('https://shop.example/api/items/7', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('keeps every set-cookie header', async () => {
    const response = await fetchFromApp('https://shop.example/api/cookies');
    expect(response.headers.getSetCookie()).toEqual(['first=1; Path=/', 'second=2; Path=/; HttpOnly']);
  });

  it('passes the status codes through, with their bodies', async () => {
    const teapot = await fetchFromApp('https://shop.example/api/teapot');
    expect(teapot.status).toBe(418);
    expect(teapot.ok).toBe(false);
    expect(await teapot.json()).toEqual({ error: 'short and stout', code: 'teapot' });
    const conflict = await fetchFromApp('https://shop.example/api/conflict');
    expect(conflict.status).toBe(409);
    const missing = await fetchFromApp('https://shop.example/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404 });
  });
});

/** A small built index.html, as apps/web/dist holds it. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The plain page’s description." />
    <title>Plain page</title>
    <script type="module" crossorigin src="/assets/app-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript><p>The plain page needs JavaScript.</p></noscript>
  </body>
</html>`;

/** Where the fake server render records what it was asked, for the test to read (the same process). */
const CALLS_KEY = 'marketplaceFakeRenderCalls';
const renderCalls = () => ((globalThis as Record<string, unknown>)[CALLS_KEY] ??= []) as Array<{ url: string; origin: string; nonce: string }>;
/** Where the fake's held renders wait: calling one lets that render finish. */
const HELD_KEY = 'marketplaceFakeRenderHeld';
const heldRenders = () => ((globalThis as Record<string, unknown>)[HELD_KEY] ??= []) as Array<() => void>;

/**
 * A stand-in for apps/web/dist-ssr/entry-server.js: it renders `/` and `/products/*`, asks the API for its
 * health through the fetch it is given, answers 404 for a missing product, throws for `/products/boom`,
 * never finishes for `/products/slow…`, waits for the test to let it go for `/products/held…`, writes no script
 * of its own (no nonce) for `/products/no-script…`, and declines (null) for `/products/declined`.
 */
const FAKE_ENTRY_SERVER = `
const calls = (globalThis[${JSON.stringify(CALLS_KEY)}] ??= []);
const held = (globalThis[${JSON.stringify(HELD_KEY)}] ??= []);
export function rendersPath(pathname) {
  return pathname === '/' || pathname.startsWith('/products/');
}
export async function renderPage({ url, origin, fetch, nonce }) {
  calls.push({ url, origin, nonce });
  const address = new URL(url, origin);
  if (address.pathname === '/products/boom') throw new Error('the fake render broke');
  if (address.pathname.startsWith('/products/slow')) return new Promise(() => {});
  if (address.pathname.startsWith('/products/held')) await new Promise((resolve) => held.push(resolve));
  if (address.pathname === '/products/declined') return null;
  const health = await fetch(new URL('/api/health', origin), { headers: { accept: 'application/json' } });
  const answer = await health.text();
  const missing = address.pathname === '/products/missing';
  return {
    status: missing ? 404 : 200,
    head: '<title>Fake ' + address.pathname + '</title><meta name="description" content="Rendered by the fake.">',
    root: '<main id="fake" data-path="' + address.pathname + '" data-search="' + address.search + '">' + (missing ? 'No such product' : 'A product') + '<pre id="health" data-status="' + health.status + '">' + answer + '</pre></main>',
    scripts: '<script type="application/json" id="server-state">{"rendered":true}</script>' + (address.pathname.startsWith('/products/no-script') ? '' : '<script nonce="' + nonce + '">window.rendered = true;</script>'),
  };
}
`;

function makeWebBuild(withServerRender: boolean, entryServer = FAKE_ENTRY_SERVER): { root: string; dist: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'marketplace-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  if (withServerRender) {
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), entryServer);
  }
  return { root, dist };
}

const ORIGIN = 'https://shop.example';

/** A test app serving a fresh web build (with the fake render, unless told), ready; closed and removed after `run`. */
async function withWebApp(
  { environment = {}, withServerRender = true }: { environment?: Record<string, string>; withServerRender?: boolean },
  run: (testApp: TestApp) => Promise<void>,
): Promise<void> {
  const build = makeWebBuild(withServerRender);
  const testApp = await buildTestApp({ environment: { WEB_DIST_DIR: build.dist, PUBLIC_URL: ORIGIN, ...environment } });
  try {
    await testApp.app.ready();
    await run(testApp);
  } finally {
    await testApp.close();
    rmSync(build.root, { recursive: true, force: true });
  }
}

const directivesOf = (policy: unknown) =>
  String(policy)
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
const nonceIn = (html: string) => /<script nonce="([^"]+)">window\.rendered/.exec(html)?.[1];

describe('the web app’s pages, rendered on the server', () => {
  let build: { root: string; dist: string };
  let testApp: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    build = makeWebBuild(true);
    testApp = await buildTestApp({ environment: { WEB_DIST_DIR: build.dist, PUBLIC_URL: ORIGIN } });
  });

  afterAll(async () => {
    await testApp?.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  it('answers a rendered path with the fake’s markup in the root, its head, the API’s answer fetched in-process, and its nonce allowed', async () => {
    const callsBefore = renderCalls().length;
    const response = await get('/products/blue-mug?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toMatch(
      /<div id="root"><main id="fake" data-path="\/products\/blue-mug" data-search="\?page=2">A product<pre id="health"[^>]*>[^<]*<\/pre><\/main><\/div>/,
    );
    // The head is the render's: its title and description instead of index.html's.
    expect(html).toContain('<title>Fake /products/blue-mug</title>');
    expect(html).toContain('<meta name="description" content="Rendered by the fake.">');
    expect(html).not.toContain('Plain page');
    expect(html).not.toContain('The plain page’s description');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<script type="application/json" id="server-state">{"rendered":true}</script>');
    // The fake asked GET /api/health through the fetch it was given: the app's own answer, no network.
    const health = /<pre id="health" data-status="(\d+)">([^<]*)<\/pre>/.exec(html);
    expect(health?.[1]).toBe('200');
    expect(JSON.parse(health![2]!)).toEqual({ status: 'ok', database: 'up' });

    const calls = renderCalls().slice(callsBefore);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/products/blue-mug?page=2', origin: ORIGIN });
    // The response's own nonce is in the page (the render drew a placeholder, so the page can be kept).
    const policy = directivesOf(response.headers['content-security-policy']);
    const scriptSrc = policy.find((directive) => directive.startsWith('script-src '));
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceIn(html)).toBe(nonce);
    expect(html).not.toContain(calls[0]!.nonce);
    // The nonce is allowed for scripts, and only for them.
    expect(scriptSrc?.split(' ')).toContain(`'nonce-${nonce}'`);
    expect(scriptSrc?.split(' ')).toContain("'self'");
    expect(policy.filter((directive) => directive.includes('nonce-'))).toEqual([scriptSrc]);
  });

  it('gives every request a nonce of its own', async () => {
    const first = nonceIn((await get('/')).body);
    const second = nonceIn((await get('/')).body);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);
  });

  it('answers 404 with the rendered page when the render says the product is missing', async () => {
    const response = await get('/products/missing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Fake /products/missing</title>');
    expect(response.body).toContain('No such product');
    expect(String(response.headers['content-security-policy'])).toContain(`'nonce-${nonceIn(response.body)}'`);
  });

  it('sends the plain page, with no nonce, when the render fails, and keeps working after', async () => {
    const response = await get('/products/boom');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(INDEX_HTML);
    expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
    expect(testApp.logs.some((line) => line.includes('server render failed') && line.includes('the fake render broke'))).toBe(true);

    expect((await get('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
    const after = await get('/products/after-the-failure');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<title>Fake /products/after-the-failure</title>');
  });

  it('sends the plain page for paths the render does not draw, or declines', async () => {
    for (const url of ['/login', '/seller/orders', '/products/declined']) {
      const callsBefore = renderCalls().length;
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(String(response.headers['content-security-policy']), url).not.toContain('nonce-');
      // Paths it does not draw are not even asked for.
      expect(renderCalls().length - callsBefore, url).toBe(url === '/products/declined' ? 1 : 0);
    }
  });

  it('does not render for HEAD requests', async () => {
    const callsBefore = renderCalls().length;
    const response = await testApp.app.inject({ method: 'HEAD', url: '/products/blue-mug' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(INDEX_HTML));
    expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
    expect(renderCalls().length).toBe(callsBefore);
  });

  it('compresses the rendered page as the browser accepts, the same page as uncompressed', async () => {
    // Each answer has its own nonce; the pages are otherwise the same.
    const withoutNonce = (html: string) => {
      const nonce = nonceIn(html);
      expect(nonce).toBeDefined();
      return html.replaceAll(nonce!, 'NONCE');
    };
    const identity = await get('/products/blue-mug', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toContain('<main id="fake"');

    const brotli = await get('/products/blue-mug', { 'accept-encoding': 'br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    const fromBrotli = brotliDecompressSync(brotli.rawPayload).toString();
    expect(withoutNonce(fromBrotli)).toBe(withoutNonce(identity.body));
    expect(String(brotli.headers['content-security-policy'])).toContain(`'nonce-${nonceIn(fromBrotli)}'`);

    const gzipped = await get('/products/blue-mug', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const fromGzip = gunzipSync(gzipped.rawPayload).toString();
    expect(withoutNonce(fromGzip)).toBe(withoutNonce(identity.body));
    expect(String(gzipped.headers['content-security-policy'])).toContain(`'nonce-${nonceIn(fromGzip)}'`);

    const missing = await get('/products/missing', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('No such product');
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const callsBefore = renderCalls().length;
    for (const url of ['/api/no-such-route', '/api/products/missing/nothing-here']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
    expect(renderCalls().length).toBe(callsBefore);
  });

  it('sends the plain page when the render takes longer than three seconds', async () => {
    const started = Date.now();
    const response = await get('/products/slow');
    const waited = Date.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(waited).toBeLessThan(10_000);
    expect(testApp.logs.some((line) => line.includes('server render took too long') && line.includes('/products/slow'))).toBe(true);
    // The render that never finished holds nothing up.
    expect((await get('/products/blue-mug')).statusCode).toBe(200);
  });
});

describe('a flood of page views', () => {
  it(`renders at most ${MAX_CONCURRENT_RENDERS} pages at once; the next waits its turn and still carries its content`, async () => {
    await withWebApp({}, async (testApp) => {
      const before = renderCalls().length;
      heldRenders().length = 0;
      // Renders held by the test, each from an address of its own, take every place.
      const held = Array.from({ length: MAX_CONCURRENT_RENDERS }, (_, index) =>
        testApp.app.inject({ method: 'GET', url: `/products/held-${index}`, remoteAddress: `198.51.100.${index + 1}` }),
      );
      await expect.poll(() => heldRenders().length).toBe(MAX_CONCURRENT_RENDERS);
      const next = testApp.app.inject({ method: 'GET', url: '/products/one', remoteAddress: '203.0.113.50' });
      // It waits: no ninth render starts while eight run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(renderCalls().length - before).toBe(MAX_CONCURRENT_RENDERS);
      heldRenders().shift()!();
      const answer = await next;
      expect(answer.body).toContain('id="fake" data-path="/products/one"');
      while (heldRenders().length > 0) heldRenders().shift()!();
      for (const page of await Promise.all(held)) expect(page.body).toContain('id="fake"');
    });
  });

  it(`draws at most ${MAX_RENDERS_PER_CLIENT} pages of one address at once: another address's page is drawn meanwhile, and the rest in turn, each with its content`, async () => {
    await withWebApp({}, async (testApp) => {
      try {
        const before = renderCalls().length;
        heldRenders().length = 0;
        const flooder = '198.51.100.77';
        const flood = Array.from({ length: 6 }, (_, index) =>
          testApp.app.inject({ method: 'GET', url: `/products/held-flood-${index}`, remoteAddress: flooder }),
        );
        await expect.poll(() => heldRenders().length).toBe(MAX_RENDERS_PER_CLIENT);
        await new Promise((resolve) => setTimeout(resolve, 200));
        // The flood's other pages wait, though places are free…
        expect(renderCalls().length - before).toBe(MAX_RENDERS_PER_CLIENT);
        // …and someone else's page is drawn at once.
        const other = await testApp.app.inject({ method: 'GET', url: '/products/someone-elses', remoteAddress: '203.0.113.8' });
        expect(other.body).toContain('data-path="/products/someone-elses"');
        // Each page of the flood that ends lets the next one start; every one comes with its content.
        for (let released = 0; released < flood.length; released += 1) {
          await expect.poll(() => heldRenders().length).toBeGreaterThan(0);
          expect(heldRenders().length).toBeLessThanOrEqual(MAX_RENDERS_PER_CLIENT);
          heldRenders().shift()!();
        }
        const pages = await Promise.all(flood);
        for (const [index, page] of pages.entries()) expect(page.body).toContain(`data-path="/products/held-flood-${index}"`);
      } finally {
        while (heldRenders().length > 0) heldRenders().shift()!();
      }
    });
  });

  it('draws a page once for the visitors who ask for it together', async () => {
    await withWebApp({}, async (testApp) => {
      const before = renderCalls().length;
      heldRenders().length = 0;
      const together = Array.from({ length: 5 }, () => testApp.app.inject({ method: 'GET', url: '/products/held-together' }));
      await expect.poll(() => heldRenders().length).toBe(1);
      heldRenders().shift()!();
      const pages = await Promise.all(together);
      expect(renderCalls().length - before).toBe(1);
      const nonces = pages.map((page) => nonceIn(page.body));
      // One drawing, and still a nonce of each response's own.
      expect(new Set(nonces).size).toBe(5);
    });
  });
});

describe('kept pages', () => {
  let testApp: TestApp;
  let build: { root: string; dist: string };
  let callsBefore = 0;
  beforeAll(async () => {
    callsBefore = renderCalls().length;
    build = makeWebBuild(true);
    testApp = await buildTestApp({ environment: { WEB_DIST_DIR: build.dist, PUBLIC_URL: ORIGIN, RENDER_CACHE_SECONDS: '60' } });
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(build.root, { recursive: true, force: true });
  });
  const page = (url: string, encoding = 'br') => testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  const rendersOf = (url: string) =>
    renderCalls()
      .slice(callsBefore)
      .filter((call) => call.url === url).length;

  it('answers a page from what was drawn until its listing changes, then draws it again', async () => {
    const first = await page('/products/no-script-mug');
    const again = await page('/products/no-script-mug');
    expect(rendersOf('/products/no-script-mug')).toBe(1);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('data-path="/products/no-script-mug"');
    // The same page for a browser without brotli, kept too.
    const gzipped = await page('/products/no-script-mug', 'gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
    expect(rendersOf('/products/no-script-mug')).toBe(1);

    // Another listing changes: this page stays; this one changes: it is drawn again.
    testApp.events.publish({ type: 'listing.changed', productIds: ['another'] });
    await page('/products/no-script-mug');
    expect(rendersOf('/products/no-script-mug')).toBe(1);
    testApp.events.publish({ type: 'listing.changed', productIds: ['no-script-mug'] });
    await page('/products/no-script-mug');
    expect(rendersOf('/products/no-script-mug')).toBe(2);
  });

  it('draws the lists of listings again when any listing changes, and every page when a seller’s profile does', async () => {
    await page('/');
    await page('/products/no-script-cup');
    expect(rendersOf('/')).toBe(1);
    testApp.events.publish({ type: 'listing.changed', productIds: ['another'] });
    await page('/');
    await page('/products/no-script-cup');
    expect(rendersOf('/')).toBe(2);
    expect(rendersOf('/products/no-script-cup')).toBe(1);
    testApp.events.publish({ type: 'user.changed', userId: 'seller', change: 'profile' });
    await page('/products/no-script-cup');
    expect(rendersOf('/products/no-script-cup')).toBe(2);
    // A signed-in session ending changes no page.
    testApp.events.publish({ type: 'user.changed', userId: 'buyer', change: 'session' });
    await page('/products/no-script-cup');
    expect(rendersOf('/products/no-script-cup')).toBe(2);
  });

  it('draws every page again after an admin’s write succeeds (settings and categories publish no event), and not after a refused one', async () => {
    await page('/products/no-script-plate');
    expect(rendersOf('/products/no-script-plate')).toBe(1);
    const admin = await bearerFor(testApp, await createUser(testApp.database.db, { role: 'admin' }));
    const settings = (await testApp.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: admin } })).json();
    const { marketplaceName, supportEmail, supportPhone } = settings;
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: admin },
      payload: { marketplaceName: 'x', supportEmail, supportPhone },
    });
    expect(refused.statusCode).toBe(400);
    await page('/products/no-script-plate');
    expect(rendersOf('/products/no-script-plate')).toBe(1);
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: admin },
      payload: { marketplaceName: `${marketplaceName} Two`, supportEmail, supportPhone },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await page('/products/no-script-plate');
    expect(rendersOf('/products/no-script-plate')).toBe(2);
  });

  it('sends a page no script was written into with no nonce: its policy allows no inline script', async () => {
    for (const attempt of [1, 2]) {
      const response = await page('/products/no-script-bowl');
      expect(response.statusCode, `view ${attempt}`).toBe(200);
      expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
    }
    expect(rendersOf('/products/no-script-bowl')).toBe(1);
  });

  it('keeps a page a script was written into with a nonce of each response’s own', async () => {
    const first = await page('/products/scripted', 'identity');
    const second = await page('/products/scripted', 'identity');
    expect(rendersOf('/products/scripted')).toBe(1);
    expect(nonceIn(first.body)).toBeDefined();
    expect(nonceIn(second.body)).toBeDefined();
    expect(nonceIn(first.body)).not.toBe(nonceIn(second.body));
  });
});

describe('the web app without a server render build', () => {
  it('serves the plain page, as before', async () => {
    await withWebApp({ withServerRender: false }, async (testApp) => {
      for (const url of ['/', '/products/blue-mug', '/products/missing']) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(INDEX_HTML);
        expect(String(response.headers['content-security-policy']), url).not.toContain('nonce-');
      }
      const api = await testApp.app.inject({ method: 'GET', url: '/api/no-such-route' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'not_found' });
    });
  });
});

/**
 * A stand-in for the render module that says which thread drew the page, and asks the API through the fetch
 * it is given (in a worker, the main thread answers). `/products/boom` throws; `/products/crash` ends its
 * thread mid-render.
 */
const THREAD_REPORTING_ENTRY_SERVER = `
import { threadId } from 'node:worker_threads';
import { getPriority } from 'node:os';
export function rendersPath(pathname) {
  return pathname.startsWith('/products/');
}
export async function renderPage({ url, origin, fetch }) {
  const address = new URL(url, origin);
  if (address.pathname === '/products/boom') throw new Error('the fake render broke');
  if (address.pathname === '/products/crash') process.exit(3);
  const health = await fetch(new URL('/api/health', origin), { headers: { accept: 'application/json' } });
  const answer = await health.json();
  return {
    status: 200,
    head: '<title>Drawn</title>',
    root: '<main id="fake" data-path="' + address.pathname + '" data-thread="' + threadId + '" data-nice="' + getPriority(0) + '" data-health="' + answer.status + '">A product</main>',
    scripts: '',
  };
}
`;

describe('pages drawn in a worker thread (RENDER_THREADS)', () => {
  let build: { root: string; dist: string };
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const threadOf = (html: string) => Number(/data-thread="(\d+)"/.exec(html)?.[1] ?? Number.NaN);

  beforeAll(async () => {
    build = makeWebBuild(true, THREAD_REPORTING_ENTRY_SERVER);
    testApp = await buildTestApp({ environment: { WEB_DIST_DIR: build.dist, PUBLIC_URL: ORIGIN, RENDER_THREADS: '1', RENDER_THREAD_NICE: '7' } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  it('draws off the main thread, at its own priority, with the API answered in-process, and every page in the same thread', async () => {
    const first = await get('/products/blue-mug');
    expect(first.body).toContain('data-nice="7"');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('data-path="/products/blue-mug"');
    expect(first.body).toContain('data-health="ok"');
    expect(threadOf(first.body)).toBeGreaterThan(0);
    const second = await get('/products/red-mug');
    expect(threadOf(second.body)).toBe(threadOf(first.body));
  });

  it('sends the plain page when a render fails or its thread dies, and draws the next page in a new thread', async () => {
    const before = threadOf((await get('/products/before')).body);
    const broken = await get('/products/boom');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(INDEX_HTML);
    const crashed = await get('/products/crash');
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toBe(INDEX_HTML);
    const after = await get('/products/after');
    expect(after.body).toContain('data-path="/products/after"');
    expect(threadOf(after.body)).toBeGreaterThan(0);
    expect(threadOf(after.body)).not.toBe(before);
  });
});

describe('an address that asked for too many pages', () => {
  it('gets a page saying so (429, Retry-After), and the API its JSON refusal, while another address gets its pages', async () => {
    // A twentieth of the real budgets: 30 pages a minute, one a second.
    await withWebApp({ environment: { RATE_LIMIT_SCALE: '0.05' } }, async (testApp) => {
      const address = '198.51.100.201';
      const page = (url: string, remoteAddress = address) => testApp.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });
      for (let index = 0; index < 30; index += 1) {
        testApp.clock.advance(1000);
        expect((await page('/cart')).statusCode).toBe(200);
      }
      const refused = await page('/products/blue-mug');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('<h1>Too many requests</h1>');
      expect(refused.body).toMatch(/This address opened many pages in a short time\. Try again in \d+ (second|minute)s?\./);
      expect(refused.body).toContain('<a href="/">');
      const api = await page('/api/no-such-route');
      expect(api.statusCode).toBe(429);
      expect(api.json()).toMatchObject({ code: 'rate_limited' });
      expect((await page('/products/blue-mug', '198.51.100.202')).body).toContain('id="fake"');
    });
  });
});

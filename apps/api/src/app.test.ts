import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './app';
import { buildTestApp, type TestApp } from '../test/helper';

describe('server behaviour', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      environment: { CORS_ORIGIN: 'https://shop.example.com' },
      beforeReady: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('secret internal detail at /srv/app/db.ts:42');
        });
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers malformed JSON with 400 and an error message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON', code: 'invalid_json' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large', code: 'payload_too_large' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'Route GET /api/no-such-thing not found', code: 'not_found' });
    expect((await testApp.app.inject({ method: 'DELETE', url: '/api/auth/me' })).statusCode).toBe(404);
  });

  it('answers an unexpected failure with 500 and no internals', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('db.ts');
    // The detail is logged for operators instead.
    expect(testApp.logs.join('')).toContain('secret internal detail');
  });

  it('reports health with the database reachable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('compresses answers over 1 KB for browsers that accept brotli or gzip, and not small ones', async () => {
    const big = await testApp.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    const gzip = await testApp.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
    const small = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for the configured origin', async () => {
    const allowed = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://shop.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    const other = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example.net' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes OpenAPI docs generated from the schemas', async () => {
    const json = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    const signup = document.paths['/api/auth/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName', 'role']),
    );
    expect(document.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers a page path with a clear JSON 404 when the web app is not built', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/seller/shipments' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/not built/);
  });

  it('lists the categories publicly', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ categories: [] });
  });
});

describe('health when the database is down', () => {
  it('answers 503', async () => {
    const testApp = await buildTestApp({
      database: {
        ping: async () => {
          throw new Error('connection refused');
        },
      },
    });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await testApp.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves index.html for every page path, 404 for a path with no page, assets as files, and JSON 404s for unknown API paths', async () => {
    const webDirectory = path.join(tmpdir(), `marketplace-web-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(webDirectory, 'assets'), { recursive: true });
    writeFileSync(path.join(webDirectory, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDirectory, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build's list of the web app's pages (apps/web/vite.config.ts).
    const pages = ['/', '/products', '/products/:productId', '/seller', '/seller/shipments'];
    writeFileSync(path.join(webDirectory, 'route-preloads.json'), JSON.stringify({ routes: pages.map((page) => ({ path: page, files: [] })) }));
    const testApp = await buildTestApp({ environment: { WEB_DIST_DIR: webDirectory } });
    try {
      for (const url of ['/', '/seller', '/seller/shipments', '/products/123?tab=reviews', '/Products']) {
        const page = await testApp.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<div id="root">');
      }
      // The same page, so the browser draws the app's own "page not found", with the status that says so.
      for (const [method, url] of [
        ['GET', '/no-such-page'],
        ['GET', '/no/such/page?x=1'],
        ['GET', '/seller/no-such-page'],
        ['HEAD', '/no-such-page'],
      ] as const) {
        const page = await testApp.app.inject({ method, url });
        expect(page.statusCode, `${method} ${url}`).toBe(404);
        expect(page.headers['content-type'], url).toContain('text/html');
        if (method === 'GET') expect(page.body).toContain('<div id="root">');
      }
      const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await testApp.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error).toBeDefined();
    } finally {
      await testApp.close();
      rmSync(webDirectory, { recursive: true, force: true });
    }
  });

  it('sends the page compressed as the browser accepts, and the build’s compressed copies of assets', async () => {
    const webDirectory = path.join(tmpdir(), `marketplace-web-gz-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(webDirectory, 'assets'), { recursive: true });
    const page = `<!doctype html><style>${'.card { padding: 1rem; } '.repeat(400)}</style><div id="root"></div>`;
    writeFileSync(path.join(webDirectory, 'index.html'), page);
    const script = `console.log(${JSON.stringify('x'.repeat(3000))});`;
    writeFileSync(path.join(webDirectory, 'assets', 'vendor-abc123.js'), script);
    writeFileSync(path.join(webDirectory, 'assets', 'vendor-abc123.js.br'), brotliCompressSync(script));
    const testApp = await buildTestApp({ environment: { WEB_DIST_DIR: webDirectory } });
    try {
      const get = (url: string, acceptEncoding?: string) =>
        testApp.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
      const brotli = await get('/products', 'gzip, deflate, br, zstd');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('accept-encoding');
      expect(brotli.headers['cache-control']).toBe('no-cache');
      expect(brotli.headers['content-type']).toContain('text/html');
      expect(brotli.rawPayload.length).toBeLessThan(page.length / 10);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page);
      const gzipped = await get('/seller/shipments', 'gzip, br;q=0');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(page);
      for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0.0']) {
        const plain = await get('/', refused);
        expect(plain.headers['content-encoding'], String(refused)).toBeUndefined();
        expect(plain.body).toBe(page);
      }
      const asset = await get('/assets/vendor-abc123.js', 'br');
      expect(asset.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    } finally {
      await testApp.close();
      rmSync(webDirectory, { recursive: true, force: true });
    }
  });
});

describe('redactUrl', () => {
  it('removes upload tokens and token query parameters from logged URLs', () => {
    expect(redactUrl('/mobile-upload/abc.def')).toBe('/mobile-upload/[redacted]');
    expect(redactUrl('/api/products/validate-upload-token/xyz?x=1')).toBe('/api/products/validate-upload-token/[redacted]?x=1');
    expect(redactUrl('/socket.io/?EIO=4&token=eyJabc&transport=polling')).toBe('/socket.io/?EIO=4&token=[redacted]&transport=polling');
    expect(redactUrl('/api/products?page=2')).toBe('/api/products?page=2');
  });
});

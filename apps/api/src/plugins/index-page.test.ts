import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, compileRoutePreloads, loadIndexPage, type IndexPage } from './index-page';

const HTML = `<!doctype html>
<html><head>
    <script type="module" crossorigin src="/assets/app-1.js"></script>
    <style>body{margin:0}</style>
  </head><body><div id="root"></div></body></html>`;

const ROUTES = [
  { path: '/products/:productId', files: ['/assets/product-details-page-1.js', '/assets/ui-1.js'] },
  { path: '/products/checkout', files: ['/assets/checkout-page-1.js'] },
  { path: '/products', files: ['/assets/products-page-1.js', '/assets/ui-1.js'] },
  { path: '/seller/orders/items/:orderId', files: ['/assets/seller-order-detail-page-1.js'] },
  { path: '/', files: ['/assets/home-page-1.js'] },
  { path: '/login', files: ['/assets/login-page-1.js', 'https://elsewhere.example/evil.js', '/assets/x.js"><script>'] },
];

let directory = '';
let page: IndexPage;

beforeAll(() => {
  directory = path.join(tmpdir(), `marketplace-index-page-${process.pid}-${Date.now()}`);
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, 'index.html'), HTML);
  writeFileSync(path.join(directory, 'route-preloads.json'), JSON.stringify({ routes: ROUTES }));
  page = loadIndexPage(directory)!;
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('the index page', () => {
  it('names the chunks of the page asked for, before the entry script, and nothing for other paths', async () => {
    const html = async (pathname: string) => (await page.answer(pathname, undefined)).body.toString();
    expect(preloadsOf(await html('/products'))).toEqual(['/assets/products-page-1.js', '/assets/ui-1.js']);
    expect(preloadsOf(await html('/products/'))).toEqual(['/assets/products-page-1.js', '/assets/ui-1.js']);
    // The literal segment wins over the parameter, whatever order the build listed them in.
    expect(preloadsOf(await html('/products/checkout'))).toEqual(['/assets/checkout-page-1.js']);
    expect(preloadsOf(await html('/products/65954501-ae67-4cee-b146-8c5288ca59e2'))).toEqual(['/assets/product-details-page-1.js', '/assets/ui-1.js']);
    expect(preloadsOf(await html('/seller/orders/items/abc'))).toEqual(['/assets/seller-order-detail-page-1.js']);
    expect(preloadsOf(await html('/'))).toEqual(['/assets/home-page-1.js']);
    // Only this build's own asset paths are ever written into the page.
    expect(preloadsOf(await html('/login'))).toEqual(['/assets/login-page-1.js']);
    for (const other of ['/no/such/page', '/products/a/b', '/seller', '/productsx']) expect(preloadsOf(await html(other)), other).toEqual([]);
    const shown = await html('/products');
    expect(shown.indexOf('rel="modulepreload"')).toBeLessThan(shown.indexOf('<script type="module"'));
    expect(await html('/no/such/page')).toBe(HTML);
  });

  it('answers each route’s page compressed as accepted, the same bytes every time', async () => {
    const brotli = await page.answer('/products/checkout', 'gzip, br');
    expect(brotli.encoding).toBe('br');
    expect(preloadsOf(brotliDecompressSync(brotli.body).toString())).toEqual(['/assets/checkout-page-1.js']);
    expect((await page.answer('/products/checkout', 'br')).body).toBe(brotli.body);
    expect((await page.answer('/products/checkout', 'gzip')).encoding).toBe('gzip');
    expect((await page.answer('/products/checkout', 'identity')).encoding).toBeNull();
  });

  it('reads Accept-Encoding with its refusals', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });

  it('orders patterns from the most specific', () => {
    expect(compileRoutePreloads(ROUTES).map((route) => route.key).slice(0, 3)).toEqual(['/seller/orders/items/:orderId', '/products/checkout', '/products/:productId']);
  });
});

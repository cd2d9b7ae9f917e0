import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedEncodings,
  compileRoutePreloads,
  composeRenderedPage,
  loadIndexPage,
  withStylesheetLinked,
  type IndexPage,
  type RenderedParts,
} from './index-page';

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

  it('knows the paths the web app has a page for, as its router matches them, and no other', () => {
    for (const known of [
      '/',
      '/products',
      '/products/',
      '/Products',
      '/products/checkout',
      '/products/65954501-ae67-4cee-b146-8c5288ca59e2',
      '/seller/orders/items/abc',
    ])
      expect(page.isKnownPath(known), known).toBe(true);
    for (const unknown of ['/no-such-page', '/no/such/page', '/products/a/b', '/productsx', '/seller/orders', '/login/extra'])
      expect(page.isKnownPath(unknown), unknown).toBe(false);
  });

  it('takes every path for a page when the build lists no routes (it cannot tell)', () => {
    const bare = path.join(directory, 'without-route-list');
    mkdirSync(bare, { recursive: true });
    writeFileSync(path.join(bare, 'index.html'), HTML);
    expect(loadIndexPage(bare)!.isKnownPath('/no-such-page')).toBe(true);
  });

  it('orders patterns from the most specific', () => {
    expect(
      compileRoutePreloads(ROUTES)
        .map((route) => route.key)
        .slice(0, 3),
    ).toEqual(['/seller/orders/items/:orderId', '/products/checkout', '/products/:productId']);
  });
});

// The shape of apps/web/index.html once built: a title and description of its own, the root, a note for browsers without JavaScript.
const BUILT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Marketplace — the plain page's description." />
    <title>Marketplace</title>
    <script type="module" crossorigin src="/assets/app-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript><p class="boot-note">Marketplace needs JavaScript to run.</p></noscript>
  </body>
</html>`;

const RENDERED: RenderedParts = {
  head: '<title>Blue mug · Marketplace</title><meta name="description" content="A blue mug.">',
  root: '<main><h1>Blue mug</h1></main>',
  scripts: '<script type="application/json" id="server-state">{"product":"mug"}</script>',
};

describe('composing a rendered page', () => {
  it('takes the rendered head instead of index.html’s title and description, the markup in the root, the scripts after it, and no note', () => {
    const page = composeRenderedPage(BUILT_HTML, RENDERED);
    const head = page.slice(page.indexOf('<head>'), page.indexOf('</head>'));
    expect(head).toContain(RENDERED.head);
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/<meta name="description"/g)).toHaveLength(1);
    expect(page).not.toContain('<title>Marketplace</title>');
    expect(page).not.toContain('the plain page’s description');
    // What index.html has besides stays as it was.
    expect(head).toContain('<meta charset="UTF-8" />');
    expect(head).toContain('<script type="module" crossorigin src="/assets/app-1.js"></script>');
    expect(page).toContain(`<div id="root">${RENDERED.root}</div>`);
    const afterRoot = page.slice(page.indexOf(`${RENDERED.root}</div>`) + `${RENDERED.root}</div>`.length);
    expect(afterRoot.trimStart().startsWith(RENDERED.scripts)).toBe(true);
    expect(page).not.toContain('<noscript');
    expect(page).not.toContain('needs JavaScript');
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('inserts the rendered text literally, even where it holds replacement patterns', () => {
    const tricky: RenderedParts = {
      head: '<title>Price $& and $1 and $$ and $` and $\'</title><meta name="description" content="Costs $$5, $&, $1">',
      root: "<p>$&lt;div&gt; $1 $$ $<name> $` $'</p>",
      scripts: '<script type="application/json">{"price":"$$10","match":"$&","group":"$1"}</script>',
    };
    const page = composeRenderedPage(BUILT_HTML, tricky);
    expect(page).toContain(tricky.head);
    expect(page).toContain(`<div id="root">${tricky.root}</div>`);
    expect(page).toContain(tricky.scripts);
    // No pattern was expanded into the matched text.
    expect(page.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });

  it('gives the rendered pages the stylesheet the build inlined as a link to its file, and keeps the rest', () => {
    const built = path.join(directory, 'with-stylesheet');
    mkdirSync(path.join(built, 'assets'), { recursive: true });
    const stylesheet = '.p-4{padding:1rem}'.repeat(50);
    writeFileSync(path.join(built, 'assets', 'index-Ab1.css'), stylesheet);
    writeFileSync(path.join(built, 'assets', 'other-Cd2.css'), '.m-0{margin:0}');
    writeFileSync(
      path.join(built, 'index.html'),
      `<html><head><style>.boot{margin:0}</style><style>${stylesheet}</style></head><body><div id="root"></div></body></html>`,
    );
    const loaded = loadIndexPage(built)!;
    expect(loaded.renderedHtml).toBe(
      '<html><head><style>.boot{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-Ab1.css"></head><body><div id="root"></div></body></html>',
    );
    // The plain page keeps it inlined; a page whose stylesheet matches no file keeps it too.
    expect(loaded.html).toContain(`<style>${stylesheet}</style>`);
    expect(withStylesheetLinked(`<style>${stylesheet} </style>`, built)).toBe(`<style>${stylesheet} </style>`);
    expect(page.renderedHtml).toBe(page.html);
  });

  it('gives the rendered pages the built page without preload hints (their content needs no script to show)', () => {
    const html = composeRenderedPage(page.html, RENDERED);
    expect(preloadsOf(html)).toEqual([]);
    expect(html).toContain(`<div id="root">${RENDERED.root}</div>`);
    expect(html).toContain(RENDERED.scripts);
  });
});

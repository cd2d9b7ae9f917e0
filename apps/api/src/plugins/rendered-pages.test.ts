import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderedPages } from './rendered-pages';
import type { ServerRenderer } from './server-rendering';

// The kept pages on their own (the app's use of them: server-rendering.test.ts): what is kept, and how much.

/** A page of about 100 KB, most of it a stylesheet, like the shop's own; `body` tells the pages apart. */
const pageFor = (body: string) => `<html><head><style>${'.p-1{padding:.25rem}'.repeat(3_000)}</style></head><body>${body}</body></html>`;

function renderer(): ServerRenderer & { drawn: string[] } {
  const drawn: string[] = [];
  return {
    drawn,
    async render(url) {
      drawn.push(url);
      return { status: 200, head: '', root: url, scripts: '' };
    },
    close: async () => undefined,
  };
}

const compose = (rendered: { root: string }) => pageFor(rendered.root);

describe('kept pages', () => {
  it('keep a page compressed, and answer each encoding with the same page', async () => {
    const drawer = renderer();
    const pages = createRenderedPages({ renderer: drawer, compose, ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const br = await pages.answer('/products/a', 'https://shop.test', () => 'n', 'br, gzip', '203.0.113.9');
    const gzip = await pages.answer('/products/a', 'https://shop.test', () => 'n', 'gzip', '203.0.113.9');
    const identity = await pages.answer('/products/a', 'https://shop.test', () => 'n', undefined, '203.0.113.9');
    expect(drawer.drawn).toEqual(['/products/a']);
    expect([br?.encoding, gzip?.encoding, identity?.encoding]).toEqual(['br', 'gzip', null]);
    expect(brotliDecompressSync(br!.body).toString()).toBe(pageFor('/products/a'));
    expect(gunzipSync(gzip!.body).toString()).toBe(pageFor('/products/a'));
    expect(identity!.body.toString()).toBe(pageFor('/products/a'));
    // What is kept is the two compressed copies: a small part of the page's 60 KB.
    const { bytes } = pages.stats();
    expect(bytes).toBe(br!.body.length + gzip!.body.length);
    expect(bytes).toBeLessThan(pageFor('/products/a').length / 10);
  });

  it('fits many pages in little memory, dropping the least recently used past the bound', async () => {
    const drawer = renderer();
    const bound = 64 * 1024;
    const pages = createRenderedPages({ renderer: drawer, compose, ttlMs: 60_000, maxBytes: bound });
    // Pages of 60 KB each: uncompressed, one would fit; compressed, dozens do. Add them until one is dropped.
    let count = 0;
    while (pages.stats().pages === count) {
      await pages.answer(`/products/${count}`, 'https://shop.test', () => 'n', 'br', '203.0.113.9');
      count += 1;
    }
    const fitting = pages.stats().pages;
    expect(fitting).toBeGreaterThan(20);
    expect(pages.stats().bytes).toBeLessThanOrEqual(bound);
    // Page 0 went first, the least recently used; page 1 seen again is kept past the next page drawn, page 2 is not.
    await pages.answer('/products/1', 'https://shop.test', () => 'n', 'br', '203.0.113.9');
    await pages.answer(`/products/${count}`, 'https://shop.test', () => 'n', 'br', '203.0.113.9');
    drawer.drawn.length = 0;
    for (const index of [0, 1, 2]) await pages.answer(`/products/${index}`, 'https://shop.test', () => 'n', 'br', '203.0.113.9');
    expect(drawer.drawn).toEqual(['/products/0', '/products/2']);
  });
});

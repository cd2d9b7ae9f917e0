// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../test/render-app';
import { makeReview, makeReviewsPage } from '../test/review-fixtures';
import { apiRoutes, makeProductDetail, makeProductSummary, makeShop } from '../test/shop-fixtures';
import { renderPage, rendersPath } from './entry-server';
import { SERVER_STATE_ELEMENT_ID, type ServerState } from './server-state';

// The server's render of the public pages, in Node as the API runs it: the same components, drawn with the
// API's answers (here a table of answers instead of the API's routes), complete and in reading order.

const ORIGIN = 'https://shop.example';
const PRODUCT = makeProductDetail({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Walnut <desk> lamp',
  price: 49.5,
  averageRating: 4.5,
  reviewCount: 2,
  images: [
    {
      id: 'i1',
      url: '/uploads/lamp.webp',
      thumbnailUrl: '/uploads/lamp-thumb.webp',
      variants: [
        { url: '/uploads/lamp-thumb.webp', width: 320 },
        { url: '/uploads/lamp-medium.webp', width: 800 },
        { url: '/uploads/lamp.webp', width: 1600 },
      ],
      name: 'lamp',
      position: 0,
    },
  ],
});
const SHOP = makeShop({ listingCount: 1 });
const REVIEWS = makeReviewsPage([
  makeReview({ title: 'Lovely light', rating: 5 }),
  makeReview({ id: 'b2222222-2222-4222-8222-222222222222', title: 'Good value', rating: 4 }),
]);

function answers(asked: string[] = []) {
  const routes = apiRoutes({
    [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
    'GET /api/products/old-id': () => jsonResponse(200, PRODUCT),
    [`GET /api/shops/${SHOP.seller.id}`]: () => jsonResponse(200, SHOP),
    [`GET /api/products/${PRODUCT.id}/reviews`]: () => jsonResponse(200, REVIEWS),
    'GET /api/products': () => jsonResponse(200, { items: [makeProductSummary({ title: 'Linen throw' })], page: 1, limit: 20, total: 1, totalPages: 1 }),
    'GET /api/categories': () => jsonResponse(200, { categories: [{ id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' }] }),
  });
  const fetchFromApi: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    asked.push(`${request.method} ${new URL(request.url).pathname}`);
    return routes(request);
  };
  return fetchFromApi;
}

const serverStateOf = (scripts: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">(.*)</script>`).exec(scripts)![1]!) as ServerState;

describe('the server render of the public pages', () => {
  it('renders only the catalogue: home, products, a product, a shop', () => {
    expect(['/', '/products', `/products/${PRODUCT.id}`, '/shop/s1'].every(rendersPath)).toBe(true);
    expect(['/products/checkout', '/login', '/myorders', '/seller/product-list', '/admin', '/user/chats', '/products/a/b'].some(rendersPath)).toBe(false);
  });

  it('draws a product page with its answers and its reviews, in place, and hands the browser what it drew with', async () => {
    const asked: string[] = [];
    const page = (await renderPage({ url: `/products/${PRODUCT.id}`, origin: ORIGIN, fetch: answers(asked), nonce: 'abc' }))!;
    expect(page.status).toBe(200);
    expect(page.root).toContain('<h1 class="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Walnut &lt;desk&gt; lamp</h1>');
    expect(page.root).toContain('$49.50');
    expect(page.root).toContain('Lovely light');
    // Drawn inert: a tap before the browser takes the page over must not submit the bare form (a reload, nothing added).
    expect(page.root).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*?Add to cart<\/button>/s);
    // Nothing is left for a script to reveal: the reviews are not outlined into a hidden template.
    expect(page.root).not.toMatch(/<div hidden id="S:|<template id="B:/);
    // The product once, then its reviews: no query is asked for twice.
    expect(asked.filter((call) => call === `GET /api/products/${PRODUCT.id}`)).toHaveLength(1);
    expect(asked).toContain(`GET /api/products/${PRODUCT.id}/reviews`);
    // Everything it shows was asked for before it was drawn: one drawing.
    expect(page.passes).toBe(1);
    // The photo comes in its sizes, so a phone loads the medium one, not the 1,600 px photo.
    const photo = /<img [^>]*fetchPriority="high"[^>]*>/i.exec(page.root)?.[0] ?? '';
    expect(photo).toMatch(/ srcset="\/uploads\/lamp-thumb.webp 320w, \/uploads\/lamp-medium.webp 800w, \/uploads\/lamp.webp 1600w"/i);
    expect(photo).toMatch(/sizes="[^"]*calc\(100vw - 32px\)"/);

    const state = serverStateOf(page.scripts);
    const queries = (state.store.api as { queries: Record<string, { status: string; data?: unknown }> }).queries;
    expect(queries[`getProduct("${PRODUCT.id}")`]).toMatchObject({ status: 'fulfilled', data: PRODUCT });
    // User text cannot close the data block.
    expect(page.scripts).not.toContain('<desk>');

    expect(page.head).toContain('<title>Walnut &lt;desk&gt; lamp · Marketplace</title>');
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/products/${PRODUCT.id}">`);
    expect(page.head).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/lamp.webp">`);
    const jsonLd = [...page.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    expect(jsonLd[0]).toMatchObject({
      '@type': 'Product',
      name: 'Walnut <desk> lamp',
      offers: { price: '49.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: '4.5', reviewCount: 2 },
    });
    expect(jsonLd[1]).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('answers 404 for an unknown product, showing the not-found state rather than a spinner', async () => {
    const asked: string[] = [];
    const page = (await renderPage({ url: '/products/33333333-3333-4333-8333-333333333333', origin: ORIGIN, fetch: answers(asked) }))!;
    expect(page.status).toBe(404);
    expect(page.root).toContain('Product not found');
    expect(page.root).not.toContain('Loading product');
    expect(page.head).toContain('<meta name="robots" content="noindex">');
  });

  it('draws the products page with the listings and the home page with the organisation', async () => {
    const products = (await renderPage({ url: '/products?category=home-kitchen&sort=newest&page=2', origin: ORIGIN, fetch: answers() }))!;
    expect(products.status).toBe(200);
    expect(products.root).toContain('Linen throw');
    expect(products.head).toContain(`<link rel="canonical" href="${ORIGIN}/products?category=home-kitchen&amp;page=2">`);

    const home = (await renderPage({ url: '/', origin: ORIGIN, fetch: answers() }))!;
    expect(home.head).toContain('"@type":"Organization"');
    expect(home.root).toContain('Linen throw');
    expect([products.passes, home.passes]).toEqual([1, 1]);
  });

  it('draws a shop page with its card and its listings in one drawing', async () => {
    const asked: string[] = [];
    const page = (await renderPage({ url: `/shop/${SHOP.seller.id}?q=linen&page=1`, origin: ORIGIN, fetch: answers(asked) }))!;
    expect(page.status).toBe(200);
    expect(page.root).toContain('Oak &amp; Ember');
    expect(page.root).toContain('Linen throw');
    expect(page.passes).toBe(1);
    expect(asked.filter((call) => call === 'GET /api/products')).toHaveLength(1);
  });

  it('still draws what the list of queries to ask for first misses, in a further drawing', async () => {
    // A product whose page is asked for by an id other than its own (the API answers it): its reviews go by its own.
    const asked: string[] = [];
    const page = (await renderPage({ url: '/products/old-id', origin: ORIGIN, fetch: answers(asked) }))!;
    expect(asked).toContain(`GET /api/products/${PRODUCT.id}/reviews`);
    expect(page.root).toContain('Lovely light');
    expect(page.root).not.toContain('Loading reviews');
    expect(page.passes).toBe(2);
  });

  it('leaves other paths to the browser', async () => {
    expect(await renderPage({ url: '/myorders', origin: ORIGIN, fetch: answers() })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, makeProductDetail, makeProductSummary, makeShop } from '../../../test/shop-fixtures';
import { handlingText, returnPolicyText, sellingSince } from './shop-page';

const SELLER_ID = '5e11e500-0000-4000-8000-000000000001';

const SHOP = makeShop();

function setUp(entry: string, { shop = jsonResponse(200, SHOP) as Response | (() => Response) } = {}) {
  const productQueries: Record<string, string>[] = [];
  const rendered = renderApp(entry, {
    api: apiRoutes({
      [`GET /api/shops/${SELLER_ID}`]: () => (typeof shop === 'function' ? shop() : shop.clone()),
      'GET /api/products': (request) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        productQueries.push(query);
        const items =
          query.q === 'nothing'
            ? []
            : [
                makeProductSummary({ seller: { id: SELLER_ID, companyName: 'Oak & Ember' } }),
                makeProductSummary({ id: '22222222-2222-4222-8222-222222222222', title: 'Linen throw', seller: { id: SELLER_ID, companyName: 'Oak & Ember' } }),
              ];
        return jsonResponse(200, { items, total: items.length, page: 1, totalPages: 1 });
      },
      'GET /api/categories': () => jsonResponse(200, { categories: [{ id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' }] }),
    }),
  });
  return { ...rendered, productQueries };
}

describe('ShopPage', () => {
  it("shows the shop's card and only its listings, to a guest", async () => {
    const { productQueries } = setUp(`/shop/${SELLER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak & Ember' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' })).toBeInTheDocument();
    const about = screen.getByRole('list', { name: 'About this shop' });
    expect(within(about).getByText('Selling since March 2025')).toBeInTheDocument();
    expect(within(about).getByText('Ships from Oregon')).toBeInTheDocument();
    expect(within(about).getByText('Ships within 2 business days')).toBeInTheDocument();
    expect(within(about).getByText('Returns accepted within 14 days of delivery, 10% restocking fee')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Linen throw' })).toHaveAttribute('href', '/products/22222222-2222-4222-8222-222222222222');
    expect(productQueries.at(-1)).toEqual({ sellerId: SELLER_ID, page: '1', limit: '24' });
    expect(document.title).toContain('Oak & Ember');
  });

  it("searches within the shop through the catalogue's search, and says when nothing matches", async () => {
    const { user, router, productQueries } = setUp(`/shop/${SELLER_ID}`);
    const search = await screen.findByRole('searchbox', { name: 'Search this shop' }, { timeout: 5000 });
    await user.type(search, 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=nothing'));
    await waitFor(() => expect(productQueries.at(-1)).toEqual({ sellerId: SELLER_ID, q: 'nothing', page: '1', limit: '24' }));
    expect(await screen.findByText('No listings in this shop match your search')).toBeInTheDocument();
  });

  it('says so when the shop does not exist (404)', async () => {
    setUp(`/shop/${SELLER_ID}`, { shop: () => jsonResponse(404, { error: 'Shop not found', code: 'shop_not_found' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('writes the facts in words', () => {
    expect(sellingSince('2025-03-14T12:00:00.000Z')).toBe('Selling since March 2025');
    expect(handlingText(1)).toBe('Ships within 1 business day');
    expect(returnPolicyText({ acceptsReturns: false, windowDays: 0, restockingFeePercent: 0 })).toBe('This seller does not accept returns');
    expect(returnPolicyText({ acceptsReturns: true, windowDays: 30, restockingFeePercent: 0 })).toBe(
      'Returns accepted within 30 days of delivery, no restocking fee',
    );
  });
});

describe('"Sold by" links to the shop', () => {
  it('from a product card and from the product page', async () => {
    const product = makeProductDetail({ seller: { id: SELLER_ID, companyName: 'Oak & Ember', rating: { average: null, count: 0 }, vacation: null } });
    renderApp(`/products/${product.id}`, {
      api: apiRoutes({
        [`GET /api/products/${product.id}`]: () => jsonResponse(200, product),
        [`GET /api/products/${product.id}/reviews`]: () =>
          jsonResponse(200, { items: [], average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, page: 1, totalPages: 1, total: 0 }),
      }),
    });
    const soldBy = await screen.findByRole('link', { name: 'Oak & Ember' }, { timeout: 5000 });
    expect(soldBy).toHaveAttribute('href', `/shop/${SELLER_ID}`);
  });

  it("shows the seller's rating beside their name on the product page, once they have reviews", async () => {
    const product = makeProductDetail({ seller: { id: SELLER_ID, companyName: 'Oak & Ember', rating: { average: 4.6, count: 12 }, vacation: null } });
    renderApp(`/products/${product.id}`, {
      api: apiRoutes({
        [`GET /api/products/${product.id}`]: () => jsonResponse(200, product),
        [`GET /api/products/${product.id}/reviews`]: () =>
          jsonResponse(200, { items: [], average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, page: 1, totalPages: 1, total: 0 }),
      }),
    });
    const soldBy = await screen.findByRole('link', { name: 'Oak & Ember' }, { timeout: 5000 });
    expect(soldBy.parentElement).toContainElement(screen.getByRole('img', { name: 'Rated 4.6 out of 5, 12 reviews' }));
  });

  it('from the catalogue’s cards', async () => {
    setUp('/products');
    expect(await screen.findByRole('link', { name: 'Linen throw' }, { timeout: 5000 })).toBeInTheDocument();
    const sellerLinks = screen.getAllByRole('link', { name: 'Sold by Oak & Ember' });
    expect(sellerLinks).toHaveLength(2);
    for (const link of sellerLinks) expect(link).toHaveAttribute('href', `/shop/${SELLER_ID}`);
  });
});

describe('a shop on vacation', () => {
  const vacation = { until: '2026-12-20', message: 'Back after the craft fair.' };

  it('says so on its page, with the seller’s message', async () => {
    setUp(`/shop/${SELLER_ID}`, { shop: jsonResponse(200, makeShop({ seller: { ...SHOP.seller, vacation } })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak & Ember' }, { timeout: 5000 })).toBeInTheDocument();
    const notice = screen.getByText(/This shop is away until Dec 20, 2026/).closest('[role="note"]');
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent('Back after the craft fair.');
  });

  it('shows the listing with the notice, and its Add to cart cannot be pressed', async () => {
    const product = makeProductDetail({ seller: { id: SELLER_ID, companyName: 'Oak & Ember', rating: { average: null, count: 0 }, vacation } });
    renderApp(`/products/${product.id}`, {
      api: apiRoutes({
        [`GET /api/products/${product.id}`]: () => jsonResponse(200, product),
        [`GET /api/products/${product.id}/reviews`]: () =>
          jsonResponse(200, { items: [], average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, page: 1, totalPages: 1, total: 0 }),
      }),
    });
    expect(await screen.findByText(/This shop is away until Dec 20, 2026/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
  });
});

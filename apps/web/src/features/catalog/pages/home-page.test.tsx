import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { nothingFoundAnswer } from '../../../test/search-fixtures';
import { makeProductSummary } from '../../../test/shop-fixtures';

const CATEGORIES = [
  { id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' },
  { id: 'c2', name: 'Electronics', slug: 'electronics' },
];

describe('HomePage', () => {
  it('shows category tiles from the API, each linking to its products', async () => {
    renderApp('/', { api: () => jsonResponse(200, { categories: CATEGORIES }) });

    const section = await screen.findByRole('region', { name: 'Shop by category' });
    const link = await within(section).findByRole('link', { name: 'Electronics' });
    expect(link).toHaveAttribute('href', '/products?category=electronics');
    expect(within(section).getByRole('link', { name: 'Home & Kitchen' })).toBeInTheDocument();
  });

  it('shows an error with a retry when categories fail to load, and recovers', async () => {
    let attempts = 0;
    const { user } = renderApp('/', {
      api: (request) => {
        if (!request.url.includes('/api/categories')) return jsonResponse(200, { items: [], total: 0, page: 1, totalPages: 1 });
        return ++attempts === 1 ? jsonResponse(500, { error: 'Internal error' }) : jsonResponse(200, { categories: CATEGORIES });
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Categories could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Electronics' })).toBeInTheDocument();
  });

  it('sends a search to the AI search results page', async () => {
    // Each call answered as the API would: an answer of another call's shape would break the results page
    // whenever it arrived before the heading was looked for.
    const nothingFound = nothingFoundAnswer(['warm', 'wool', 'blanket']);
    const { user, router } = renderApp('/', {
      api: (request) => jsonResponse(200, new URL(request.url).pathname === '/api/search/ai' ? nothingFound : { categories: [] }),
    });

    await user.type(await screen.findByRole('searchbox', { name: 'Search products' }), 'warm wool blanket');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing found for “warm wool blanket”')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ai-search-results');
    expect(router.state.location.search).toBe('?q=warm%20wool%20blanket');
  });

  it('shows featured and newest products in their own rows', async () => {
    const sorts: (string | null)[] = [];
    renderApp('/', {
      api: (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/categories') return jsonResponse(200, { categories: CATEGORIES });
        const sort = url.searchParams.get('sort');
        sorts.push(sort);
        const product = makeProductSummary({ id: `id-${sort}`, title: sort === 'newest' ? 'Fresh linen throw' : 'Walnut desk lamp' });
        return jsonResponse(200, { items: [product], total: 1, page: 1, totalPages: 1 });
      },
    });

    const featured = await screen.findByRole('region', { name: 'Featured' });
    expect(await within(featured).findByRole('link', { name: 'Walnut desk lamp' })).toHaveAttribute('href', '/products/id-price_desc');
    const newest = screen.getByRole('region', { name: 'New arrivals' });
    expect(await within(newest).findByRole('link', { name: 'Fresh linen throw' })).toHaveAttribute('href', '/products/id-newest');
    expect(sorts.sort()).toEqual(['newest', 'price_desc']);
  });

  it('invites sellers to sign up', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sell on Marketplace' })).toHaveAttribute('href', '/signup?role=seller');
  });
});

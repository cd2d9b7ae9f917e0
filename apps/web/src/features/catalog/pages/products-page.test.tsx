import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST, makeProductSummary } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const CATEGORIES = [
  { id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' },
  { id: 'c2', name: 'Electronics', slug: 'electronics' },
];

function setUp(entry: string, { total = 1, isTotalExact = true }: { total?: number; isTotalExact?: boolean } = {}) {
  logInAs('buyer');
  const productQueries: URLSearchParams[] = [];
  const rendered = renderApp(entry, {
    api: apiRoutes({
      'GET /api/products': (request) => {
        const params = new URL(request.url).searchParams;
        productQueries.push(params);
        const items = total === 0 ? [] : [makeProductSummary({ quantity: 3 })];
        return jsonResponse(200, { items, total, isTotalExact, page: Number(params.get('page') ?? 1), totalPages: Math.max(1, Math.ceil(total / 24)) });
      },
      'GET /api/categories': () => jsonResponse(200, { categories: CATEGORIES }),
      'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
    }),
  });
  const lastQuery = () => Object.fromEntries(productQueries.at(-1) ?? []);
  return { ...rendered, lastQuery };
}

describe('ProductsPage', () => {
  it('shows product cards linking to each product, with price, seller and stock', async () => {
    setUp('/products');
    const link = await screen.findByRole('link', { name: 'Walnut desk lamp' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/products/11111111-1111-4111-8111-111111111111');
    expect(screen.getByText('$49.50')).toBeInTheDocument();
    expect(screen.getByText('Oak & Ember')).toBeInTheDocument();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them to the API', async () => {
    const { lastQuery } = setUp('/products?q=lamp&category=electronics&minPrice=10&maxPrice=80&sort=price_desc&page=2', { total: 60 });
    await screen.findByRole('link', { name: 'Walnut desk lamp' }, { timeout: 5000 });
    expect(lastQuery()).toEqual({ q: 'lamp', category: 'electronics', minPrice: '10', maxPrice: '80', sort: 'price_desc', page: '2', limit: '24' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lamp');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
    expect(await screen.findByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows what is wrong with a price that is not an amount (typed in the address, or sent before the app started), and removes it', async () => {
    logInAs('buyer');
    const { user, router } = renderApp('/products?q=lamp&minPrice=abc', {
      api: apiRoutes({
        'GET /api/products': (request) =>
          new URL(request.url).searchParams.has('minPrice')
            ? jsonResponse(400, {
                error: 'Invalid request — minPrice: Minimum price must be a number',
                code: 'validation_failed',
                issues: [{ path: 'minPrice', message: 'Minimum price must be a number' }],
              })
            : jsonResponse(200, { items: [makeProductSummary()], total: 1, isTotalExact: true, page: 1, totalPages: 1 }),
        'GET /api/categories': () => jsonResponse(200, { categories: CATEGORIES }),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });
    // Said as a shopper reads it, not as the API's validation reads it; nothing to retry, the price to remove.
    expect(await screen.findByText('A price in this search is not an amount', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Prices are in dollars, like 10 or 24.99.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid request/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getAllByText(/From abc/).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Remove the price' }));
    // The search words stay; the list comes.
    expect(await screen.findByRole('link', { name: 'Walnut desk lamp' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=lamp');
    expect(screen.queryByText(/From abc/)).not.toBeInTheDocument();
  });

  it('puts search, category, price and sort in the URL, back to page 1, and back/forward walks them', async () => {
    const { user, router, lastQuery } = setUp('/products?page=3', { total: 100 });
    await screen.findByRole('link', { name: 'Walnut desk lamp' }, { timeout: 5000 });

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'lamb');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lamb'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'lamb', page: '1' }));

    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Category' })[0]!, 'electronics');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await user.type(screen.getAllByLabelText('Min price')[0]!, '5');
    await user.type(screen.getAllByLabelText('Max price')[0]!, '25.5');
    await user.click(screen.getAllByRole('button', { name: 'Apply price' })[0]!);

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'lamb',
        category: 'electronics',
        sort: 'price_asc',
        minPrice: '5',
        maxPrice: '25.5',
      }),
    );
    await waitFor(() =>
      expect(lastQuery()).toEqual({ q: 'lamb', category: 'electronics', sort: 'price_asc', minPrice: '5', maxPrice: '25.5', page: '1', limit: '24' }),
    );

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc'));
    expect(router.state.location.search).not.toContain('minPrice');
    // The earlier results come from the cache; the form shows the earlier range.
    await waitFor(() => expect((screen.getAllByLabelText('Min price')[0] as HTMLInputElement).value).toBe(''));
  });

  it('says "1,000+" when a price range was counted only so far, and offers the pages up to there', async () => {
    setUp('/products?minPrice=10', { total: 1000, isTotalExact: false });
    expect(await screen.findByText('1,000+ products', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 24 of 1,000+ results')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Page 42' })).toBeInTheDocument();
  });

  it('refuses a price range whose minimum is above its maximum', async () => {
    const { user, router } = setUp('/products');
    await screen.findByRole('link', { name: 'Walnut desk lamp' }, { timeout: 5000 });
    await user.type(screen.getAllByLabelText('Min price')[0]!, '50');
    await user.type(screen.getAllByLabelText('Max price')[0]!, '20');
    await user.click(screen.getAllByRole('button', { name: 'Apply price' })[0]!);
    expect(screen.getAllByLabelText('Max price')[0]).toHaveAccessibleDescription('Must be at least the minimum price');
    expect(router.state.location.search).toBe('');
  });

  it('shows an empty state that clears the filters', async () => {
    const { user, router } = setUp('/products?q=zzzz', { total: 0 });
    expect(await screen.findByText('No products match your search')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear all filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the filter sheet from the Filters button (its code downloads on first use) and closes it with the result count', async () => {
    const { user, router } = setUp('/products');
    await screen.findByRole('link', { name: 'Walnut desk lamp' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Category' }), 'home-kitchen');
    await waitFor(() => expect(router.state.location.search).toBe('?category=home-kitchen'));
    await user.click(within(sheet).getByRole('button', { name: 'Show 1 product' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });
});

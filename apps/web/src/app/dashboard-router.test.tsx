import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homePathFor } from '../lib/session';
import { jsonResponse, renderApp } from '../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST } from '../test/shop-fixtures';
import { logInAs } from '../test/tokens';

// The dashboards' routes join the route table on the first navigation into them (router.tsx).
describe('dashboard routes discovered on navigation', () => {
  it('takes a seller from the shop into the seller centre with a client-side navigation', async () => {
    logInAs('seller');
    const { user, router } = renderApp('/products', {
      api: apiRoutes({
        'GET /api/products': () => jsonResponse(200, { items: [], total: 0, page: 1, totalPages: 1 }),
        'GET /api/categories': () => jsonResponse(200, { categories: [] }),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    await user.click(screen.getAllByRole('link', { name: 'Seller centre' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product List' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller/product-list');
  });

  it('matches a dashboard path whatever its case, as the other routes do', async () => {
    logInAs('admin');
    renderApp('/ADMIN/Users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it.each(['seller', 'admin'] as const)('sends the bare /%s to the login page, which sends the signed-in person home', async (role) => {
    logInAs(role);
    const { router } = renderApp(`/${role}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(homePathFor(role)));
  });
});

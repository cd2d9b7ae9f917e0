import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST } from '../../test/shop-fixtures';
import { logInAs, type TestRole } from '../../test/tokens';

function setUp(role: TestRole) {
  logInAs(role);
  return renderApp('/products', {
    api: apiRoutes({
      'GET /api/products': () => jsonResponse(200, { items: [], total: 0, page: 1, totalPages: 1 }),
      'GET /api/categories': () => jsonResponse(200, { categories: [] }),
      'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
    }),
  });
}

// The panel is its own chunk (downloaded on first use): these check it opens with the role's links.
describe('account menu', () => {
  it.each([
    ['buyer', [['Profile', '/profile']]],
    [
      'admin',
      [
        ['Profile', '/profile'],
        ['Admin dashboard', '/admin/dashboard'],
      ],
    ],
    [
      'seller',
      [
        ['Seller centre', '/seller/dashboard'],
        ['Profile', '/seller/profile'],
      ],
    ],
  ] as const)('shows the %s who is signed in and their account links', async (role, links) => {
    const { user } = setUp(role);
    const button = await screen.findByRole('button', { name: /account menu/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/Signed in as/)).toBeInTheDocument();
    const panel = within(document.getElementById(button.getAttribute('aria-controls') ?? '') ?? document.body);
    expect(panel.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(links);
    expect(panel.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('logs out from the panel', async () => {
    const { user, router } = setUp('buyer');
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('ends the session on the server before forgetting it (docs/product/accounts.md)', async () => {
    const { user, router, fetchSpy } = setUp('buyer');
    const token = localStorage.getItem('token');
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logout = fetchSpy.mock.calls.map(([input]) => input as Request).find((request) => request.url.endsWith('/api/auth/logout'));
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

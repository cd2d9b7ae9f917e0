import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { areaOfPath, type Area } from '../lib/access';
import { renderApp } from '../test/render-app';
import { logInAs, type TestRole } from '../test/tokens';

/**
 * Every path of docs/product/routes.md with the role that may open it, the area it belongs to, its h1 (every API
 * call answers 404 here, so pages with a record show their not-found heading) and, where it differs,
 * the tab title.
 */
const ROUTE_TABLE: [path: string, role: TestRole | null, area: Area | null, title: string, tabTitle?: string][] = [
  ['/ai-search-results?q=wool%20blanket', null, null, 'Search results'],
  ['/login', null, null, 'Log in'],
  ['/signup', null, null, 'Create your account'],
  ['/mobile-upload/abc123', null, null, 'Invalid Upload Link', 'Upload photos'],

  ['/seller/dashboard', 'seller', 'seller', 'Dashboard'],
  ['/seller/inventory', 'seller', 'seller', 'Inventory'],
  ['/seller/product-list', 'seller', 'seller', 'Product List'],
  ['/seller/product-list/edit/p-1', 'seller', 'seller', 'Edit Listing'],
  ['/seller/product-list/view/p-1', 'seller', 'seller', 'Listing'],
  ['/seller/listing', 'seller', 'seller', 'Listings'],
  ['/seller/listing/add', 'seller', 'seller', 'Add Listing'],
  ['/seller/listing/inventory/l-1', 'seller', 'seller', 'Listing Inventory'],
  ['/seller/listing/addInventory/l-1', 'seller', 'seller', 'Restock'],
  ['/seller/orders', 'seller', 'seller', 'Orders'],
  ['/seller/orders/items/o-1', 'seller', 'seller', 'Order'],
  ['/seller/orders/items/view/i-1', 'seller', 'seller', 'Order item'],
  // Beyond docs/product/routes.md (docs/product/checkout.md "Gifts"): the sheet that goes in the parcel.
  ['/seller/orders/items/o-1/packing-slip', 'seller', 'seller', 'Packing slip'],
  ['/seller/shipments', 'seller', 'seller', 'Shipment Dashboard'],
  ['/seller/chats', 'seller', 'seller', 'Messages'],
  ['/seller/onboarding', 'seller', 'seller', 'Stripe Setup'],
  ['/seller/settings', 'seller', 'seller', 'Settings'],
  ['/seller/support', 'seller', 'seller', 'Support'],
  ['/seller/help-and-support', 'seller', 'seller', 'Help & Support'],
  ['/seller/profile', 'seller', 'seller', 'Profile'],
  // Beyond docs/product/routes.md (decision 0010): the returns buyers asked for.
  ['/seller/returns', 'seller', 'seller', 'Returns'],
  // Beyond docs/product/routes.md (decision 0022): each sold item's payout and when it is paid.
  ['/seller/earnings', 'seller', 'seller', 'Earnings'],

  ['/products', 'buyer', null, 'Products'],
  ['/products/p-1', 'buyer', null, 'Product Details'],
  // Public although the spec puts them behind login (docs/product/routes.md, "The catalogue is public").
  ['/products', null, null, 'Products'],
  ['/products/p-1', null, null, 'Product Details'],
  ['/products/checkout', 'buyer', 'buyer', 'Checkout'],
  ['/profile', 'buyer', 'buyer', 'Profile'],
  ['/myorders', 'buyer', 'buyer', 'My Orders'],
  ['/user/chats', 'buyer', 'buyer', 'Messages'],
  ['/orderDisputes', 'buyer', 'buyer', 'Disputes'],
  // Beyond docs/product/routes.md (decision 0009): one order followed item by item, and its confirmation / receipt.
  ['/myorders/o-1', 'buyer', 'buyer', 'Order o-1'],
  ['/myorders/o-1/receipt', 'buyer', 'buyer', 'Receipt'],

  ['/admin/dashboard', 'admin', 'admin', 'Dashboard'],
  ['/admin/users', 'admin', 'admin', 'Users'],
  ['/admin/users/insights/u-1', 'admin', 'admin', 'User insights'],
  ['/admin/orders', 'admin', 'admin', 'Orders'],
  ['/admin/orders/orderItems/o-1', 'admin', 'admin', 'Order details'],
  ['/admin/rejected-orders', 'admin', 'admin', 'Rejected Orders'],
  ['/admin/refunded-orders', 'admin', 'admin', 'Refunded Orders'],
  ['/admin/shipped-orders', 'admin', 'admin', 'Shipped Orders'],
  ['/admin/products', 'admin', 'admin', 'Products'],
  ['/admin/products/view/p-1', 'admin', 'admin', 'Product'],
  ['/admin/commission', 'admin', 'admin', 'Commission'],
  ['/admin/disputes', 'admin', 'admin', 'Disputes'],
  ['/admin/settings', 'admin', 'admin', 'Settings'],
  ['/admin/payouts', 'admin', 'admin', 'Payout Management'],
];

describe('route table (docs/product/routes.md)', () => {
  it.each(ROUTE_TABLE)('%s opens for %s with its title as h1 and the tab title', async (path, role, area, title, tabTitle = title) => {
    if (role) logInAs(role);
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
    await waitFor(() => expect(document.title).toBe(`${tabTitle} · Marketplace`));
    expect(areaOfPath(path)).toBe(area);
  });

  it('opens the public home page', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /from sellers who care/ })).toBeInTheDocument();
  });

  it('marks the page interactive once the app has it (journeys wait for the mark before using a page the server drew)', async () => {
    delete document.documentElement.dataset.interactive;
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-interactive'));
  });

  it.each(['/myorders/o-1', '/myorders/o-1/receipt'])('keeps a seller out of the buyer order page %s', async (path) => {
    logInAs('seller');
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/seller/no-such-page', '/products/p-1/extra'])('shows the 404 page for %s', async (path) => {
    logInAs('seller');
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

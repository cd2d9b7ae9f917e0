import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProductSummary } from '@marketplace/contracts/catalog';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeAdminProductSummary } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The first visit downloads the lazy route and its layout, which can take a while on a busy machine.
const SLOW_FIRST_LOAD = { timeout: 5000 };

const TENT: AdminProductSummary = {
  id: 'p-tent',
  title: 'Featherlight Tent',
  price: 219,
  quantity: 5,
  hasVariants: false,
  condition: 'new',
  status: 'active',
  isDraft: false,
  category: { id: 'c1', name: 'Sports & Outdoors', slug: 'sports-outdoors' },
  seller: { id: 'user-maya', companyName: 'Northwind Outfitters' },
  image: { url: '/uploads/tent.webp', thumbnailUrl: '/uploads/tent-thumb.webp' },
  retip: null,
  createdAt: '2025-11-21T10:00:00.000Z',
  averageRating: null,
  reviewCount: 0,
};

describe('AdminProductsPage', { timeout: timeLimit(30_000) }, () => {
  it('hides a listing after confirming', async () => {
    logInAs('admin');
    let product = TENT;
    let patchBody: unknown = null;
    const { user } = renderApp('/admin/products', {
      api: async (request) => {
        const url = new URL(request.url);
        if (request.method === 'PATCH' && url.pathname === '/api/admin/products/p-tent') {
          patchBody = await request.json();
          product = { ...product, status: 'hidden' };
          return jsonResponse(200, { ...product, description: '', weightOunces: 10, images: [], variations: [], variants: [] });
        }
        return jsonResponse(200, { items: [product], total: 1, page: 1, totalPages: 1 });
      },
    });

    const table = await screen.findByRole('table', { name: 'Products' }, SLOW_FIRST_LOAD);
    expect(within(table).getByText('$219.00')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Hide Featherlight Tent' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Hide this listing?' })).getByRole('button', { name: 'Hide listing' }));

    expect(await screen.findByText('“Featherlight Tent” is hidden from buyers')).toBeInTheDocument();
    expect(patchBody).toEqual({ status: 'hidden' });
    expect(await within(table).findByRole('button', { name: 'Restore Featherlight Tent' })).toBeInTheDocument();
    expect(within(table).getByText('Hidden')).toBeInTheDocument();
  });

  it('labels a listing "Draft" only when the API says it is one: one the marketplace hid before it had a photo is "Hidden"', async () => {
    logInAs('admin');
    const items = [
      makeAdminProductSummary({ id: 'p-draft', title: 'Copper Kettle', status: 'hidden', image: null, isDraft: true }),
      makeAdminProductSummary({ id: 'p-hidden', title: 'Pewter Jug', status: 'hidden', image: null, isDraft: false }),
      makeAdminProductSummary({ id: 'p-waiting', title: 'Tin Lantern', status: 'hidden', isDraft: true }),
    ];
    renderApp('/admin/products', { api: () => jsonResponse(200, { items, total: items.length, page: 1, totalPages: 1 }) });

    const table = await screen.findByRole('table', { name: 'Products' }, SLOW_FIRST_LOAD);
    const statusOf = (title: string) => within(within(table).getByRole('link', { name: title }).closest('tr') as HTMLElement);
    expect(statusOf('Copper Kettle').getByText('Draft')).toBeInTheDocument();
    expect(statusOf('Pewter Jug').getByText('Hidden')).toBeInTheDocument();
    expect(statusOf('Pewter Jug').queryByText('Draft')).not.toBeInTheDocument();
    // A draft that has its photos but waits for its seller's verified address is still a draft.
    expect(statusOf('Tin Lantern').getByText('Draft')).toBeInTheDocument();
  });
});

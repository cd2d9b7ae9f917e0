import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The listing form's variations (decision 0043): a seller names a variation and its options, sets each
// combination's price and stock (or all at once), switches one off, and the API gets variations and variants
// without a price or stock of the listing's own.
const PRODUCT_ID = '6b1f7c1e-5d5b-4a3c-9b8e-2f1d3c4b5a69';
const CREATED = {
  id: PRODUCT_ID,
  title: 'Organic cotton tee',
  description: 'Soft, heavy cotton.',
  price: 20,
  quantity: 5,
  condition: 'new',
  status: 'hidden',
  isDraft: true,
  category: { id: 'c1', name: 'Fashion', slug: 'fashion' },
  seller: { id: 'user-seller', companyName: 'Sam’s Supplies' },
  image: null,
  retip: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  weightOunces: 16,
  images: [],
  averageRating: null,
  reviewCount: 0,
  hasVariants: true,
  variations: [{ name: 'Size', options: ['S', 'M', 'L'] }],
  variants: [],
};

function api(onCreate: ApiHandler): ApiHandler {
  return (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/categories') return jsonResponse(200, { categories: [{ id: 'c1', name: 'Fashion', slug: 'fashion' }] });
    if (pathname === '/api/products' && request.method === 'POST') return onCreate(request);
    if (pathname === `/api/products/${PRODUCT_ID}`) return jsonResponse(200, CREATED);
    if (pathname === `/api/products/${PRODUCT_ID}/images`) return jsonResponse(200, { images: [] });
    return jsonResponse(404, { error: 'Not found' });
  };
}

type User = ReturnType<typeof renderApp>['user'];
async function fill(user: User, element: HTMLElement, value: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(value);
}

describe('a listing’s variations in the seller’s form', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => logInAs('seller'));

  it('makes a row per option, sets prices for all, asks for each row’s stock by name, and sends variations and variants', async () => {
    let body: unknown = null;
    const { user } = renderApp('/seller/listing/add', {
      api: api(async (request) => {
        body = await request.json();
        return jsonResponse(201, CREATED);
      }),
    });
    await fill(user, await screen.findByLabelText('Title', {}, { timeout: 5000 }), 'Organic cotton tee');
    await fill(user, screen.getByLabelText('Description'), 'Soft, heavy cotton.');
    await user.selectOptions(screen.getByLabelText('Category'), await screen.findByRole('option', { name: 'Fashion' }));

    await user.click(screen.getByRole('button', { name: 'Add a variation (size, colour…)' }));
    // The listing's own price and stock step aside: each combination has its own.
    expect(screen.queryByLabelText('Price (USD)')).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Variation name'), 'Size');
    await fill(user, screen.getByLabelText('Options'), 'S, M, L, m');
    const rows = screen.getByRole('list', { name: 'Combinations' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Size: S', 'Size: M', 'Size: L']);

    await fill(user, screen.getByLabelText('Price for all'), '20');
    await user.click(screen.getAllByRole('button', { name: 'Apply to all' })[0]!);
    expect(screen.getByLabelText('Price (USD) for Size: M')).toHaveValue('20');
    await fill(user, screen.getByLabelText('Price (USD) for Size: L'), '22.50');
    await fill(user, screen.getByLabelText('Stock for Size: S'), '3');
    await fill(user, screen.getByLabelText('Stock for Size: L'), '2');

    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(await screen.findByText('Size: M — enter how many you have in stock')).toBeInTheDocument();
    expect(body).toBeNull();

    await fill(user, screen.getByLabelText('Stock for Size: M'), '0');
    await fill(user, screen.getByLabelText('SKU for Size: S'), 'TEE-S');
    await user.click(screen.getByLabelText('Offered Size: M'));
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      title: 'Organic cotton tee',
      description: 'Soft, heavy cotton.',
      category: 'fashion',
      condition: 'new',
      variations: [{ name: 'Size', options: ['S', 'M', 'L'] }],
      variants: [
        { options: { Size: 'S' }, price: 20, quantity: 3, sku: 'TEE-S', available: true },
        { options: { Size: 'M' }, price: 20, quantity: 0, sku: null, available: false },
        { options: { Size: 'L' }, price: 22.5, quantity: 2, sku: null, available: true },
      ],
    });
  });

  it('says what is wrong with a variation before sending anything', async () => {
    const { user, fetchSpy } = renderApp('/seller/listing/add', { api: api(() => jsonResponse(201, CREATED)) });
    await user.click(await screen.findByRole('button', { name: 'Add a variation (size, colour…)' }, { timeout: 5000 }));
    await fill(user, screen.getByLabelText('Options'), 'S, M');
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(await screen.findByText(/Variation name is required/)).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).endsWith('/api/products'))).toBe(false);
  });
});

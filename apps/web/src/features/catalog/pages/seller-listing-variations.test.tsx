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
      shippingProfileId: null,
      variations: [{ name: 'Size', options: ['S', 'M', 'L'] }],
      variants: [
        { options: { Size: 'S' }, price: 20, quantity: 3, sku: 'TEE-S', available: true, imageId: null },
        { options: { Size: 'M' }, price: 20, quantity: 0, sku: null, available: false, imageId: null },
        { options: { Size: 'L' }, price: 22.5, quantity: 2, sku: null, available: true, imageId: null },
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

  it('on a saved listing, sends only the stock the seller changed, so units sold while the form was open stay sold', async () => {
    const saved = {
      ...CREATED,
      variants: [
        { id: 'v-s', options: { Size: 'S' }, label: 'Size: S', price: 20, quantity: 3, sku: null, available: true, imageId: null },
        { id: 'v-m', options: { Size: 'M' }, label: 'Size: M', price: 20, quantity: 5, sku: null, available: true, imageId: null },
        { id: 'v-l', options: { Size: 'L' }, label: 'Size: L', price: 22.5, quantity: 2, sku: null, available: true, imageId: null },
      ],
    };
    let body: Record<string, unknown> | null = null;
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, {
      api: (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === `/api/products/${PRODUCT_ID}` && request.method === 'PUT') {
          return request.json().then((sent) => {
            body = sent as Record<string, unknown>;
            return jsonResponse(200, saved);
          });
        }
        if (pathname === `/api/products/${PRODUCT_ID}`) return jsonResponse(200, saved);
        return api(() => jsonResponse(500, {}))(request);
      },
    });
    const medium = await screen.findByLabelText('Stock for Size: M', {}, { timeout: 5000 });
    expect(medium).toHaveValue('5');
    await fill(user, medium, '7');
    await fill(user, screen.getByLabelText('Price (USD) for Size: S'), '19');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body!.variants).toEqual([
      { options: { Size: 'S' }, price: 19, sku: null, available: true, imageId: null },
      { options: { Size: 'M' }, price: 20, quantity: 7, sku: null, available: true, imageId: null },
      { options: { Size: 'L' }, price: 22.5, sku: null, available: true, imageId: null },
    ]);
    expect(body).not.toHaveProperty('quantity');
  });

  it('on a saved listing with photos, gives an option a photo: every combination with it is sent that photo', async () => {
    const photo = (id: string, index: number) => ({
      id,
      url: `/uploads/${id}.webp`,
      thumbnailUrl: `/uploads/${id}-thumb.webp`,
      variants: [],
      name: `${id}.webp`,
      position: index,
    });
    const saved = {
      ...CREATED,
      images: [photo('photo-navy', 0), photo('photo-oat', 1)],
      variations: [
        { name: 'Size', options: ['S', 'M'] },
        { name: 'Colour', options: ['Navy', 'Oatmeal'] },
      ],
      variants: ['S', 'M'].flatMap((size) =>
        ['Navy', 'Oatmeal'].map((colour) => ({
          id: `v-${size}-${colour}`,
          options: { Size: size, Colour: colour },
          label: `Size: ${size}, Colour: ${colour}`,
          price: 20,
          quantity: 2,
          sku: null,
          available: true,
          imageId: colour === 'Navy' ? 'photo-navy' : null,
        })),
      ),
    };
    let body: { variants: Array<{ options: Record<string, string>; imageId: string | null }> } | null = null;
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, {
      api: (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === `/api/products/${PRODUCT_ID}` && request.method === 'PUT') {
          return request.json().then((sent) => {
            body = sent as typeof body;
            return jsonResponse(200, saved);
          });
        }
        if (pathname === `/api/products/${PRODUCT_ID}`) return jsonResponse(200, saved);
        return api(() => jsonResponse(500, {}))(request);
      },
    });
    const navy = await screen.findByRole('combobox', { name: 'Photo for Colour: Navy' }, { timeout: 5000 });
    expect(navy).toHaveValue('photo-navy');
    const oatmeal = screen.getByRole('combobox', { name: 'Photo for Colour: Oatmeal' });
    expect(oatmeal).toHaveValue('');
    await user.selectOptions(oatmeal, 'Photo 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(Object.fromEntries(body!.variants.map((variant) => [`${variant.options.Size}/${variant.options.Colour}`, variant.imageId]))).toEqual({
      'S/Navy': 'photo-navy',
      'S/Oatmeal': 'photo-oat',
      'M/Navy': 'photo-navy',
      'M/Oatmeal': 'photo-oat',
    });
  });

  it('on a saved listing without variations, sends the stock only when the seller changed it', async () => {
    const saved = { ...CREATED, hasVariants: false, variations: [], variants: [], quantity: 5 };
    const bodies: Record<string, unknown>[] = [];
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, {
      api: (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === `/api/products/${PRODUCT_ID}` && request.method === 'PUT') {
          return request.json().then((sent) => {
            bodies.push(sent as Record<string, unknown>);
            return jsonResponse(200, saved);
          });
        }
        if (pathname === `/api/products/${PRODUCT_ID}`) return jsonResponse(200, saved);
        return api(() => jsonResponse(500, {}))(request);
      },
    });
    await fill(user, await screen.findByLabelText('Title', {}, { timeout: 5000 }), 'Organic cotton tee, heavy');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ title: 'Organic cotton tee, heavy', price: 20 });
    expect(bodies[0]).not.toHaveProperty('quantity');

    await fill(user, screen.getByLabelText('Quantity in stock'), '9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ quantity: 9 });
  });
});

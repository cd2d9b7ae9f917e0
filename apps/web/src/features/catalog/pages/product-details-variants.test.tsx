import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_CART, EMPTY_WISHLIST, makeCartItem, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

// A listing with variations (decision 0043): the buyer chooses each variation, the price and stock follow the
// combination, a sold-out one says so, and the cart gets the variant.
const SMALL = 'bbbbbbbb-bbbb-4bbb-8bbb-000000000001';
const MEDIUM = 'bbbbbbbb-bbbb-4bbb-8bbb-000000000002';
const LARGE = 'bbbbbbbb-bbbb-4bbb-8bbb-000000000003';
const TEE = makeProductDetail({
  title: 'Organic cotton tee',
  price: 25,
  quantity: 4,
  hasVariants: true,
  variations: [{ name: 'Size', options: ['S', 'M', 'L'] }],
  variants: [
    { id: SMALL, options: { Size: 'S' }, label: 'Size: S', price: 25, quantity: 3, sku: null, available: true, imageId: null },
    { id: MEDIUM, options: { Size: 'M' }, label: 'Size: M', price: 27.5, quantity: 0, sku: null, available: true, imageId: null },
    { id: LARGE, options: { Size: 'L' }, label: 'Size: L', price: 29, quantity: 1, sku: null, available: true, imageId: null },
  ],
});

function render(onAdd: (body: unknown) => void) {
  logInAs('buyer');
  let cart = EMPTY_CART;
  return renderApp(`/products/${TEE.id}`, {
    api: apiRoutes({
      [`GET /api/products/${TEE.id}`]: () => jsonResponse(200, TEE),
      'GET /api/cart': () => jsonResponse(200, cart),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      'POST /api/cart/items': async (request) => {
        const body = await request.json();
        onAdd(body);
        cart = cartOf([makeCartItem({ product_id: TEE.id, title: TEE.title, variant_id: LARGE, variant_label: 'Size: L', price: 29, available_quantity: 1 })]);
        return jsonResponse(200, cart);
      },
    }),
  });
}

describe('a product with variations', () => {
  it('shows "From" the lowest price until a size is chosen, marks a sold-out size, and asks for a size before adding', async () => {
    const added: unknown[] = [];
    const { user } = render((body) => added.push(body));
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic cotton tee' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('From $25.00')).toBeInTheDocument();
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(within(size).getByRole('option', { name: 'M (sold out)' })).toBeInTheDocument();
    expect(within(size).getByRole('option', { name: 'L' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Choose size first')).toBeInTheDocument();
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(size).toHaveFocus();
    expect(added).toEqual([]);

    // A sold-out size: its price, "Out of stock", and no adding.
    await user.selectOptions(size, 'M');
    expect(screen.getByText('$27.50')).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();

    await user.selectOptions(size, 'L');
    expect(screen.getByText('$29.00')).toBeInTheDocument();
    expect(screen.getByText('Only 1 left')).toBeInTheDocument();
    expect(screen.queryByText('Choose size first')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(added).toEqual([{ product_id: TEE.id, quantity: 1, variant_id: LARGE }]));

    // The cart line names the variant.
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByText('Size: L')).toBeInTheDocument();
  });

  it('shows one price, not "From", when every combination on sale costs the same', async () => {
    logInAs('buyer');
    const sameAll = { ...TEE, variants: TEE.variants.map((variant) => ({ ...variant, price: 25 })) };
    renderApp(`/products/${TEE.id}`, {
      api: apiRoutes({
        [`GET /api/products/${TEE.id}`]: () => jsonResponse(200, sameAll),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic cotton tee' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(screen.queryByText(/^From /)).not.toBeInTheDocument();
  });

  it('brings forward the photo of the option the buyer chooses (the seller’s photo per option)', async () => {
    logInAs('buyer');
    const photo = (id: string, index: number) => ({
      id,
      url: `/uploads/${id}.jpg`,
      thumbnailUrl: `/uploads/${id}-thumb.jpg`,
      variants: [],
      name: id,
      position: index,
    });
    const withPhotos = {
      ...TEE,
      images: [photo('cover', 0), photo('small-photo', 1), photo('large-photo', 2)],
      variants: TEE.variants.map((variant) => ({ ...variant, imageId: variant.id === SMALL ? 'small-photo' : variant.id === LARGE ? 'large-photo' : null })),
    };
    const { user } = renderApp(`/products/${TEE.id}`, {
      api: apiRoutes({
        [`GET /api/products/${TEE.id}`]: () => jsonResponse(200, withPhotos),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic cotton tee' }, { timeout: 5000 })).toBeInTheDocument();
    const shown = () => screen.getByRole('img', { name: /^Organic cotton tee, photo \d of 3$/ });
    expect(shown()).toHaveAccessibleName('Organic cotton tee, photo 1 of 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');
    expect(shown()).toHaveAccessibleName('Organic cotton tee, photo 3 of 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    expect(shown()).toHaveAccessibleName('Organic cotton tee, photo 2 of 3');
    // The buyer may still look at the others.
    await user.click(screen.getByRole('button', { name: 'Show photo 1 of 3' }));
    expect(shown()).toHaveAccessibleName('Organic cotton tee, photo 1 of 3');
  });
});

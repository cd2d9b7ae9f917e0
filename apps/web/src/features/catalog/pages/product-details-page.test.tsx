import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_CART, EMPTY_WISHLIST, makeCartItem, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const PRODUCT = makeProductDetail({ quantity: 2, retip: { label: 'Gift wrapping', price: 4.25 } });
const LINE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('ProductDetailsPage', () => {
  it('shows the gallery, price, condition, seller and a low-stock hint', async () => {
    logInAs('buyer');
    const { user } = renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({
        [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Walnut desk lamp' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('$49.50')).toBeInTheDocument();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('Oak & Ember')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Walnut desk lamp, photo 2 of 2' })).toHaveAttribute('src', '/uploads/lamp-2.jpg');
  });

  it('adds the product with its add-on to the cart and the header count follows', async () => {
    logInAs('buyer');
    let cart = EMPTY_CART;
    const calls: string[] = [];
    const { user } = renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({
        [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
        'GET /api/cart': () => jsonResponse(200, cart),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        'POST /api/cart/items': async (request) => {
          calls.push(`POST ${JSON.stringify(await request.json())}`);
          cart = cartOf([makeCartItem({ id: LINE_ID, quantity: 2, retip_label: 'Gift wrapping', retip_offered_price: 4.25, available_quantity: 2 })]);
          return jsonResponse(200, cart);
        },
        [`PUT /api/cart/items/${LINE_ID}/retip`]: async (request) => {
          calls.push(`PUT ${JSON.stringify(await request.json())}`);
          cart = cartOf([
            makeCartItem({ id: LINE_ID, quantity: 2, retip_added: true, retip_price: 4.25, retipAdded: true, retipPrice: 4.25, retip_label: 'Gift wrapping' }),
          ]);
          return jsonResponse(200, cart);
        },
      }),
    });

    expect(await screen.findByRole('button', { name: 'Cart, 0 items' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: /Gift wrapping/ }));
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([`POST {"product_id":"${PRODUCT.id}","quantity":2}`, 'PUT {"retip_added":true}']));

    // The drawer shows the line with its add-on switched on, and Escape closes it.
    await user.click(screen.getByRole('button', { name: 'Cart, 2 items' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: /Gift wrapping/ })).toBeChecked());
    expect(within(drawer).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/products/checkout');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
  });

  it('puts the cart back and says why when the server refuses', async () => {
    logInAs('buyer');
    const { user } = renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({
        [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        'POST /api/cart/items': () => jsonResponse(409, { error: 'Only 2 left in stock' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 5000 }));
    expect(await screen.findByText('Only 2 left in stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('saves to the wishlist and shows Saved with the header count', async () => {
    logInAs('buyer');
    const { user } = renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({
        [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        'POST /api/wishlist/items': () =>
          jsonResponse(201, {
            items: [{ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', product_id: PRODUCT.id, title: PRODUCT.title, price: 49.5, image: null, quantity: 2 }],
            items_count: 1,
            isNew: true,
          }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });

  it('says when a product does not exist', async () => {
    logInAs('buyer');
    renderApp(`/products/${PRODUCT.id}`, { api: apiRoutes({ 'GET /api/cart': () => jsonResponse(200, EMPTY_CART) }) });
    expect(await screen.findByText('Product not found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/products');
  });
});

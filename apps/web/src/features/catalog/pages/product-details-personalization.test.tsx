import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '@marketplace/contracts/cart';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_CART, EMPTY_WISHLIST, makeCartItem, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

// A listing that asks for personalisation (docs/product/listings.md "Personalisation"): the product page asks
// for the text before adding it, the cart line shows it and lets the buyer change it.
const SETTING = { required: true, instructions: 'The name to engrave, up to 12 letters', maxLength: 12 };
const MUG = makeProductDetail({ title: 'Engraved walnut mug', price: 32, quantity: 5, personalization: SETTING });

function render() {
  logInAs('buyer');
  let cart = EMPTY_CART;
  const added: unknown[] = [];
  const changed: unknown[] = [];
  const line = (personalization: string): CartItem =>
    makeCartItem({ product_id: MUG.id, title: MUG.title, price: 32, personalization, personalization_setting: SETTING });
  const rendered = renderApp(`/products/${MUG.id}`, {
    api: apiRoutes({
      [`GET /api/products/${MUG.id}`]: () => jsonResponse(200, MUG),
      'GET /api/cart': () => jsonResponse(200, cart),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      'POST /api/cart/items': async (request) => {
        const body = (await request.json()) as { personalization: string };
        added.push(body);
        cart = cartOf([line(body.personalization)]);
        return jsonResponse(200, cart);
      },
      [`PUT /api/cart/items/${makeCartItem().id}/personalization`]: async (request) => {
        const body = (await request.json()) as { personalization: string };
        changed.push(body);
        cart = cartOf([line(body.personalization)]);
        return jsonResponse(200, cart);
      },
    }),
  });
  return { ...rendered, added, changed };
}

describe('a product that asks for personalisation', () => {
  it('asks for the text before adding it, keeps to its length, sends it, and lets the buyer change it in the cart', async () => {
    const { user, added, changed } = render();
    expect(await screen.findByRole('heading', { level: 1, name: MUG.title }, { timeout: 5000 })).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Personalisation' });
    expect(screen.getByText(SETTING.instructions)).toBeInTheDocument();

    // Required: nothing is sent without it, and the box says why.
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Write your personalisation first')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(added).toEqual([]);

    await user.type(box, 'Maximilian II');
    expect(screen.getByText('13 / 12 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Personalisation must be at most 12 characters')).toBeInTheDocument();
    expect(added).toEqual([]);

    await user.clear(box);
    await user.type(box, '  Anna ');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(added).toEqual([{ product_id: MUG.id, quantity: 1, personalization: 'Anna' }]));
    // Cleared for the next one, which may be for someone else.
    await waitFor(() => expect(box).toHaveValue(''));

    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByText('Anna')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /^Edit personalisation/ }));
    const edit = within(drawer).getByRole('textbox', { name: `Personalisation for ${MUG.title}` });
    await user.clear(edit);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This item needs your personalisation: write it before adding it to your cart')).toBeInTheDocument();
    expect(changed).toEqual([]);
    await user.type(edit, 'Anna-Lena');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changed).toEqual([{ personalization: 'Anna-Lena' }]));
    expect(await within(drawer).findByText('Anna-Lena')).toBeInTheDocument();
  });
});

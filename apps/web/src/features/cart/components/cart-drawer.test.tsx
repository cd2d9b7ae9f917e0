import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_WISHLIST, makeCartItem, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

// The cart drawer's lines: a line whose shop is on vacation stays in the cart and says until when
// (docs/product/shops.md), and cannot be raised; the other lines are as usual.

const PRODUCT = makeProductDetail();
const AWAY = makeCartItem({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  product_id: '22222222-2222-4222-8222-222222222222',
  title: 'Linen throw pillow',
  seller: { id: 's2', vacation: { until: '2026-12-20', message: 'Back after the craft fair!' }, name: 'Linen Loft' },
});
const OPEN = makeCartItem({ quantity: 2 });

function lineOf(drawer: HTMLElement, title: string): HTMLElement {
  const line = within(drawer)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name: title }));
  if (!line) throw new Error(`no cart line for ${title}`);
  return line;
}

describe('CartDrawer', () => {
  it('says on a line that its shop is away until its day, and keeps that line from growing', async () => {
    logInAs('buyer');
    const { user } = renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({
        [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
        'GET /api/cart': () => jsonResponse(200, cartOf([AWAY, OPEN])),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Cart, 3 items' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });

    const away = lineOf(drawer, 'Linen throw pillow');
    // The date from its digits ("Dec 20, 2026"), the sentence the product page and a refused add use.
    expect(within(away).getByRole('note')).toHaveTextContent(/^This shop is away until Dec 20, 2026$/);
    expect(within(away).getByRole('button', { name: 'Increase quantity of Linen throw pillow' })).toBeDisabled();
    // It can still be taken out of the cart.
    const removals = within(away).getAllByRole('button', { name: 'Remove Linen throw pillow' });
    expect(removals.length).toBeGreaterThan(0);
    for (const button of removals) expect(button).toBeEnabled();

    const open = lineOf(drawer, 'Walnut desk lamp');
    expect(within(open).queryByRole('note')).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Increase quantity of Walnut desk lamp' })).toBeEnabled();
  });
});

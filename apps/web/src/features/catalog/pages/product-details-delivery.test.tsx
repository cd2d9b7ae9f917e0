import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDeliveryResponse } from '@marketplace/contracts/delivery';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { handlingText } from '../components/delivery-box';
import { DELIVERY_ZIP_KEY } from '../components/delivery-zip';

// The product page's delivery box: when a unit arrives at the visitor's ZIP code, what it costs to ship, and the
// ZIP code they type, remembered for every product page.

const PRODUCT = makeProductDetail({ quantity: 3 });
const OTHER = makeProductDetail({ id: '33333333-3333-4333-8333-333333333333', title: 'Linen throw', price: 80 });
const QUOTED: ProductDeliveryResponse = {
  postalCode: '94107',
  shipping: 5.99,
  freeFrom: null,
  arrivesBy: { earliest: '2025-12-12', latest: '2025-12-16' },
  handlingDays: { min: 1, max: 3 },
};
const NEEDS_ZIP: ProductDeliveryResponse = { postalCode: null, shipping: null, freeFrom: null, arrivesBy: null, handlingDays: { min: 1, max: 3 } };

/** A marketplace answering the delivery quote with `answer` (by the ZIP code asked, or null), writing down each quote's query. */
function marketplace(answer: (postalCode: string | null) => Response | ProductDeliveryResponse, products = [PRODUCT, OTHER]) {
  const quotes: { path: string; postalCode: string | null; signedIn: boolean }[] = [];
  const table: Record<string, (request: Request) => Response | Promise<Response>> = {
    'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
    'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
  };
  for (const product of products) {
    table[`GET /api/products/${product.id}`] = () => jsonResponse(200, product);
    table[`GET /api/products/${product.id}/delivery`] = (request) => {
      const url = new URL(request.url);
      const postalCode = url.searchParams.get('postal_code');
      quotes.push({ path: url.pathname, postalCode, signedIn: request.headers.has('Authorization') });
      const answered = answer(postalCode);
      return answered instanceof Response ? answered : jsonResponse(200, answered);
    };
  }
  return { quotes, api: apiRoutes(table) };
}

const deliveryBox = () => screen.findByRole('region', { name: 'Delivery' });

describe('the delivery box of a product page', () => {
  it('shows when a unit arrives at the remembered ZIP code, its shipping and the handling time', async () => {
    localStorage.setItem(DELIVERY_ZIP_KEY, '94107');
    const server = marketplace(() => QUOTED);
    renderApp(`/products/${PRODUCT.id}`, { api: server.api });

    const box = await deliveryBox();
    expect(await within(box).findByText(/^Arrives/)).toHaveTextContent('Arrives Dec 12–16 to 94107');
    // The dates stand out.
    expect(within(box).getByText('Dec 12–16').tagName).toBe('STRONG');
    expect(within(box).getByText('Shipping: $5.99')).toBeInTheDocument();
    expect(within(box).getByText('Ships in 1–3 business days')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Change ZIP code' })).toHaveAttribute('aria-expanded', 'false');
    expect(server.quotes).toEqual([{ path: `/api/products/${PRODUCT.id}/delivery`, postalCode: '94107', signedIn: false }]);
  });

  it('says from which total the shop ships free, and when it already does', async () => {
    localStorage.setItem(DELIVERY_ZIP_KEY, '94107');
    const server = marketplace(() => ({ ...QUOTED, freeFrom: 50 }));
    renderApp(`/products/${PRODUCT.id}`, { api: server.api });
    expect(await within(await deliveryBox()).findByText('Shipping: $5.99 — free on orders of $50.00 or more from this shop')).toBeInTheDocument();
  });

  it('says Free shipping when the unit ships free', async () => {
    localStorage.setItem(DELIVERY_ZIP_KEY, '94107');
    const server = marketplace(() => ({ ...QUOTED, shipping: 0, freeFrom: 50, handlingDays: { min: 0, max: 0 } }));
    renderApp(`/products/${PRODUCT.id}`, { api: server.api });
    const box = await deliveryBox();
    expect(await within(box).findByText('Free shipping')).toBeInTheDocument();
    expect(within(box).queryByText(/free on orders/)).not.toBeInTheDocument();
    expect(within(box).getByText('Ships the same business day')).toBeInTheDocument();
  });

  it('asks a guest for a ZIP code when the price depends on it; the ZIP code typed is asked for and remembered for every product page', async () => {
    const server = marketplace((postalCode) => (postalCode === null ? NEEDS_ZIP : { ...QUOTED, postalCode }));
    const { user, router } = renderApp(`/products/${PRODUCT.id}`, { api: server.api });

    const box = await deliveryBox();
    expect(await within(box).findByText('Enter your ZIP code to see shipping and delivery')).toBeInTheDocument();
    expect(within(box).queryByText(/^Shipping/)).not.toBeInTheDocument();
    expect(server.quotes).toEqual([{ path: `/api/products/${PRODUCT.id}/delivery`, postalCode: null, signedIn: false }]);

    const toggle = within(box).getByRole('button', { name: 'Enter ZIP code' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = within(box).getByLabelText('ZIP code');
    expect(field).toHaveFocus();
    await user.type(field, '10001');
    await user.click(within(box).getByRole('button', { name: 'Update' }));

    expect(await within(box).findByText(/^Arrives/)).toHaveTextContent('Arrives Dec 12–16 to 10001');
    expect(within(box).getByText('Shipping: $5.99')).toBeInTheDocument();
    expect(within(box).queryByLabelText('ZIP code')).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Change ZIP code' })).toHaveFocus();
    expect(server.quotes.map((quote) => quote.postalCode)).toEqual([null, '10001']);
    expect(localStorage.getItem(DELIVERY_ZIP_KEY)).toBe('10001');

    // Another product page quotes to the same ZIP code from the start.
    await router.navigate(`/products/${OTHER.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: OTHER.title })).toBeInTheDocument();
    await waitFor(() => expect(server.quotes.at(-1)).toEqual({ path: `/api/products/${OTHER.id}/delivery`, postalCode: '10001', signedIn: false }));
  });

  it('refuses a ZIP code that is not 5 digits, says why, and asks nothing', async () => {
    localStorage.setItem(DELIVERY_ZIP_KEY, '94107');
    const server = marketplace(() => QUOTED);
    const { user } = renderApp(`/products/${PRODUCT.id}`, { api: server.api });

    const box = await deliveryBox();
    await user.click(await within(box).findByRole('button', { name: 'Change ZIP code' }));
    const field = within(box).getByLabelText('ZIP code');
    expect(field).toHaveValue('94107');
    await user.clear(field);
    await user.type(field, '941');
    await user.click(within(box).getByRole('button', { name: 'Update' }));

    expect(await within(box).findByText('Enter a 5-digit ZIP code, e.g. 94107')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a 5-digit ZIP code, e.g. 94107');
    expect(field).toHaveFocus();
    expect(server.quotes).toHaveLength(1);
    expect(localStorage.getItem(DELIVERY_ZIP_KEY)).toBe('94107');

    // Escape leaves it as it was.
    await user.keyboard('{Escape}');
    expect(within(box).queryByLabelText('ZIP code')).not.toBeInTheDocument();
    expect(within(box).getByText(/^Arrives/)).toHaveTextContent('to 94107');
    expect(server.quotes).toHaveLength(1);
  });

  it('says the estimate is unavailable when the API fails, and Add to cart still works', async () => {
    logInAs('buyer');
    const server = marketplace(() => jsonResponse(500, { error: 'Something went wrong' }));
    renderApp(`/products/${PRODUCT.id}`, { api: server.api });

    const box = await deliveryBox();
    expect(await within(box).findByText('Delivery estimate unavailable right now')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Enter ZIP code' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('quotes a signed-in buyer who typed no ZIP code to their default address (the API finds it)', async () => {
    logInAs('buyer');
    const server = marketplace(() => ({ ...QUOTED, postalCode: '60614' }));
    renderApp(`/products/${PRODUCT.id}`, { api: server.api });

    expect(await within(await deliveryBox()).findByText(/^Arrives/)).toHaveTextContent('Arrives Dec 12–16 to 60614');
    expect(server.quotes).toEqual([{ path: `/api/products/${PRODUCT.id}/delivery`, postalCode: null, signedIn: true }]);
  });

  it('quotes one unit of a listing with variants, once, whichever option is chosen', async () => {
    localStorage.setItem(DELIVERY_ZIP_KEY, '94107');
    const tee = makeProductDetail({
      title: 'Organic cotton tee',
      hasVariants: true,
      variations: [{ name: 'Size', options: ['S', 'L'] }],
      variants: [
        {
          id: 'bbbbbbbb-bbbb-4bbb-8bbb-000000000001',
          options: { Size: 'S' },
          label: 'Size: S',
          price: 25,
          quantity: 3,
          sku: null,
          available: true,
          imageId: null,
        },
        {
          id: 'bbbbbbbb-bbbb-4bbb-8bbb-000000000002',
          options: { Size: 'L' },
          label: 'Size: L',
          price: 29,
          quantity: 1,
          sku: null,
          available: true,
          imageId: null,
        },
      ],
    });
    const server = marketplace(() => QUOTED, [tee]);
    const { user } = renderApp(`/products/${tee.id}`, { api: server.api });

    expect(await within(await deliveryBox()).findByText('Shipping: $5.99')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');
    expect(screen.getByText('$29.00')).toBeInTheDocument();
    expect(within(await deliveryBox()).getByText('Shipping: $5.99')).toBeInTheDocument();
    expect(server.quotes).toHaveLength(1);
  });

  it('is left out for a shop on vacation, which sends nothing until it is back', async () => {
    const away = makeProductDetail({ seller: { ...PRODUCT.seller, vacation: { until: '2099-01-10', message: null } } });
    const server = marketplace(() => QUOTED, [away]);
    renderApp(`/products/${away.id}`, { api: server.api });
    expect(await screen.findByRole('heading', { level: 1, name: away.title })).toBeInTheDocument();
    // Long enough for the box's chunk and its call, had they been asked for.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(server.quotes).toEqual([]);
  });
});

describe('handlingText', () => {
  it.each([
    [{ min: 0, max: 0 }, 'Ships the same business day'],
    [{ min: 1, max: 1 }, 'Ships in 1 business day'],
    [{ min: 2, max: 2 }, 'Ships in 2 business days'],
    [{ min: 0, max: 2 }, 'Ships within 2 business days'],
    [{ min: 1, max: 3 }, 'Ships in 1–3 business days'],
  ])('%o', (days, text) => {
    expect(handlingText(days)).toBe(text);
  });
});

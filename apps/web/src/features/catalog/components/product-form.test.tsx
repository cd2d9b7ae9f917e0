import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShippingProfile } from '@marketplace/contracts/delivery';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { apiRoutes, makeSellerProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The listing form's Shipping choice (docs/product/shipping.md): the shop's default, sent as null, or one of the
// seller's profiles by id, on the add-listing and the edit pages.

const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
const STANDARD_RATE = '$5.99 per order from your shop, free from $50.00';
const STAMP = '2026-01-05T10:00:00.000Z';

const SMALL_PARCELS: ShippingProfile = {
  id: '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e01',
  name: 'Small parcels',
  handlingDays: { min: 1, max: 3 },
  rate: { type: 'flat', first: 4.5, additional: 1 },
  shipFrom: null,
  box: null,
  isDefault: true,
  listingCount: 12,
  createdAt: STAMP,
  updatedAt: STAMP,
};
const FURNITURE: ShippingProfile = {
  ...SMALL_PARCELS,
  id: '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e04',
  name: 'Furniture',
  handlingDays: { min: 5, max: 10 },
  rate: { type: 'calculated', handlingFee: 1.5 },
  isDefault: false,
  listingCount: 3,
};

/** The seller's profiles, their categories and the listing; the writes answer with `onWrite`. */
function api(profiles: ShippingProfile[], onWrite: ApiHandler, listing = makeSellerProductDetail()): ApiHandler {
  return apiRoutes({
    'GET /api/seller/shipping-profiles': () => jsonResponse(200, { profiles, standardRate: STANDARD_RATE }),
    'GET /api/categories': () => jsonResponse(200, { categories: [listing.category] }),
    'POST /api/products': onWrite,
    [`GET /api/products/${PRODUCT_ID}`]: () => jsonResponse(200, listing),
    [`PUT /api/products/${PRODUCT_ID}`]: onWrite,
    [`GET /api/products/${PRODUCT_ID}/images`]: () => jsonResponse(200, { images: listing.images }),
  });
}

type User = ReturnType<typeof renderApp>['user'];

async function fillNewListing(user: User) {
  await user.type(await screen.findByLabelText('Title', {}, { timeout: 5000 }), 'Walnut desk lamp');
  await user.type(screen.getByLabelText('Description'), 'Warm light.');
  await user.selectOptions(screen.getByLabelText('Category'), await screen.findByRole('option', { name: 'Home & Kitchen' }));
  await user.type(screen.getByLabelText('Price (USD)'), '49.50');
}

/** Records the bodies written and answers with the listing. */
function recorder() {
  const bodies: Record<string, unknown>[] = [];
  const onWrite: ApiHandler = async (request) => {
    bodies.push((await request.json()) as Record<string, unknown>);
    return jsonResponse(request.method === 'POST' ? 201 : 200, makeSellerProductDetail());
  };
  return { bodies, onWrite };
}

describe('the listing form’s Shipping choice', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => logInAs('seller'));

  it('offers the shop’s default first, then each profile, says what the chosen one charges, and sends its id', async () => {
    const { bodies, onWrite } = recorder();
    const { user } = renderApp('/seller/listing/add', { api: api([SMALL_PARCELS, FURNITURE], onWrite) });
    await fillNewListing(user);

    const shipping = screen.getByRole('combobox', { name: 'Shipping' });
    await waitFor(() =>
      expect(
        within(shipping)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Shop default (Small parcels)', 'Small parcels', 'Furniture']),
    );
    expect(shipping).toHaveValue('');
    expect(shipping).toHaveAccessibleDescription(/\$4\.50 first item, \$1\.00 each additional\. Ships in 1–3 business days\./);
    expect(screen.getByRole('link', { name: 'Manage shipping profiles' })).toHaveAttribute('href', '/seller/settings');

    await user.selectOptions(shipping, 'Furniture');
    expect(shipping).toHaveAccessibleDescription(/UPS Ground rate \+ \$1\.50 handling\. Ships in 5–10 business days\./);
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ title: 'Walnut desk lamp', price: 49.5, shippingProfileId: FURNITURE.id });
  });

  it('sends null for the shop’s default, and says the standard rate when the shop has no profile', async () => {
    const { bodies, onWrite } = recorder();
    const { user } = renderApp('/seller/listing/add', { api: api([], onWrite) });
    await fillNewListing(user);

    const shipping = screen.getByRole('combobox', { name: 'Shipping' });
    await waitFor(() =>
      expect(
        within(shipping)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Standard rate']),
    );
    expect(shipping).toHaveAccessibleDescription(new RegExp(`standard rate: ${STANDARD_RATE.replace(/[$.]/g, '\\$&')}`));
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toHaveProperty('shippingProfileId', null);
  });

  it('on a saved listing, starts from its profile and sends null when the seller goes back to the default', async () => {
    const { bodies, onWrite } = recorder();
    const listing = makeSellerProductDetail({ shippingProfileId: FURNITURE.id });
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, { api: api([SMALL_PARCELS, FURNITURE], onWrite, listing) });

    const shipping = await screen.findByRole('combobox', { name: 'Shipping' }, { timeout: 5000 });
    await waitFor(() => expect(shipping).toHaveDisplayValue('Furniture'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toHaveProperty('shippingProfileId', FURNITURE.id);

    await user.selectOptions(shipping, 'Shop default (Small parcels)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toHaveProperty('shippingProfileId', null);
  });

  it('sends the default for a profile deleted since the form opened', async () => {
    const { bodies, onWrite } = recorder();
    const gone = '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e99';
    const listing = makeSellerProductDetail({ shippingProfileId: gone });
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, { api: api([SMALL_PARCELS], onWrite, listing) });

    const shipping = await screen.findByRole('combobox', { name: 'Shipping' }, { timeout: 5000 });
    await waitFor(() => expect(shipping).toHaveDisplayValue('Shop default (Small parcels)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toHaveProperty('shippingProfileId', null);
  });

  it('shows the API’s refusal of the profile beside the field', async () => {
    const message = 'Choose one of your shipping profiles';
    const { user } = renderApp('/seller/listing/add', {
      api: api([SMALL_PARCELS, FURNITURE], () =>
        jsonResponse(400, {
          error: `Invalid request — shippingProfileId: ${message}`,
          code: 'validation_failed',
          issues: [{ path: 'shippingProfileId', message }],
        }),
      ),
    });
    await fillNewListing(user);
    const shipping = screen.getByRole('combobox', { name: 'Shipping' });
    await user.selectOptions(shipping, await screen.findByRole('option', { name: 'Furniture' }));
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    await waitFor(() => expect(shipping).toHaveAccessibleDescription(message));
    expect(shipping).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some details need fixing');
  });
});

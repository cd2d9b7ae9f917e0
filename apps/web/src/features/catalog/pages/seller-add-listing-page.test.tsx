import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const CATEGORIES = [
  { id: 'c1', name: 'Electronics', slug: 'electronics' },
  { id: 'c2', name: 'Home & Kitchen', slug: 'home-kitchen' },
];

const PRODUCT_ID = '6b1f7c1e-5d5b-4a3c-9b8e-2f1d3c4b5a69';

function product(overrides: Record<string, unknown> = {}) {
  return {
    id: PRODUCT_ID,
    title: 'Walnut desk lamp',
    description: 'Warm light.',
    price: 49.5,
    quantity: 3,
    condition: 'like_new',
    status: 'active',
    isDraft: false,
    category: { id: 'c2', name: 'Home & Kitchen', slug: 'home-kitchen' },
    seller: { id: 'user-seller', companyName: 'Sam’s Supplies' },
    image: null,
    retip: { label: 'Gift wrap', price: 4.5 },
    createdAt: '2025-01-01T00:00:00.000Z',
    weightOunces: 24,
    images: [],
    hasVariants: false,
    variations: [],
    variants: [],
    ...overrides,
  };
}

function api(onCreate: ApiHandler): ApiHandler {
  return (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/categories') return jsonResponse(200, { categories: CATEGORIES });
    if (pathname === '/api/products' && request.method === 'POST') return onCreate(request);
    if (pathname === `/api/products/${PRODUCT_ID}`) return jsonResponse(200, product());
    if (pathname === `/api/products/${PRODUCT_ID}/images`) return jsonResponse(200, { images: [] });
    return jsonResponse(404, { error: 'Not found' });
  };
}

type User = ReturnType<typeof renderApp>['user'];

/** Pasting is much faster than typing key by key in jsdom, and the form treats both the same. */
async function fill(user: User, field: HTMLElement | Promise<HTMLElement>, value: string) {
  const element = await field;
  await user.clear(element);
  await user.click(element);
  await user.paste(value);
}

async function fillValidListing(user: User) {
  await fill(user, await screen.findByLabelText('Title'), 'Walnut desk lamp');
  await fill(user, screen.getByLabelText('Description'), 'Warm light.');
  await user.selectOptions(screen.getByLabelText('Category'), await screen.findByRole('option', { name: 'Home & Kitchen' }));
  await fill(user, screen.getByLabelText('Price (USD)'), '49.50');
  await fill(user, screen.getByLabelText('Quantity in stock'), '3');
  await user.selectOptions(screen.getByLabelText('Condition'), 'Like new');
  await fill(user, screen.getByLabelText('Weight (ounces)'), '24');
  await user.click(screen.getByRole('checkbox', { name: /Offer a paid add-on service/ }));
  await fill(user, screen.getByLabelText('Add-on name'), 'Gift wrap');
  await fill(user, screen.getByLabelText('Add-on price (USD)'), '4.50');
}

// Each test walks the whole form; the shared CI machine needs more than the default 5 s.
describe('SellerAddListingPage', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('checks the fields in the browser before calling the API', async () => {
    const { user, fetchSpy } = renderApp('/seller/listing/add', { api: api(() => jsonResponse(500, {})) });
    await fill(user, await screen.findByLabelText('Title', {}, { timeout: 5000 }), 'ab');
    await fill(user, screen.getByLabelText('Price (USD)'), '12.345');
    await fill(user, screen.getByLabelText('Quantity in stock'), '2.5');
    await user.click(screen.getByRole('checkbox', { name: /Offer a paid add-on service/ }));
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title must be at least 3 characters');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description is required');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category');
    // The API's own money rule (docs/product/money.md), before anything is sent.
    expect(screen.getByLabelText('Price (USD)')).toHaveAccessibleDescription(/Price must be in whole cents \(at most 2 decimals\)/);
    expect(screen.getByLabelText('Quantity in stock')).toHaveAccessibleDescription('Quantity must be a whole number');
    expect(screen.getByLabelText('Add-on price (USD)')).toHaveAccessibleDescription('Enter a price for the add-on');
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());

    const posts = fetchSpy.mock.calls.filter(([input]) => input instanceof Request && input.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it('says the money rule the API applies: at least a cent, in whole cents, and what is no amount', async () => {
    const { user, fetchSpy } = renderApp('/seller/listing/add', { api: api(() => jsonResponse(500, {})) });
    await fillValidListing(user);
    for (const [price, addOnPrice, priceMessage, addOnMessage] of [
      ['0.001', '4.555', /Price must be at least \$0\.01/, 'Add-on price must be in whole cents (at most 2 decimals)'],
      ['-5', '-0.01', /Price must be at least \$0\.01/, 'Add-on price cannot be negative'],
      ['twelve', '1e-9', /Enter a price in dollars, like 19\.99/, 'Enter the add-on price in dollars, like 4.50'],
    ] as const) {
      await fill(user, screen.getByLabelText('Price (USD)'), price);
      await fill(user, screen.getByLabelText('Add-on price (USD)'), addOnPrice);
      await user.click(screen.getByRole('button', { name: 'Create listing' }));
      expect(screen.getByLabelText('Price (USD)')).toHaveAccessibleDescription(priceMessage);
      expect(screen.getByLabelText('Add-on price (USD)')).toHaveAccessibleDescription(addOnMessage);
    }
    // A free add-on is fine; only the price is still wrong.
    await fill(user, screen.getByLabelText('Add-on price (USD)'), '0');
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(screen.getByLabelText('Add-on price (USD)')).not.toHaveAttribute('aria-invalid');

    const posts = fetchSpy.mock.calls.filter(([input]) => input instanceof Request && input.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it("shows the server's 400 issues beside their fields", async () => {
    const { user, router } = renderApp('/seller/listing/add', {
      api: api(() =>
        jsonResponse(400, {
          error: 'Invalid request — price: Price must be at most 1,000,000 dollars',
          issues: [
            { path: 'price', message: 'Price must be at most 1,000,000 dollars' },
            { path: 'category', message: 'Unknown category' },
          ],
        }),
      ),
    });
    await fillValidListing(user);
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Some details need fixing');
    expect(screen.getByLabelText('Price (USD)')).toHaveAccessibleDescription(/Price must be at most 1,000,000 dollars/);
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Unknown category');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(router.state.location.pathname).toBe('/seller/listing/add');
  });

  it('creates the listing and goes to its editor to add photos', async () => {
    let body: unknown = null;
    const { user, router } = renderApp('/seller/listing/add', {
      api: api(async (request) => {
        body = await request.json();
        return jsonResponse(201, product());
      }),
    });
    await fillValidListing(user);
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Listing' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/seller/product-list/edit/${PRODUCT_ID}`);
    expect(body).toEqual({
      title: 'Walnut desk lamp',
      description: 'Warm light.',
      category: 'home-kitchen',
      price: 49.5,
      quantity: 3,
      condition: 'like_new',
      weightOunces: 24,
      retipLabel: 'Gift wrap',
      retipPrice: 4.5,
      // The shop's default profile: the seller chose none.
      shippingProfileId: null,
    });
    expect(await screen.findByRole('heading', { name: 'Photos' })).toBeInTheDocument();
  });

  it('needs an add-on name when the add-on is offered, and suggests what one looks like', async () => {
    const { user, fetchSpy } = renderApp('/seller/listing/add', { api: api(() => jsonResponse(201, product())) });
    await fillValidListing(user);
    await user.clear(screen.getByLabelText('Add-on name'));
    expect(screen.getByLabelText('Add-on name')).toHaveAttribute('placeholder', 'e.g. Gift wrapping');
    await user.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(screen.getByLabelText('Add-on name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Add-on name')).toHaveAccessibleDescription(/Add-on name is required/);
    const posts = fetchSpy.mock.calls.filter(([input]) => input instanceof Request && input.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it('opens a new listing with the add-on unticked and its name empty', async () => {
    const { user } = renderApp('/seller/listing/add', { api: api(() => jsonResponse(500, {})) });
    const box = await screen.findByRole('checkbox', { name: /Offer a paid add-on service/ }, { timeout: 5000 });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(screen.getByLabelText('Add-on name')).toHaveValue('');
  });
});

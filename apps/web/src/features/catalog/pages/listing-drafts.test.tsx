import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST, makeProductDetail, makeSellerProductDetail, makeSellerProductSummary } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

// Drafts as the seller sees them (docs/product/listings.md): the API tells the seller which listings are
// drafts (`isDraft`), previewed on the product page by their seller only.

const DRAFT_ID = '22222222-2222-4222-8222-222222222222';
const HIDDEN_ID = '33333333-3333-4333-8333-333333333333';
const LIVE_ID = '44444444-4444-4444-8444-444444444444';
const OWN_SELLER = { id: 'user-seller', companyName: 'Sam’s Supplies' };

const draftDetail = makeSellerProductDetail({
  id: DRAFT_ID,
  isDraft: true,
  title: 'Copper Kettle',
  retip: { label: 'Gift wrapping', price: 6 },
  status: 'hidden',
  image: null,
  images: [],
  seller: { ...OWN_SELLER, rating: { average: null, count: 0 }, vacation: null },
});

describe('drafts in the seller’s product list', () => {
  it('marks a draft "Draft", a hidden listing "Hidden", and offers a Preview that opens the product page', async () => {
    logInAs('seller');
    const row = (overrides: Parameters<typeof makeSellerProductSummary>[0]) => makeSellerProductSummary({ seller: OWN_SELLER, ...overrides });
    renderApp('/seller/product-list', {
      api: apiRoutes({
        'GET /api/seller/products': () =>
          jsonResponse(200, {
            items: [
              row({ id: DRAFT_ID, title: 'Copper Kettle', status: 'hidden', image: null, isDraft: true }),
              row({ id: HIDDEN_ID, title: 'Brass Lantern', status: 'hidden' }),
              row({ id: LIVE_ID, title: 'Walnut desk lamp', status: 'active' }),
            ],
            total: 3,
            page: 1,
            totalPages: 1,
          }),
      }),
    });

    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const rowOf = (title: string) => within(table).getByRole('link', { name: title }).closest('tr') as HTMLElement;
    expect(within(rowOf('Copper Kettle')).getByText('Draft')).toBeInTheDocument();
    expect(within(rowOf('Brass Lantern')).getByText('Hidden')).toBeInTheDocument();
    expect(within(rowOf('Walnut desk lamp')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Copper Kettle')).getByRole('link', { name: 'Preview Copper Kettle as buyers see it' })).toHaveAttribute(
      'href',
      `/products/${DRAFT_ID}`,
    );
  });
});

describe('"Draft" only when the API says so (the two cases a hidden listing without a photo was mistaken for)', () => {
  const HIDDEN_EARLY_ID = '55555555-5555-4555-8555-555555555555';
  const WAITING_ID = '66666666-6666-4666-8666-666666666666';
  // The marketplace hid it before it had a photo: hidden, no photo, and not a draft (no photo puts it live).
  const hiddenEarly = makeSellerProductDetail({
    id: HIDDEN_EARLY_ID,
    title: 'Pewter Jug',
    status: 'hidden',
    isDraft: false,
    image: null,
    images: [],
    seller: { ...OWN_SELLER, rating: { average: null, count: 0 }, vacation: null },
  });
  // A draft that got its photos while its seller's address was not verified: it goes live once it is.
  const waiting = makeSellerProductDetail({
    id: WAITING_ID,
    title: 'Tin Lantern',
    status: 'hidden',
    isDraft: true,
    seller: { ...OWN_SELLER, rating: { average: null, count: 0 }, vacation: null },
  });

  it('in the seller’s product list', async () => {
    logInAs('seller');
    const items = [hiddenEarly, waiting].map(({ id, title, status, image, isDraft }) =>
      makeSellerProductSummary({ id, title, status, image, isDraft, seller: OWN_SELLER }),
    );
    renderApp('/seller/product-list', {
      api: apiRoutes({ 'GET /api/seller/products': () => jsonResponse(200, { items, total: items.length, page: 1, totalPages: 1 }) }),
    });

    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const rowOf = (title: string) => within(within(table).getByRole('link', { name: title }).closest('tr') as HTMLElement);
    expect(rowOf('Pewter Jug').getByText('Hidden')).toBeInTheDocument();
    expect(rowOf('Pewter Jug').queryByText('Draft')).not.toBeInTheDocument();
    expect(rowOf('Tin Lantern').getByText('Draft')).toBeInTheDocument();
  });

  const api = apiRoutes({
    'GET /api/categories': () => jsonResponse(200, { categories: [{ id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' }] }),
    [`GET /api/products/${HIDDEN_EARLY_ID}`]: () => jsonResponse(200, hiddenEarly),
    [`GET /api/products/${HIDDEN_EARLY_ID}/images`]: () => jsonResponse(200, { images: [] }),
    [`GET /api/products/${WAITING_ID}`]: () => jsonResponse(200, waiting),
  });
  const bannerOf = async (title: string) => {
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
    return screen.getByText('Preview of your listing.').closest('[role="status"]') as HTMLElement;
  };

  it('in the preview banner: hidden by the marketplace, not a draft, though it has no photo', async () => {
    logInAs('seller');
    renderApp(`/products/${HIDDEN_EARLY_ID}`, { api });
    const banner = await bannerOf('Pewter Jug');
    expect(banner).toHaveTextContent('The marketplace has hidden it: buyers cannot see it.');
    expect(within(banner).getByRole('link', { name: 'Edit listing' })).toBeInTheDocument();
  });

  it('in the preview banner: a draft, though it has photos', async () => {
    logInAs('seller');
    renderApp(`/products/${WAITING_ID}`, { api });
    const banner = await bannerOf('Tin Lantern');
    expect(banner).toHaveTextContent('It is a draft: buyers cannot see it until it has a photo.');
    expect(within(banner).getByRole('link', { name: 'Add photos' })).toBeInTheDocument();
  });

  it('in the editor: hidden from buyers, not a draft', async () => {
    logInAs('seller');
    renderApp(`/seller/product-list/edit/${HIDDEN_EARLY_ID}`, { api });
    expect(await screen.findByText('Hidden from buyers', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Draft: only you can see this listing')).not.toBeInTheDocument();
  });
});

describe('the product page in preview mode', () => {
  it('tells the seller their draft is not visible to buyers yet, with a way to add photos', async () => {
    logInAs('seller');
    renderApp(`/products/${DRAFT_ID}`, { api: apiRoutes({ [`GET /api/products/${DRAFT_ID}`]: () => jsonResponse(200, draftDetail) }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Copper Kettle' }, { timeout: 5000 })).toBeInTheDocument();
    const banner = screen.getByText('Preview of your listing.').closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveTextContent('It is a draft: buyers cannot see it until it has a photo.');
    expect(banner).toHaveTextContent('Buyers can add “Gift wrapping” (+$6.00) to their order.');
    expect(within(banner).getByRole('link', { name: 'Add photos' })).toHaveAttribute('href', `/seller/product-list/edit/${DRAFT_ID}`);
  });

  it('shows no preview banner to a buyer on a live listing', async () => {
    logInAs('buyer');
    const live = makeProductDetail({ id: LIVE_ID });
    renderApp(`/products/${LIVE_ID}`, {
      api: apiRoutes({
        [`GET /api/products/${LIVE_ID}`]: () => jsonResponse(200, live),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Walnut desk lamp' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Preview of your listing.')).not.toBeInTheDocument();
  });

  it('shows the buyer the not-found page for a draft (the API answers 404)', async () => {
    logInAs('buyer');
    renderApp(`/products/${DRAFT_ID}`, {
      api: apiRoutes({
        [`GET /api/products/${DRAFT_ID}`]: () => jsonResponse(404, { error: 'Product not found', code: 'not_found' }),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });
    expect(await screen.findByText('Product not found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Copper Kettle')).not.toBeInTheDocument();
  });
});

describe('the listing editor', () => {
  it('says a draft goes live with its first photo, and its Preview opens the product page', async () => {
    logInAs('seller');
    renderApp(`/seller/product-list/edit/${DRAFT_ID}`, {
      api: apiRoutes({
        'GET /api/categories': () => jsonResponse(200, { categories: [{ id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' }] }),
        [`GET /api/products/${DRAFT_ID}`]: () => jsonResponse(200, draftDetail),
        [`GET /api/products/${DRAFT_ID}/images`]: () => jsonResponse(200, { images: [] }),
      }),
    });

    expect(await screen.findByText('Draft: only you can see this listing', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/It goes live as soon as it has a photo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/products/${DRAFT_ID}`);
  });
});

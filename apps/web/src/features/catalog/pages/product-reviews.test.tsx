import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeReview, makeReviewsPage } from '../../../test/review-fixtures';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST, makeProductDetail, makeProductSummary } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const PRODUCT = makeProductDetail({ averageRating: 4.5, reviewCount: 2 });
const PRODUCT_PATH = `/products/${PRODUCT.id}`;
const REVIEWS_PATH = `/api/products/${PRODUCT.id}/reviews`;

const FIVE = makeReview({
  id: 'a2222222-2222-4222-8222-222222222222',
  rating: 5,
  title: 'Perfect reading lamp',
  body: 'Bright enough to read by.\nSturdy.',
  authorName: 'Sam K.',
  isEdited: true,
  helpfulCount: 3,
  photos: [{ id: 'ph1', url: '/uploads/reviews/lamp-big.jpg', thumbnailUrl: '/uploads/reviews/lamp-thumb.jpg' }],
  sellerReply: { body: 'Thank you, Sam!', createdAt: '2025-03-12T10:00:00.000Z' },
});
const FOUR = makeReview();

// jsdom does not scroll; the section scrolls to a linked review.
const scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});

function shopRoutes(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return apiRoutes({
    [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
    'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
    'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
    ...extra,
  });
}

describe('Product page reviews', () => {
  it('shows the average, the count, the spread of stars and each review with its photos, badge, edit mark and the seller’s reply', async () => {
    const asked: string[] = [];
    const { user } = renderApp(PRODUCT_PATH, {
      api: shopRoutes({
        [`GET ${REVIEWS_PATH}`]: (request) => {
          asked.push(new URL(request.url).search);
          const sort = new URL(request.url).searchParams.get('sort');
          return jsonResponse(200, makeReviewsPage(sort === 'helpful' ? [FIVE, FOUR] : [FOUR, FIVE]));
        },
      }),
    });

    // Beside the price: the product's rating, named for screen readers.
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5, 2 reviews' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Reviews' });
    const spread = await within(section).findByRole('list', { name: 'How buyers rated it' });
    const rows = within(spread).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '5★ stars:1 review',
      '4★ stars:1 review',
      '3★ stars:0 reviews',
      '2★ stars:0 reviews',
      '1★ star:0 reviews',
    ]);
    expect(within(section).getByText('4.5')).toBeInTheDocument();

    const reviews = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.id.startsWith('review-'));
    expect(reviews.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Warm light, solid base', 'Perfect reading lamp']);
    const five = reviews[1]!;
    expect(within(five).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(five).getByText('Sam K.')).toBeInTheDocument();
    expect(within(five).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(five).getByText(/Edited/)).toBeInTheDocument();
    expect(within(five).getByText('Thank you, Sam!')).toBeInTheDocument();
    expect(within(five).getByText('Reply from the seller')).toBeInTheDocument();
    expect(within(five).getByText('3 people found this helpful')).toBeInTheDocument();

    // A photo opens larger.
    await user.click(within(five).getByRole('button', { name: 'Photo 1 of 1: open it larger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Perfect reading lamp' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/uploads/reviews/lamp-big.jpg');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Most helpful first asks the API for that order.
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Sort reviews' }), 'helpful');
    await waitFor(() => expect(asked.at(-1)).toBe('?sort=helpful&page=1'));
    expect(asked[0]).toBe('?sort=newest&page=1');
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('listitem')
          .filter((item) => item.id.startsWith('review-'))
          .map((item) => within(item).getByRole('heading').textContent),
      ).toEqual(['Perfect reading lamp', 'Warm light, solid base']),
    );
  });

  it('says when there are no reviews yet', async () => {
    renderApp(PRODUCT_PATH, { api: shopRoutes({ [`GET ${REVIEWS_PATH}`]: () => jsonResponse(200, makeReviewsPage([])) }) });
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('No reviews yet')).toBeInTheDocument();
  });

  it('lets a signed-in buyer mark a review helpful and take it back; the count follows the answer', async () => {
    logInAs('buyer');
    const votes: string[] = [];
    const { user } = renderApp(PRODUCT_PATH, {
      api: shopRoutes({
        [`GET ${REVIEWS_PATH}`]: () => jsonResponse(200, makeReviewsPage([FOUR])),
        [`POST /api/reviews/${FOUR.id}/helpful`]: () => {
          votes.push('POST');
          return jsonResponse(200, { helpfulCount: 1, votedByMe: true });
        },
        [`DELETE /api/reviews/${FOUR.id}/helpful`]: () => {
          votes.push('DELETE');
          return jsonResponse(200, { helpfulCount: 0, votedByMe: false });
        },
      }),
    });
    const button = await screen.findByRole('button', { name: 'Helpful' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByText('1 person found this helpful')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Helpful' }));
    await waitFor(() => expect(screen.queryByText('1 person found this helpful')).not.toBeInTheDocument());
    expect(votes).toEqual(['POST', 'DELETE']);
  });

  it('asks a guest to log in to vote, and sends nothing', async () => {
    const votes: string[] = [];
    const { user } = renderApp(PRODUCT_PATH, {
      api: shopRoutes({
        [`GET ${REVIEWS_PATH}`]: () => jsonResponse(200, makeReviewsPage([FOUR])),
        [`POST /api/reviews/${FOUR.id}/helpful`]: () => {
          votes.push('POST');
          return jsonResponse(200, { helpfulCount: 1, votedByMe: true });
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Helpful' }));
    const prompt = await screen.findByRole('dialog', { name: 'Log in to continue' });
    expect(prompt).toHaveTextContent('Log in or create an account to mark reviews helpful.');
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(votes).toEqual([]);
  });

  it('pages to a linked review (?review=), scrolls to it and marks it', async () => {
    const onPageTwo = makeReview({ id: 'a3333333-3333-4333-8333-333333333333', title: 'Linked one', rating: 3 });
    const pagesAsked: string[] = [];
    renderApp(`${PRODUCT_PATH}?review=${onPageTwo.id}`, {
      api: shopRoutes({
        [`GET ${REVIEWS_PATH}`]: (request) => {
          const page = new URL(request.url).searchParams.get('page') ?? '1';
          pagesAsked.push(page);
          const items = page === '1' ? [FOUR] : [onPageTwo];
          return jsonResponse(200, makeReviewsPage(items, { page: Number(page), limit: 1, total: 2, count: 2, average: 3.5 }));
        },
      }),
    });
    const linked = await screen.findByRole('heading', { name: 'Linked one' });
    const item = linked.closest('li')!;
    await waitFor(() => expect(item).toHaveAttribute('aria-current', 'true'));
    expect(scrolledTo).toContain(item);
    expect(pagesAsked).toEqual(['1', '2']);
  });
});

describe('Product cards', () => {
  it('show the stars and the count once a product is reviewed, and offer the sort by rating', async () => {
    logInAs('buyer');
    const queries: string[] = [];
    const { user } = renderApp('/products', {
      api: apiRoutes({
        'GET /api/products': (request) => {
          queries.push(new URL(request.url).searchParams.get('sort') ?? '');
          return jsonResponse(200, {
            items: [
              makeProductSummary({ averageRating: 4.3, reviewCount: 12 }),
              makeProductSummary({ id: '22222222-2222-4222-8222-222222222222', title: 'Brass hook' }),
            ],
            total: 2,
            page: 1,
            totalPages: 1,
          });
        },
        'GET /api/categories': () => jsonResponse(200, { categories: [] }),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      }),
    });
    const lamp = (await screen.findByRole('link', { name: 'Walnut desk lamp' })).closest('article')!;
    expect(within(lamp).getByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' })).toBeInTheDocument();
    expect(within(lamp).getByText('(12)')).toBeInTheDocument();
    const hook = screen.getByRole('link', { name: 'Brass hook' }).closest('article')!;
    expect(within(hook).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Highest rated');
    await waitFor(() => expect(queries.at(-1)).toBe('rating'));
  });
});

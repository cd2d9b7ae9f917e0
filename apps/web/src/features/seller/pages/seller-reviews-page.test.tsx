import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeSellerReview } from '../../../test/review-fixtures';
import { apiRoutes } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const OPEN = makeSellerReview();
const ANSWERED = makeSellerReview({
  id: 'a2222222-2222-4222-8222-222222222222',
  title: 'Lovely',
  rating: 5,
  canReply: false,
  sellerReply: { body: 'Thanks a lot!', createdAt: '2025-03-12T10:00:00.000Z' },
});

describe('SellerReviewsPage (/seller/reviews)', () => {
  it('lists the reviews of the seller’s items, replies once, and filters the ones still to answer', async () => {
    logInAs('seller');
    const asked: string[] = [];
    const replies: unknown[] = [];
    let items = [OPEN, ANSWERED];
    const { user, router } = renderApp('/seller/reviews', {
      api: apiRoutes({
        'GET /api/seller/reviews': (request) => {
          const replied = new URL(request.url).searchParams.get('replied');
          asked.push(replied ?? 'all');
          const shown = replied === 'false' ? items.filter((item) => !item.sellerReply) : items;
          return jsonResponse(200, { items: shown, page: 1, limit: 10, total: shown.length });
        },
        [`POST /api/reviews/${OPEN.id}/reply`]: async (request) => {
          replies.push(await request.json());
          const review = {
            ...OPEN,
            canReply: false,
            sellerReply: { body: 'Sorry about that, we will send a new shade.', createdAt: '2025-03-13T10:00:00.000Z' },
          };
          items = [review, ANSWERED];
          return jsonResponse(201, { review });
        },
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/seller/reviews');
    const list = screen.getByRole('region', { name: 'Review list' });
    const open = (await within(list).findByRole('heading', { name: 'Warm light, solid base' })).closest('li')!;
    expect(within(open).getByRole('link', { name: 'Walnut desk lamp' })).toHaveAttribute(
      'href',
      `/products/11111111-1111-4111-8111-111111111111?review=${OPEN.id}`,
    );
    const answered = within(list).getByRole('heading', { name: 'Lovely' }).closest('li')!;
    expect(within(answered).getByText('Thanks a lot!')).toBeInTheDocument();
    expect(within(answered).queryByRole('button', { name: /Reply/ })).not.toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Reply to “Warm light, solid base”' }));
    const form = within(open).getByRole('form', { name: 'Reply to “Warm light, solid base”' });
    await user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(await within(form).findByText('Write your reply')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Your public reply' }), 'Sorry about that, we will send a new shade.');
    await user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(await within(list).findByText('Sorry about that, we will send a new shade.')).toBeInTheDocument();
    expect(replies).toEqual([{ body: 'Sorry about that, we will send a new shade.' }]);

    // Every review answered: the ones to answer are none.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'To answer');
    await waitFor(() => expect(router.state.location.search).toBe('?replied=false'));
    await waitFor(() => expect(asked.at(-1)).toBe('false'));
    expect(await screen.findByText('Every review has your reply.')).toBeInTheDocument();
  });

  it('says so when the seller replied already (409 reply_exists)', async () => {
    logInAs('seller');
    const { user } = renderApp('/seller/reviews', {
      api: apiRoutes({
        'GET /api/seller/reviews': () => jsonResponse(200, { items: [OPEN], page: 1, limit: 10, total: 1 }),
        [`POST /api/reviews/${OPEN.id}/reply`]: () => jsonResponse(409, { error: 'Already replied', code: 'reply_exists' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reply to “Warm light, solid base”' }));
    await user.type(screen.getByRole('textbox', { name: 'Your public reply' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText('You have already replied to this review: a review gets one reply.')).toBeInTheDocument();
  });
});

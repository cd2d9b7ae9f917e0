import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeMyReview } from '../../../test/review-fixtures';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { makeDetailItem, makeOrderDetail, makeShippedAndRefundedOrder, ORDER_ID } from '../test/order-fixtures';

// The buyer's reviews on their order page (docs/product/reviews.md): written once the item was delivered,
// changed or deleted for 30 days, hidden ones with the admin's reason.

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const DELIVERED = makeShippedAndRefundedOrder({ status: 'delivered', refunds: [], refunded_cents: 0 });

interface Sent {
  method: string;
  path: string;
  contentType: string | null;
  body: unknown;
}

function setUp({
  entry = `/myorders/${ORDER_ID}`,
  order = DELIVERED,
  mine = [] as ReturnType<typeof makeMyReview>[],
  onCreate = (): Response => jsonResponse(201, { review: makeMyReview() }),
} = {}) {
  logInAs('buyer');
  let reviews = mine;
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const contentType = request.headers.get('Content-Type');
    const body = contentType?.startsWith('multipart/form-data')
      ? Object.fromEntries([...(await request.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]))
      : request.method === 'DELETE'
        ? null
        : await request.json();
    sent.push({ method: request.method, path: new URL(request.url).pathname, contentType, body });
  };
  const rendered = renderApp(entry, {
    api: apiRoutes({
      'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, order),
      'GET /api/reviews/mine': () => jsonResponse(200, { items: reviews, page: 1, limit: 100, total: reviews.length }),
      'POST /api/reviews': async (request) => {
        await record(request);
        const answer = onCreate();
        if (answer.status === 201) reviews = [makeMyReview()];
        return answer;
      },
      [`PATCH /api/reviews/${makeMyReview().id}`]: async (request) => {
        await record(request);
        reviews = [makeMyReview({ title: 'Changed title', isEdited: true })];
        return jsonResponse(200, { review: reviews[0] });
      },
      [`DELETE /api/reviews/${makeMyReview().id}`]: async (request) => {
        await record(request);
        reviews = [];
        return new Response(null, { status: 204 });
      },
    }),
  });
  return { ...rendered, sent };
}

describe('Reviews on the buyer’s order page', () => {
  it('writes a review of a delivered item: stars, title and text, then shows it as “Your review”', async () => {
    const { user, sent } = setUp();
    const item = await screen.findByRole('article', { name: 'Oak side table' });
    await user.click(await within(item).findByRole('button', { name: 'Write a review of Oak side table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });

    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByText('Choose from 1 to 5 stars')).toBeInTheDocument();
    expect(within(dialog).getByText('Give your review a title')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a few words about the item')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Solid and handsome');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Arrived well packed.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Write a review' })).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/reviews',
        contentType: 'application/json',
        body: { orderItemId: 'i-table', rating: 4, title: 'Solid and handsome', body: 'Arrived well packed.' },
      },
    ]);
    const yours = await within(item).findByRole('region', { name: 'Your review of Oak side table' });
    expect(within(yours).getByText('Warm light, solid base')).toBeInTheDocument();
    expect(within(yours).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('sends photos as a multipart form', async () => {
    const { user, sent } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Write a review of Oak side table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Great');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Love it.');
    globalThis.URL.createObjectURL ??= () => 'blob:preview';
    globalThis.URL.revokeObjectURL ??= () => {};
    await user.upload(within(dialog).getByLabelText('Add photos'), new File(['jpeg'], 'table.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByText(/1 of 3 added/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(sent[0]!.body).toEqual({ orderItemId: 'i-table', rating: '5', title: 'Great', body: 'Love it.', files: expect.stringMatching(/^file:/) });
  });

  it('puts the API’s refusals in words: a second review (409) and the server’s field messages', async () => {
    let answer = jsonResponse(409, { error: 'You already reviewed this item', code: 'review_exists', reviewId: 'x' });
    const { user } = setUp({ onCreate: () => answer });
    await user.click(await screen.findByRole('button', { name: 'Write a review of Oak side table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Fine');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'It is fine.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByText('You have already reviewed this item. Change your review instead.')).toBeInTheDocument();

    answer = jsonResponse(400, {
      error: 'The title can be at most 120 characters',
      code: 'validation_failed',
      issues: [{ path: 'title', message: 'The title can be at most 120 characters' }],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByText('The title can be at most 120 characters', { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');

    answer = jsonResponse(403, { error: 'Not delivered', code: 'not_delivered' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByText('You can review this item once it has been delivered.')).toBeInTheDocument();
  });

  it('offers no review for an item not delivered yet', async () => {
    setUp({ order: makeOrderDetail({ items: [makeDetailItem({ status: 'shipped' })] }) });
    const item = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    expect(within(item).queryByRole('button', { name: /Write a review/ })).not.toBeInTheDocument();
  });

  it('opens the form from the review request’s link (?review=<item>)', async () => {
    setUp({ entry: `/myorders/${ORDER_ID}?review=i-table` });
    expect(await screen.findByRole('dialog', { name: 'Write a review' })).toHaveTextContent('Oak side table');
  });

  it('changes and deletes a review within the window', async () => {
    const { user, sent } = setUp({ mine: [makeMyReview()] });
    const yours = await screen.findByRole('region', { name: 'Your review of Oak side table' });
    expect(within(yours).getByText(/You can change or delete it until/)).toBeInTheDocument();
    await user.click(within(yours).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your review' });
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Changed title');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your review' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ method: 'PATCH', path: `/api/reviews/${makeMyReview().id}`, contentType: 'application/json', body: { title: 'Changed title' } }]);
    expect(await within(yours).findByRole('heading', { name: 'Changed title' })).toBeInTheDocument();

    await user.click(within(yours).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete review' }));
    expect(await screen.findByRole('button', { name: 'Write a review of Oak side table' })).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/reviews/${makeMyReview().id}` });
  });

  it('shows a hidden review with the admin’s reason, and no Change once the 30 days are over', async () => {
    setUp({ mine: [makeMyReview({ isHidden: true, hiddenReason: 'Contains a phone number', canEdit: false, editableUntil: '2025-04-09T10:00:00.000Z' })] });
    const yours = await screen.findByRole('region', { name: 'Your review of Oak side table' });
    expect(within(yours).getByRole('note')).toHaveTextContent('Hidden by the marketplace.');
    expect(within(yours).getByRole('note')).toHaveTextContent('Reason: Contains a phone number');
    expect(within(yours).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(within(yours).getByText(/ended on Apr 9, 2025/)).toBeInTheDocument();
    expect(within(yours).queryByRole('link', { name: 'See it on the product page' })).not.toBeInTheDocument();
  });
});

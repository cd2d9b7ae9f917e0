import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { makeAdminReview } from '../../../test/review-fixtures';
import { apiRoutes } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const VISIBLE = makeAdminReview();
const HIDDEN = makeAdminReview({
  id: 'a2222222-2222-4222-8222-222222222222',
  title: 'Call me',
  hidden: { at: '2025-03-11T10:00:00.000Z', reason: 'Contains a phone number', byName: 'Ada Admin' },
});

describe('AdminReviewsPage (/admin/reviews)', () => {
  it('lists reviews with buyer and seller, hides one with a reason, shows a hidden one again, and filters', async () => {
    logInAs('admin');
    const calls: string[] = [];
    let items = [VISIBLE, HIDDEN];
    const { user, router } = renderApp('/admin/reviews', {
      api: apiRoutes({
        'GET /api/admin/reviews': (request) => {
          calls.push(`GET ${new URL(request.url).searchParams.get('hidden') ?? 'all'}`);
          return jsonResponse(200, { items, page: 1, limit: 20, total: items.length });
        },
        [`POST /api/admin/reviews/${VISIBLE.id}/hide`]: async (request) => {
          calls.push(`HIDE ${JSON.stringify(await request.json())}`);
          const review = { ...VISIBLE, hidden: { at: '2025-03-12T10:00:00.000Z', reason: 'Off-topic', byName: 'Ada Admin' } };
          items = [review, HIDDEN];
          return jsonResponse(200, { review });
        },
        [`POST /api/admin/reviews/${HIDDEN.id}/unhide`]: () => {
          calls.push('UNHIDE');
          const review = { ...HIDDEN, hidden: null };
          items = [items[0]!, review];
          return jsonResponse(200, { review });
        },
      }),
    });

    const visible = await screen.findByRole('listitem', { name: 'Warm light, solid base' });
    expect(visible).toHaveTextContent('written by Jane Doe (jane@example.com)');
    expect(visible).toHaveTextContent('sold by Oak & Ember');
    const hidden = screen.getByRole('listitem', { name: 'Call me' });
    expect(within(hidden).getByRole('note')).toHaveTextContent('Hidden by Ada Admin');
    expect(within(hidden).getByRole('note')).toHaveTextContent('Reason: Contains a phone number');

    // Hiding needs a reason.
    await user.click(within(visible).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('Say why the review is hidden: the author is told')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Off-topic');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hide this review' })).not.toBeInTheDocument());
    expect(await within(screen.getByRole('listitem', { name: 'Warm light, solid base' })).findByRole('note')).toHaveTextContent('Reason: Off-topic');

    await user.click(within(screen.getByRole('listitem', { name: 'Call me' })).getByRole('button', { name: 'Show again' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Show this review again?' })).getByRole('button', { name: 'Show again' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Call me' })).queryByRole('note')).not.toBeInTheDocument());
    expect(calls).toContain('HIDE {"reason":"Off-topic"}');
    expect(calls).toContain('UNHIDE');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Hidden');
    await waitFor(() => expect(router.state.location.search).toBe('?hidden=true'));
    await waitFor(() => expect(calls.at(-1)).toBe('GET true'));
  });
});

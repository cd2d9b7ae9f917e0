import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DisputeCase } from '@marketplace/contracts/disputes';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { DISPUTE_ID, disputeCase, disputesServer, summary, type Call } from '../test/dispute-fixtures';

const NO_ACTIONS = { respond: false, escalate: false, review: false, resolve: false, acceptOffer: false, declineOffer: false };

// A toast stays up to 5 s, so each test answers with its own message and never finds the one before.
/** The case at `path`, answering every action with `message` and counting the case reloads. */
function openCase(path: string, dispute: DisputeCase, options: { failWith?: { status: number; error: string }; message?: string } = {}) {
  const calls: Call[] = [];
  const actionRoute = (call: Call) => {
    if (call.method !== 'POST') return undefined;
    if (options.failWith) return jsonResponse(options.failWith.status, { error: options.failWith.error });
    return jsonResponse(200, { success: true, message: options.message ?? 'Done on the server', dispute });
  };
  const rendered = renderApp(path, { api: disputesServer(calls, { dispute, routes: [actionRoute] }) });
  const caseLoads = () => calls.filter((call) => call.method === 'GET' && call.path === `/api/disputes/${DISPUTE_ID}`).length;
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { ...rendered, calls, caseLoads, posts };
}

describe('the dispute case page', () => {
  it('shows the item, order, shipment history, messages, photos and timeline, with no actions when none are allowed', async () => {
    logInAs('buyer');
    openCase(`/orderDisputes/${DISPUTE_ID}`, disputeCase());

    expect(await screen.findByRole('heading', { level: 1, name: 'Dispute about Desk lamp' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your disputes' })).toHaveAttribute('href', '/orderDisputes');

    const item = screen.getByRole('region', { name: 'Item' });
    expect(within(item).getByText('2 × $20.00')).toBeInTheDocument();
    expect(within(item).getByText('Delivered')).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Order' });
    expect(within(order).getByText('#0a0a0a0a')).toBeInTheDocument();
    expect(within(order).getByText('$45.99')).toBeInTheDocument();
    expect(within(order).getByText('Mar 1, 2025')).toBeInTheDocument();
    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText('1Z999AA10123456784')).toBeInTheDocument();
    const history = within(shipment).getByRole('list', { name: 'Tracking history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(within(history).getByText('Departed facility')).toBeInTheDocument();
    expect(within(history).getByText(/Austin, TX/)).toBeInTheDocument();

    const claim = screen.getByRole('region', { name: "The buyer's claim" });
    expect(within(claim).getByText('Item arrived damaged')).toBeInTheDocument();
    expect(within(claim).getByRole('link', { name: 'Open photo crack.jpg' })).toHaveAttribute('href', '/uploads/disputes/crack.webp');
    expect(within(claim).getByRole('img', { name: 'crack.jpg' })).toHaveAttribute('src', '/uploads/disputes/crack-thumb.webp');

    const messages = screen.getByRole('region', { name: 'Messages between buyer and seller' });
    expect(within(messages).getByText('Is the shade replaceable?')).toBeInTheDocument();
    expect(within(messages).getByText('Sam’s Supplies (seller)')).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Opened the dispute')).toBeInTheDocument();
    expect(within(timeline).getByText(/Bea Tester \(Buyer\)/)).toBeInTheDocument();
    expect(screen.getByText('The seller has not responded yet.')).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Ask the marketplace to decide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Respond to the buyer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decide the dispute' })).not.toBeInTheDocument();
  });

  it('shows the seller’s offer, the resolution and the payout adjustment, pending and settled', async () => {
    logInAs('seller');
    const resolved = disputeCase({
      status: 'resolved_refunded',
      refund: 23,
      sellerOffer: 10,
      sellerResponse: 'I can refund part of it.',
      resolutionNote: 'Half refunded: the shade is cosmetic.',
      adjustment: { amount: -19.5, settled: false, settledAt: null },
      timeline: [
        {
          id: 'e1',
          type: 'opened',
          actor: { id: 'user-buyer', name: 'Bea Tester', role: 'buyer' },
          note: null,
          amount: null,
          createdAt: '2025-03-03T10:00:00.000Z',
        },
        {
          id: 'e2',
          type: 'resolved_refunded',
          actor: { id: 'admin', name: 'Ada Tester', role: 'admin' },
          note: 'Half refunded',
          amount: 23,
          createdAt: '2025-03-05T10:00:00.000Z',
        },
      ],
    });
    const { unmount } = openCase(`/seller/disputes/${DISPUTE_ID}`, resolved);

    expect(await screen.findByText('Offered a refund of $10.00')).toBeInTheDocument();
    expect(screen.getByText('I can refund part of it.')).toBeInTheDocument();
    const resolution = screen.getByRole('region', { name: 'Resolution' });
    expect(within(resolution).getByText('Refunded $23.00 to the buyer')).toBeInTheDocument();
    expect(within(resolution).getByText('Half refunded: the shade is cosmetic.')).toBeInTheDocument();
    expect(within(resolution).getByText("Deducted from the seller's next payout: $19.50")).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Refunded the buyer')).toBeInTheDocument();
    expect(within(timeline).getByText(/Ada Tester \(Marketplace\)/)).toBeInTheDocument();
    expect(within(timeline).getByText('· $23.00')).toBeInTheDocument();
    unmount();

    openCase(`/seller/disputes/${DISPUTE_ID}`, { ...resolved, adjustment: { amount: -19.5, settled: true, settledAt: '2025-03-10T10:00:00.000Z' } });
    expect(await screen.findByText("Settled: $19.50 was deducted from the seller's payout on Mar 10, 2025.")).toBeInTheDocument();
  });

  it('lets the buyer ask the marketplace to decide, with an optional note, then reloads the case', async () => {
    logInAs('buyer');
    const { user, posts, caseLoads } = openCase(
      `/orderDisputes/${DISPUTE_ID}`,
      disputeCase({ status: 'seller_responded', actions: { ...NO_ACTIONS, escalate: true } }),
      { message: 'Sent to the marketplace' },
    );
    const panel = await screen.findByRole('region', { name: 'Ask the marketplace to decide' });
    expect(screen.queryByRole('region', { name: 'Respond to the buyer' })).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Note for the marketplace (optional)'), 'The offer is too low.');
    await user.click(within(panel).getByRole('button', { name: 'Ask the marketplace to decide' }));

    expect(await screen.findByText('Sent to the marketplace')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/escalate`, body: { note: 'The offer is too low.' } })]);
    await vi.waitFor(() => expect(caseLoads()).toBe(2));
  });

  it("lets the buyer accept the seller's offer after a confirmation, refunded at once", async () => {
    logInAs('buyer');
    const { user, posts } = openCase(
      `/orderDisputes/${DISPUTE_ID}`,
      disputeCase({ status: 'seller_responded', sellerOffer: 12.5, actions: { ...NO_ACTIONS, escalate: true, acceptOffer: true, declineOffer: true } }),
      { message: 'Offer accepted' },
    );
    const panel = await screen.findByRole('region', { name: 'The seller offers $12.50' });
    // Declining the offer is how the buyer asks the marketplace, so the separate panel is not repeated.
    expect(screen.queryByRole('region', { name: 'Ask the marketplace to decide' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Accept $12.50' }));
    const dialog = screen.getByRole('dialog', { name: "Accept the seller's offer of $12.50?" });
    expect(dialog).toHaveTextContent('The refund goes back to your card at once and settles the dispute.');
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept $12.50' }));
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/accept-offer` })]);
  });

  it("lets the buyer decline the seller's offer, which asks the marketplace", async () => {
    logInAs('buyer');
    const { user, posts } = openCase(
      `/orderDisputes/${DISPUTE_ID}`,
      disputeCase({ status: 'seller_responded', sellerOffer: 12.5, actions: { ...NO_ACTIONS, escalate: true, acceptOffer: true, declineOffer: true } }),
      { message: 'Offer declined' },
    );
    const panel = await screen.findByRole('region', { name: 'The seller offers $12.50' });
    await user.click(within(panel).getByRole('button', { name: 'Decline and ask the marketplace' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/decline-offer`, body: {} })]);
  });

  it("offers the admin the seller's offer as a pick, and any amount up to what is left after earlier refunds", async () => {
    logInAs('admin');
    const { user, posts } = openCase(
      `/admin/disputes/${DISPUTE_ID}`,
      disputeCase({ status: 'under_review', sellerOffer: 12.5, alreadyRefunded: 5.99, refundableNow: 40, actions: { ...NO_ACTIONS, resolve: true } }),
      { message: 'Offer refunded' },
    );
    const panel = await screen.findByRole('region', { name: 'Decide the dispute' });
    expect(panel).toHaveTextContent('Refund the buyer any amount up to $40.00 (what they paid for the item, less $5.99 already refunded) or reject the claim.');
    const picks = within(panel).getByRole('group', { name: 'Quick picks' });
    await user.click(within(picks).getByRole('button', { name: "Seller's offer · $12.50" }));
    expect(within(panel).getByLabelText('Refund amount')).toHaveValue('12.50');
    await user.clear(within(panel).getByLabelText('Refund amount'));
    await user.type(within(panel).getByLabelText('Refund amount'), '40.01');
    await user.click(within(panel).getByRole('button', { name: 'Refund the buyer' }));
    expect(within(panel).getByText('The refund can be at most $40.00')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Refund amount'));
    await user.type(within(panel).getByLabelText('Refund amount'), '10.005');
    await user.click(within(panel).getByRole('button', { name: 'Refund the buyer' }));
    expect(within(panel).getByText('The refund must be in whole cents (at most 2 decimals)')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Refund amount'));
    await user.type(within(panel).getByLabelText('Refund amount'), '17.25');
    await user.click(within(panel).getByRole('button', { name: 'Refund the buyer' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Refund $17.25 to the buyer?' })).getByRole('button', { name: 'Refund the buyer' }));
    expect(await screen.findByText('Offer refunded')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/resolve`, body: { outcome: 'refund', amount: 17.25 } })]);
  });

  it('lets the seller offer a refund up to the refundable amount', async () => {
    logInAs('seller');
    const { user, posts } = openCase(`/seller/disputes/${DISPUTE_ID}`, disputeCase({ actions: { ...NO_ACTIONS, respond: true } }), { message: 'Offer sent' });
    const panel = await screen.findByRole('region', { name: 'Respond to the buyer' });
    expect(screen.queryByRole('region', { name: 'Decide the dispute' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Send the offer' }));
    expect(within(panel).getByText('Enter the refund you offer')).toBeInTheDocument();
    // The API's money rule (docs/product/money.md), said before anything is sent.
    for (const [typed, message] of [
      ['0.001', 'The offer must be at least $0.01'],
      ['10.005', 'The offer must be in whole cents (at most 2 decimals)'],
      ['ten', 'Enter the refund you offer in dollars, like 12.50'],
    ]) {
      await user.clear(within(panel).getByLabelText('Refund you offer'));
      await user.type(within(panel).getByLabelText('Refund you offer'), typed!);
      await user.click(within(panel).getByRole('button', { name: 'Send the offer' }));
      expect(within(panel).getByText(message!)).toBeInTheDocument();
    }
    await user.clear(within(panel).getByLabelText('Refund you offer'));
    await user.type(within(panel).getByLabelText('Refund you offer'), '50');
    await user.click(within(panel).getByRole('button', { name: 'Send the offer' }));
    expect(within(panel).getByText('The offer can be at most $45.99')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Refund you offer'));
    await user.type(within(panel).getByLabelText('Refund you offer'), '20');
    await user.type(within(panel).getByLabelText('Message to the buyer (optional)'), 'Sorry about the shade.');
    await user.click(within(panel).getByRole('button', { name: 'Send the offer' }));

    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(posts()).toEqual([
      expect.objectContaining({
        path: `/api/disputes/${DISPUTE_ID}/respond`,
        body: { action: 'offer_refund', amount: 20, statement: 'Sorry about the shade.' },
      }),
    ]);
  });

  it('lets the seller contest with a statement of at least 10 characters', async () => {
    logInAs('seller');
    const { user, posts } = openCase(`/seller/disputes/${DISPUTE_ID}`, disputeCase({ actions: { ...NO_ACTIONS, respond: true } }));
    const panel = await screen.findByRole('region', { name: 'Respond to the buyer' });
    await user.click(within(panel).getByRole('radio', { name: 'Contest the claim' }));
    expect(within(panel).queryByLabelText('Refund you offer')).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Why you contest the claim'), 'No.');
    await user.click(within(panel).getByRole('button', { name: 'Contest the claim' }));
    expect(within(panel).getByText('Explain in at least 10 characters')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Why you contest the claim'), ' It left intact, see the photos.');
    await user.click(within(panel).getByRole('button', { name: 'Contest the claim' }));

    await vi.waitFor(() =>
      expect(posts()).toEqual([
        expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/respond`, body: { action: 'contest', statement: 'No. It left intact, see the photos.' } }),
      ]),
    );
  });

  it('lets an admin start the review with no body', async () => {
    logInAs('admin');
    const { user, posts } = openCase(`/admin/disputes/${DISPUTE_ID}`, disputeCase({ actions: { ...NO_ACTIONS, review: true, resolve: true } }), {
      message: 'Review started',
    });
    expect(await screen.findByRole('link', { name: 'Back to disputes' })).toHaveAttribute('href', '/admin/disputes');
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    expect(await screen.findByText('Review started')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/review`, body: null })]);
  });

  it('resolves with a refund picked from the quick picks, after a confirmation', async () => {
    logInAs('admin');
    const { user, posts } = openCase(`/admin/disputes/${DISPUTE_ID}`, disputeCase({ status: 'under_review', actions: { ...NO_ACTIONS, resolve: true } }), {
      message: 'Refund made',
    });
    const panel = await screen.findByRole('region', { name: 'Decide the dispute' });
    const picks = within(panel).getByRole('group', { name: 'Quick picks' });
    await user.click(within(picks).getByRole('button', { name: '100% · $45.99' }));
    expect(within(panel).getByLabelText('Refund amount')).toHaveValue('45.99');
    await user.click(within(picks).getByRole('button', { name: '50% · $23.00' }));
    expect(within(panel).getByLabelText('Refund amount')).toHaveValue('23.00');
    await user.click(within(panel).getByRole('button', { name: 'Refund the buyer' }));

    const dialog = screen.getByRole('dialog', { name: 'Refund $23.00 to the buyer?' });
    expect(dialog).toHaveTextContent("The refund goes back to the buyer's card and cannot be undone.");
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Refund the buyer' }));

    expect(await screen.findByText('Refund made')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/resolve`, body: { outcome: 'refund', amount: 23 } })]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects a claim only with a note, and shows the server’s refusal as a toast', async () => {
    logInAs('admin');
    const { user, posts } = openCase(`/admin/disputes/${DISPUTE_ID}`, disputeCase({ status: 'under_review', actions: { ...NO_ACTIONS, resolve: true } }), {
      failWith: { status: 409, error: 'This dispute is already resolved' },
    });
    const panel = await screen.findByRole('region', { name: 'Decide the dispute' });
    await user.click(within(panel).getByRole('radio', { name: 'Reject the claim' }));
    await user.click(within(panel).getByRole('button', { name: 'Reject the claim' }));
    expect(within(panel).getByText('Explain the decision in at least 5 characters')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Why the claim is rejected'), 'Tracking shows a safe delivery.');
    await user.click(within(panel).getByRole('button', { name: 'Reject the claim' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject the claim' }));

    expect(await screen.findByText('This dispute is already resolved')).toBeInTheDocument();
    expect(posts()).toEqual([
      expect.objectContaining({ path: `/api/disputes/${DISPUTE_ID}/resolve`, body: { outcome: 'reject', note: 'Tracking shows a safe delivery.' } }),
    ]);
  });

  it('says when the case cannot be loaded', async () => {
    logInAs('buyer');
    renderApp(`/orderDisputes/${DISPUTE_ID}`, { api: disputesServer([]) });
    expect(await screen.findByText('The dispute could not be loaded')).toBeInTheDocument();
  });
});

describe('the admin and seller dispute lists', () => {
  it('lists every dispute for the admin with both parties and links to the admin case page', async () => {
    logInAs('admin');
    const calls: Call[] = [];
    const { user } = renderApp('/admin/disputes', { api: disputesServer(calls, { list: [summary({ status: 'under_review' })] }) });
    const table = await screen.findByRole('table', { name: 'Disputes' });
    expect(within(table).getByRole('link', { name: 'Dispute about Desk lamp' })).toHaveAttribute('href', `/admin/disputes/${DISPUTE_ID}`);
    expect(within(table).getByText('Bea Tester')).toBeInTheDocument();
    expect(within(table).getByText('→ Sam’s Supplies')).toBeInTheDocument();
    expect(within(table).getByText('Under review')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'under_review');
    await vi.waitFor(() => expect(calls.at(-1)?.search.get('status')).toBe('under_review'));
  });

  it('lists the seller’s disputes under /seller/disputes, with the buyer’s name', async () => {
    logInAs('seller');
    renderApp('/seller/disputes', { api: disputesServer([], { list: [summary()] }) });
    const table = await screen.findByRole('table', { name: 'Disputes' });
    expect(within(table).getByRole('link', { name: 'Dispute about Desk lamp' })).toHaveAttribute('href', `/seller/disputes/${DISPUTE_ID}`);
    expect(within(table).getByText('Bea Tester')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Disputes' })).toHaveAttribute('href', '/seller/disputes');
  });

  it('shows the empty state', async () => {
    logInAs('admin');
    renderApp('/admin/disputes', { api: disputesServer([], { list: [] }) });
    expect(await screen.findByText('No disputes found')).toBeInTheDocument();
    expect(screen.getByText('No buyer has opened a dispute yet.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_CART, EMPTY_WISHLIST, makeCartItem } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import type { BuyerOrderDetailItem, OrderShopPart } from '@marketplace/contracts/orders';
import { makeDetailItem, makeOrderDetail, makeShippedAndRefundedOrder, ORDER_ID, step, thisYear } from '../test/order-fixtures';

/** Oak & Ember's part of the order, promised for Dec 15–17 and still on its way. */
function makeShopPart(overrides: Partial<OrderShopPart> = {}): OrderShopPart {
  return {
    sellerId: 's1',
    shopName: 'Oak & Ember',
    shipping: 5.5,
    rateDescription: 'Flat rate',
    shipBy: '2026-12-10',
    arrivesBy: { earliest: '2026-12-15', latest: '2026-12-17' },
    itemIds: ['i1'],
    promise: { state: 'waiting', deliveredOn: null, lateRefund: null, parcels: [] },
    ...overrides,
  };
}

/** An item the carrier delivered (its parcel's day is the shop part's business). */
function deliveredItem(overrides: Partial<BuyerOrderDetailItem>): BuyerOrderDetailItem {
  return makeDetailItem({
    status: 'delivered',
    carrier: 'UPS',
    shipmentStatus: 'delivered',
    timeline: [
      step('placed', thisYear('03-04')),
      step('approved', null, { reached: true }),
      step('shipped', thisYear('03-05')),
      step('delivered', thisYear('03-09')),
    ],
    ...overrides,
  });
}

describe('BuyerOrderPage (/myorders/:orderId)', () => {
  it('shows the order with its items, and the actions of a delivered item: message seller, open a dispute, return, buy again', async () => {
    logInAs('buyer');
    const shipped = makeShippedAndRefundedOrder();
    const order = makeShippedAndRefundedOrder({
      status: 'delivered',
      refunded_cents: 0,
      refunds: [],
      timeline: shipped.items[0]!.timeline.filter((entry) => entry.step !== 'partially_refunded'),
      returnInfo: { canReturn: true, returnWindowEndsAt: thisYear('11-30'), returnRequest: null },
    });
    const added: unknown[] = [];
    const eligibilityAsked: string[] = [];
    const { user, router } = renderApp(`/myorders/${ORDER_ID}`, {
      api: apiRoutes({
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, order),
        'GET /api/returns/eligibility/i-table': () => {
          eligibilityAsked.push('i-table');
          return jsonResponse(200, {
            canReturn: false,
            reason: 'The return window closed on Nov 30.',
            returnWindowDays: 30,
            returnWindowEndsAt: null,
            restockingFee: 0,
            restockingFeePercent: 0,
            estimatedRefund: 0,
          });
        },
        'POST /api/cart/items': async (request) => {
          added.push(await request.json());
          return jsonResponse(201, cartOf([makeCartItem({ product_id: 'p-table', title: 'Oak side table', price: 438 })]));
        },
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order c0ffee00' })).toBeInTheDocument();
    const item = await screen.findByRole('article', { name: 'Oak side table' });
    // The item's status and its parcel's.
    expect(within(item).getAllByText('Delivered', { selector: '[data-status]' })).toHaveLength(2);
    const actions = within(item).getByRole('group', { name: 'Actions for Oak side table' });
    expect(within(actions).getByRole('button', { name: 'Message seller about Oak side table' })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: 'Open a dispute about Oak side table' })).toHaveAttribute('href', '/orderDisputes?orderItemId=i-table');
    expect(within(item).getByText('You can return this item until Nov 30.')).toBeInTheDocument();
    // Return opens the returns feature's request dialog for this item.
    await user.click(within(actions).getByRole('button', { name: 'Return Oak side table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return an item' });
    expect(dialog).toHaveTextContent('Oak side table');
    expect(eligibilityAsked).toEqual(['i-table']);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Return an item' })).not.toBeInTheDocument());

    await user.click(within(actions).getByRole('button', { name: 'Buy Oak side table again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/checkout'));
    expect(added).toEqual([{ product_id: 'p-table', quantity: 1 }]);
  });

  it('offers no dispute or return on an item still pending, and shows the steps ahead as not yet reached', async () => {
    logInAs('buyer');
    renderApp(`/myorders/${ORDER_ID}`, {
      api: apiRoutes({
        [`GET /api/orders/${ORDER_ID}`]: () =>
          jsonResponse(200, makeOrderDetail({ items: [makeDetailItem({ returnInfo: { canReturn: false, returnWindowEndsAt: null, returnRequest: null } })] })),
      }),
    });
    const item = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    const actions = within(item).getByRole('group', { name: 'Actions for Walnut desk lamp' });
    expect(within(actions).queryByRole('link', { name: /Open a dispute/ })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: /^Return/ })).not.toBeInTheDocument();
    expect(within(item).getByText('The tracking number appears here as soon as the seller ships the item.')).toBeInTheDocument();
    const timeline = within(item).getByRole('list', { name: 'Timeline of Walnut desk lamp' });
    expect(within(timeline).getAllByText('(not yet)')).toHaveLength(4);
  });

  it("cancels one waiting item after asking, then one shop's waiting items, each with what goes back to the card", async () => {
    logInAs('buyer');
    // Oak & Ember: a lamp (2 × $20 + $4.25 wrap, $3.00 of the shop's shipping); Birch: two mugs of $8 and $12 with $1 and $2.
    const lamp = makeDetailItem({ id: 'i1', shippingShare: 3, refundable_cents: 4725 });
    const mug = makeDetailItem({
      id: 'i2',
      title: 'Blue mug',
      price: 8,
      quantity: 1,
      retipAdded: false,
      retipPrice: 0,
      shippingShare: 1,
      refundable_cents: 900,
    });
    const cup = makeDetailItem({
      id: 'i3',
      title: 'Tea cup',
      price: 12,
      quantity: 1,
      retipAdded: false,
      retipPrice: 0,
      shippingShare: 2,
      refundable_cents: 1400,
    });
    let order = makeOrderDetail({
      items: [lamp, mug, cup],
      shops: [makeShopPart(), makeShopPart({ sellerId: 's2', shopName: 'Birch', shipping: 3, itemIds: ['i2', 'i3'] })],
    });
    const bodies: unknown[] = [];
    const { user } = renderApp(`/myorders/${ORDER_ID}`, {
      api: apiRoutes({
        [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, order),
        [`POST /api/orders/${ORDER_ID}/cancel`]: async (request) => {
          const body = (await request.json()) as { orderItemIds?: string[]; sellerId?: string };
          bodies.push(body);
          const gone = body.orderItemIds ?? (body.sellerId === 's2' ? ['i2', 'i3'] : []);
          order = { ...order, items: order.items.map((item) => (gone.includes(item.id) ? { ...item, status: 'cancelled' as const } : item)) };
          return jsonResponse(200, order);
        },
      }),
    });
    const lampPanel = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    await user.click(within(lampPanel).getByRole('button', { name: 'Cancel Walnut desk lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Walnut desk lamp?' });
    expect(dialog).toHaveTextContent('$47.25 (what you paid, with its share of the shop’s shipping) is refunded to your card');
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(bodies).toEqual([{ orderItemIds: ['i1'] }]));
    expect(await screen.findByText('Walnut desk lamp cancelled. $47.25 is on its way back to your card.')).toBeInTheDocument();
    await waitFor(() => expect(within(lampPanel).queryByRole('button', { name: 'Cancel Walnut desk lamp' })).not.toBeInTheDocument());

    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    // One waiting item has its own button; a shop part of two gets one for both.
    expect(within(summary).queryByRole('button', { name: /Cancel the \d+ items from Oak & Ember/ })).not.toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Cancel the 2 items from Birch' })).toHaveTextContent('Cancel these 2 items');
    await user.click(within(summary).getByRole('button', { name: 'Cancel the 2 items from Birch' }));
    const shopDialog = await screen.findByRole('dialog', { name: 'Cancel 2 items from Birch?' });
    expect(shopDialog).toHaveTextContent('$23.00');
    await user.click(within(shopDialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(bodies).toEqual([{ orderItemIds: ['i1'] }, { sellerId: 's2' }]));
    await waitFor(() => expect(within(summary).queryByRole('button', { name: 'Cancel the 2 items from Birch' })).not.toBeInTheDocument());
    // Nothing comes from Birch now: its dates give way to the cancellation; Oak & Ember's lamp is cancelled too.
    expect(summary).toHaveTextContent('Cancelled: nothing from this shop will ship');
    expect(summary).not.toHaveTextContent('Arrives');
  });

  it('says which carrier the seller sent an item with when it went without a UPS label', async () => {
    logInAs('buyer');
    const sent = makeDetailItem({ status: 'shipped', shippedAnotherWay: { carrier: 'USPS', trackingNumber: '9400100000000000000000' } });
    renderApp(`/myorders/${ORDER_ID}`, { api: apiRoutes({ [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, makeOrderDetail({ items: [sent] })) }) });
    const panel = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    expect(panel).toHaveTextContent('The seller sent it with USPS, tracking number 9400100000000000000000. That carrier’s scans are not shown here.');
    expect(within(panel).queryByRole('button', { name: /Copy tracking number/ })).not.toBeInTheDocument();
  });

  it('says why when the seller acted first, and keeps the item', async () => {
    logInAs('buyer');
    const { user } = renderApp(`/myorders/${ORDER_ID}`, {
      api: apiRoutes({
        [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, makeOrderDetail({ items: [makeDetailItem()] })),
        [`POST /api/orders/${ORDER_ID}/cancel`]: () =>
          jsonResponse(409, { error: 'Walnut desk lamp can no longer be cancelled: its seller has already acted on it', code: 'conflict' }),
      }),
    });
    const panel = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    await user.click(within(panel).getByRole('button', { name: 'Cancel Walnut desk lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Walnut desk lamp?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Walnut desk lamp can no longer be cancelled: its seller has already acted on it')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Cancel Walnut desk lamp' })).toBeInTheDocument();
  });

  it('shows when each shop’s part should arrive, as promised at checkout, beside its items and in the summary, while it is on its way', async () => {
    logInAs('buyer');
    const promised = makeOrderDetail({ items: [makeDetailItem()], shops: [makeShopPart()] });
    renderApp(`/myorders/${ORDER_ID}`, { api: apiRoutes({ [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, promised) }) });
    const item = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    expect(within(item).getByText('Dec 15–17')).toBeInTheDocument();
    expect(item).toHaveTextContent('Expected Dec 15–17');
    expect(item).not.toHaveTextContent('Arrived');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Oak & Ember$5.50');
    expect(summary).toHaveTextContent('Arrives Dec 15–17 · Flat rate');
    expect(summary).not.toHaveTextContent('Arrived');
    expect(within(summary).queryByRole('list', { name: 'Parcels from Oak & Ember' })).not.toBeInTheDocument();
  });

  it('says a part came on time once the carrier delivered it by the last day promised, and lists a part’s parcels', async () => {
    logInAs('buyer');
    const order = makeOrderDetail({
      status: 'shipped',
      items: [
        deliveredItem({ id: 'i1', title: 'Walnut desk lamp', tracking_number: '1ZLAMP0000000001' }),
        makeDetailItem({
          id: 'i2',
          productId: 'p2',
          title: 'Linen shade',
          status: 'shipped',
          tracking_number: '1ZSHADE000000002',
          carrier: 'UPS',
          shipmentStatus: 'in_transit',
        }),
      ],
      shops: [
        makeShopPart({
          itemIds: ['i1', 'i2'],
          promise: {
            state: 'kept',
            deliveredOn: '2026-12-16',
            lateRefund: null,
            parcels: [
              { trackingNumber: '1ZLAMP0000000001', deliveredOn: '2026-12-16', kept: true },
              { trackingNumber: '1ZSHADE000000002', deliveredOn: null, kept: null },
            ],
          },
        }),
      ],
    });
    renderApp(`/myorders/${ORDER_ID}`, { api: apiRoutes({ [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, order) }) });

    const lamp = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    expect(within(lamp).getByRole('status')).toHaveTextContent('Arrived Dec 16 — on time');
    expect(lamp).not.toHaveTextContent('Expected');
    // The parcel still on its way keeps its promised days.
    const shade = screen.getByRole('article', { name: 'Linen shade' });
    expect(shade).toHaveTextContent('Expected Dec 15–17');
    expect(shade).not.toHaveTextContent('Arrived');

    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Arrived Dec 16 — on time');
    expect(summary).not.toHaveTextContent('Arrives Dec 15–17');
    expect(summary).not.toHaveTextContent('refunded');
    const parcels = within(summary).getByRole('list', { name: 'Parcels from Oak & Ember' });
    expect(
      within(parcels)
        .getAllByRole('listitem')
        .map((parcel) => parcel.textContent),
    ).toEqual(['1ZLAMP0000000001Dec 16, on time', '1ZSHADE000000002on its way']);
  });

  it('says a part came after the day promised, and that its shipping went back to the card', async () => {
    logInAs('buyer');
    const order = makeOrderDetail({
      status: 'shipped',
      items: [
        deliveredItem({ id: 'i1', title: 'Walnut desk lamp', tracking_number: '1ZLAMP0000000001' }),
        deliveredItem({ id: 'i2', productId: 'p2', title: 'Linen shade', tracking_number: '1ZSHADE000000002' }),
      ],
      shops: [
        makeShopPart({
          shipping: 8.99,
          itemIds: ['i1', 'i2'],
          promise: {
            state: 'late',
            deliveredOn: '2026-12-18',
            lateRefund: 8.99,
            parcels: [
              { trackingNumber: '1ZLAMP0000000001', deliveredOn: '2026-12-16', kept: true },
              { trackingNumber: '1ZSHADE000000002', deliveredOn: '2026-12-18', kept: false },
            ],
          },
        }),
      ],
    });
    renderApp(`/myorders/${ORDER_ID}`, { api: apiRoutes({ [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, order) }) });

    // Each item says when its own parcel came.
    const lamp = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    expect(within(lamp).getByRole('status')).toHaveTextContent('Arrived Dec 16 — on time');
    const shade = screen.getByRole('article', { name: 'Linen shade' });
    expect(within(shade).getByRole('status')).toHaveTextContent('Arrived Dec 18 — after the Dec 17 we promised');

    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const outcome = within(summary).getByRole('status');
    expect(outcome).toHaveTextContent('Arrived Dec 18 — after the Dec 17 we promised');
    expect(outcome).toHaveTextContent('We refunded its $8.99 shipping to your card.');
    const parcels = within(summary).getByRole('list', { name: 'Parcels from Oak & Ember' });
    expect(
      within(parcels)
        .getAllByRole('listitem')
        .map((parcel) => parcel.textContent),
    ).toEqual(['1ZLAMP0000000001Dec 16, on time', '1ZSHADE000000002Dec 18, late']);
  });

  it('says a part was late without a refund line when nothing was given back', async () => {
    logInAs('buyer');
    const order = makeOrderDetail({
      status: 'shipped',
      items: [deliveredItem({ id: 'i1', title: 'Walnut desk lamp', tracking_number: '1ZLAMP0000000001' })],
      shops: [
        makeShopPart({
          promise: {
            state: 'late',
            deliveredOn: '2026-12-21',
            lateRefund: null,
            parcels: [{ trackingNumber: '1ZLAMP0000000001', deliveredOn: '2026-12-21', kept: false }],
          },
        }),
      ],
    });
    renderApp(`/myorders/${ORDER_ID}`, { api: apiRoutes({ [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse(200, order) }) });
    await screen.findByRole('article', { name: 'Walnut desk lamp' });
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Arrived Dec 21 — after the Dec 17 we promised');
    expect(summary).not.toHaveTextContent('refunded');
    // One parcel: its day is the part's, so no list.
    expect(within(summary).queryByRole('list', { name: 'Parcels from Oak & Ember' })).not.toBeInTheDocument();
  });

  it('shows a rejected item with the reason and its full refund', async () => {
    logInAs('buyer');
    const rejectedItem = makeDetailItem({
      status: 'rejected',
      rejectionReason: 'Sold out in the shop',
      refunded_cents: 4425,
      timeline: [
        step('placed', thisYear('03-04')),
        step('rejected', thisYear('03-05'), { description: 'Sold out in the shop' }),
        step('refunded', thisYear('03-05'), { amount: 44.25, amount_cents: 4425, description: 'Sold out in the shop' }),
      ],
      refunds: [{ amount: 44.25, amount_cents: 4425, createdAt: thisYear('03-05'), reason: 'Sold out in the shop' }],
    });
    renderApp(`/myorders/${ORDER_ID}`, {
      api: apiRoutes({
        [`GET /api/orders/${ORDER_ID}`]: () =>
          jsonResponse(200, makeOrderDetail({ status: 'cancelled', items: [rejectedItem], refundedTotal: 44.25, refunded_cents: 4425 })),
      }),
    });
    const item = await screen.findByRole('article', { name: 'Walnut desk lamp' });
    const timeline = within(item).getByRole('list', { name: 'Timeline of Walnut desk lamp' });
    expect(within(timeline).getByText('Rejected by the seller')).toBeInTheDocument();
    expect(within(timeline).getByText('Refunded $44.25')).toBeInTheDocument();
    expect(within(item).getByRole('region', { name: 'Refunds of Walnut desk lamp' })).toHaveTextContent('Refunded $44.25 on Mar 5');
    expect(screen.getByLabelText('Amounts')).toHaveTextContent('Refunded$44.25');
  });

  it("says so when the order is not the buyer's (404)", async () => {
    logInAs('buyer');
    renderApp(`/myorders/${ORDER_ID}`);
    expect(await screen.findByText('This order could not be loaded')).toBeInTheDocument();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderItems, orders, payments, products, refunds } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';

let testApp: TestApp;
let categoryId: string;
type User = Awaited<ReturnType<typeof createUser>>;
let sellerA: User;
let sellerB: User;
let sellerAuthA: string;
let sellerAuthB: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  categoryId = (await createCommerceCategory(db())).id;
  sellerA = await createUser(db(), { role: 'seller', firstName: 'Sam', lastName: 'Seller' });
  sellerB = await createUser(db(), { role: 'seller' });
  sellerAuthA = await bearerFor(testApp, sellerA);
  sellerAuthB = await bearerFor(testApp, sellerB);
});
afterAll(async () => {
  await testApp?.close();
});

function db() {
  return testApp.database.db;
}
const call = (authorization: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
const stockOf = async (productId: string) => (await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, productId)))[0]?.quantity;
let keySequence = 0;

/** A buyer with an order (through the real checkout): lines are [sellerId, priceCents, quantity]. */
async function placeOrder(lines: Array<{ seller: User; priceCents: number; quantity: number; title?: string; retipPriceCents?: number }>) {
  const buyer = await createUser(db(), { firstName: 'Bea', lastName: 'Buyer' });
  const authorization = await bearerFor(testApp, buyer);
  const listings = [];
  for (const line of lines) {
    const product = await createListing(db(), {
      sellerId: line.seller.id,
      categoryId,
      priceCents: line.priceCents,
      quantity: 10,
      ...(line.title ? { title: line.title } : {}),
      ...(line.retipPriceCents ? { retipPriceCents: line.retipPriceCents, retipLabel: 'Gift wrap' } : {}),
    });
    const cart = (await call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: line.quantity })).json();
    if (line.retipPriceCents) {
      const cartLine = cart.items.find((item: { product_id: string }) => item.product_id === product.id);
      await testApp.app.inject({ method: 'PUT', url: `/api/cart/items/${cartLine.id}/retip`, headers: { authorization }, payload: { retip_added: true } });
    }
    listings.push(product);
  }
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/checkout',
    headers: { authorization, 'idempotency-key': `orders-test-${++keySequence}-${Date.now()}` },
    payload: {
      shippingAddress: { name: 'Bea Buyer', line1: '5 Elm St', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' },
      payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
    },
  });
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.body}`);
  const orderId: string = response.json().orderId;
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const itemFor = (productId: string) => items.find((item) => item.productId === productId)!;
  return { buyer, authorization, orderId, listings, items: listings.map((product) => itemFor(product.id)) };
}

describe('buyer orders', () => {
  it('lists my orders with items and amounts, newest first, paged', async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1500, quantity: 2, title: 'Teapot', retipPriceCents: 250 }]);
    const response = await call(placed.authorization, 'GET', '/api/orders?page=1&limit=5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      orders: [
        {
          id: placed.orderId,
          status: 'pending',
          createdAt: expect.any(String),
          itemsTotal: 30,
          shipping: 5.99,
          retipTotal: 2.5,
          total: 38.49,
          items: [
            {
              id: placed.items[0]!.id,
              productId: placed.listings[0]!.id,
              title: 'Teapot',
              variantLabel: null,
              personalization: null,
              gift: null,
              image: null,
              price: 15,
              quantity: 2,
              retipAdded: true,
              retipPrice: 2.5,
              status: 'pending',
              rejectionReason: null,
            },
          ],
        },
      ],
      pagination: { page: 1, totalPages: 1, totalItems: 1 },
    });
    expect((await call(placed.authorization, 'GET', '/api/orders?limit=0')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/orders')).statusCode).toBe(401);
  });

  it("shows one of my orders with its address, and answers 404 for another buyer's", async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1 }]);
    const detail = await call(placed.authorization, 'GET', `/api/orders/${placed.orderId}`);
    expect(detail.json().shippingAddress).toEqual({
      name: 'Bea Buyer',
      line1: '5 Elm St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '73301',
      country: 'US',
    });
    const other = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1 }]);
    expect((await call(other.authorization, 'GET', `/api/orders/${placed.orderId}`)).statusCode).toBe(404);
    expect((await call(other.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`)).statusCode).toBe(404);
    expect((await call(other.authorization, 'GET', '/api/orders/not-an-id')).statusCode).toBe(400);
  });

  it('cancels while every item is pending: items cancelled, each refunded once, stock restored', async () => {
    const placed = await placeOrder([
      { seller: sellerA, priceCents: 1000, quantity: 2 },
      { seller: sellerB, priceCents: 700, quantity: 1 },
    ]);
    const response = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', items: [{ status: 'cancelled' }, { status: 'cancelled' }] });
    expect(await stockOf(placed.listings[0]!.id)).toBe(10);
    expect(await stockOf(placed.listings[1]!.id)).toBe(10);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    // Each shop's part pays its own standard $5.99: $20.00 + $7.00 + 2 × $5.99.
    expect(payment).toMatchObject({ amountCents: 3898, refundedCents: 3898, status: 'refunded' });
    const refundRows = await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refundRows).toHaveLength(2);
    expect(refundRows.reduce((total, row) => total + row.amountCents, 0)).toBe(3898);

    const again = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(2);
  });

  it('refuses to cancel once a seller has approved an item', async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1 }]);
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${placed.items[0]!.id}`, { status: 'approved' })).statusCode).toBe(200);
    const response = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This order can no longer be cancelled: a seller has already acted on it');
  });
});

describe('cancelling part of an order', () => {
  it("cancels one item, then one shop's part, each refunding its price and its share of the shop's shipping, and leaves the rest", async () => {
    const placed = await placeOrder([
      { seller: sellerA, priceCents: 3000, quantity: 1, title: 'Kettle' },
      { seller: sellerA, priceCents: 1000, quantity: 1, title: 'Mug' },
      { seller: sellerB, priceCents: 700, quantity: 1, title: 'Spoon' },
      { seller: sellerB, priceCents: 800, quantity: 2, title: 'Bowl' },
    ]);
    const [kettle, mug, spoon, bowl] = placed.items;
    const before = (await call(placed.authorization, 'GET', `/api/orders/${placed.orderId}`)).json();
    // Shop A's $5.99 split by value (3000 : 1000), shop B's by 700 : 1600.
    const shareOf = (id: string) => before.items.find((item: { id: string }) => item.id === id).shippingShare;
    expect([shareOf(kettle!.id), shareOf(mug!.id), shareOf(spoon!.id), shareOf(bowl!.id)]).toEqual([4.49, 1.5, 1.82, 4.17]);
    // What a cancellation of each would give back: its line and its share of shipping (one definition, the domain's).
    const refundableOf = (id: string) => before.items.find((item: { id: string }) => item.id === id).refundable_cents;
    expect([refundableOf(kettle!.id), refundableOf(mug!.id), refundableOf(spoon!.id), refundableOf(bowl!.id)]).toEqual([3449, 1150, 882, 2017]);

    const one = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`, { orderItemIds: [mug!.id] });
    expect(one.statusCode).toBe(200);
    const statusOf = (body: { items: Array<{ id: string; status: string }> }) => body.items.map((item) => [item.id, item.status]);
    expect(statusOf(one.json())).toEqual(
      expect.arrayContaining([
        [kettle!.id, 'pending'],
        [mug!.id, 'cancelled'],
        [spoon!.id, 'pending'],
        [bowl!.id, 'pending'],
      ]),
    );
    expect(one.json()).toMatchObject({ status: 'pending', refunded_cents: 1150 });
    expect(one.json().items.find((item: { id: string }) => item.id === mug!.id).refundable_cents).toBe(0);
    // Its seller is told they no longer have it to approve.
    await testApp.services.notificationReactions.settled();
    const told = await db().select().from(notifications).where(eq(notifications.userId, sellerA.id));
    expect(told.filter((row) => row.kind === 'item_cancelled' && row.link.includes(placed.orderId)).map((row) => row.body)).toEqual([
      `“Mug” (order #${placed.orderId.slice(0, 8)}) was cancelled before you acted on it. The buyer was refunded and its units are back in stock.`,
    ]);
    expect(await stockOf(placed.listings[1]!.id)).toBe(10);
    expect(await stockOf(placed.listings[0]!.id)).toBe(9);

    const shop = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`, { sellerId: sellerB.id });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().refunded_cents).toBe(1150 + 700 + 1600 + 599);
    expect(await stockOf(placed.listings[3]!.id)).toBe(10);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(payment).toMatchObject({ refundedCents: 4049, status: 'partially_refunded' });

    // The seller still has the kettle to act on; the buyer can no longer cancel it once approved.
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${kettle!.id}`, { status: 'approved' })).statusCode).toBe(200);
    const late = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`, { orderItemIds: [kettle!.id] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Kettle can no longer be cancelled: its seller has already acted on it');
    const again = await call(placed.authorization, 'POST', `/api/orders/${placed.orderId}/cancel`, { sellerId: sellerB.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Everything you chose is already cancelled');
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(3);
  });

  it('answers 404 for an item or a shop that is not in the order, and 400 for a bad choice, changing nothing', async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1 }]);
    const other = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1 }]);
    const url = `/api/orders/${placed.orderId}/cancel`;
    expect((await call(placed.authorization, 'POST', url, { orderItemIds: [other.items[0]!.id] })).statusCode).toBe(404);
    expect((await call(placed.authorization, 'POST', url, { sellerId: sellerB.id })).statusCode).toBe(404);
    expect((await call(other.authorization, 'POST', url, { orderItemIds: [placed.items[0]!.id] })).statusCode).toBe(404);
    for (const body of [
      { orderItemIds: [] },
      { orderItemIds: ['nope'] },
      { sellerId: 'x' },
      { orderItemIds: [placed.items[0]!.id], sellerId: sellerA.id },
      { everything: true },
    ]) {
      const response = await call(placed.authorization, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.status).toBe('pending');
    expect(await db().select().from(refunds).where(eq(refunds.orderItemId, placed.items[0]!.id))).toHaveLength(0);
  });
});

describe('seller orders', () => {
  it('lists only the seller’s items, filters by status, and is for sellers only', async () => {
    const placed = await placeOrder([
      { seller: sellerA, priceCents: 1200, quantity: 1, title: 'Mine' },
      { seller: sellerB, priceCents: 800, quantity: 1, title: 'Theirs' },
    ]);
    const list = (await call(sellerAuthA, 'GET', '/api/seller/orders?limit=100')).json();
    expect(list.success).toBe(true);
    const entry = list.data.orders.find((order: { orderId: string }) => order.orderId === placed.orderId);
    expect(entry).toEqual({
      orderId: placed.orderId,
      orderCreatedAt: expect.any(String),
      buyer: { fullName: 'Bea Buyer' },
      items: [{ orderItemId: placed.items[0]!.id, itemTitle: 'Mine', variantLabel: null, quantity: 1, price: 12, orderStatus: 'pending' }],
    });
    expect(list.data.pagination).toMatchObject({ page: 1, totalItems: expect.any(Number) });

    const approvedOnly = (await call(sellerAuthA, 'GET', '/api/seller/orders?status=approved&limit=100')).json();
    for (const order of approvedOnly.data.orders) for (const item of order.items) expect(item.orderStatus).toBe('approved');
    expect(approvedOnly.data.orders.some((order: { orderId: string }) => order.orderId === placed.orderId)).toBe(false);
    expect((await call(sellerAuthA, 'GET', '/api/seller/orders?status=lost')).statusCode).toBe(400);
    expect((await call(placed.authorization, 'GET', '/api/seller/orders')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/seller/orders')).statusCode).toBe(401);
  });

  it('shows the seller’s part of an order with proportional shipping; 404 for a seller with no items in it', async () => {
    const placed = await placeOrder([
      { seller: sellerA, priceCents: 1000, quantity: 1, title: 'Cup', retipPriceCents: 200 },
      { seller: sellerA, priceCents: 1000, quantity: 1, title: 'Saucer' },
      { seller: sellerB, priceCents: 1000, quantity: 1, title: 'Spoon' },
    ]);
    const response = await call(sellerAuthA, 'GET', `/api/seller/orders/${placed.orderId}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      orderId: placed.orderId,
      status: { itemsOrderStatus: 'pending' },
      itemsSummary: { totalItemsCount: 2 },
      buyer: { fullName: 'Bea Buyer', email: placed.buyer.email },
      shippingInfo: {
        shippingAddress: { name: 'Bea Buyer', line1: '5 Elm St', line2: null, city: 'Austin', state: 'TX', postalCode: '73301', countryCode: 'US' },
      },
    });
    expect(data.itemsSummary.itemsPreview.split(', ').sort()).toEqual(['Cup', 'Saucer']);
    // Each shop's part has its own shipping (the standard $5.99 here): seller A's two items carry all of theirs.
    expect(data.amounts.itemsTotal).toBe(20);
    expect(data.amounts.retipTotal).toBe(2);
    expect(data.amounts.proportionalShipping).toBe(5.99);
    expect(data.amounts.orderTotal).toBe(27.99);
    const sellerBShare = (await call(sellerAuthB, 'GET', `/api/seller/orders/${placed.orderId}`)).json().data.amounts.proportionalShipping;
    expect(sellerBShare).toBe(5.99);

    const outsider = await createUser(db(), { role: 'seller' });
    expect((await call(await bearerFor(testApp, outsider), 'GET', `/api/seller/orders/${placed.orderId}`)).statusCode).toBe(404);
  });

  it('shows one item to its seller only', async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1500, quantity: 2, title: 'Vase', retipPriceCents: 300 }]);
    const itemId = placed.items[0]!.id;
    const response = await call(sellerAuthA, 'GET', `/api/seller/order-items/${itemId}`);
    expect(response.json()).toEqual({
      success: true,
      data: {
        orderItemId: itemId,
        orderId: placed.orderId,
        itemTitle: 'Vase',
        variantLabel: null,
        personalization: null,
        gift: null,
        image: null,
        quantity: 2,
        price: 15,
        itemTotal: 33,
        retipAdded: true,
        retipPrice: 3,
        orderStatus: 'pending',
        rejectionReason: null,
        refunded_cents: 0,
        refunded: 0,
        parcel: null,
        shippedAnotherWay: null,
        orderCreatedAt: expect.any(String),
        buyer: { fullName: 'Bea Buyer', email: placed.buyer.email },
        shippingAddress: { name: 'Bea Buyer', line1: '5 Elm St', line2: null, city: 'Austin', state: 'TX', postalCode: '73301', countryCode: 'US' },
      },
    });
    expect((await call(sellerAuthB, 'GET', `/api/seller/order-items/${itemId}`)).statusCode).toBe(404);
    expect((await call(sellerAuthB, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'approved' })).statusCode).toBe(404);
    expect((await call(placed.authorization, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'approved' })).statusCode).toBe(403);
  });

  it('approves a pending item once; other moves are 409', async () => {
    const placed = await placeOrder([
      { seller: sellerA, priceCents: 1000, quantity: 1 },
      { seller: sellerB, priceCents: 1000, quantity: 1 },
    ]);
    const itemId = placed.items[0]!.id;
    const approved = await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'approved' });
    expect(approved.json().data.orderStatus).toBe('approved');
    expect((await db().select().from(orders).where(eq(orders.id, placed.orderId)))[0]?.status).toBe('processing');

    const twice = await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'approved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('An item that is approved cannot be marked approved');
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'completed' })).statusCode).toBe(409);
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'shipped' })).statusCode).toBe(400);
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, {})).statusCode).toBe(400);
  });

  it('marks a shipped item delivered, then completed', async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1 }]);
    const itemId = placed.items[0]!.id;
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'delivered' })).statusCode).toBe(409);
    await db().update(orderItems).set({ status: 'shipped' }).where(eq(orderItems.id, itemId));
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'delivered' })).json().data.orderStatus).toBe('delivered');
    expect((await call(sellerAuthA, 'PATCH', `/api/seller/order-items/${itemId}`, { status: 'completed' })).json().data.orderStatus).toBe('completed');
    expect((await db().select().from(orders).where(eq(orders.id, placed.orderId)))[0]?.status).toBe('completed');
  });

  it('ships an approved item another way (a carrier named, no label), which the seller then marks delivered by hand', async () => {
    const placed = await placeOrder([{ seller: sellerA, priceCents: 1000, quantity: 1, title: 'Hand-thrown bowl' }]);
    const itemId = placed.items[0]!.id;
    const url = `/api/seller/order-items/${itemId}`;
    // Only an approved item, and only with the carrier named.
    expect((await call(sellerAuthA, 'PATCH', url, { status: 'shipped', carrier: 'USPS' })).statusCode).toBe(409);
    expect((await call(sellerAuthA, 'PATCH', url, { status: 'approved' })).statusCode).toBe(200);
    const unnamed = await call(sellerAuthA, 'PATCH', url, { status: 'shipped' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('Name the carrier you sent it with') });
    expect((await call(sellerAuthB, 'PATCH', url, { status: 'shipped', carrier: 'USPS' })).statusCode).toBe(404);
    expect((await call(sellerAuthA, 'PATCH', url, { status: 'shipped', carrier: 'U', trackingNumber: 'x' })).statusCode).toBe(400);
    expect((await db().select().from(orderItems).where(eq(orderItems.id, itemId)))[0]).toMatchObject({ status: 'approved', shippedWith: null });

    const sent = await call(sellerAuthA, 'PATCH', url, { status: 'shipped', carrier: ' USPS ', trackingNumber: '9400 1000 0000 0000 0000 00' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      orderStatus: 'shipped',
      parcel: null,
      shippedAnotherWay: { carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' },
    });
    const buyerItem = (await call(placed.authorization, 'GET', `/api/orders/${placed.orderId}`)).json().items[0];
    expect(buyerItem).toMatchObject({
      status: 'shipped',
      tracking_number: null,
      shippedAnotherWay: { carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' },
    });
    // No carrier tracks it here: the seller marks it delivered by hand.
    expect((await call(sellerAuthA, 'PATCH', url, { status: 'delivered' })).json().data.orderStatus).toBe('delivered');
  });

  it('rejects with a reason: refunds the item (with its add-on and share of shipping) exactly once and restores stock, even when PATCHed twice', async () => {
    const placed = await placeOrder([
      { seller: sellerA, priceCents: 1000, quantity: 2, retipPriceCents: 150 },
      { seller: sellerB, priceCents: 1000, quantity: 1 },
    ]);
    const item = placed.items[0]!;
    const url = `/api/seller/order-items/${item.id}`;
    expect((await call(sellerAuthA, 'PATCH', url, { status: 'rejected' })).statusCode).toBe(400);
    expect(await stockOf(placed.listings[0]!.id)).toBe(8);

    const [first, second] = await Promise.all([
      call(sellerAuthA, 'PATCH', url, { status: 'rejected', reason: 'Damaged in storage' }),
      call(sellerAuthA, 'PATCH', url, { status: 'rejected', reason: 'Damaged in storage' }),
    ]);
    // One rejects; the other either finds it rejected (409) or, arriving while the refund's claim is still
    // pending, resumes that same claim with the same key (200). Either way the money moves once (below).
    expect([first.statusCode, second.statusCode]).toContain(200);
    for (const answer of [first, second]) expect([200, 409]).toContain(answer.statusCode);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json().data).toMatchObject({ orderStatus: 'rejected', rejectionReason: 'Damaged in storage' });
    const third = await call(sellerAuthA, 'PATCH', url, { status: 'rejected', reason: 'again' });
    expect(third.statusCode).toBe(409);

    const refundRows = await db().select().from(refunds).where(eq(refunds.orderItemId, item.id));
    // 2 × $10.00 + $1.50 add-on + its shop's shipping: it is the shop's only line, so all of its $5.99.
    expect(refundRows.map((row) => row.amountCents)).toEqual([2000 + 150 + 599]);
    expect(refundRows[0]?.reason).toBe('Damaged in storage');
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(payment).toMatchObject({ refundedCents: 2749, status: 'partially_refunded' });
    expect(await stockOf(placed.listings[0]!.id)).toBe(10);
    expect((await db().select().from(orders).where(eq(orders.id, placed.orderId)))[0]?.status).toBe('pending');

    const buyerView = (await call(placed.authorization, 'GET', `/api/orders/${placed.orderId}`)).json();
    expect(buyerView.items.find((entry: { id: string }) => entry.id === item.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Damaged in storage' });
  });
});

describe('seller dashboard', () => {
  it('sums today’s and 30 days’ sales, counts open orders and lists low stock', async () => {
    const seller = await createUser(db(), { role: 'seller' });
    const authorization = await bearerFor(testApp, seller);
    const empty = (await call(authorization, 'GET', '/api/seller/dashboard')).json();
    expect(empty).toMatchObject({ today: { sales: 0, orders: 0 }, last30Days: { sales: 0, orders: 0 }, openOrders: 0, lowStock: [] });
    expect(empty.last30Days.daily).toHaveLength(30);

    await placeOrder([{ seller, priceCents: 2500, quantity: 2, retipPriceCents: 100 }]);
    const rejected = await placeOrder([{ seller, priceCents: 999, quantity: 1 }]);
    await call(authorization, 'PATCH', `/api/seller/order-items/${rejected.items[0]!.id}`, { status: 'rejected', reason: 'No longer made' });
    const scarce = await createListing(db(), { sellerId: seller.id, categoryId, title: 'Nearly gone', quantity: 2 });

    const dashboard = (await call(authorization, 'GET', '/api/seller/dashboard')).json();
    // Sales are the goods (price × quantity) less refunds; the $1.00 add-on is not the seller's sale.
    expect(dashboard.today).toEqual({ sales: 50, orders: 1 });
    expect(dashboard.last30Days).toMatchObject({ sales: 50, orders: 1 });
    expect(dashboard.last30Days.daily.at(-1)).toEqual({ date: testApp.clock.now().toISOString().slice(0, 10), sales: 50 });
    expect(dashboard.openOrders).toBe(1);
    expect(dashboard.lowStock).toEqual([{ id: scarce.id, title: 'Nearly gone', quantity: 2 }]);
    expect((await call(sellerAuthA, 'GET', '/api/seller/dashboard')).statusCode).toBe(200);
    const buyer = await createUser(db());
    expect((await call(await bearerFor(testApp, buyer), 'GET', '/api/seller/dashboard')).statusCode).toBe(403);
  });
});

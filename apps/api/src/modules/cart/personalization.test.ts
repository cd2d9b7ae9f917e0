import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderGifts, orderItems, payments, products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory } from '../../../test/factories-commerce';

// Personalisation and gift notes (docs/product/listings.md "Personalisation", docs/product/checkout.md "Gifts"):
// a listing asks its buyers to write something, the cart line and the order item keep what they wrote, and
// the buyer may send a shop's part of the order as a gift with a message, which its seller sees.

let testApp: TestApp;
let categorySlug: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  categorySlug = (await createCommerceCategory(testApp.database.db)).slug;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const call = (authorization: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method, url, headers: { ...(authorization ? { authorization } : {}), ...headers }, ...(payload ? { payload } : {}) });
const address = { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' };
const card = { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } };
let keys = 0;
const checkout = (authorization: string, extra: object = {}) =>
  call(
    authorization,
    'POST',
    '/api/orders/checkout',
    { shippingAddress: address, payment: card, ...extra },
    { 'idempotency-key': `personalization-${Date.now()}-${(keys += 1)}` },
  );

const mug = (personalization: object | null | undefined) => ({
  title: 'Engraved walnut mug',
  description: 'Turned from one block of walnut.',
  condition: 'new',
  price: 32,
  quantity: 3,
  category: categorySlug,
  ...(personalization === undefined ? {} : { personalization }),
});

/** A seller with a live listing that asks `personalization` (made active as its first photo would). */
let shops = 0;
async function sellerWith(personalization: object | null | undefined) {
  const seller = await createUser(db(), { role: 'seller', companyName: `Walnut & Co ${(shops += 1)}` });
  const authorization = await bearerFor(testApp, seller);
  const created = await call(authorization, 'POST', '/api/products', mug(personalization));
  expect(created.statusCode, created.body).toBe(201);
  const listing = created.json();
  await db().update(products).set({ status: 'active', isDraft: false }).where(eq(products.id, listing.id));
  return { seller, authorization, listing };
}
const newBuyer = async () => bearerFor(testApp, await createUser(db()));
const addToCart = (authorization: string, payload: object) => call(authorization, 'POST', '/api/cart/items', payload);

describe('a listing that asks for personalisation', () => {
  it('keeps what it asks, with its defaults, and refuses a length past 1,024 or instructions past 500', async () => {
    const { listing, authorization } = await sellerWith({ required: true, instructions: 'The name to engrave', maxLength: 20 });
    expect(listing.personalization).toEqual({ required: true, instructions: 'The name to engrave', maxLength: 20 });
    expect((await call(null, 'GET', `/api/products/${listing.id}`)).json().personalization).toEqual(listing.personalization);

    const asked = await call(authorization, 'PUT', `/api/products/${listing.id}`, { personalization: {} });
    expect(asked.json().personalization).toEqual({ required: false, instructions: '', maxLength: 256 });
    const none = await call(authorization, 'PUT', `/api/products/${listing.id}`, { personalization: null });
    expect(none.json().personalization).toBeNull();
    // Left out, an edit keeps it.
    await call(authorization, 'PUT', `/api/products/${listing.id}`, { personalization: { required: true } });
    expect((await call(authorization, 'PUT', `/api/products/${listing.id}`, { title: 'Engraved walnut mug, large' })).json().personalization).toMatchObject({
      required: true,
    });

    for (const personalization of [{ maxLength: 1025 }, { maxLength: 0 }, { instructions: 'x'.repeat(501) }, { required: 'yes' }]) {
      const refused = await call(authorization, 'PUT', `/api/products/${listing.id}`, { personalization });
      expect(refused.statusCode, JSON.stringify(personalization)).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
    }
  });

  it('is added to the cart only with the text it requires, within its length; the line holds it', async () => {
    const { listing } = await sellerWith({ required: true, instructions: 'The name to engrave', maxLength: 10 });
    const buyer = await newBuyer();
    for (const personalization of [undefined, '', '   ']) {
      const refused = await addToCart(buyer, { product_id: listing.id, quantity: 1, ...(personalization === undefined ? {} : { personalization }) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'personalization_required' });
    }
    const tooLong = await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: 'Maximilian II' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'personalization_too_long', error: 'Personalisation must be at most 10 characters' });
    expect((await call(buyer, 'GET', '/api/cart')).json().items).toEqual([]);

    const added = await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: '  Anna  ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items).toEqual([
      expect.objectContaining({
        product_id: listing.id,
        personalization: 'Anna',
        personalization_setting: { required: true, instructions: 'The name to engrave', maxLength: 10 },
      }),
    ]);
  });

  it('makes one line per text: the same text adds units, another text is another line, and the stock counts them all', async () => {
    const { listing } = await sellerWith({ required: false, instructions: '', maxLength: 1024 });
    const buyer = await newBuyer();
    await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: 'Anna' });
    await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: 'Anna' });
    // 1,024 characters of three bytes each: more than an index entry holds, told apart by its digest.
    const long = '漢'.repeat(1024);
    const second = await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: long });
    expect(second.statusCode, second.body).toBe(200);
    const lines = second.json().items as { personalization: string | null; quantity: number }[];
    expect(lines.map((line) => [line.personalization, line.quantity]).sort()).toEqual([
      ['Anna', 2],
      [long, 1],
    ]);
    // Three in stock, three in the cart over two lines: a fourth (even without text) is refused.
    const beyond = await addToCart(buyer, { product_id: listing.id, quantity: 1 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ available: 3, inCart: 3 });
  });

  it('refuses text for a listing that asks none', async () => {
    const { listing } = await sellerWith(undefined);
    expect(listing.personalization).toBeNull();
    const refused = await addToCart(await newBuyer(), { product_id: listing.id, quantity: 1, personalization: 'Anna' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('personalization_not_offered');
  });

  it('lets the buyer change a line’s text, not to another line’s, and only on their own line', async () => {
    const { listing } = await sellerWith({ required: true, instructions: '', maxLength: 20 });
    const buyer = await newBuyer();
    await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: 'Anna' });
    const cart = (await addToCart(buyer, { product_id: listing.id, quantity: 1, personalization: 'Ben' })).json();
    // Found by their text: lines added in the same instant have no order between them.
    const lineWith = (text: string) => (cart.items as { id: string; personalization: string }[]).find((item) => item.personalization === text);
    const [anna, ben] = [lineWith('Anna'), lineWith('Ben')];
    const changed = await call(buyer, 'PUT', `/api/cart/items/${anna!.id}/personalization`, { personalization: 'Anna-Lena' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed
        .json()
        .items.map((item: { personalization: string }) => item.personalization)
        .sort(),
    ).toEqual(['Anna-Lena', 'Ben']);
    const same = await call(buyer, 'PUT', `/api/cart/items/${anna!.id}/personalization`, { personalization: 'Ben' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('This item is already in your cart with that personalisation');
    const blank = await call(buyer, 'PUT', `/api/cart/items/${anna!.id}/personalization`, { personalization: ' ' });
    expect(blank.json()).toMatchObject({ code: 'personalization_required' });
    const someoneElse = await call(await newBuyer(), 'PUT', `/api/cart/items/${ben!.id}/personalization`, { personalization: 'Eve' });
    expect(someoneElse.statusCode).toBe(404);
  });
});

describe('checking out personalised items and gifts', () => {
  it('keeps the text on the order item and the gift for its shop; the buyer and the seller see both', async () => {
    const engraved = await sellerWith({ required: true, instructions: 'The name to engrave', maxLength: 20 });
    const plain = await sellerWith(undefined);
    const buyer = await newBuyer();
    await addToCart(buyer, { product_id: engraved.listing.id, quantity: 1, personalization: 'Anna' });
    await addToCart(buyer, { product_id: plain.listing.id, quantity: 1 });

    const placed = await checkout(buyer, { gifts: [{ seller_id: engraved.seller.id, message: 'Happy birthday, Anna!' }] });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json();
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((item) => [item.productId, item.personalization]).sort()).toEqual(
      [
        [engraved.listing.id, 'Anna'],
        [plain.listing.id, null],
      ].sort(),
    );
    expect(await db().select({ sellerId: orderGifts.sellerId, message: orderGifts.message }).from(orderGifts).where(eq(orderGifts.orderId, orderId))).toEqual([
      { sellerId: engraved.seller.id, message: 'Happy birthday, Anna!' },
    ]);

    const order = (await call(buyer, 'GET', `/api/orders/${orderId}`)).json();
    const byProduct = (id: string) => order.items.find((item: { productId: string }) => item.productId === id);
    expect(byProduct(engraved.listing.id)).toMatchObject({ personalization: 'Anna', gift: { message: 'Happy birthday, Anna!' } });
    expect(byProduct(plain.listing.id)).toMatchObject({ personalization: null, gift: null });

    const sellerView = (await call(engraved.authorization, 'GET', `/api/seller/orders/${orderId}`)).json().data;
    expect(sellerView).toMatchObject({ gift: { message: 'Happy birthday, Anna!' }, shopName: engraved.seller.companyName });
    expect(sellerView.items).toEqual([expect.objectContaining({ personalization: 'Anna' })]);
    const item = (await call(engraved.authorization, 'GET', `/api/seller/order-items/${sellerView.items[0].orderItemId}`)).json().data;
    expect(item).toMatchObject({ personalization: 'Anna', gift: { message: 'Happy birthday, Anna!' } });
    // The other shop's part is not a gift, and it sees nothing of the first shop's.
    const otherView = (await call(plain.authorization, 'GET', `/api/seller/orders/${orderId}`)).json().data;
    expect(otherView.gift).toBeNull();
    expect(otherView.items).toHaveLength(1);
  });

  it('refuses a gift for a shop that is not in the cart, a shop twice and a message past 500 characters, charging nothing', async () => {
    const { listing, seller } = await sellerWith(undefined);
    const elsewhere = await createUser(db(), { role: 'seller' });
    const buyer = await newBuyer();
    await addToCart(buyer, { product_id: listing.id, quantity: 1 });
    const refusals = [
      [{ seller_id: elsewhere.id, message: 'Hi' }],
      [
        { seller_id: seller.id, message: 'One' },
        { seller_id: seller.id, message: 'Two' },
      ],
      [{ seller_id: seller.id, message: 'x'.repeat(501) }],
    ];
    for (const gifts of refusals) {
      const refused = await checkout(buyer, { gifts });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await call(buyer, 'GET', '/api/cart')).json().items).toHaveLength(1);
    // A gift without a message is a gift.
    const placed = await checkout(buyer, { gifts: [{ seller_id: seller.id }] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await call(buyer, 'GET', `/api/orders/${placed.json().orderId}`)).json().items[0].gift).toEqual({ message: '' });
  });

  it('tells and refuses a line whose listing started asking for personalisation after it was added, before anything is charged', async () => {
    const { listing, authorization } = await sellerWith(undefined);
    const buyer = await newBuyer();
    await addToCart(buyer, { product_id: listing.id, quantity: 1 });
    await call(authorization, 'PUT', `/api/products/${listing.id}`, { personalization: { required: true, instructions: 'Initials' } });

    const summary = (await call(buyer, 'GET', '/api/checkout/summary')).json();
    expect(summary.problems).toEqual([expect.objectContaining({ kind: 'personalization_required' })]);
    const before = (await db().select().from(payments)).length;
    const refused = await checkout(buyer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'personalization_required' });
    expect((await db().select().from(payments)).length).toBe(before);

    // Written in the cart, it goes through.
    const [line] = (await call(buyer, 'GET', '/api/cart')).json().items;
    await call(buyer, 'PUT', `/api/cart/items/${line.id}/personalization`, { personalization: 'A.B.' });
    expect((await checkout(buyer)).statusCode).toBe(201);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products, wishlistItems } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { addListingImage, bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createUser>>;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  seller = await createUser(testApp.database.db, { role: 'seller' });
  categoryId = (await createCommerceCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

async function newBuyer() {
  const buyer = await createUser(testApp.database.db);
  return { buyer, authorization: await bearerFor(testApp, buyer) };
}
const listing = (values: Parameters<typeof createListing>[1] extends infer T ? Partial<T> : never = {}) =>
  createListing(testApp.database.db, { sellerId: seller.id, categoryId, ...values });
/** Many listings at once, for filling a cart or wishlist up to its cap. */
async function manyListings(count: number) {
  const rows = await testApp.database.db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, index) => ({
        sellerId: seller.id,
        categoryId,
        title: `Bulk ${index}`,
        description: 'A test listing',
        priceCents: 100,
        quantity: 10,
      })),
    )
    .returning({ id: products.id });
  return rows.map((row) => row.id);
}
const call = (authorization: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

describe('cart', () => {
  it('needs a session', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
    const payload = { product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 };
    expect((await testApp.app.inject({ method: 'POST', url: '/api/cart/items', payload })).statusCode).toBe(401);
  });

  it('starts empty with zero totals (docs/product/limits.md)', async () => {
    const { authorization } = await newBuyer();
    const response = await call(authorization, 'GET', '/api/cart');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], products_count: 0, total_price: 0 });
  });

  it('adds a product, adds to the same line again, and answers the docs/product/cart-and-wishlist.md payload', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ title: 'Blue kettle', priceCents: 1999, quantity: 5, retipPriceCents: 450, retipLabel: 'Gift wrap' });
    const image = await addListingImage(testApp.database.db, product.id);

    const first = await call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 2 });
    expect(first.statusCode).toBe(200);
    const again = await call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 });
    const body = again.json();
    expect(body.products_count).toBe(1);
    expect(body.total_price).toBe(59.97);
    expect(body.items).toEqual([
      {
        id: expect.any(String),
        product_id: product.id,
        variant_id: null,
        variant_label: null,
        quantity: 3,
        price: 19.99,
        retip_added: false,
        retip_price: 0,
        retipAdded: false,
        retipPrice: 0,
        title: 'Blue kettle',
        image: image.thumbnailUrl,
        available_quantity: 5,
        retip_label: 'Gift wrap',
        retip_offered_price: 4.5,
        price_changed: false,
        previous_price: null,
        seller: { id: seller.id, vacation: null, name: expect.any(String) },
        personalization: null,
        personalization_setting: null,
      },
    ]);
  });

  it('defaults the quantity to 1 and refuses bad quantities and ids with 400', async () => {
    const { authorization } = await newBuyer();
    const product = await listing();
    const added = await call(authorization, 'POST', '/api/cart/items', { product_id: product.id });
    expect(added.json().items[0].quantity).toBe(1);
    for (const payload of [
      { product_id: product.id, quantity: 0 },
      { product_id: product.id, quantity: 1.5 },
      { product_id: 'nope', quantity: 1 },
      { quantity: 1 },
    ]) {
      const response = await call(authorization, 'POST', '/api/cart/items', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues.length).toBeGreaterThan(0);
    }
  });

  it('answers 409 beyond stock and for a sold-out product, 404 for hidden or unknown products', async () => {
    const { authorization } = await newBuyer();
    const scarce = await listing({ quantity: 2 });
    expect((await call(authorization, 'POST', '/api/cart/items', { product_id: scarce.id, quantity: 2 })).statusCode).toBe(200);
    const beyond = await call(authorization, 'POST', '/api/cart/items', { product_id: scarce.id, quantity: 1 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ error: 'Only 2 left in stock', available: 2, inCart: 2 });

    const soldOut = await listing({ quantity: 0 });
    expect((await call(authorization, 'POST', '/api/cart/items', { product_id: soldOut.id, quantity: 1 })).json()).toMatchObject({
      error: 'This product is out of stock',
    });
    const hidden = await listing({ status: 'hidden' });
    expect((await call(authorization, 'POST', '/api/cart/items', { product_id: hidden.id, quantity: 1 })).statusCode).toBe(404);
    expect((await call(authorization, 'POST', '/api/cart/items', { product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 })).statusCode).toBe(404);
  });

  it('holds the 99-per-line cap under parallel adds: one add of 99 passes, the rest answer the single-add 400', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ quantity: 5000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 99 })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'You can have at most 99 of one product in your cart', code: 'bad_request' });
    }
    expect((await call(authorization, 'GET', '/api/cart')).json().items).toEqual([expect.objectContaining({ product_id: product.id, quantity: 99 })]);
  });

  it('holds the stock cap under parallel adds', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ quantity: 10 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 3 })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ error: 'Only 10 left in stock', available: 10 });
    }
    expect((await call(authorization, 'GET', '/api/cart')).json().items[0].quantity).toBe(9);
  });

  it('holds at most 100 different products, even added in parallel; an existing line still grows (docs/product/limits.md)', async () => {
    const { buyer, authorization } = await newBuyer();
    const ids = await manyListings(103);
    await testApp.database.db
      .insert(cartItems)
      .values(ids.slice(0, 97).map((productId) => ({ userId: buyer.id, productId, quantity: 1, priceCentsAtAdd: 100 })));
    const answers = await Promise.all(ids.slice(97).map((productId) => call(authorization, 'POST', '/api/cart/items', { product_id: productId, quantity: 1 })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        error: 'A cart holds at most 100 different products; check out or remove some first',
        code: 'cart_line_limit',
        limit: 100,
      });
    }
    const full = await call(authorization, 'POST', '/api/cart/items', { product_id: ids[0], quantity: 2 });
    expect(full.statusCode).toBe(200);
    expect(full.json().products_count).toBe(100);
  });

  it('does not let a seller buy their own product', async () => {
    const product = await listing();
    const authorization = await bearerFor(testApp, seller);
    const response = await call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('You cannot buy your own product');
  });

  it('removes n units, or the whole line when n ≥ its quantity or n is absent (docs/product/cart-and-wishlist.md)', async () => {
    const { authorization } = await newBuyer();
    const [a, b] = [await listing({ priceCents: 1000 }), await listing({ priceCents: 250 })];
    await call(authorization, 'POST', '/api/cart/items', { product_id: a.id, quantity: 4 });
    const cart = (await call(authorization, 'POST', '/api/cart/items', { product_id: b.id, quantity: 2 })).json();
    type Line = { id: string; product_id: string; quantity: number };
    const lineA = cart.items.find((item: Line) => item.product_id === a.id);
    const lineB = cart.items.find((item: Line) => item.product_id === b.id);

    const less = (await call(authorization, 'DELETE', `/api/cart/items/${lineA.id}?quantity=3`)).json();
    expect(less.items.map((item: Line) => item.quantity).sort()).toEqual([1, 2]);
    expect(less.total_price).toBe(15);
    const gone = (await call(authorization, 'DELETE', `/api/cart/items/${lineA.id}?quantity=5`)).json();
    expect(gone.items).toHaveLength(1);
    const empty = (await call(authorization, 'DELETE', `/api/cart/items/${lineB.id}`)).json();
    expect(empty).toEqual({ items: [], products_count: 0, total_price: 0 });
    expect((await call(authorization, 'DELETE', `/api/cart/items/${lineB.id}?quantity=0`)).statusCode).toBe(400);
  });

  it('counts every one of parallel removals', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ quantity: 50 });
    const [line] = (await call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 10 })).json().items;
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(authorization, 'DELETE', `/api/cart/items/${line.id}?quantity=1`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await call(authorization, 'GET', '/api/cart')).json().items[0].quantity).toBe(4);
  });

  it("answers 404 for another user's line, and leaves it alone", async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const product = await listing({ retipPriceCents: 300 });
    const [line] = (await call(owner.authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 })).json().items;
    expect((await call(other.authorization, 'DELETE', `/api/cart/items/${line.id}`)).statusCode).toBe(404);
    expect((await call(other.authorization, 'PUT', `/api/cart/items/${line.id}/retip`, { retip_added: true })).statusCode).toBe(404);
    expect((await call(owner.authorization, 'GET', '/api/cart')).json().items).toHaveLength(1);
  });

  it('adds and removes the add-on; 400 when the product has none', async () => {
    const { authorization } = await newBuyer();
    const withAddOn = await listing({ retipPriceCents: 450, retipLabel: 'Gift wrap' });
    const without = await listing();
    await call(authorization, 'POST', '/api/cart/items', { product_id: withAddOn.id, quantity: 1 });
    const lines: Array<{ id: string; product_id: string }> = (
      await call(authorization, 'POST', '/api/cart/items', { product_id: without.id, quantity: 1 })
    ).json().items;
    const line = lines.find((item) => item.product_id === withAddOn.id)!;
    const plain = lines.find((item) => item.product_id === without.id)!;

    const added = (await call(authorization, 'PUT', `/api/cart/items/${line.id}/retip`, { retip_added: true })).json();
    expect(added.items.find((item: { id: string }) => item.id === line.id)).toMatchObject({
      retip_added: true,
      retip_price: 4.5,
      retipAdded: true,
      retipPrice: 4.5,
    });
    const removed = (await call(authorization, 'PUT', `/api/cart/items/${line.id}/retip`, { retip_added: false })).json();
    expect(removed.items.find((item: { id: string }) => item.id === line.id)).toMatchObject({ retip_added: false, retip_price: 0 });
    const refused = await call(authorization, 'PUT', `/api/cart/items/${plain.id}/retip`, { retip_added: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('This product has no add-on service');
    expect((await call(authorization, 'PUT', `/api/cart/items/${line.id}/retip`, { retip_added: 'yes' })).statusCode).toBe(400);
  });

  it('shows a price change since the line was added, and empties on DELETE /api/cart', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ priceCents: 1000 });
    await call(authorization, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 });
    await testApp.database.db.update(products).set({ priceCents: 1250 }).where(eq(products.id, product.id));
    const cart = (await call(authorization, 'GET', '/api/cart')).json();
    expect(cart.items[0]).toMatchObject({ price: 12.5, price_changed: true, previous_price: 10 });
    expect(cart.total_price).toBe(12.5);
    expect((await call(authorization, 'DELETE', '/api/cart')).json()).toEqual({ items: [], products_count: 0, total_price: 0 });
  });
});

describe('wishlist', () => {
  it('needs a session', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/wishlist' })).statusCode).toBe(401);
  });

  it('adds with 201 and isNew, answers 200 and isNew false for a product already there (docs/product/cart-and-wishlist.md)', async () => {
    const { authorization } = await newBuyer();
    const product = await listing({ title: 'Lamp', priceCents: 3450, quantity: 7 });
    expect((await call(authorization, 'GET', '/api/wishlist')).json()).toEqual({ items: [], items_count: 0, isNew: false });

    const first = await call(authorization, 'POST', '/api/wishlist/items', { product_id: product.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      items: [{ id: expect.any(String), product_id: product.id, title: 'Lamp', price: 34.5, image: null, quantity: 7 }],
      items_count: 1,
      isNew: true,
    });
    const again = await call(authorization, 'POST', '/api/wishlist/items', { product_id: product.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ items_count: 1, isNew: false });
  });

  it('removes a line; 404 for an unknown one or one of another user', async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const [a, b] = [await listing(), await listing()];
    await call(owner.authorization, 'POST', '/api/wishlist/items', { product_id: a.id });
    const lines: Array<{ id: string; product_id: string }> = (await call(owner.authorization, 'POST', '/api/wishlist/items', { product_id: b.id })).json()
      .items;
    const lineA = lines.find((item) => item.product_id === a.id)!;
    expect((await call(other.authorization, 'DELETE', `/api/wishlist/items/${lineA.id}`)).statusCode).toBe(404);
    const after = await call(owner.authorization, 'DELETE', `/api/wishlist/items/${lineA.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ items_count: 1, isNew: false });
    expect((await call(owner.authorization, 'DELETE', `/api/wishlist/items/${lineA.id}`)).statusCode).toBe(404);
  });

  it('holds at most 200 products, even added in parallel; one already there still answers 200 (docs/product/limits.md)', async () => {
    const { buyer, authorization } = await newBuyer();
    const ids = await manyListings(203);
    await testApp.database.db.insert(wishlistItems).values(ids.slice(0, 197).map((productId) => ({ userId: buyer.id, productId })));
    const answers = await Promise.all(ids.slice(197).map((productId) => call(authorization, 'POST', '/api/wishlist/items', { product_id: productId })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const answer of answers.filter((each) => each.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: 'A wishlist holds at most 200 products; remove some to save another', code: 'wishlist_limit', limit: 200 });
    }
    const again = await call(authorization, 'POST', '/api/wishlist/items', { product_id: ids[0] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ items_count: 200, isNew: false });
  });

  it('refuses hidden, unknown and malformed products', async () => {
    const { authorization } = await newBuyer();
    const hidden = await listing({ status: 'hidden' });
    expect((await call(authorization, 'POST', '/api/wishlist/items', { product_id: hidden.id })).statusCode).toBe(404);
    expect((await call(authorization, 'POST', '/api/wishlist/items', { product_id: 'x' })).statusCode).toBe(400);
    expect((await call(authorization, 'POST', '/api/wishlist/items', {})).statusCode).toBe(400);
  });
});

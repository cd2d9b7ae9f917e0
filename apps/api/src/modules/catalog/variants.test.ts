import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, productImages, products, productVariants } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory } from '../../../test/factories-commerce';

// Variations (decision 0043, docs/product/listings.md "Variations"): a listing's combinations with their own
// price, stock and SKU, bought by variant; the listing keeps their totals; the order keeps the label.

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
const call = (
  authorization: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => testApp.app.inject({ method, url, headers: { ...(authorization ? { authorization } : {}), ...headers }, ...(payload ? { payload } : {}) });
const address = { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' };
const card = { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } };
let keys = 0;
const checkout = (authorization: string) =>
  call(
    authorization,
    'POST',
    '/api/orders/checkout',
    { shippingAddress: address, payment: card },
    { 'idempotency-key': `variants-${Date.now()}-${(keys += 1)}` },
  );

const tShirt = {
  title: 'Organic cotton T-shirt',
  description: 'Soft, heavy cotton.',
  condition: 'new',
  variations: [
    { name: 'Size', options: ['S', 'M', 'L'] },
    { name: 'Colour', options: ['Red', 'Blue'] },
  ],
  variants: [
    { options: { Size: 'S', Colour: 'Red' }, price: 25, quantity: 4, sku: 'TS-S-R' },
    { options: { Colour: 'Red', Size: 'M' }, price: 27.5, quantity: 1 },
    { options: { Size: 'L', Colour: 'Blue' }, price: 19, quantity: 9, available: false },
  ],
};

/** A seller with a live T-shirt listed through the API (live: made active as its first photo would). */
async function sellerWithTShirt() {
  const seller = await createUser(db(), { role: 'seller' });
  const authorization = await bearerFor(testApp, seller);
  const created = await call(authorization, 'POST', '/api/products', { ...tShirt, category: categorySlug });
  expect(created.statusCode, created.body).toBe(201);
  const listing = created.json();
  await db().update(products).set({ status: 'active', isDraft: false }).where(eq(products.id, listing.id));
  return { seller, authorization, listing };
}
async function newBuyer() {
  return bearerFor(testApp, await createUser(db()));
}
const variantOf = (listing: { variants: { id: string; label: string; quantity: number }[] }, label: string) =>
  listing.variants.find((variant) => variant.label === label)!;
const listingRow = async (id: string) =>
  (await db().select({ priceCents: products.priceCents, quantity: products.quantity }).from(products).where(eq(products.id, id)))[0];

describe('a listing with variations', () => {
  it('is listed with its combinations, each with its price, stock, SKU and switch; the listing shows the lowest price on sale and the units on sale', async () => {
    const { listing } = await sellerWithTShirt();
    expect(listing.variations).toEqual(tShirt.variations);
    expect(listing.variants.map(({ id: _id, ...variant }: { id: string }) => variant)).toEqual([
      { options: { Size: 'S', Colour: 'Red' }, label: 'Size: S, Colour: Red', price: 25, quantity: 4, sku: 'TS-S-R', available: true, imageId: null },
      { options: { Size: 'M', Colour: 'Red' }, label: 'Size: M, Colour: Red', price: 27.5, quantity: 1, sku: null, available: true, imageId: null },
      { options: { Size: 'L', Colour: 'Blue' }, label: 'Size: L, Colour: Blue', price: 19, quantity: 9, sku: null, available: false, imageId: null },
    ]);
    // The switched-off combination counts for neither the price nor the stock.
    expect(listing).toMatchObject({ price: 25, quantity: 5, hasVariants: true });
    const page = (await call(null, 'GET', `/api/products/${listing.id}`)).json();
    expect(page).toMatchObject({ price: 25, quantity: 5, hasVariants: true, variations: tShirt.variations });
    const found = (await call(null, 'GET', `/api/products?q=${encodeURIComponent('organic cotton')}&limit=100`)).json();
    expect(found.items.find((item: { id: string }) => item.id === listing.id)).toMatchObject({ price: 25, hasVariants: true });
  });

  it('refuses variants that do not fit the variations, and a price or stock beside variants', async () => {
    const seller = await createUser(db(), { role: 'seller' });
    const authorization = await bearerFor(testApp, seller);
    const refusal = async (payload: object) => {
      const answer = await call(authorization, 'POST', '/api/products', { ...tShirt, category: categorySlug, ...payload });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().error as string;
    };
    expect(await refusal({ variants: [{ options: { Size: 'XL', Colour: 'Red' }, price: 20, quantity: 1 }] })).toContain(
      '"XL" is not one of the options of Size',
    );
    expect(await refusal({ variants: [{ options: { Size: 'S' }, price: 20, quantity: 1 }] })).toContain("Choose the variant's Colour");
    expect(
      await refusal({
        variants: [
          { options: { Size: 'S', Colour: 'Red' }, price: 20, quantity: 1 },
          { options: { Colour: 'Red', Size: 'S' }, price: 21, quantity: 1 },
        ],
      }),
    ).toContain('Size: S, Colour: Red is listed twice');
    expect(await refusal({ variations: [{ name: 'Size', options: ['S', 's'] }], variants: [{ options: { Size: 'S' }, price: 5, quantity: 1 }] })).toContain(
      '"Size" has the option "s" twice',
    );
    expect(await refusal({ price: 20 })).toContain("This listing's price and stock are set per variant");
    expect(await refusal({ variations: undefined })).toContain('Send variations and variants together');
    expect(await refusal({ variants: [{ options: { Size: 'S', Colour: 'Red' }, price: 0.001, quantity: 1 }] })).toContain('Price');
    // Without variants, a price and a stock are still required.
    expect(await refusal({ variations: undefined, variants: undefined })).toContain('Price must be a number');
  });

  it('keeps a combination’s id across edits, drops one taken out, and sets price and stock per variant only', async () => {
    const { authorization, listing } = await sellerWithTShirt();
    const small = variantOf(listing, 'Size: S, Colour: Red');
    const edited = await call(authorization, 'PUT', `/api/products/${listing.id}`, {
      variations: tShirt.variations,
      variants: [
        { options: { Size: 'S', Colour: 'Red' }, price: 22, quantity: 6, sku: 'TS-S-R' },
        { options: { Size: 'S', Colour: 'Blue' }, price: 22, quantity: 2 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json();
    expect(variantOf(after, 'Size: S, Colour: Red')).toMatchObject({ id: small.id, price: 22, quantity: 6 });
    expect(after.variants.map((variant: { label: string }) => variant.label)).toEqual(['Size: S, Colour: Red', 'Size: S, Colour: Blue']);
    expect(after).toMatchObject({ price: 22, quantity: 8 });
    expect(await listingRow(listing.id)).toEqual({ priceCents: 2200, quantity: 8 });

    const price = await call(authorization, 'PUT', `/api/products/${listing.id}`, { price: 30 });
    expect(price.statusCode).toBe(400);
    expect(price.json().error).toContain("This listing's price and stock are set per variant");

    // Stock per variant through the inventory call.
    const noVariant = await call(authorization, 'PATCH', `/api/seller/products/${listing.id}/inventory`, { quantity: 3 });
    expect(noVariant.statusCode).toBe(400);
    expect(noVariant.json().code).toBe('variant_required');
    const restocked = await call(authorization, 'PATCH', `/api/seller/products/${listing.id}/inventory`, { variantId: small.id, restock: 4 });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(variantOf(restocked.json(), 'Size: S, Colour: Red').quantity).toBe(10);
    expect(restocked.json().quantity).toBe(12);
    const other = await call(authorization, 'PATCH', `/api/seller/products/${listing.id}/inventory`, {
      variantId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('invalid_variant');

    // Taken away, the listing has one price and stock again (its last totals), set as before.
    const plain = await call(authorization, 'PUT', `/api/products/${listing.id}`, { variations: [], variants: [] });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ variations: [], variants: [], hasVariants: false, price: 22, quantity: 12 });
    expect((await call(authorization, 'PUT', `/api/products/${listing.id}`, { price: 30 })).json().price).toBe(30);
    expect(await db().select().from(productVariants).where(eq(productVariants.productId, listing.id))).toEqual([]);
  });
});

describe('an edit made while buyers buy', () => {
  it('keeps the stock of a combination whose stock it leaves out (sold meanwhile), and needs the stock of a new one', async () => {
    const { listing, authorization } = await sellerWithTShirt();
    const small = variantOf(listing, 'Size: S, Colour: Red');
    // A buyer takes 3 of the 4 small red ones while the seller's form is open.
    const buyer = await newBuyer();
    expect((await call(buyer, 'POST', '/api/cart/items', { product_id: listing.id, variant_id: small.id, quantity: 3 })).statusCode).toBe(200);
    expect((await checkout(buyer)).statusCode).toBe(201);

    // The seller renames the listing and changes a price; the form sends no stock it did not change.
    const kept = tShirt.variants.map(({ quantity: _quantity, ...variant }) => variant);
    const saved = await call(authorization, 'PUT', `/api/products/${listing.id}`, {
      title: 'Organic cotton T-shirt, heavy',
      variations: tShirt.variations,
      variants: kept,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(variantOf(saved.json(), 'Size: S, Colour: Red')).toMatchObject({ id: small.id, quantity: 1 });
    expect(await listingRow(listing.id)).toEqual({ priceCents: 2500, quantity: 2 });

    const added = await call(authorization, 'PUT', `/api/products/${listing.id}`, {
      variations: [{ name: 'Size', options: ['S', 'M', 'L', 'XL'] }, tShirt.variations[1]],
      variants: [...kept, { options: { Size: 'XL', Colour: 'Red' }, price: 30 }],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().error).toContain('Give Size: XL, Colour: Red its stock: it is a new combination');
    // A new listing always gives each combination its stock.
    const created = await call(authorization, 'POST', '/api/products', { ...tShirt, category: categorySlug, variants: kept });
    expect(created.statusCode).toBe(400);
  });
});

describe('buying a variant', () => {
  it('needs a variant of that listing, on sale; two variants are two cart lines, each with its price and label', async () => {
    const { listing } = await sellerWithTShirt();
    const other = (await sellerWithTShirt()).listing;
    const buyer = await newBuyer();
    const add = (payload: object) => call(buyer, 'POST', '/api/cart/items', { product_id: listing.id, quantity: 1, ...payload });
    const missing = await add({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'variant_required' });
    const foreign = await add({ variant_id: variantOf(other, 'Size: S, Colour: Red').id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'invalid_variant' });
    const switchedOff = await add({ variant_id: variantOf(listing, 'Size: L, Colour: Blue').id });
    expect(switchedOff.json()).toMatchObject({ code: 'invalid_variant' });

    const small = variantOf(listing, 'Size: S, Colour: Red');
    const medium = variantOf(listing, 'Size: M, Colour: Red');
    expect((await add({ variant_id: small.id, quantity: 2 })).statusCode).toBe(200);
    expect((await add({ variant_id: medium.id })).statusCode).toBe(200);
    // The medium has 1 left: a second is refused, the small still has room.
    const beyond = await add({ variant_id: medium.id });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error).toBe('Only 1 left in stock');
    const cart = (await call(buyer, 'GET', '/api/cart')).json();
    // Both lines were made at the same instant of the test clock: in label order.
    const lines = [...cart.items].sort((a: { variant_label: string }, b: { variant_label: string }) => b.variant_label.localeCompare(a.variant_label));
    expect(lines).toEqual([
      expect.objectContaining({
        product_id: listing.id,
        variant_id: small.id,
        variant_label: 'Size: S, Colour: Red',
        quantity: 2,
        price: 25,
        available_quantity: 4,
      }),
      expect.objectContaining({
        product_id: listing.id,
        variant_id: medium.id,
        variant_label: 'Size: M, Colour: Red',
        quantity: 1,
        price: 27.5,
        available_quantity: 1,
      }),
    ]);
    expect(cart.total_price).toBe(77.5);
  });

  it('takes stock per variant: buyers racing for the last unit of one variant, one gets it, while its sibling keeps selling; the order keeps the label', async () => {
    const { listing, authorization: sellerAuthorization } = await sellerWithTShirt();
    const medium = variantOf(listing, 'Size: M, Colour: Red');
    const small = variantOf(listing, 'Size: S, Colour: Red');
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer()));
    for (const buyer of buyers) {
      expect((await call(buyer, 'POST', '/api/cart/items', { product_id: listing.id, variant_id: medium.id, quantity: 1 })).statusCode).toBe(200);
    }
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('out_of_stock');
    }
    const variants = await db().select().from(productVariants).where(eq(productVariants.productId, listing.id));
    expect(variants.find((variant) => variant.id === medium.id)?.quantity).toBe(0);
    expect(await listingRow(listing.id)).toEqual({ priceCents: 2500, quantity: 4 });

    // The sibling sells on; the order item keeps its variant and label.
    const buyerRow = await createUser(db());
    const buyer = await bearerFor(testApp, buyerRow);
    expect((await call(buyer, 'POST', '/api/cart/items', { product_id: listing.id, variant_id: small.id, quantity: 3 })).statusCode).toBe(200);
    const placed = await checkout(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await call(buyer, 'GET', `/api/orders/${placed.json().orderId}`)).json();
    expect(order.items).toEqual([expect.objectContaining({ productId: listing.id, variantLabel: 'Size: S, Colour: Red', price: 25, quantity: 3 })]);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.json().orderId));
    expect(item).toMatchObject({ variantId: small.id, variantLabel: 'Size: S, Colour: Red', priceCents: 2500 });
    expect(await listingRow(listing.id)).toEqual({ priceCents: 2500, quantity: 1 });

    // The label travels: the buyer's confirmation e-mail names the variant, and so do the seller's orders.
    await expect
      .poll(async () =>
        (await db().select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.toUserId, buyerRow.id))).map((mail) => mail.text).join('\n'),
      )
      .toContain('3 × Organic cotton T-shirt (Size: S, Colour: Red)');
    const sellerOrders = (await call(sellerAuthorization, 'GET', '/api/seller/orders')).json();
    expect(JSON.stringify(sellerOrders)).toContain('"variantLabel":"Size: S, Colour: Red"');

    // Analytics' top products: per listing, with the breakdown by variant.
    const top = (await call(sellerAuthorization, 'GET', '/api/analytics/top-products')).json();
    expect(top.products.find((product: { productId: string }) => product.productId === listing.id)?.variants).toEqual([
      { label: 'Size: S, Colour: Red', units: 3, revenue: 75 },
      { label: 'Size: M, Colour: Red', units: 1, revenue: 27.5 },
    ]);

    // The seller sees the label; rejecting gives the units back to that variant, and the listing's total follows.
    const sellerItem = (await call(sellerAuthorization, 'GET', `/api/seller/order-items/${item!.id}`)).json();
    expect(JSON.stringify(sellerItem)).toContain('Size: S, Colour: Red');
    const rejected = await call(sellerAuthorization, 'PATCH', `/api/seller/order-items/${item!.id}`, { status: 'rejected', reason: 'Misprinted' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [smallAfter] = await db().select().from(productVariants).where(eq(productVariants.id, small.id));
    expect(smallAfter?.quantity).toBe(4);
    expect(await listingRow(listing.id)).toEqual({ priceCents: 2500, quantity: 4 });
  });
});

describe('a photo per option', () => {
  /** The T-shirt's variants as the seller's form sends them, each with the photo `photoOf` gives it (left out when undefined). */
  const sendVariants = (photoOf: (options: Record<string, string>) => string | null | undefined) =>
    tShirt.variants.map((variant) => {
      const photo = photoOf(variant.options);
      return { ...variant, ...(photo === undefined ? {} : { imageId: photo }) };
    });
  const photoOfRow = async (productId: string, position: number) =>
    (
      await db()
        .insert(productImages)
        .values({
          productId,
          fileKey: `products/${productId}/p${position}.webp`,
          thumbnailKey: `products/${productId}/p${position}-thumb.webp`,
          name: `p${position}.webp`,
          position,
        })
        .returning()
    )[0]!;

  it('shows a combination its listing’s photo, keeps it when left out, takes it away with null, and reads none once the photo is deleted', async () => {
    const { authorization, listing } = await sellerWithTShirt();
    const [red, blue] = [await photoOfRow(listing.id, 0), await photoOfRow(listing.id, 1)];
    const put = (variants: object[]) => call(authorization, 'PUT', `/api/products/${listing.id}`, { variations: tShirt.variations, variants });
    const photos = (answer: { variants: { label: string; imageId: string | null }[] }) =>
      Object.fromEntries(answer.variants.map((variant) => [variant.label, variant.imageId]));

    // A photo per colour: every red combination shows the red photo.
    const chosen = await put(sendVariants((options) => (options.Colour === 'Red' ? red.id : blue.id)));
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(photos(chosen.json())).toEqual({ 'Size: S, Colour: Red': red.id, 'Size: M, Colour: Red': red.id, 'Size: L, Colour: Blue': blue.id });
    expect(photos((await call(null, 'GET', `/api/products/${listing.id}`)).json())).toEqual(photos(chosen.json()));

    // The buyer's cart line shows the chosen combination's photo.
    const buyer = await newBuyer();
    const cart = await call(buyer, 'POST', '/api/cart/items', {
      product_id: listing.id,
      variant_id: variantOf(listing, 'Size: S, Colour: Red').id,
      quantity: 1,
    });
    expect(cart.json().items[0].image).toContain(`p0-thumb.webp`);

    expect(photos((await put(sendVariants(() => undefined))).json())).toEqual(photos(chosen.json()));
    const removed = await put(sendVariants((options) => (options.Colour === 'Red' ? null : undefined)));
    expect(photos(removed.json())).toEqual({ 'Size: S, Colour: Red': null, 'Size: M, Colour: Red': null, 'Size: L, Colour: Blue': blue.id });

    await db().delete(productImages).where(eq(productImages.id, blue.id));
    expect(photos((await call(null, 'GET', `/api/products/${listing.id}`)).json())['Size: L, Colour: Blue']).toBeNull();
  });

  it('refuses a photo that is not the listing’s own, naming the combination, and any photo on a new listing', async () => {
    const { authorization, listing } = await sellerWithTShirt();
    const other = await sellerWithTShirt();
    const theirs = await photoOfRow(other.listing.id, 0);
    const refused = await call(authorization, 'PUT', `/api/products/${listing.id}`, {
      variations: tShirt.variations,
      variants: sendVariants((options) => (options.Size === 'M' ? theirs.id : undefined)),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('Choose one of this listing’s photos');
    expect(refused.json().issues).toEqual([{ path: 'variants.1.imageId', message: 'Choose one of this listing’s photos' }]);

    const created = await call(authorization, 'POST', '/api/products', { ...tShirt, category: categorySlug, variants: sendVariants(() => theirs.id) });
    expect(created.statusCode).toBe(400);
  });
});

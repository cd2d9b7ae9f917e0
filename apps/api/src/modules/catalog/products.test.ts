import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory, createProduct, createProductImageRow, type CategoryRow } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';

let testApp: TestApp;
let seller: UserRecord;
let otherSeller: UserRecord;
let buyer: UserRecord;
let admin: UserRecord;
const tokens = new Map<string, string>();

async function login(user: UserRecord): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  seller = await createUser(db, { role: 'seller', companyName: 'Acme Audio' });
  otherSeller = await createUser(db, { role: 'seller', companyName: 'Other Goods' });
  buyer = await createUser(db, { role: 'buyer' });
  admin = await createUser(db, { role: 'admin' });
  for (const user of [seller, otherSeller, buyer, admin]) tokens.set(user.id, await login(user));
});
afterAll(async () => {
  await testApp?.close();
});

const auth = (user?: UserRecord) => (user ? { authorization: `Bearer ${tokens.get(user.id)}` } : {});
const get = (url: string, user?: UserRecord) => testApp.app.inject({ method: 'GET', url, headers: auth(user) });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, user?: UserRecord) =>
  testApp.app.inject({ method, url, payload, headers: auth(user) });
const titlesOf = (response: { json(): { items: { title: string }[] } }) => response.json().items.map((item) => item.title);

describe('GET /api/products/:id (public product page)', () => {
  let category: CategoryRow;

  beforeAll(async () => {
    category = await createCategory(testApp.database.db);
  });

  it('never shows hidden listings publicly, but shows them to their seller and admins', async () => {
    const hidden = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id }, { title: 'Secret Prototype', status: 'hidden' });
    expect(titlesOf(await get('/api/products?q=secret%20prototype'))).toEqual([]);
    expect((await get(`/api/products/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${hidden.id}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/products/${hidden.id}`, otherSeller)).statusCode).toBe(404);
    expect((await get(`/api/products/${hidden.id}`, seller)).json()).toMatchObject({ id: hidden.id, status: 'hidden' });
    expect((await get(`/api/products/${hidden.id}`, admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await get('/api/products/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/products/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST and PUT /api/products (seller listings)', () => {
  let category: CategoryRow;
  const valid = () => ({
    title: 'Vintage Film Camera',
    description: 'Fully working, with a new light seal.',
    category: category.slug,
    price: 249.5,
    quantity: 3,
    condition: 'good',
  });

  beforeAll(async () => {
    category = await createCategory(testApp.database.db, { name: 'Cameras', slug: 'cameras' });
  });

  it('creates a listing and answers 201 with the product in dollars', async () => {
    const response = await send('POST', '/api/products', { ...valid(), retipLabel: 'Gift wrapping', retipPrice: 4.99, weightOunces: 40 }, seller);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      title: 'Vintage Film Camera',
      price: 249.5,
      quantity: 3,
      condition: 'good',
      // A draft until its first photo (listing-drafts.test.ts).
      status: 'hidden',
      category: { slug: 'cameras', name: 'Cameras' },
      seller: { id: seller.id, companyName: 'Acme Audio' },
      retip: { label: 'Gift wrapping', price: 4.99 },
      weightOunces: 40,
      images: [],
      image: null,
    });
    const [row] = await testApp.database.db.select().from(products).where(eq(products.id, body.id));
    expect(row).toMatchObject({ priceCents: 24950, retipPriceCents: 499, sellerId: seller.id });
    expect((await get(`/api/products/${body.id}`, seller)).json().quantity).toBe(3);
  });

  it.each([
    ['a price with 3 decimals', { price: 19.999 }, 'price'],
    ['a zero price', { price: 0 }, 'price'],
    ['a negative quantity', { quantity: -1 }, 'quantity'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity'],
    ['a short title', { title: 'ab' }, 'title'],
    ['an unknown condition', { condition: 'broken' }, 'condition'],
    ['an add-on name without a price', { retipLabel: 'Gift wrap' }, 'retipPrice'],
  ])('refuses %s with 400 and an issue on the field', async (_label, change, path) => {
    const response = await send('POST', '/api/products', { ...valid(), ...change }, seller);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it.each([
    [{ price: 1e-9 }, 'price', 'Price must be at least $0.01'],
    [{ price: 10.005 }, 'price', 'Price must be in whole cents (at most 2 decimals)'],
    [{ price: 1e300 }, 'price', 'Price must be at most $1,000,000.00'],
    [{ retipLabel: 'Gift wrapping', retipPrice: 0.001 }, 'retipPrice', 'Add-on price must be in whole cents (at most 2 decimals)'],
    [{ retipLabel: 'Gift wrapping', retipPrice: -0.01 }, 'retipPrice', 'Add-on price cannot be negative'],
  ])('refuses the money %j with 400 { error, code } naming the field, and saves nothing', async (change, path, message) => {
    const countListings = async () => (await testApp.database.db.select({ id: products.id }).from(products).where(eq(products.sellerId, seller.id))).length;
    const before = await countListings();
    const response = await send('POST', '/api/products', { ...valid(), ...change }, seller);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `Invalid request — ${path}: ${message}`, code: 'validation_failed', issues: [{ path, message }] });
    expect(await countListings()).toBe(before);
  });

  it('keeps whole cents exact, takes a free add-on, and refuses a fraction of a cent on an edit', async () => {
    const created = await send('POST', '/api/products', { ...valid(), price: 0.07, retipLabel: 'Gift wrapping', retipPrice: 0 }, seller);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ price: 0.07, retip: { label: 'Gift wrapping', price: 0 } });
    const id = created.json().id as string;
    for (const change of [{ price: 1e-9 }, { price: 19.999 }, { retipPrice: 4.995 }]) {
      const edited = await send('PUT', `/api/products/${id}`, change, seller);
      expect(edited.statusCode, JSON.stringify(change)).toBe(400);
      expect(edited.json()).toMatchObject({ code: 'validation_failed', issues: [{ path: Object.keys(change)[0] }] });
    }
    const [row] = await testApp.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceCents: 7, retipPriceCents: 0 });
  });

  it.each(['title', 'description', 'category', 'price', 'quantity', 'condition'])('refuses a listing without %s', async (field) => {
    const payload: Record<string, unknown> = valid();
    delete payload[field];
    const response = await send('POST', '/api/products', payload, seller);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('refuses an unknown category with 400 on the category field', async () => {
    const response = await send('POST', '/api/products', { ...valid(), category: 'no-such-slug' }, seller);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'category', message: 'Choose one of the listed categories' }]);
  });

  it('lets only sellers create: buyer 403, admin 403, nobody 401', async () => {
    expect((await send('POST', '/api/products', valid(), buyer)).statusCode).toBe(403);
    expect((await send('POST', '/api/products', valid(), admin)).statusCode).toBe(403);
    expect((await send('POST', '/api/products', valid())).statusCode).toBe(401);
  });

  it('updates only the fields sent, removes the add-on with nulls, and checks the add-on pair', async () => {
    const created = (await send('POST', '/api/products', { ...valid(), retipLabel: 'Cleaning', retipPrice: 10 }, seller)).json();
    const updated = await send('PUT', `/api/products/${created.id}`, { price: 199, title: 'Vintage Film Camera (serviced)' }, seller);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ price: 199, title: 'Vintage Film Camera (serviced)', quantity: 3, retip: { label: 'Cleaning', price: 10 } });

    const removed = await send('PUT', `/api/products/${created.id}`, { retipLabel: null, retipPrice: null }, seller);
    expect(removed.json().retip).toBeNull();
    const half = await send('PUT', `/api/products/${created.id}`, { retipPrice: 5 }, seller);
    expect(half.statusCode).toBe(400);
    expect(half.json().issues).toEqual([{ path: 'retipLabel', message: 'Give the add-on both a name and a price, or neither' }]);
    expect((await send('PUT', `/api/products/${created.id}`, { price: -3 }, seller)).statusCode).toBe(400);
    expect((await send('PUT', `/api/products/${created.id}`, { category: 'nope' }, seller)).statusCode).toBe(400);
  });

  it("answers 404 for another seller's listing and 403 for a buyer, changing nothing", async () => {
    const created = (await send('POST', '/api/products', valid(), seller)).json();
    const byOther = await send('PUT', `/api/products/${created.id}`, { price: 1 }, otherSeller);
    expect(byOther.statusCode).toBe(404);
    expect((await send('PUT', `/api/products/${created.id}`, { price: 1 }, buyer)).statusCode).toBe(403);
    expect((await get(`/api/products/${created.id}`, seller)).json().price).toBe(249.5);
  });
});

describe('seller listings and inventory', () => {
  let category: CategoryRow;
  let mine: { id: string }[];

  beforeAll(async () => {
    const db = testApp.database.db;
    category = await createCategory(db);
    const inventorySeller = seller;
    mine = [
      await createProduct(db, { sellerId: inventorySeller.id, categoryId: category.id }, { title: 'Inventory Low Lamp', quantity: 2 }),
      await createProduct(db, { sellerId: inventorySeller.id, categoryId: category.id }, { title: 'Inventory Empty Lamp', quantity: 0 }),
      await createProduct(db, { sellerId: inventorySeller.id, categoryId: category.id }, { title: 'Inventory Full Lamp', quantity: 50 }),
      await createProduct(db, { sellerId: inventorySeller.id, categoryId: category.id }, { title: 'Inventory Hidden Lamp', quantity: 5, status: 'hidden' }),
    ];
    await createProduct(db, { sellerId: otherSeller.id, categoryId: category.id }, { title: 'Inventory Other Lamp', quantity: 1 });
  });

  it('lists only the seller’s own listings, hidden ones included, with a low-stock flag', async () => {
    const response = await get('/api/seller/products?q=inventory%20lamp&limit=100', seller);
    expect(response.statusCode).toBe(200);
    const items: { title: string; isLowStock: boolean }[] = response.json().items;
    const flags = Object.fromEntries(items.map((item) => [item.title, item.isLowStock]));
    expect(flags).toEqual({ 'Inventory Low Lamp': true, 'Inventory Empty Lamp': false, 'Inventory Full Lamp': false, 'Inventory Hidden Lamp': true });
  });

  it('filters by low stock and by status', async () => {
    const low = (await get('/api/seller/products?q=inventory%20lamp&lowStock=true', seller)).json();
    expect(low.items.map((item: { title: string }) => item.title).sort()).toEqual(['Inventory Hidden Lamp', 'Inventory Low Lamp']);
    const hidden = (await get('/api/seller/products?q=inventory%20lamp&status=hidden', seller)).json();
    expect(hidden.items.map((item: { title: string }) => item.title)).toEqual(['Inventory Hidden Lamp']);
    expect((await get('/api/seller/products', buyer)).statusCode).toBe(403);
  });

  it('sets the stock with { quantity } and adds to it with { restock }', async () => {
    const id = mine[0]!.id;
    const set = await send('PATCH', `/api/seller/products/${id}/inventory`, { quantity: 7 }, seller);
    expect(set.statusCode).toBe(200);
    expect(set.json().quantity).toBe(7);
    const restocked = await send('PATCH', `/api/seller/products/${id}/inventory`, { restock: 3 }, seller);
    expect(restocked.json().quantity).toBe(10);
    expect((await send('PATCH', `/api/seller/products/${id}/inventory`, { quantity: 0 }, seller)).json().quantity).toBe(0);
  });

  it.each([[{}], [{ quantity: 1, restock: 1 }], [{ quantity: -1 }], [{ restock: 0 }], [{ restock: 1.5 }]])('refuses %j with 400', async (payload) => {
    const response = await send('PATCH', `/api/seller/products/${mine[2]!.id}/inventory`, payload, seller);
    expect(response.statusCode).toBe(400);
  });

  it("answers 404 for another seller's listing", async () => {
    expect((await send('PATCH', `/api/seller/products/${mine[2]!.id}/inventory`, { quantity: 1 }, otherSeller)).statusCode).toBe(404);
    expect((await get(`/api/products/${mine[2]!.id}`)).json().quantity).toBe(50);
  });
});

describe('admin catalogue and commission', () => {
  let category: CategoryRow;

  beforeAll(async () => {
    category = await createCategory(testApp.database.db, { name: 'Admin Toys', slug: 'admin-toys', commissionRateBasisPoints: 1250 });
  });

  it('hides and restores a listing; hidden listings leave public search but stay in the admin list', async () => {
    const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id }, { title: 'Admin Kite Deluxe' });
    // Only a listing with a photo can be live again.
    await createProductImageRow(testApp.database.db, product.id);
    const hide = await send('PATCH', `/api/admin/products/${product.id}`, { status: 'hidden' }, admin);
    expect(hide.statusCode).toBe(200);
    expect(hide.json().status).toBe('hidden');
    expect(titlesOf(await get('/api/products?category=admin-toys'))).toEqual([]);
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);

    const hiddenList = (await get('/api/admin/products?status=hidden&q=admin%20kite', admin)).json();
    expect(hiddenList.items.map((item: { id: string }) => item.id)).toEqual([product.id]);

    expect((await send('PATCH', `/api/admin/products/${product.id}`, { status: 'active' }, admin)).json().status).toBe('active');
    expect(titlesOf(await get('/api/products?category=admin-toys'))).toEqual(['Admin Kite Deluxe']);
  });

  it('keeps the admin calls for admins', async () => {
    const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id });
    expect((await send('PATCH', `/api/admin/products/${product.id}`, { status: 'hidden' }, seller)).statusCode).toBe(403);
    expect((await get('/api/admin/products', buyer)).statusCode).toBe(403);
    expect((await send('PATCH', `/api/admin/products/${product.id}`, { status: 'gone' }, admin)).statusCode).toBe(400);
    expect((await send('PATCH', '/api/admin/products/00000000-0000-4000-8000-000000000000', { status: 'hidden' }, admin)).statusCode).toBe(404);
  });

  it('lists commission rates in percent with the category name', async () => {
    const response = await get('/api/admin/commission', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toContainEqual({ category: 'Admin Toys', commission_rate: 12.5, slug: 'admin-toys' });
    expect((await get('/api/admin/commission', seller)).statusCode).toBe(403);
  });

  it('sets a rate from 0 to 100 with at most 2 decimals, stored as basis points', async () => {
    const response = await send('PUT', '/api/admin/commission/admin-toys', { commission_rate: 7.25 }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { category: 'Admin Toys', commission_rate: 7.25, slug: 'admin-toys' } });
    const [row] = await testApp.database.db.select().from(categories).where(eq(categories.slug, 'admin-toys'));
    expect(row?.commissionRateBasisPoints).toBe(725);
    expect((await send('PUT', '/api/admin/commission/admin-toys', { commission_rate: 0 }, admin)).json().data.commission_rate).toBe(0);
    expect((await send('PUT', '/api/admin/commission/admin-toys', { commission_rate: 100 }, admin)).json().data.commission_rate).toBe(100);
  });

  it.each([[-0.01], [100.01], [12.345], ['12']])('refuses a rate of %j with 400', async (rate) => {
    const response = await send('PUT', '/api/admin/commission/admin-toys', { commission_rate: rate }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('commission_rate');
  });

  it('answers 404 for an unknown category and 403 for non-admins', async () => {
    expect((await send('PUT', '/api/admin/commission/no-such-category', { commission_rate: 5 }, admin)).statusCode).toBe(404);
    expect((await send('PUT', '/api/admin/commission/admin-toys', { commission_rate: 5 }, seller)).statusCode).toBe(403);
  });
});

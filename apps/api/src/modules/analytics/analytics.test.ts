import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';

// The analytics dashboard's calls. One marketplace, "now" = 2026-01-15 12:00 UTC:
//   o1 Jan 15  Rake ×2 @ $15 (approved, Alice), Novel ×1 @ $20 (pending, Bob)
//   o2 Jan 10  Seed guide ×1 @ $10 (shipped, Alice), Rake ×1 @ $15 (rejected: not a sale)
//   o3 Dec 20  Rake ×1 @ $15 (delivered)
//   o4 Dec 1   Rake ×3 @ $15 (completed), Novel ×1 @ $20 (cancelled: not a sale)

let testApp: TestApp;
const auth: Record<'admin' | 'alice' | 'bob' | 'buyer', string> = { admin: '', alice: '', bob: '', buyer: '' };
const ids = { alice: '', bob: '', rake: '', guide: '', novel: '' };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(at('2026-01-15T12:00:00Z'));
  const db = testApp.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const buyer = await createUser(db, { role: 'buyer' });
  const alice = await createUser(db, { role: 'seller', firstName: 'Alice', lastName: 'Green', companyName: 'Green Thumb Co' });
  const bob = await createUser(db, { role: 'seller', firstName: 'Bob', lastName: 'Stone', companyName: 'Stone Reads' });
  const garden = await createCategory(db, { name: 'Garden tools', slug: 'garden-tools' });
  const books = await createCategory(db, { name: 'Books', slug: 'books' });
  const rake = await createProduct(db, { sellerId: alice.id, categoryId: garden.id, title: 'Rake' });
  const guide = await createProduct(db, { sellerId: alice.id, categoryId: books.id, title: 'Seed guide' });
  const novel = await createProduct(db, { sellerId: bob.id, categoryId: books.id, title: 'Novel' });
  Object.assign(ids, { alice: alice.id, bob: bob.id, rake: rake.id, guide: guide.id, novel: novel.id });

  await createOrder(db, {
    buyerId: buyer.id,
    createdAt: at('2026-01-15T10:00:00Z'),
    items: [
      { product: rake, quantity: 2, priceCents: 1500, status: 'approved' },
      { product: novel, quantity: 1, priceCents: 2000, status: 'pending' },
    ],
  });
  await createOrder(db, {
    buyerId: buyer.id,
    createdAt: at('2026-01-10T09:00:00Z'),
    items: [
      { product: guide, priceCents: 1000, status: 'shipped' },
      { product: rake, priceCents: 1500, status: 'rejected' },
    ],
  });
  await createOrder(db, { buyerId: buyer.id, createdAt: at('2025-12-20T08:00:00Z'), items: [{ product: rake, priceCents: 1500, status: 'delivered' }] });
  await createOrder(db, {
    buyerId: buyer.id,
    createdAt: at('2025-12-01T08:00:00Z'),
    items: [
      { product: rake, quantity: 3, priceCents: 1500, status: 'completed' },
      { product: novel, priceCents: 2000, status: 'cancelled' },
    ],
  });

  auth.admin = await bearerFor(testApp, admin);
  auth.buyer = await bearerFor(testApp, buyer);
  auth.alice = await bearerFor(testApp, alice);
  auth.bob = await bearerFor(testApp, bob);
});

afterAll(async () => {
  await testApp.close();
});

async function get(who: keyof typeof auth | null, url: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: who ? { authorization: auth[who] } : {} });
  return { status: response.statusCode, body: response.json() };
}

describe('access', () => {
  it.each(['/api/analytics/sales-over-time', '/api/analytics/top-products', '/api/analytics/orders-by-status', '/api/analytics/summary'])(
    '%s: 401 without a token, 403 for buyers',
    async (url) => {
      expect((await get(null, url)).status).toBe(401);
      expect((await get('buyer', url)).status).toBe(403);
      expect((await get('alice', url)).status).toBe(200);
      expect((await get('admin', url)).status).toBe(200);
    },
  );

  it('rejects bad parameters with clear messages', async () => {
    expect(await get('admin', '/api/analytics/sales-over-time?page=0')).toMatchObject({
      status: 400,
      body: { error: 'Invalid request — page: Page must be at least 1' },
    });
    expect(await get('admin', '/api/analytics/top-products?page=abc')).toMatchObject({
      status: 400,
      body: { error: 'Invalid request — page: Page must be a number' },
    });
    expect(await get('admin', '/api/analytics/orders-by-status?page=1.5')).toMatchObject({
      status: 400,
      body: { error: 'Invalid request — page: Page must be a whole number' },
    });
    expect(await get('admin', '/api/analytics/summary?days=14')).toMatchObject({
      status: 400,
      body: { error: 'Invalid request — days: Days must be one of 7, 30, 90, 365' },
    });
    expect(await get('admin', `/api/analytics/top-products?category=${'x'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { error: 'Invalid request — category: Category filter must be at most 100 characters' },
    });
  });
});

describe('GET /api/analytics/sales-over-time', () => {
  it('gives 30 daily points for the latest 30 days, then the 30 before', async () => {
    const { body } = await get('admin', '/api/analytics/sales-over-time');
    expect(body).toMatchObject({ page: 1, from: '2025-12-17', to: '2026-01-15', totals: { revenue: 75, orders: 3 }, hasMore: true });
    expect(body.points).toHaveLength(30);
    expect(body.points.at(-1)).toEqual({ date: '2026-01-15', revenue: 50, orders: 1 });
    expect(body.points.find((point: { date: string }) => point.date === '2026-01-10')).toEqual({ date: '2026-01-10', revenue: 10, orders: 1 });
    expect(body.points.find((point: { date: string }) => point.date === '2025-12-20')).toEqual({ date: '2025-12-20', revenue: 15, orders: 1 });

    const second = (await get('admin', '/api/analytics/sales-over-time?page=2')).body;
    expect(second).toMatchObject({ page: 2, from: '2025-11-17', to: '2025-12-16', totals: { revenue: 45, orders: 1 }, hasMore: false });
    expect(second.points.find((point: { date: string }) => point.date === '2025-12-01')).toEqual({ date: '2025-12-01', revenue: 45, orders: 1 });
  });

  it('filters by seller name or company and by category name or slug, case-insensitively', async () => {
    expect((await get('admin', '/api/analytics/sales-over-time?seller=STONE')).body.totals).toEqual({ revenue: 20, orders: 1 });
    expect((await get('admin', '/api/analytics/sales-over-time?seller=thumb')).body.totals).toEqual({ revenue: 55, orders: 3 });
    expect((await get('admin', '/api/analytics/sales-over-time?seller=alice%20gr')).body.totals).toEqual({ revenue: 55, orders: 3 });
    expect((await get('admin', '/api/analytics/sales-over-time?category=BOOK')).body.totals).toEqual({ revenue: 30, orders: 2 });
    expect((await get('admin', '/api/analytics/sales-over-time?category=garden-t')).body.totals).toEqual({ revenue: 45, orders: 2 });
    // LIKE wildcards typed by the user match themselves only.
    expect((await get('admin', '/api/analytics/sales-over-time?seller=%25')).body.totals).toEqual({ revenue: 0, orders: 0 });
  });

  it('shows a seller only their own sales, whatever seller filter they send', async () => {
    const bob = (await get('bob', '/api/analytics/sales-over-time?seller=alice')).body;
    expect(bob).toMatchObject({ totals: { revenue: 20, orders: 1 }, hasMore: false });
    expect(bob.points.at(-1)).toEqual({ date: '2026-01-15', revenue: 20, orders: 1 });
    expect((await get('alice', '/api/analytics/sales-over-time?seller=stone')).body).toMatchObject({ totals: { revenue: 55, orders: 3 }, hasMore: true });
  });
});

describe('GET /api/analytics/top-products', () => {
  it('ranks products by revenue with units and orders', async () => {
    const { body } = await get('admin', '/api/analytics/top-products');
    expect(body.products).toEqual([
      { productId: ids.rake, title: 'Rake', seller: { id: ids.alice, name: 'Green Thumb Co' }, units: 6, revenue: 90, orders: 3, variants: [] },
      { productId: ids.novel, title: 'Novel', seller: { id: ids.bob, name: 'Stone Reads' }, units: 1, revenue: 20, orders: 1, variants: [] },
      { productId: ids.guide, title: 'Seed guide', seller: { id: ids.alice, name: 'Green Thumb Co' }, units: 1, revenue: 10, orders: 1, variants: [] },
    ]);
    expect(body.pagination).toEqual({ page: 1, limit: 10, totalPages: 1, totalItems: 3 });
    expect(
      (await get('admin', '/api/analytics/top-products?category=books&seller=green')).body.products.map((product: { title: string }) => product.title),
    ).toEqual(['Seed guide']);
  });

  it('never shows a seller another seller’s products', async () => {
    const { body } = await get('bob', '/api/analytics/top-products?seller=green');
    expect(body.products).toEqual([
      { productId: ids.novel, title: 'Novel', seller: { id: ids.bob, name: 'Stone Reads' }, units: 1, revenue: 20, orders: 1, variants: [] },
    ]);
  });
});

describe('GET /api/analytics/orders-by-status', () => {
  it('counts items per status, zeros included', async () => {
    const { body } = await get('admin', '/api/analytics/orders-by-status?page=3');
    expect(body).toEqual({
      page: 3,
      total: 7,
      statuses: [
        { status: 'pending', count: 1 },
        { status: 'approved', count: 1 },
        { status: 'rejected', count: 1 },
        { status: 'shipped', count: 1 },
        { status: 'delivered', count: 1 },
        { status: 'completed', count: 1 },
        { status: 'partially_refunded', count: 0 },
        { status: 'refunded', count: 0 },
        { status: 'cancelled', count: 1 },
      ],
    });
  });

  it('scopes a seller to their items and applies the category filter', async () => {
    const bob = (await get('bob', '/api/analytics/orders-by-status?seller=green')).body;
    expect(bob.total).toBe(2);
    expect(bob.statuses.filter((entry: { count: number }) => entry.count > 0)).toEqual([
      { status: 'pending', count: 1 },
      { status: 'cancelled', count: 1 },
    ]);
    expect((await get('alice', '/api/analytics/orders-by-status?category=books')).body.total).toBe(1);
  });
});

describe('GET /api/analytics/summary', () => {
  it('totals the last 30 days by default and compares with the 30 before', async () => {
    expect((await get('admin', '/api/analytics/summary')).body).toEqual({
      days: 30,
      from: '2025-12-17',
      to: '2026-01-15',
      current: { revenue: 75, orders: 3, itemsSold: 5, averageOrderValue: 25 },
      previous: { revenue: 45, orders: 1, itemsSold: 3, averageOrderValue: 45 },
      change: { revenue: 66.7, orders: 200, itemsSold: 66.7, averageOrderValue: -44.4 },
    });
  });

  it('gives null changes when the previous period had nothing', async () => {
    expect((await get('admin', '/api/analytics/summary?days=7')).body).toMatchObject({
      from: '2026-01-09',
      current: { revenue: 60, orders: 2, itemsSold: 4, averageOrderValue: 30 },
      previous: { revenue: 0, orders: 0, itemsSold: 0, averageOrderValue: 0 },
      change: { revenue: null, orders: null, itemsSold: null, averageOrderValue: null },
    });
  });

  it('filters an admin by seller and keeps a seller to their own figures', async () => {
    const alice = {
      current: { revenue: 55, orders: 3, itemsSold: 4, averageOrderValue: 18.33 },
      previous: { revenue: 45, orders: 1, itemsSold: 3, averageOrderValue: 45 },
      change: { revenue: 22.2, orders: 200, itemsSold: 33.3, averageOrderValue: -59.3 },
    };
    expect((await get('admin', '/api/analytics/summary?seller=green%20thumb')).body).toMatchObject(alice);
    expect((await get('alice', '/api/analytics/summary?seller=stone')).body).toMatchObject(alice);
    expect((await get('bob', '/api/analytics/summary?seller=alice&days=90')).body).toMatchObject({
      days: 90,
      current: { revenue: 20, orders: 1, itemsSold: 1, averageOrderValue: 20 },
      change: { revenue: null, orders: null, itemsSold: null, averageOrderValue: null },
    });
  });
});

describe('top products paging', () => {
  it('pages 10 at a time', async () => {
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller', companyName: 'Sticker Barn' });
    const buyer = await createUser(db, { role: 'buyer' });
    const stickers = await createCategory(db, { name: 'Stickers', slug: 'stickers' });
    for (let index = 1; index <= 11; index += 1) {
      const product = await createProduct(db, { sellerId: seller.id, categoryId: stickers.id, title: `Sticker ${String(index).padStart(2, '0')}` });
      await createOrder(db, { buyerId: buyer.id, createdAt: at('2026-01-14T10:00:00Z'), items: [{ product, priceCents: 100 * index, status: 'approved' }] });
    }
    const first = (await get('admin', '/api/analytics/top-products?category=sticker')).body;
    expect(first.products).toHaveLength(10);
    expect(first.products[0]).toMatchObject({ title: 'Sticker 11', revenue: 11 });
    expect(first.pagination).toEqual({ page: 1, limit: 10, totalPages: 2, totalItems: 11 });
    const second = (await get('admin', '/api/analytics/top-products?category=sticker&page=2')).body;
    expect(second.products.map((product: { title: string }) => product.title)).toEqual(['Sticker 01']);
    expect((await get('admin', '/api/analytics/top-products?category=sticker&page=3')).body.products).toEqual([]);
  });
});

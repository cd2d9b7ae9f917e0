import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory, createOrder, createPayment, createProduct, createRefund } from '../../../test/factories-orders';
import type { UserRecord } from '../users';

let testApp: TestApp;
let adminToken: string;
let buyer: UserRecord;
let otherBuyer: UserRecord;
let seller: UserRecord;
let orderIds: string[];
let refundedItemId: string;
let rejectedItemId: string;

let address = 0;
async function tokenOf(user: UserRecord) {
  address += 1;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: FACTORY_PASSWORD },
    remoteAddress: `10.50.0.${address}`,
  });
  return `Bearer ${response.json().token}`;
}
const get = (url: string, authorization?: string) => testApp.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const day = (n: number) => new Date(Date.UTC(2026, 1, n, 9));

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  adminToken = await tokenOf(await createUser(db, { role: 'admin' }));
  buyer = await createUser(db, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test' });
  otherBuyer = await createUser(db, { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.test' });
  seller = await createUser(db, { role: 'seller', firstName: 'Sam', lastName: 'Seller', companyName: 'Sam & Co' });
  const category = await createCategory(db);
  const lamp = await createProduct(
    db,
    { sellerId: seller.id, categoryId: category.id, title: 'Brass lamp', priceCents: 2500 },
    { imageKey: 'products/lamp/cover.webp' },
  );
  const chair = await createProduct(db, { sellerId: seller.id, categoryId: category.id, title: 'Oak chair', priceCents: 4000 });

  // Six orders over six days: Grace has four, Alan two.
  const statuses = ['pending', 'processing', 'shipped', 'completed', 'cancelled', 'pending'] as const;
  orderIds = [];
  for (let index = 0; index < 6; index += 1) {
    const { order } = await createOrder(db, {
      buyerId: index % 3 === 2 ? otherBuyer.id : buyer.id,
      createdAt: day(index + 1),
      status: statuses[index],
      items: [{ product: lamp, quantity: index + 1, priceCents: 2500 }],
    });
    orderIds.push(order.id);
  }
  // The detailed order: a lamp with the add-on, approved; a chair rejected and refunded with its share of shipping.
  const detailed = await createOrder(db, {
    buyerId: buyer.id,
    createdAt: day(10),
    status: 'processing',
    shippingCents: 599,
    items: [
      { product: lamp, quantity: 2, priceCents: 2500, retipPriceCents: 350, status: 'approved', sellerPaid: true },
      { product: chair, quantity: 1, priceCents: 4000, status: 'refunded', rejectionReason: 'Scratched in storage', updatedAt: day(12) },
    ],
  });
  orderIds.push(detailed.order.id);
  refundedItemId = detailed.items[1]!.id;
  const payment = await createPayment(db, detailed.order, 4300);
  await createRefund(db, { paymentId: payment.id, orderItemId: refundedItemId, amountCents: 4300, reason: 'Scratched in storage' });
  const rejected = await createOrder(db, {
    buyerId: otherBuyer.id,
    createdAt: day(11),
    items: [{ product: chair, quantity: 1, priceCents: 4000, status: 'rejected', rejectionReason: 'Out of stock', updatedAt: day(11) }],
  });
  rejectedItemId = rejected.items[0]!.id;
  orderIds.push(rejected.order.id);
});
afterAll(async () => {
  await testApp?.close();
});

describe('admin order endpoints refuse everyone but admins', () => {
  it('answers 401 anonymously and 403 to buyers and sellers', async () => {
    const buyerToken = await tokenOf(buyer);
    const sellerToken = await tokenOf(seller);
    for (const url of ['/api/admin/orders', `/api/admin/orders/${orderIds[0]}`, '/api/admin/order-items?status=rejected']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, buyerToken)).statusCode, url).toBe(403);
      expect((await get(url, sellerToken)).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/admin/orders', () => {
  it('lists every order newest first with the buyer, units and total, in pages', async () => {
    const first = (await get('/api/admin/orders?limit=3', adminToken)).json();
    expect(first.pagination).toEqual({ page: 1, limit: 3, totalPages: 3, totalItems: 8 });
    expect(first.orders.map((order: { id: string }) => order.id)).toEqual([orderIds[7], orderIds[6], orderIds[5]]);
    expect(first.orders[1]).toEqual({
      id: orderIds[6],
      createdAt: day(10).toISOString(),
      status: 'processing',
      buyer: { id: buyer.id, fullName: 'Grace Hopper', email: 'grace@navy.test' },
      itemsCount: 3,
      total: 99.49,
    });
    const last = (await get('/api/admin/orders?limit=3&page=3', adminToken)).json();
    expect(last.orders.map((order: { id: string }) => order.id)).toEqual([orderIds[1], orderIds[0]]);
    const beyond = (await get('/api/admin/orders?limit=3&page=9', adminToken)).json();
    expect(beyond.orders).toEqual([]);
  });

  it('filters by status and searches by order id prefix, buyer name or email', async () => {
    const pending = (await get('/api/admin/orders?status=pending', adminToken)).json();
    expect(pending.orders.map((order: { id: string }) => order.id)).toEqual([orderIds[7], orderIds[5], orderIds[0]]);

    const byShortId = (await get(`/api/admin/orders?q=%23${orderIds[3]!.slice(0, 8).toUpperCase()}`, adminToken)).json();
    expect(byShortId.orders.map((order: { id: string }) => order.id)).toEqual([orderIds[3]]);
    const byName = (await get('/api/admin/orders?q=alan%20tur', adminToken)).json();
    expect(byName.orders.map((order: { id: string }) => order.id)).toEqual([orderIds[7], orderIds[5], orderIds[2]]);
    const byEmail = (await get('/api/admin/orders?q=NAVY.test&status=processing', adminToken)).json();
    expect(byEmail.orders.map((order: { id: string }) => order.id)).toEqual([orderIds[6], orderIds[1]]);
    expect(byEmail.pagination.totalItems).toBe(2);
    expect((await get('/api/admin/orders?q=nobody-at-all', adminToken)).json().pagination).toEqual({ page: 1, limit: 10, totalPages: 1, totalItems: 0 });
    expect((await get('/api/admin/orders?status=&q=', adminToken)).json().pagination.totalItems).toBe(8);
  });

  it('answers 400 with issues for bad filters', async () => {
    for (const [query, path] of [
      ['status=lost', 'status'],
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['limit=two', 'limit'],
    ]) {
      const response = await get(`/api/admin/orders?${query}`, adminToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });
});

describe('GET /api/admin/orders/:orderId', () => {
  it('shows the order with its address, amounts, payment and every item with its seller', async () => {
    const response = await get(`/api/admin/orders/${orderIds[6]}`, adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.order).toEqual({
      id: orderIds[6],
      createdAt: day(10).toISOString(),
      status: 'processing',
      buyer: { id: buyer.id, fullName: 'Grace Hopper', email: 'grace@navy.test' },
      itemsCount: 3,
      total: 99.49,
      shippingAddress: {
        name: 'Test Buyer',
        line1: '1 Market St',
        line2: null,
        city: 'San Francisco',
        state: 'CA',
        postal_code: '94105',
        country: 'US',
        email: null,
        phone: null,
      },
      amounts: { itemsTotal: 90, shipping: 5.99, retipTotal: 3.5, total: 99.49, refunded: 43 },
      payment: { provider: 'sandbox', status: 'partially_refunded', amount: 99.49, refunded: 43, cardBrand: 'visa', cardLast4: '4242' },
    });
    const sellerView = { id: seller.id, fullName: 'Sam Seller', companyName: 'Sam & Co' };
    expect(body.items).toHaveLength(2);
    expect(body.items).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          productId: expect.any(String),
          title: 'Brass lamp',
          image: expect.stringContaining('products/lamp/cover.webp.thumb'),
          seller: sellerView,
          quantity: 2,
          price: 25,
          retipAdded: true,
          retipPrice: 3.5,
          total: 53.5,
          status: 'approved',
          rejectionReason: null,
          sellerPaid: true,
          refundedAmount: null,
        },
        {
          id: refundedItemId,
          productId: expect.any(String),
          title: 'Oak chair',
          image: null,
          seller: sellerView,
          quantity: 1,
          price: 40,
          retipAdded: false,
          retipPrice: 0,
          total: 40,
          status: 'refunded',
          rejectionReason: 'Scratched in storage',
          sellerPaid: false,
          refundedAmount: 43,
        },
      ]),
    );
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const missing = await get('/api/admin/orders/00000000-0000-0000-0000-000000000000', adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Order not found', code: 'not_found' });
    const malformed = await get('/api/admin/orders/12345', adminToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0].path).toBe('orderId');
  });
});

describe('GET /api/admin/order-items', () => {
  it('lists refunded items with the refund, buyer and seller', async () => {
    const body = (await get('/api/admin/order-items?status=refunded', adminToken)).json();
    expect(body.pagination).toEqual({ page: 1, limit: 10, totalPages: 1, totalItems: 1 });
    expect(body.items).toEqual([
      {
        id: refundedItemId,
        orderId: orderIds[6],
        title: 'Oak chair',
        quantity: 1,
        price: 40,
        total: 40,
        status: 'refunded',
        rejectionReason: 'Scratched in storage',
        updatedAt: day(12).toISOString(),
        refundedAmount: 43,
        buyer: { id: buyer.id, fullName: 'Grace Hopper', email: 'grace@navy.test' },
        seller: { id: seller.id, fullName: 'Sam Seller', companyName: 'Sam & Co' },
      },
    ]);
  });

  it('lists rejected items, most recently changed first, in pages', async () => {
    const db = testApp.database.db;
    const category = await createCategory(db);
    const vase = await createProduct(db, { sellerId: seller.id, categoryId: category.id, title: 'Vase' });
    const { items } = await createOrder(db, {
      buyerId: buyer.id,
      createdAt: day(13),
      items: [{ product: vase, status: 'rejected', rejectionReason: 'Broken', updatedAt: day(14) }],
    });
    const first = (await get('/api/admin/order-items?status=rejected&limit=1', adminToken)).json();
    expect(first.pagination).toEqual({ page: 1, limit: 1, totalPages: 2, totalItems: 2 });
    expect(first.items.map((item: { id: string; rejectionReason: string }) => [item.id, item.rejectionReason])).toEqual([[items[0]!.id, 'Broken']]);
    const second = (await get('/api/admin/order-items?status=rejected&limit=1&page=2', adminToken)).json();
    expect(second.items.map((item: { id: string; refundedAmount: number | null }) => [item.id, item.refundedAmount])).toEqual([[rejectedItemId, null]]);
  });

  it('answers 400 without a status or with another status', async () => {
    for (const query of ['', '?status=pending', '?status=shipped&page=1']) {
      const response = await get(`/api/admin/order-items${query}`, adminToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().issues[0]).toEqual({ path: 'status', message: 'Status must be rejected or refunded' });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory, createOrder, createPayment, createProduct, createRefund } from '../../../test/factories-orders';
import { withTwoCachedInstances } from '../../../test/two-cached-instances';
import type { DomainEvent } from '../../lib/domain-events';
import { findUserById, type UserRecord } from './users.repository';
import { createUserInsightsService } from '../analytics';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../auth';
import { createUsersService } from './users.service';

let testApp: TestApp;
let admin: UserRecord;
let adminToken: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createUser(testApp.database.db, { role: 'admin' });
  adminToken = await tokenOf(admin);
});
afterAll(async () => {
  await testApp?.close();
});

let address = 0;
const login = (email: string) => {
  address += 1;
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: FACTORY_PASSWORD }, remoteAddress: `10.40.0.${address}` });
};
async function tokenOf(user: UserRecord) {
  return `Bearer ${(await login(user.email)).json().token}`;
}
const call = (method: 'GET' | 'PATCH', url: string, authorization?: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });

describe('admin endpoints refuse everyone but admins', () => {
  it('answers 401 anonymously and 403 to buyers and sellers', async () => {
    const target = await createUser(testApp.database.db);
    const buyerToken = await tokenOf(await createUser(testApp.database.db));
    const sellerToken = await tokenOf(await createUser(testApp.database.db, { role: 'seller' }));
    const requests: Array<['GET' | 'PATCH', string, object?]> = [
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${target.id}`, { status: 'suspended' }],
      ['GET', `/api/admin/users/${target.id}/insights`],
    ];
    for (const [method, url, payload] of requests) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, buyerToken, payload)).statusCode, url).toBe(403);
      expect((await call(method, url, sellerToken, payload)).statusCode, url).toBe(403);
    }
    expect((await call('GET', `/api/admin/users/${target.id}/insights`, adminToken)).json().user.status).toBe('active');
  });
});

describe('GET /api/admin/users', () => {
  it('searches name, email and company, filters by role and status, and pages newest first', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 7)}`;
    const made: UserRecord[] = [];
    for (let index = 0; index < 5; index += 1) {
      testApp.clock.advance(1000);
      made.push(await createUser(testApp.database.db, { role: 'buyer', lastName: `${tag} Buyer${index}` }));
    }
    const seller = await createUser(testApp.database.db, { role: 'seller', companyName: `${tag.toUpperCase()} Traders` });
    const suspended = await createUser(testApp.database.db, { role: 'buyer', email: `${tag}-gone@test.example`, status: 'suspended' });

    const byName = (await call('GET', `/api/admin/users?q=${tag}&role=buyer&status=active&limit=2&page=1`, adminToken)).json();
    expect(byName.pagination).toEqual({ page: 1, limit: 2, totalPages: 3, totalItems: 5 });
    expect(byName.users).toHaveLength(2);
    expect(byName.users[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      firstName: 'Test',
      lastName: expect.stringContaining(tag),
      role: 'buyer',
      companyName: null,
      status: 'active',
      createdAt: expect.any(String),
    });
    const page3 = (await call('GET', `/api/admin/users?q=${tag}&role=buyer&status=active&limit=2&page=3`, adminToken)).json();
    expect(page3.users).toHaveLength(1);
    const allIds = [
      ...byName.users,
      ...(await call('GET', `/api/admin/users?q=${tag}&role=buyer&status=active&limit=2&page=2`, adminToken)).json().users,
      ...page3.users,
    ].map((user: { id: string }) => user.id);
    expect(new Set(allIds)).toEqual(new Set(made.map((user) => user.id)));

    const byCompany = (await call('GET', `/api/admin/users?q=${tag.toUpperCase()}%20traders`, adminToken)).json();
    expect(byCompany.users.map((user: { id: string }) => user.id)).toEqual([seller.id]);
    const byFullName = (await call('GET', `/api/admin/users?q=${encodeURIComponent(`Test ${tag} Buyer3`)}`, adminToken)).json();
    expect(byFullName.users.map((user: { id: string }) => user.id)).toEqual([made[3]!.id]);
    const byStatus = (await call('GET', `/api/admin/users?q=${tag}&status=suspended`, adminToken)).json();
    expect(byStatus.users.map((user: { id: string }) => user.id)).toEqual([suspended.id]);
    const byEmail = (await call('GET', `/api/admin/users?q=${tag}-GONE@`, adminToken)).json();
    expect(byEmail.users.map((user: { id: string }) => user.id)).toEqual([suspended.id]);
    // Empty filters are "no filter"; % and _ match themselves.
    expect((await call('GET', `/api/admin/users?q=${tag}&role=&status=`, adminToken)).json().pagination.totalItems).toBe(7);
    expect((await call('GET', `/api/admin/users?q=%25`, adminToken)).json().pagination.totalItems).toBe(0);
    const all = (await call('GET', '/api/admin/users', adminToken)).json();
    expect(all.pagination.page).toBe(1);
    expect(all.pagination.limit).toBe(10);
  });

  it('answers 400 with issues for bad filters', async () => {
    for (const [query, path] of [
      ['role=superuser', 'role'],
      ['status=banned', 'status'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=500', 'limit'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const response = await call('GET', `/api/admin/users?${query}`, adminToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('suspends at once (existing token 401, login 403) and reactivates', async () => {
    const buyer = await createUser(testApp.database.db);
    const buyerToken = await tokenOf(buyer);
    expect((await call('GET', '/api/users/me', buyerToken)).statusCode).toBe(200);

    const suspended = await call('PATCH', `/api/admin/users/${buyer.id}`, adminToken, { status: 'suspended' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().user).toMatchObject({ id: buyer.id, status: 'suspended', email: buyer.email });
    expect((await call('GET', '/api/users/me', buyerToken)).statusCode).toBe(401);
    const refused = await login(buyer.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This account is suspended', code: 'account_suspended' });

    const reactivated = await call('PATCH', `/api/admin/users/${buyer.id}`, adminToken, { status: 'active' });
    expect(reactivated.json().user.status).toBe('active');
    // The suspension ended every session: a token from before stays dead; signing in again works.
    const stale = await call('GET', '/api/users/me', buyerToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'session_ended' });
    expect((await call('GET', '/api/users/me', await tokenOf(buyer))).statusCode).toBe(200);
  });

  it('ends every session of the suspended user (the session version moves on) and publishes user.changed (status)', async () => {
    const published: DomainEvent[] = [];
    const users = createUsersService({
      db: testApp.database.db,
      clock: testApp.clock,
      events: { publish: (event) => published.push(event), publishAfterCommit: () => {} },
      signToken: async () => 'unused',
      passwords: { assertAcceptable: assertAcceptablePassword, hash: hashPassword, verify: verifyPassword },
      activity: createUserInsightsService({ db: testApp.database.db }),
    });
    const seller = await createUser(testApp.database.db, { role: 'seller' });
    await users.setUserStatus(admin, seller.id, 'suspended');
    expect(published).toEqual([{ type: 'user.changed', userId: seller.id, change: 'status' }]);
    expect((await findUserById(testApp.database.db, seller.id))?.sessionVersion).toBe(seller.sessionVersion + 1);
    // Reinstating publishes too, and needs no new version: the old sessions are over already.
    await users.setUserStatus(admin, seller.id, 'active');
    expect(published[1]).toEqual({ type: 'user.changed', userId: seller.id, change: 'status' });
    expect((await findUserById(testApp.database.db, seller.id))?.sessionVersion).toBe(seller.sessionVersion + 1);
  });

  it("refuses the suspended user's token on another instance at once (the cache bus, Redis)", async () => {
    await withTwoCachedInstances(testApp.database, 'users-suspension', async (instanceA, instanceB) => {
      const buyer = await createUser(testApp.database.db);
      const authorization = await tokenOf(buyer);
      const askA = () => instanceA.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });
      // Instance A now remembers the buyer's row for a minute.
      expect((await askA()).statusCode).toBe(200);
      const suspended = await instanceB.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${buyer.id}`,
        headers: { authorization: adminToken },
        payload: { status: 'suspended' },
      });
      expect(suspended.statusCode).toBe(200);
      await expect.poll(async () => (await askA()).statusCode, { timeout: 2000, interval: 50 }).toBe(401);
    });
  });

  it('refuses to let an admin suspend themselves', async () => {
    const response = await call('PATCH', `/api/admin/users/${admin.id}`, adminToken, { status: 'suspended' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'You cannot suspend your own account', code: 'bad_request' });
    expect((await call('GET', '/api/users/me', adminToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a bad status or id', async () => {
    expect((await call('PATCH', '/api/admin/users/00000000-0000-0000-0000-000000000000', adminToken, { status: 'active' })).statusCode).toBe(404);
    const badStatus = await call('PATCH', `/api/admin/users/${admin.id}`, adminToken, { status: 'banned' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().issues).toContainEqual({ path: 'status', message: 'Status must be active or suspended' });
    expect((await call('PATCH', `/api/admin/users/${admin.id}`, adminToken, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/users/not-an-id', adminToken, { status: 'active' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/:id/insights', () => {
  it("adds up a buyer's orders and a seller's sales on a small hand-made data set", async () => {
    const db = testApp.database.db;
    const buyer = await createUser(db);
    const otherBuyer = await createUser(db);
    const seller = await createUser(db, { role: 'seller' });
    const otherSeller = await createUser(db, { role: 'seller' });
    const category = await createCategory(db);
    const lamp = await createProduct(db, { sellerId: seller.id, categoryId: category.id, title: 'Lamp', priceCents: 2500 });
    const chair = await createProduct(db, { sellerId: seller.id, categoryId: category.id, title: 'Chair', priceCents: 4000 });
    await createProduct(db, { sellerId: seller.id, categoryId: category.id, title: 'Hidden', status: 'hidden' });
    const elsewhere = await createProduct(db, { sellerId: otherSeller.id, categoryId: category.id, title: 'Elsewhere' });

    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    // Order 1: 2 lamps with the add-on ($3) approved, 1 chair rejected and refunded; shipping $5.99.
    const first = await createOrder(db, {
      buyerId: buyer.id,
      createdAt: day(1),
      shippingCents: 599,
      status: 'processing',
      items: [
        { product: lamp, quantity: 2, priceCents: 2500, retipPriceCents: 300, status: 'approved' },
        { product: chair, quantity: 1, priceCents: 4000, status: 'refunded', rejectionReason: 'Damaged' },
      ],
    });
    const payment = await createPayment(db, first.order, 4300);
    await createRefund(db, { paymentId: payment.id, orderItemId: first.items[1]!.id, amountCents: 4300 });
    // Order 2: 1 chair delivered plus another seller's item (not this seller's sale).
    await createOrder(db, {
      buyerId: buyer.id,
      createdAt: day(3),
      items: [
        { product: chair, quantity: 1, priceCents: 4000, status: 'delivered' },
        { product: elsewhere, quantity: 1, priceCents: 1000, status: 'completed' },
      ],
    });
    // Order 3 (another buyer): a pending lamp — paid for, so a sale on every screen until it is rejected.
    await createOrder(db, { buyerId: otherBuyer.id, createdAt: day(2), items: [{ product: lamp, quantity: 1, priceCents: 2500, status: 'pending' }] });

    const buyerInsights = (await call('GET', `/api/admin/users/${buyer.id}/insights`, adminToken)).json();
    expect(buyerInsights.user).toMatchObject({ id: buyer.id, role: 'buyer', status: 'active', phone: null });
    expect(buyerInsights.seller).toBeNull();
    // Paid 5000 + 300 + 4000 + 599 = 9899 and 4000 + 1000 = 5000; refunded 4300.
    expect(buyerInsights.buyer).toEqual({
      ordersCount: 2,
      totalSpent: 105.99,
      lastOrderAt: day(3).toISOString(),
      recentOrders: [
        { id: expect.any(String), createdAt: day(3).toISOString(), status: 'pending', total: 50, itemsCount: 2 },
        { id: first.order.id, createdAt: day(1).toISOString(), status: 'processing', total: 98.99, itemsCount: 3 },
      ],
    });

    const sellerInsights = (await call('GET', `/api/admin/users/${seller.id}/insights`, adminToken)).json();
    expect(sellerInsights.buyer).toBeNull();
    // Net sales as every screen counts them: the goods less refunds (the $3.00 add-on is not a sale), the
    // pending lamp included: 93 − 3 + 25.
    expect(sellerInsights.seller).toMatchObject({ listingsCount: 3, activeListings: 2, itemsSold: 4, revenue: 115 });
    const sales = sellerInsights.seller.recentSales.map((sale: { title: string; status: string; total: number }) => [sale.title, sale.status, sale.total]);
    // Newest order first; the two items of the oldest order share its date, in either order.
    expect(sales.slice(0, 2)).toEqual([
      ['Chair', 'delivered', 40],
      ['Lamp', 'pending', 25],
    ]);
    expect(sales.slice(2)).toHaveLength(2);
    expect(sales.slice(2)).toEqual(
      expect.arrayContaining([
        ['Lamp', 'approved', 53],
        ['Chair', 'refunded', 40],
      ]),
    );
    expect(sellerInsights.seller.recentSales[1].buyer).toEqual({ fullName: `${otherBuyer.firstName} ${otherBuyer.lastName}` });

    const empty = (await call('GET', `/api/admin/users/${otherSeller.id}/insights`, adminToken)).json();
    expect(empty.seller).toMatchObject({ listingsCount: 1, activeListings: 1, itemsSold: 1, revenue: 10 });
    const fresh = (await call('GET', `/api/admin/users/${(await createUser(db)).id}/insights`, adminToken)).json();
    expect(fresh.buyer).toEqual({ ordersCount: 0, totalSpent: 0, lastOrderAt: null, recentOrders: [] });
    const adminInsights = (await call('GET', `/api/admin/users/${admin.id}/insights`, adminToken)).json();
    expect(adminInsights).toMatchObject({ buyer: null, seller: null });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await call('GET', '/api/admin/users/00000000-0000-0000-0000-000000000000/insights', adminToken)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/nope/insights', adminToken)).statusCode).toBe(400);
  });
});

import { eq, type Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { HANDLING_DAYS_MESSAGE } from '@marketplace/contracts/users';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory, createProduct } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';
import { shopNameOf } from './shops.service';

let testApp: TestApp;
let seller: UserRecord;
let otherSeller: UserRecord;
let namelessSeller: UserRecord;
let buyer: UserRecord;
const tokens = new Map<string, string>();

async function login(user: UserRecord): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

const auth = (user?: UserRecord) => (user ? { authorization: `Bearer ${tokens.get(user.id)}` } : {});
const get = (url: string, user?: UserRecord) => testApp.app.inject({ method: 'GET', url, headers: auth(user) });
const put = (url: string, payload: object, user: UserRecord) => testApp.app.inject({ method: 'PUT', url, payload, headers: auth(user) });
const titlesOf = (response: { json(): { items: { title: string }[] } }) => response.json().items.map((item) => item.title);

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  seller = await createUser(db, { role: 'seller', companyName: 'Harbor Goods' });
  otherSeller = await createUser(db, { role: 'seller', companyName: 'Other Goods' });
  namelessSeller = await createUser(db, { role: 'seller', firstName: 'Dana', lastName: 'Whitfield' });
  // Sellers who signed up before a company name was asked for have none.
  await db.update(users).set({ companyName: null }).where(eq(users.id, namelessSeller.id));
  buyer = await createUser(db, { role: 'buyer' });
  for (const user of [seller, otherSeller, buyer]) tokens.set(user.id, await login(user));

  const category = await createCategory(db, { name: 'Shop Things', slug: 'shop-things' });
  const make = (sellerId: string, title: string, extra: object = {}) => createProduct(db, { sellerId, categoryId: category.id }, { title, ...extra });
  // Two reviews of 5★ and 4★ on one listing, one of 4★ on another: (5 + 4 + 4) / 3 = 4.3.
  await make(seller.id, 'Harbor Canvas Tote', { reviewCount: 2, ratingSum: 9, priceCents: 3500 });
  await make(seller.id, 'Harbor Rope Basket', { reviewCount: 1, ratingSum: 4, priceCents: 2200 });
  await make(seller.id, 'Harbor Draft Lamp', { status: 'hidden' });
  await make(otherSeller.id, 'Other Canvas Tote');
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/shops/:sellerId', () => {
  it("answers anyone with the seller's shop: name, rating, member since, ships from, handling time, returns and live listing count", async () => {
    expect((await put('/api/users/me', { handlingDays: 2 }, seller)).statusCode).toBe(200);
    const address = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/me/addresses',
      headers: auth(seller),
      payload: { name: 'Harbor Goods', line1: '1 Pier St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US', isDefault: true },
    });
    expect(address.statusCode).toBe(201);
    expect((await put('/api/returns/policy', { windowDays: 14, restockingFeePercent: 10 }, seller)).statusCode).toBe(200);

    const response = await get(`/api/shops/${seller.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      seller: {
        id: seller.id,
        name: 'Harbor Goods',
        companyName: 'Harbor Goods',
        memberSince: seller.createdAt.toISOString(),
        shipsFromState: 'OR',
        rating: { average: 4.3, count: 3 },
        handlingDays: 2,
        returnPolicy: { acceptsReturns: true, windowDays: 14, restockingFeePercent: 10 },
        vacation: null,
      },
      listingCount: 2,
    });
  });

  it('says the handling time of the shop’s default shipping profile once it has one, and follows its changes', async () => {
    const profiles = '/api/seller/shipping-profiles';
    const body = { name: 'Parcels', handlingDays: { min: 1, max: 4 }, rate: { type: 'flat', first: 5, additional: 1 } };
    const created = await testApp.app.inject({ method: 'POST', url: profiles, headers: auth(otherSeller), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    expect((await get(`/api/shops/${otherSeller.id}`)).json().seller.handlingDays).toBe(4);
    const changed = await put(`${profiles}/${created.json().id}`, { ...body, handlingDays: { min: 0, max: 2 } }, otherSeller);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(`/api/shops/${otherSeller.id}`)).json().seller.handlingDays).toBe(2);
    await testApp.app.inject({ method: 'DELETE', url: `${profiles}/${created.json().id}`, headers: auth(otherSeller) });
  });

  it('says what is not known yet: no ship-from address, no handling time, no review; the default return policy', async () => {
    const response = await get(`/api/shops/${namelessSeller.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().seller).toMatchObject({
      name: 'Dana W.',
      companyName: null,
      shipsFromState: null,
      handlingDays: null,
      rating: { average: null, count: 0 },
      returnPolicy: { acceptsReturns: true, windowDays: 30, restockingFeePercent: 0 },
    });
    expect(response.json().listingCount).toBe(0);
  });

  it('says a seller who takes no returns does not accept them', async () => {
    expect((await put('/api/returns/policy', { windowDays: 0, restockingFeePercent: 0 }, otherSeller)).statusCode).toBe(200);
    const response = await get(`/api/shops/${otherSeller.id}`);
    expect(response.json().seller.returnPolicy).toEqual({ acceptsReturns: false, windowDays: 0, restockingFeePercent: 0 });
  });

  it('is 404 shop_not_found for an unknown id, a malformed id, a buyer and a suspended seller', async () => {
    const suspended = await createUser(testApp.database.db, { role: 'seller', status: 'suspended' });
    for (const id of ['3f0c6a55-0000-4000-8000-000000000000', 'not-a-uuid', buyer.id, suspended.id]) {
      const response = await get(`/api/shops/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Shop not found', code: 'shop_not_found' });
    }
  });

  it('names a shop without a company by first name and last initial, never the full name', () => {
    expect(shopNameOf({ companyName: null, firstName: 'Dana', lastName: 'whitfield' })).toBe('Dana W.');
    expect(shopNameOf({ companyName: '  ', firstName: 'Dana', lastName: '' })).toBe('Dana');
    expect(shopNameOf({ companyName: 'Acme', firstName: 'Dana', lastName: 'Whitfield' })).toBe('Acme');
  });

  it('never names a shop with nothing to see (names stored before the rule): the next name that shows, else "Independent seller"', () => {
    expect(shopNameOf({ companyName: '\u200b\u2060\ufeff', firstName: 'Dana', lastName: 'Whitfield' })).toBe('Dana W.');
    expect(shopNameOf({ companyName: '\u3164', firstName: '\u200b', lastName: '\u200bwhitfield' })).toBe('W.');
    expect(shopNameOf({ companyName: '\u200b', firstName: '\u2060', lastName: '\u200b' })).toBe('Independent seller');
  });
});

describe('GET /api/products?sellerId= (the shop page’s listings)', () => {
  it("lists only that seller's live listings, and searches within them", async () => {
    const all = await get(`/api/products?sellerId=${seller.id}&sort=price_asc`);
    expect(all.statusCode).toBe(200);
    expect(titlesOf(all)).toEqual(['Harbor Rope Basket', 'Harbor Canvas Tote']);
    expect(all.json().total).toBe(2);
    // The word matches the other seller's tote too; the shop shows only its own.
    expect(titlesOf(await get(`/api/products?sellerId=${seller.id}&q=canvas`))).toEqual(['Harbor Canvas Tote']);
    expect(titlesOf(await get('/api/products?q=canvas')).sort()).toEqual(['Harbor Canvas Tote', 'Other Canvas Tote']);
    // The seller's own token does not bring their hidden listing into the public list.
    expect(titlesOf(await get(`/api/products?sellerId=${seller.id}`, seller))).not.toContain('Harbor Draft Lamp');
  });

  it('is 400 for a seller id that is not an id', async () => {
    const response = await get('/api/products?sellerId=nope');
    expect(response.statusCode).toBe(400);
  });
});

describe('a shop page’s two calls (its shop and its first page of listings)', () => {
  // With the search's short cache on (production keeps it 5 s), the shop's listing count is the page's own
  // first page: the render's two calls share one statement of the catalogue's page. The app is built in a hook
  // (its limit allows for a busy machine; inside the test it once ran past the test's 30 s beside the journeys).
  let cached: TestApp;
  beforeAll(async () => {
    cached = await buildTestApp({ environment: { SEARCH_CACHE_SECONDS: '5' } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('read the seller’s listings once when asked together, as the server’s render asks them', async () => {
    const db = cached.database.db;
    const shop = await createUser(db, { role: 'seller', companyName: 'Counted Goods' });
    const category = await createCategory(db, { name: 'Counted Things', slug: 'counted-things' });
    for (const title of ['Counted mug', 'Counted bowl', 'Counted plate']) await createProduct(db, { sellerId: shop.id, categoryId: category.id }, { title });
    const pageStatements: string[] = [];
    const logger: Logger = {
      logQuery(query) {
        if (/"page_ids"/.test(query)) pageStatements.push(query);
      },
    };
    const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
    session.logger = logger;
    session.options.logger = logger;

    const [shopAnswer, listAnswer] = await Promise.all([
      cached.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` }),
      cached.app.inject({ method: 'GET', url: `/api/products?sellerId=${shop.id}&page=1&limit=24` }),
    ]);
    expect(shopAnswer.json().listingCount).toBe(3);
    expect(listAnswer.json().total).toBe(3);
    expect(pageStatements).toHaveLength(1);
  });
});

describe('PUT /api/users/me handlingDays (store details)', () => {
  it('takes 1 to 30 business days, and null to clear; the seller changes only their own', async () => {
    const saved = await put('/api/users/me', { handlingDays: 30 }, otherSeller);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.handlingDays).toBe(30);
    expect((await get('/api/users/me', otherSeller)).json().user.handlingDays).toBe(30);
    // The first seller's handling time is untouched.
    expect((await get(`/api/shops/${seller.id}`)).json().seller.handlingDays).toBe(2);
    const cleared = await put('/api/users/me', { handlingDays: null }, otherSeller);
    expect(cleared.json().user.handlingDays).toBeNull();
    expect((await get(`/api/shops/${otherSeller.id}`)).json().seller.handlingDays).toBeNull();
  });

  it('is 400 with the field named for 0, 31, 1.5 and text', async () => {
    for (const handlingDays of [0, 31, 1.5, 'two']) {
      const response = await put('/api/users/me', { handlingDays }, seller);
      expect(response.statusCode, String(handlingDays)).toBe(400);
      expect(response.json().issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'handlingDays', message: HANDLING_DAYS_MESSAGE })]));
    }
    expect((await get(`/api/shops/${seller.id}`)).json().seller.handlingDays).toBe(2);
  });

  it('is 400 for a buyer: only sellers have a handling time', async () => {
    const response = await put('/api/users/me', { handlingDays: 3 }, buyer);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'handlingDays', message: 'Only sellers have a handling time' }]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory } from '../../../test/factories-commerce';

// A seller's shipping profiles (docs/product/shipping.md "Shipping profiles"): written and read by the seller alone,
// one of them the default, which a listing without a profile of its own ships with.

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
const call = (authorization: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
const PROFILES = '/api/seller/shipping-profiles';

let shops = 0;
const newSeller = async () => bearerFor(testApp, await createUser(db(), { role: 'seller', companyName: `Cast Iron Works ${(shops += 1)}` }));

const flat = (name = 'Pans', first = 12, additional = 6) => ({ name, handlingDays: { min: 1, max: 3 }, rate: { type: 'flat', first, additional } });

describe('shipping profiles', () => {
  it('are added, listed with their listings, changed and made the default; the first is the default', async () => {
    const seller = await newSeller();
    expect((await call(seller, 'GET', PROFILES)).json()).toEqual({ profiles: [], standardRate: '$5.99 per order from your shop, free from $50.00' });

    const first = await call(seller, 'POST', PROFILES, flat());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Pans',
      handlingDays: { min: 1, max: 3 },
      rate: { type: 'flat', first: 12, additional: 6 },
      shipFrom: null,
      box: null,
      isDefault: true,
      listingCount: 0,
    });
    const stickers = await call(seller, 'POST', PROFILES, {
      name: 'Stickers',
      handlingDays: { min: 0, max: 1 },
      rate: { type: 'free' },
      shipFrom: { name: 'Sticker Room', line1: '5 Elm St', city: 'Austin', state: 'Texas', postal_code: '78701', country: 'USA' },
      box: { length: 9, width: 6, height: 1 },
    });
    expect(stickers.statusCode, stickers.body).toBe(201);
    expect(stickers.json()).toMatchObject({
      rate: { type: 'free', minimumItemsTotal: null },
      shipFrom: { name: 'Sticker Room', line1: '5 Elm St', line2: null, city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
      box: { length: 9, width: 6, height: 1 },
      isDefault: false,
    });

    // A listing without a profile ships with the default; one with the stickers' profile is counted there.
    const listing = await call(seller, 'POST', '/api/products', {
      title: 'Vinyl sticker pack',
      description: 'Ten stickers.',
      condition: 'new',
      price: 6,
      quantity: 40,
      category: categorySlug,
      shippingProfileId: stickers.json().id,
    });
    expect(listing.statusCode, listing.body).toBe(201);
    expect(listing.json().shippingProfileId).toBe(stickers.json().id);
    await call(seller, 'POST', '/api/products', {
      title: 'Skillet 10 inch',
      description: 'Cast iron.',
      condition: 'new',
      price: 45,
      quantity: 5,
      category: categorySlug,
    });
    const listed = (await call(seller, 'GET', PROFILES)).json().profiles as { name: string; listingCount: number; isDefault: boolean }[];
    expect(listed.map((profile) => [profile.name, profile.isDefault, profile.listingCount])).toEqual([
      ['Pans', true, 1],
      ['Stickers', false, 1],
    ]);

    // Made the default, the other one stops being it.
    const changed = await call(seller, 'PUT', `${PROFILES}/${stickers.json().id}`, { ...flat('Stickers, flat', 1.5, 0.25), isDefault: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Stickers, flat',
      rate: { type: 'flat', first: 1.5, additional: 0.25 },
      shipFrom: null,
      isDefault: true,
      listingCount: 2,
    });
    expect((await call(seller, 'GET', PROFILES)).json().profiles.map((profile: { isDefault: boolean }) => profile.isDefault)).toEqual([true, false]);
  });

  it('keep one default: it cannot be unmarked or deleted while others exist; a deleted profile’s listings ship with the default', async () => {
    const seller = await newSeller();
    const pans = (await call(seller, 'POST', PROFILES, flat())).json();
    const mugs = (await call(seller, 'POST', PROFILES, { ...flat('Mugs', 5, 2), rate: { type: 'calculated', handlingFee: 1.5 } })).json();
    expect(mugs.rate).toEqual({ type: 'calculated', handlingFee: 1.5 });

    const unmark = await call(seller, 'PUT', `${PROFILES}/${pans.id}`, { ...flat(), isDefault: false });
    expect(unmark.statusCode).toBe(409);
    expect(unmark.json().code).toBe('shipping_profile_is_default');
    const deleteDefault = await call(seller, 'DELETE', `${PROFILES}/${pans.id}`);
    expect(deleteDefault.statusCode).toBe(409);
    expect(deleteDefault.json().code).toBe('shipping_profile_is_default');

    const listing = (
      await call(seller, 'POST', '/api/products', {
        title: 'Stoneware mug',
        description: 'Glazed.',
        condition: 'new',
        price: 18,
        quantity: 4,
        category: categorySlug,
        shippingProfileId: mugs.id,
      })
    ).json();
    expect((await call(seller, 'DELETE', `${PROFILES}/${mugs.id}`)).statusCode).toBe(204);
    const [row] = await db().select({ profileId: products.shippingProfileId }).from(products).where(eq(products.id, listing.id));
    expect(row?.profileId).toBeNull();
    // The last one may go: the shop is back on the standard rate.
    expect((await call(seller, 'DELETE', `${PROFILES}/${pans.id}`)).statusCode).toBe(204);
    expect((await call(seller, 'GET', PROFILES)).json().profiles).toEqual([]);
  });

  it('are the seller’s own: another seller’s profile is a 404 and cannot be given to a listing', async () => {
    const owner = await newSeller();
    const other = await newSeller();
    const profile = (await call(owner, 'POST', PROFILES, flat())).json();
    expect((await call(other, 'PUT', `${PROFILES}/${profile.id}`, flat('Mine now'))).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `${PROFILES}/${profile.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', PROFILES)).json().profiles).toEqual([]);

    const listing = { title: 'Dutch oven', description: 'Enamelled.', condition: 'new', price: 80, quantity: 2, category: categorySlug };
    const refused = await call(other, 'POST', '/api/products', { ...listing, shippingProfileId: profile.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'shippingProfileId', message: 'Choose one of your shipping profiles' }]);
    const own = (await call(other, 'POST', '/api/products', listing)).json();
    const edit = await call(other, 'PUT', `/api/products/${own.id}`, { shippingProfileId: profile.id });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().issues[0].path).toBe('shippingProfileId');

    // Buyers and guests have none to read.
    expect((await call(null, 'GET', PROFILES)).statusCode).toBe(401);
    expect((await call(await bearerFor(testApp, await createUser(db())), 'GET', PROFILES)).statusCode).toBe(403);
  });

  it('refuse what is not a profile, with the field named', async () => {
    const seller = await newSeller();
    const cases: [object, string][] = [
      [{ ...flat(), handlingDays: { min: 4, max: 2 } }, 'handlingDays.max'],
      [{ ...flat(), handlingDays: { min: 1, max: 31 } }, 'handlingDays.max'],
      [{ ...flat(), handlingDays: { min: 1.5, max: 3 } }, 'handlingDays.min'],
      [{ ...flat(), rate: { type: 'flat', first: 5 } }, 'rate.additional'],
      [{ ...flat(), rate: { type: 'flat', first: 5.001, additional: 0 } }, 'rate.first'],
      [{ ...flat(), rate: { type: 'flat', first: -1, additional: 0 } }, 'rate.first'],
      [{ ...flat(), rate: { type: 'free', minimumItemsTotal: 0 } }, 'rate.minimumItemsTotal'],
      [{ ...flat(), rate: { type: 'pigeon' } }, 'rate.type'],
      [{ ...flat(), name: '\u200b\u2060' }, 'name'],
      [{ ...flat(), box: { length: 10, width: 10, height: 200 } }, 'box.height'],
      [{ ...flat(), box: { length: 10, width: 10.5, height: 2 } }, 'box.width'],
      [
        { ...flat(), shipFrom: { name: 'Shop', line1: '1 Main St', city: 'Austin', state: 'Texas', postal_code: '787', country: 'US' } },
        'shipFrom.postal_code',
      ],
    ];
    for (const [body, path] of cases) {
      const refused = await call(seller, 'POST', PROFILES, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
      expect(
        refused.json().issues.map((issue: { path: string }) => issue.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await call(seller, 'GET', PROFILES)).json().profiles).toEqual([]);
  });

  it('are at most 20 per seller, even when added at once', async () => {
    const seller = await newSeller();
    const answers = await Promise.all(Array.from({ length: 22 }, (_, index) => call(seller, 'POST', PROFILES, flat(`Profile ${index}`))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json()).toMatchObject({ code: 'shipping_profile_limit', limit: 20 });
    const profiles = (await call(seller, 'GET', PROFILES)).json().profiles as { isDefault: boolean }[];
    expect(profiles.filter((profile) => profile.isDefault)).toHaveLength(1);
  });
});

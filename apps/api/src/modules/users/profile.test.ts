import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { users } from './users.schema';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

let address = 0;
const login = (email: string, password: string) => {
  address += 1;
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.20.0.${address}` });
};
const tokenOf = async (email: string) => `Bearer ${(await login(email, FACTORY_PASSWORD)).json().token}`;
const call = (method: 'GET' | 'PUT', url: string, authorization?: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });

describe('GET /api/users/me', () => {
  it('answers the signed-in user with phone and creation date, never the password hash', async () => {
    const seller = await createUser(testApp.database.db, { role: 'seller', companyName: 'Acme' });
    const response = await call('GET', '/api/users/me', await tokenOf(seller.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: seller.id,
        email: seller.email,
        firstName: seller.firstName,
        lastName: seller.lastName,
        role: 'seller',
        companyName: 'Acme',
        phone: null,
        createdAt: seller.createdAt.toISOString(),
        handlingDays: null,
      },
    });
    expect(response.body).not.toContain('passwordHash');
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/users/me')).statusCode).toBe(401);
    expect((await call('PUT', '/api/users/me', undefined, { firstName: 'X' })).statusCode).toBe(401);
    expect((await call('PUT', '/api/users/me/password', undefined, { currentPassword: 'a', newPassword: 'bbbbbbbb' })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/me', () => {
  it('changes names and phone, trims them, and clears the phone with an empty string', async () => {
    const buyer = await createUser(testApp.database.db);
    const token = await tokenOf(buyer.email);
    const response = await call('PUT', '/api/users/me', token, { firstName: '  Grace ', lastName: 'Hopper', phone: ' (415) 555-0100 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '(415) 555-0100', companyName: null });
    expect((await call('GET', '/api/users/me', token)).json().user.phone).toBe('(415) 555-0100');
    const cleared = await call('PUT', '/api/users/me', token, { phone: '' });
    expect(cleared.json().user).toMatchObject({ firstName: 'Grace', phone: null });
  });

  it('lets a seller change the company name, but not a buyer', async () => {
    const seller = await createUser(testApp.database.db, { role: 'seller' });
    const sellerResponse = await call('PUT', '/api/users/me', await tokenOf(seller.email), { companyName: 'New Name LLC' });
    expect(sellerResponse.statusCode).toBe(200);
    expect(sellerResponse.json().user.companyName).toBe('New Name LLC');

    const buyer = await createUser(testApp.database.db);
    const buyerResponse = await call('PUT', '/api/users/me', await tokenOf(buyer.email), { companyName: 'Sneaky Inc' });
    expect(buyerResponse.statusCode).toBe(400);
    expect(buyerResponse.json()).toEqual({
      error: 'Only sellers have a company name',
      code: 'validation_failed',
      issues: [{ path: 'companyName', message: 'Only sellers have a company name' }],
    });
  });

  it('answers 400 with issues for an empty name, a bad phone or an empty company name', async () => {
    const seller = await createUser(testApp.database.db, { role: 'seller' });
    const token = await tokenOf(seller.email);
    for (const [payload, path] of [
      [{ firstName: '   ' }, 'firstName'],
      [{ lastName: 'x'.repeat(101) }, 'lastName'],
      [{ phone: 'call me maybe' }, 'phone'],
      [{ phone: '123' }, 'phone'],
      [{ companyName: '' }, 'companyName'],
      [{ firstName: 42 }, 'firstName'],
      [{ firstName: '\u200b\u2060\ufeff' }, 'firstName'],
      [{ lastName: 'Smith\u202e' }, 'lastName'],
      [{ companyName: '\u2066\u2069' }, 'companyName'],
      [{ companyName: '\u3164 \u3164' }, 'companyName'],
    ] as const) {
      const response = await call('PUT', '/api/users/me', token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });
});

describe('a shop’s name (docs/product/shops.md)', () => {
  const rename = async (email: string, payload: object) => call('PUT', '/api/users/me', await tokenOf(email), payload);

  it('is refused (409 shop_name_taken) when it reads like another shop’s; the seller’s own, in another case, is theirs', async () => {
    await createUser(testApp.database.db, { role: 'seller', companyName: 'Harbor Lights' });
    const seller = await createUser(testApp.database.db, { role: 'seller', companyName: 'Quay Lamps' });
    for (const taken of ['Harbor Lights', 'harbor  LIGHTS', 'Harbor\u00a0Lights', 'Ｈａｒｂｏｒ\u2009Lights']) {
      const response = await rename(seller.email, { companyName: taken });
      expect(response.statusCode, taken).toBe(409);
      expect(response.json()).toMatchObject({ code: 'shop_name_taken', field: 'companyName', issues: [{ path: 'companyName' }] });
    }
    expect((await rename(seller.email, { companyName: 'QUAY LAMPS' })).json().user.companyName).toBe('QUAY LAMPS');
    expect((await rename(seller.email, { companyName: 'Harbor Lights & Lamps' })).statusCode).toBe(200);
    // The old name is free again.
    const another = await createUser(testApp.database.db, { role: 'seller' });
    expect((await rename(another.email, { companyName: 'Quay Lamps' })).statusCode).toBe(200);
  });

  it('lets a shop named before names were unique keep the name it shares, and change the rest', async () => {
    await createUser(testApp.database.db, { role: 'seller', companyName: 'Old Mill Goods' });
    const later = await createUser(testApp.database.db, { role: 'seller', companyName: 'Placeholder Goods' });
    // As the migration left it: the same name as an older shop, without the key only the older one holds.
    await testApp.database.db.update(users).set({ companyName: 'Old Mill Goods', shopNameKey: null }).where(eq(users.id, later.id));

    const saved = await rename(later.email, { companyName: 'Old Mill Goods', handlingDays: 3, phone: '(415) 555-0100' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ companyName: 'Old Mill Goods', handlingDays: 3 });
    // Another spelling of it is a change, and reads like the older shop's.
    expect((await rename(later.email, { companyName: 'OLD MILL GOODS' })).statusCode).toBe(409);
    expect((await rename(later.email, { companyName: 'Old Mill Goods West' })).statusCode).toBe(200);
  });
});

describe('PUT /api/users/me/password', () => {
  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const buyer = await createUser(testApp.database.db);
    const response = await call('PUT', '/api/users/me/password', await tokenOf(buyer.email), {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Current password is incorrect', code: 'current_password_incorrect' });
    expect((await login(buyer.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const buyer = await createUser(testApp.database.db);
    const response = await call('PUT', '/api/users/me/password', await tokenOf(buyer.email), {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      token: expect.any(String),
      user: { id: buyer.id, email: buyer.email, firstName: buyer.firstName, lastName: buyer.lastName, role: 'buyer', companyName: null },
    });
    expect((await login(buyer.email, 'brand-new-password')).statusCode).toBe(200);
    expect((await login(buyer.email, FACTORY_PASSWORD)).statusCode).toBe(401);
  });

  it('ends every other session at once, and the answer carries a token that keeps this one signed in', async () => {
    const buyer = await createUser(testApp.database.db);
    const here = await tokenOf(buyer.email);
    const otherDevice = await tokenOf(buyer.email);
    expect((await call('GET', '/api/users/me', otherDevice)).statusCode).toBe(200);

    const response = await call('PUT', '/api/users/me/password', here, { currentPassword: FACTORY_PASSWORD, newPassword: 'brand-new-password' });
    expect(response.statusCode).toBe(200);

    for (const ended of [otherDevice, here]) {
      const refused = await call('GET', '/api/users/me', ended);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'session_ended' });
    }
    const fresh = `Bearer ${response.json().token}`;
    expect((await call('GET', '/api/users/me', fresh)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', fresh)).json().user).toMatchObject({ id: buyer.id });
  });

  it.each([
    ['password1', 'Choose a stronger password: it is one of the most common passwords'],
    ['12345678', 'Choose a stronger password: it is one of the most common passwords'],
    ['qwertyui', 'Choose a stronger password: it is one of the most common passwords'],
    ['        ', 'Choose a stronger password: it cannot be only spaces'],
  ])('refuses the weak new password %j with 400 weak_password and keeps the old one and the session', async (newPassword, message) => {
    const buyer = await createUser(testApp.database.db);
    const token = await tokenOf(buyer.email);
    const response = await call('PUT', '/api/users/me/password', token, { currentPassword: FACTORY_PASSWORD, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'weak_password', issues: [{ path: 'newPassword', message }] });
    expect((await call('GET', '/api/users/me', token)).statusCode).toBe(200);
    expect((await login(buyer.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 with issues for a short new password, a missing field or the same password', async () => {
    const buyer = await createUser(testApp.database.db);
    const token = await tokenOf(buyer.email);
    const short = await call('PUT', '/api/users/me/password', token, { currentPassword: FACTORY_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toContainEqual({ path: 'newPassword', message: 'New password must be at least 8 characters' });
    const missing = await call('PUT', '/api/users/me/password', token, { newPassword: 'long-enough-password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('currentPassword');
    const same = await call('PUT', '/api/users/me/password', token, { currentPassword: FACTORY_PASSWORD, newPassword: FACTORY_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toContainEqual({ path: 'newPassword', message: 'New password must be different from the current one' });
  });
});

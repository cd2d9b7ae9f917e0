import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const validSignup = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: 'correct-horse-battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'buyer',
  ...overrides,
});

const signup = (payload: unknown) => testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });
const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });
const me = (authorization?: string) => testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

describe('POST /api/auth/signup', () => {
  it('creates a buyer, answers 201 with a token and the user, and the token works for /me', async () => {
    const response = await signup(validSignup({ email: 'Grace.Hopper@Example.com' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'grace.hopper@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'buyer',
      companyName: null,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const meResponse = await me(`Bearer ${body.token}`);
    expect(meResponse.statusCode).toBe(200);
    expect(meResponse.json().user.id).toBe(body.user.id);
  });

  it('creates a seller with a company name', async () => {
    const response = await signup(validSignup({ role: 'seller', companyName: 'Acme Goods' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ role: 'seller', companyName: 'Acme Goods' });
  });

  it('stores an argon2id hash, never the password', async () => {
    const payload = validSignup();
    await signup(payload);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(payload.password);
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const payload = validSignup({ email: 'dup@example.com' });
    expect((await signup(payload)).statusCode).toBe(201);
    const again = await signup({ ...payload, email: 'DUP@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'An account with this email already exists' });
  });

  it('answers 400 with issues for a short password', async () => {
    const response = await signup(validSignup({ password: 'short' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toEqual(expect.any(String));
    expect(body.issues).toContainEqual({ path: 'password', message: 'Password must be at least 8 characters' });
  });

  it.each(['email', 'password', 'firstName', 'lastName', 'role'])('answers 400 when %s is missing', async (field) => {
    const payload: Record<string, unknown> = validSignup();
    delete payload[field];
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('refuses an invalid email and a seller without a company name', async () => {
    expect((await signup(validSignup({ email: 'not-an-email' }))).statusCode).toBe(400);
    const seller = await signup(validSignup({ role: 'seller' }));
    expect(seller.statusCode).toBe(400);
    expect(seller.json().issues).toContainEqual({ path: 'companyName', message: 'Company name is required for sellers' });
  });

  describe('a shop’s name (docs/product/shops.md)', () => {
    beforeAll(async () => {
      await createUser(testApp.database.db, { role: 'seller', companyName: 'Northwind Outfitters' });
    });

    it.each([
      ['the same name', 'Northwind Outfitters'],
      ['another case', 'NORTHWIND outfitters'],
      ['a no-break space', 'Northwind\u00a0Outfitters'],
      ['thin and repeated spaces', '  Northwind \u2009  Outfitters '],
      ['full-width letters', 'Ｎｏｒｔｈｗｉｎｄ Ｏｕｔｆｉｔｔｅｒｓ'],
    ])('is refused when another shop has it, written with %s: 409 shop_name_taken, no account', async (_case, companyName) => {
      const payload = validSignup({ role: 'seller', companyName });
      const response = await signup(payload);
      expect(response.statusCode).toBe(409);
      const message = `There is already a shop called “${companyName.trim()}” (or a name that reads the same). Choose another name.`;
      expect(response.json()).toEqual({ error: message, code: 'shop_name_taken', field: 'companyName', issues: [{ path: 'companyName', message }] });
      expect(await testApp.database.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
    });

    it('goes to one of two sellers asking for it at once', async () => {
      const answers = await Promise.all([1, 2].map(() => signup(validSignup({ role: 'seller', companyName: 'Twin Peaks Trading' }))));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('shop_name_taken');
    });

    it('is no buyer’s: a buyer signs up whatever company name they send', async () => {
      expect((await signup(validSignup({ role: 'buyer', companyName: 'Northwind Outfitters' }))).statusCode).toBe(201);
    });
  });

  it.each([
    ['firstName', '\u200b\u2060\ufeff', 'First name cannot contain hidden formatting characters (such as text-direction marks or zero-width spaces)'],
    ['lastName', '\u3164\u3164', 'Last name must contain at least one visible letter, number or symbol'],
    ['companyName', 'Acme \u202eslaes', 'Company name cannot contain hidden formatting characters (such as text-direction marks or zero-width spaces)'],
  ])('answers 400 for a %s that hides characters or shows nothing', async (field, value, message) => {
    const response = await signup(validSignup({ role: 'seller', companyName: 'Visible Goods', [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json().issues).toContainEqual({ path: field, message });
  });

  it('never lets anyone sign up as admin', async () => {
    const response = await signup(validSignup({ role: 'admin' }));
    expect(response.statusCode).toBe(400);
    const count = await testApp.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(count).toHaveLength(0);
  });
});

describe('POST /api/auth/login', () => {
  // Each test uses its own client address, so throttling in one test never leaks into another.
  it('signs in with the right password and answers the token and user', async () => {
    const user = await createUser(testApp.database.db, { role: 'seller' });
    const response = await login({ email: user.email.toUpperCase(), password: FACTORY_PASSWORD }, '10.1.0.1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, role: 'seller', companyName: user.companyName });
    const claims = decodeJwt(body.token);
    expect(claims.sub).toBe(user.id);
    expect(claims.role).toBe('seller');
    // exp is in seconds (docs/product/data.md) and the default lifetime is 24 hours.
    expect(claims.exp! - claims.iat!).toBe(24 * 60 * 60);
    expect(claims.exp!).toBeLessThan(Date.now() / 1000 + 24 * 60 * 60 + 60);
  });

  it('gives the same 401 answer for a wrong password and an unknown email', async () => {
    const user = await createUser(testApp.database.db);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' }, '10.1.0.2');
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'not-the-password' }, '10.1.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('throttles repeated failures with 429 and Retry-After, and lets the user in again after the window', async () => {
    const user = await createUser(testApp.database.db);
    const address = '10.1.0.3';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong-password' }, address)).statusCode).toBe(401);
    }
    const throttled = await login({ email: user.email, password: FACTORY_PASSWORD }, address);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().error).toMatch(/Too many failed login attempts/);
    // Another address is not blocked by this one's failures.
    expect((await login({ email: user.email, password: FACTORY_PASSWORD }, '10.1.0.4')).statusCode).toBe(200);
    testApp.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login({ email: user.email, password: FACTORY_PASSWORD }, address)).statusCode).toBe(200);
  });

  it('holds guesses sent all at once to the same five: the rest wait', async () => {
    const user = await createUser(testApp.database.db);
    const answers = await Promise.all(Array.from({ length: 12 }, () => login({ email: user.email, password: 'wrong-password' }, '10.1.0.7')));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('resets the failure count after a successful login', async () => {
    const user = await createUser(testApp.database.db);
    const address = '10.1.0.5';
    for (let attempt = 0; attempt < 4; attempt += 1) await login({ email: user.email, password: 'wrong-password' }, address);
    expect((await login({ email: user.email, password: FACTORY_PASSWORD }, address)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong-password' }, address)).statusCode).toBe(401);
    }
  });

  it('refuses a suspended user, and their existing token stops working', async () => {
    const user = await createUser(testApp.database.db);
    const token = (await login({ email: user.email, password: FACTORY_PASSWORD }, '10.1.0.6')).json().token;
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const response = await login({ email: user.email, password: FACTORY_PASSWORD }, '10.1.0.6');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'This account is suspended', code: 'account_suspended' });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 400 for a body that is not a login', async () => {
    const response = await login({ email: 'x@example.com' }, '10.1.0.7');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('password');
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token, with a malformed one, or with a non-bearer scheme', async () => {
    for (const header of [undefined, 'Bearer', 'Bearer not.a.jwt', 'Basic dXNlcjpwYXNz', 'Bearer a.b']) {
      const response = await me(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });

  it('answers 401 for an expired token', async () => {
    const user = await createUser(testApp.database.db);
    const token = (await login({ email: user.email, password: FACTORY_PASSWORD }, '10.2.0.1')).json().token;
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    testApp.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another secret, or with alg none', async () => {
    const user = await createUser(testApp.database.db, { role: 'admin' });
    const now = Math.floor(testApp.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('marketplace')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length-123'));
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: user.id, role: 'admin', iss: 'marketplace', exp: now + 3600 })}.`;
    expect((await me(`Bearer ${unsigned}`)).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const payload = validSignup({ password: 'very-secret-password-123' });
    const token = (await signup(payload)).json().token as string;
    await me(`Bearer ${token}`);
    await login({ email: payload.email, password: 'wrong-secret-password-456' }, '10.3.0.1');
    const logs = testApp.logs.join('');
    expect(logs).toContain('/api/auth/signup');
    expect(logs).not.toContain('very-secret-password-123');
    expect(logs).not.toContain('wrong-secret-password-456');
    expect(logs).not.toContain(token);
  });
});

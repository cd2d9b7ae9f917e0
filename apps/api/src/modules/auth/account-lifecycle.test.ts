import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox, users } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { withTwoCachedInstances } from '../../../test/two-cached-instances';

// The account lifecycle (docs/product/accounts.md) through the real app and database: reset links,
// signing out everywhere, e-mail verification and changing the sign-in address. Mail is read from
// the outbox the mail module writes.

let testApp: TestApp;
let categorySlug: string;
/** Each test's own client address, so the per-client reset limit of one does not reach another. */
let clientCounter = 0;
const nextClient = () => `10.0.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

beforeAll(async () => {
  testApp = await buildTestApp({ environment: { PUBLIC_URL: 'https://shop.example.test' } });
  categorySlug = (await createCategory(testApp.database.db)).slug;
});
afterAll(async () => {
  await testApp?.close();
});

type Json = Record<string, unknown>;
const post = (url: string, payload?: Json, options: { authorization?: string; remoteAddress?: string } = {}) =>
  testApp.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: options.authorization ? { authorization: options.authorization } : {},
    remoteAddress: options.remoteAddress ?? nextClient(),
  });
const me = (authorization: string) => testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
const bearer = (token: string) => `Bearer ${token}`;

async function login(email: string, password: string) {
  return post('/api/auth/login', { email, password });
}
async function tokenOf(email: string, password = FACTORY_PASSWORD): Promise<string> {
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

/** The mail the outbox holds for an address, oldest first. */
async function mailsTo(address: string, template?: string) {
  const rows = await testApp.database.db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.toAddress, address), eq(mailOutbox.template, template)) : eq(mailOutbox.toAddress, address));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** The token of the newest link of that kind sent to the address. */
async function linkTokenSentTo(address: string, kind: 'reset-password' | 'verify-email'): Promise<string> {
  const mails = await mailsTo(address);
  const pattern = new RegExp(`https://shop\\.example\\.test/${kind}/([A-Za-z0-9_-]+)`);
  const links = mails.map((mail) => pattern.exec(mail.text)?.[1]).filter((token): token is string => Boolean(token));
  expect(links.length, `a ${kind} link sent to ${address}`).toBeGreaterThan(0);
  return links.at(-1)!;
}

describe('forgot and reset password', () => {
  it('answers 204 for a known and an unknown address alike, and mails only the known one', async () => {
    const user = await createUser(testApp.database.db);
    const unknown = `nobody-${Date.now()}@test.example`;
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const stranger = await post('/api/auth/forgot-password', { email: unknown });
    expect(known.statusCode).toBe(204);
    expect(stranger.statusCode).toBe(204);
    expect(known.body).toBe(stranger.body);
    expect(await mailsTo(unknown)).toHaveLength(0);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ template: 'password-reset', category: 'transactional', toUserId: user.id });
    expect(mail!.html).toContain('https://shop.example.test/reset-password/');
    // Only a hash of the token is stored.
    const token = await linkTokenSentTo(user.email, 'reset-password');
    const stored = await testApp.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(60 * 60 * 1000);
  });

  it('refuses a malformed or missing address with a clear 400, and sends nothing', async () => {
    const before = (await testApp.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    for (const payload of [{ email: 'not-an-email' }, { email: '' }, {}, { email: ['a@b.co'] }, { email: 'x'.repeat(400) + '@example.com' }]) {
      const answer = await post('/api/auth/forgot-password', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      const body = answer.json();
      expect(body.code).toBe('validation_failed');
      expect(typeof body.error).toBe('string');
      expect(body.error.length).toBeGreaterThan(0);
    }
    // A reset with a missing or empty token, or a password too short, is refused the same way.
    for (const payload of [{ password: 'a-long-enough-password' }, { token: '', password: 'a-long-enough-password' }, { token: 'abc', password: 'short' }]) {
      const answer = await post('/api/auth/reset-password', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
    }
    expect((await testApp.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
  });

  it('sets the new password once: the old one and every earlier session stop working', async () => {
    const user = await createUser(testApp.database.db);
    const oldSession = await tokenOf(user.email);
    expect((await me(bearer(oldSession))).statusCode).toBe(200);

    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(204);
    const token = await linkTokenSentTo(user.email, 'reset-password');
    const reset = await post('/api/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(reset.statusCode).toBe(204);

    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'a-brand-new-password')).statusCode).toBe(200);
    const refused = await me(bearer(oldSession));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'session_ended' });
    expect(refused.json().error).toEqual(expect.any(String));

    const again = await post('/api/auth/reset-password', { token, password: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'reset_token_used' });
    expect((await login(user.email, 'yet-another-password')).statusCode).toBe(401);
  });

  it('retires an older link when a newer one is used', async () => {
    const user = await createUser(testApp.database.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const first = await linkTokenSentTo(user.email, 'reset-password');
    // A later mail (the outbox orders by its time, which only moves by hand here).
    testApp.clock.advance(1000);
    await post('/api/auth/forgot-password', { email: user.email });
    const second = await linkTokenSentTo(user.email, 'reset-password');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/reset-password', { token: second, password: 'the-second-password' })).statusCode).toBe(204);
    const older = await post('/api/auth/reset-password', { token: first, password: 'the-first-password' });
    expect(older.json()).toMatchObject({ code: 'reset_token_used' });
  });

  it('refuses an expired link after one hour, and a forged one', async () => {
    const user = await createUser(testApp.database.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await linkTokenSentTo(user.email, 'reset-password');
    testApp.clock.advance(60 * 60 * 1000 + 1000);
    const expired = await post('/api/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'reset_token_expired' });
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(200);

    const forged = await post('/api/auth/reset-password', { token: `${token.slice(0, -2)}xx`, password: 'a-brand-new-password' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'reset_token_invalid' });
  });

  it("never writes a link token to the logs (the pages' addresses are redacted too)", async () => {
    const user = await createUser(testApp.database.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await linkTokenSentTo(user.email, 'reset-password');
    await testApp.app.inject({ method: 'GET', url: `/reset-password/${token}` });
    await testApp.app.inject({ method: 'GET', url: `/verify-email/${token}` });
    await post('/api/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(testApp.logs.join('\n')).not.toContain(token);
    expect(testApp.logs.join('\n')).toContain('/reset-password/[redacted]');
  });

  it('holds a new password to the sign-up rules', async () => {
    const user = await createUser(testApp.database.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await linkTokenSentTo(user.email, 'reset-password');
    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_failed' });
    // The refused attempt did not use the link up.
    expect((await post('/api/auth/reset-password', { token, password: 'long-enough-now' })).statusCode).toBe(204);
  });

  it('limits a flood per address (429, nothing more sent)', async () => {
    const user = await createUser(testApp.database.db);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push((await post('/api/auth/forgot-password', { email: user.email })).statusCode);
    expect(answers).toEqual([204, 204, 204, 429, 429, 429]);
    const refused = await post('/api/auth/forgot-password', { email: user.email });
    expect(refused.json()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await mailsTo(user.email)).toHaveLength(3);
    // An unknown address is limited the same way, so a 429 tells nothing.
    const stranger = `flood-${Date.now()}@test.example`;
    const strangerAnswers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) strangerAnswers.push((await post('/api/auth/forgot-password', { email: stranger })).statusCode);
    expect(strangerAnswers).toEqual([204, 204, 204, 429]);
  });

  it('limits a flood per client address across many e-mail addresses', async () => {
    const people = await Promise.all(Array.from({ length: 21 }, () => createUser(testApp.database.db)));
    const answers: number[] = [];
    for (const person of people) answers.push((await post('/api/auth/forgot-password', { email: person.email }, { remoteAddress: '203.0.113.7' })).statusCode);
    expect(answers.filter((status) => status === 204)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
    expect(await mailsTo(people.at(-1)!.email)).toHaveLength(0);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const user = await createUser(testApp.database.db);
    const time = async (email: string) => {
      const started = performance.now();
      await post('/api/auth/forgot-password', { email });
      return performance.now() - started;
    };
    const known = await time(user.email);
    const unknown = await time(`nobody-timing-${Date.now()}@test.example`);
    // Both wait out the same floor.
    expect(unknown).toBeGreaterThanOrEqual(140);
    expect(known).toBeGreaterThanOrEqual(140);
  });
});

describe('logout ends every session', () => {
  it('refuses a token from before the logout, on every device, and lets the user sign in again', async () => {
    const user = await createUser(testApp.database.db);
    const phone = await tokenOf(user.email);
    testApp.clock.advance(1000);
    const laptop = await tokenOf(user.email);
    expect((await me(bearer(laptop))).statusCode).toBe(200);

    const loggedOut = await post('/api/auth/logout', undefined, { authorization: bearer(phone) });
    expect(loggedOut.statusCode).toBe(204);
    for (const token of [phone, laptop]) {
      const refused = await me(bearer(token));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'session_ended' });
    }
    const fresh = await tokenOf(user.email);
    expect((await me(bearer(fresh))).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, { authorization: bearer(phone) })).statusCode).toBe(401);
  });

  it('takes effect at once with the user cache on', async () => {
    const cached = await buildTestApp({ environment: { USER_CACHE_SECONDS: '10' }, sharedDatabase: testApp.database });
    try {
      const user = await createUser(testApp.database.db);
      const response = await cached.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
      const authorization = bearer(response.json().token as string);
      const ask = () => cached.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect((await ask()).statusCode).toBe(200);
      expect((await cached.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } })).statusCode).toBe(204);
      expect((await ask()).json()).toMatchObject({ code: 'session_ended' });
    } finally {
      await cached.close();
    }
  });

  it('reaches another instance through the cache bus (Redis)', async () => {
    await withTwoCachedInstances(testApp.database, 'account-lifecycle', async (instanceA, instanceB) => {
      const user = await createUser(testApp.database.db);
      const response = await instanceA.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
      const authorization = bearer(response.json().token as string);
      const askA = () => instanceA.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      // Instance A now remembers the user's row for a minute.
      expect((await askA()).statusCode).toBe(200);
      expect((await instanceB.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } })).statusCode).toBe(204);
      await expect.poll(async () => (await askA()).json().code, { timeout: 2000, interval: 50 }).toBe('session_ended');
    });
  });
});

describe('e-mail verification', () => {
  const signup = (email: string, role: 'buyer' | 'seller') =>
    post('/api/auth/signup', {
      email,
      password: 'sign-up-password',
      firstName: 'Vera',
      lastName: 'Fied',
      role,
      ...(role === 'seller' ? { companyName: 'Vera’s Goods' } : {}),
    });
  const listing = () => ({ title: 'Walnut board', description: 'Oiled and ready.', category: categorySlug, price: 42, quantity: 2, condition: 'new' });

  it('mails a link at sign-up; an unverified seller cannot put a listing live until it is opened', async () => {
    const email = `seller-${Date.now()}@test.example`;
    const created = await signup(email, 'seller');
    expect(created.statusCode).toBe(201);
    const authorization = bearer(created.json().token as string);
    expect((await me(authorization)).json().user).toMatchObject({ email, emailVerified: false, pendingEmail: null });

    const refused = await post('/api/products', listing(), { authorization });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'email_not_verified' });

    const [mail] = await mailsTo(email, 'email-verify');
    expect(mail).toMatchObject({ category: 'transactional' });
    const token = await linkTokenSentTo(email, 'verify-email');
    // Opened in any browser: no sign-in needed.
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email });
    expect((await me(authorization)).json().user).toMatchObject({ emailVerified: true });
    expect((await post('/api/products', listing(), { authorization })).statusCode).toBe(201);

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'verification_token_used' });
  });

  it('lets an unverified buyer shop, and refuses a forged or expired link', async () => {
    const email = `buyer-${Date.now()}@test.example`;
    const created = await signup(email, 'buyer');
    const authorization = bearer(created.json().token as string);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cart', headers: { authorization } })).statusCode).toBe(200);

    const forged = await post('/api/auth/verify-email', { token: 'not-a-link-we-sent' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'verification_token_invalid' });

    const token = await linkTokenSentTo(email, 'verify-email');
    testApp.clock.advance(49 * 60 * 60 * 1000);
    const expired = await post('/api/auth/verify-email', { token });
    expect(expired.json()).toMatchObject({ code: 'verification_token_expired' });
  });

  it('resends the link a few times, then refuses (429); a verified user has nothing to resend', async () => {
    const email = `resend-${Date.now()}@test.example`;
    const authorization = bearer((await signup(email, 'buyer')).json().token as string);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push((await post('/api/auth/resend-verification', undefined, { authorization })).statusCode);
    expect(answers).toEqual([204, 204, 204, 429]);
    // The sign-up's link and three more; nothing for the refused one.
    expect(await mailsTo(email, 'email-verify')).toHaveLength(4);
    expect((await post('/api/auth/verify-email', { token: await linkTokenSentTo(email, 'verify-email') })).statusCode).toBe(200);

    const verifiedUser = await createUser(testApp.database.db);
    const done = await post('/api/auth/resend-verification', undefined, { authorization: bearer(await tokenOf(verifiedUser.email)) });
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ code: 'email_already_verified' });
  });

  it('keeps the demo and existing users verified', async () => {
    const seller = await createUser(testApp.database.db, { role: 'seller' });
    expect((await post('/api/products', listing(), { authorization: bearer(await tokenOf(seller.email)) })).statusCode).toBe(201);
  });
});

describe('changing the e-mail address', () => {
  it('mails the new address a link, tells the old one, and switches only once the link is opened', async () => {
    const user = await createUser(testApp.database.db);
    const oldEmail = user.email;
    const newEmail = `moved-${Date.now()}@test.example`;
    const authorization = bearer(await tokenOf(oldEmail));

    const wrongPassword = await post('/api/auth/change-email', { email: newEmail, currentPassword: 'not-my-password' }, { authorization });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'current_password_incorrect' });
    expect(await mailsTo(newEmail)).toHaveLength(0);

    const asked = await post('/api/auth/change-email', { email: newEmail, currentPassword: FACTORY_PASSWORD }, { authorization });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ pendingEmail: newEmail });
    expect(await mailsTo(oldEmail, 'email-change-requested')).toHaveLength(1);
    expect((await me(authorization)).json().user).toMatchObject({ email: oldEmail, emailVerified: true, pendingEmail: newEmail });
    // Until the link is opened the old address stays the sign-in address.
    expect((await login(oldEmail, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await login(newEmail, FACTORY_PASSWORD)).statusCode).toBe(401);

    const verified = await post('/api/auth/verify-email', { token: await linkTokenSentTo(newEmail, 'verify-email') });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: newEmail });
    expect((await login(newEmail, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await login(oldEmail, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await me(authorization)).json().user).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    const [told] = await mailsTo(oldEmail, 'email-changed');
    expect(told!.text).toContain(newEmail);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(newEmail);
  });

  it('refuses an address another account holds, and a link whose address was taken since', async () => {
    const user = await createUser(testApp.database.db);
    const other = await createUser(testApp.database.db);
    const authorization = bearer(await tokenOf(user.email));
    const taken = await post('/api/auth/change-email', { email: other.email, currentPassword: FACTORY_PASSWORD }, { authorization });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken' });

    const wanted = `wanted-${Date.now()}@test.example`;
    expect((await post('/api/auth/change-email', { email: wanted, currentPassword: FACTORY_PASSWORD }, { authorization })).statusCode).toBe(202);
    const token = await linkTokenSentTo(wanted, 'verify-email');
    await createUser(testApp.database.db, { email: wanted });
    const late = await post('/api/auth/verify-email', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'email_taken' });
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });
});

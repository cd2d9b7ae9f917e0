import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-data';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { assertAcceptablePassword } from './password';

// The password policy (docs/product/accounts.md "Passwords") where a new password is chosen: sign-up
// and a reset here; a change from the profile in modules/users/profile.test.ts.

let testApp: TestApp;
let clientCounter = 0;
beforeAll(async () => {
  testApp = await buildTestApp({ environment: { PUBLIC_URL: 'https://shop.example.test' } });
});
afterAll(async () => {
  await testApp?.close();
});

const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload, remoteAddress: `10.77.0.${++clientCounter}` });
const signupWith = (password: string) =>
  post('/api/auth/signup', {
    email: `weak-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password,
    firstName: 'Wes',
    lastName: 'Weak',
    role: 'buyer',
  });

const COMMON = 'Choose a stronger password: it is one of the most common passwords';
const WEAK = [
  ['password', COMMON],
  ['12345678', COMMON],
  ['qwertyui', COMMON],
  ['password123', COMMON],
  ['        ', 'Choose a stronger password: it cannot be only spaces'],
] as const;

describe('sign-up', () => {
  it.each(WEAK)('refuses %j with 400 weak_password saying why, and creates no account', async (password, message) => {
    const countBefore = (await testApp.database.db.select({ id: users.id }).from(users)).length;
    const response = await signupWith(password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'weak_password', issues: [{ path: 'password', message }] });
    expect((await testApp.database.db.select({ id: users.id }).from(users)).length).toBe(countBefore);
  });

  it('keeps the length limits as validation failures (8 to 200 characters)', async () => {
    for (const password of ['short', 'x'.repeat(201)]) {
      const response = await signupWith(password);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });

  it('accepts a password that is hard to guess', async () => {
    expect((await signupWith('walnut-harbour-quietly')).statusCode).toBe(201);
  });
});

describe('reset', () => {
  it.each(WEAK)('refuses %j with 400 weak_password and leaves the link usable and the old password working', async (password, message) => {
    const user = await createUser(testApp.database.db);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(204);
    const [mail] = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.template, 'password-reset')));
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const refused = await post('/api/auth/reset-password', { token, password });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: message, code: 'weak_password' });
    expect((await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token, password: 'walnut-harbour-quietly' })).statusCode).toBe(204);
  });

  it('tells a dead link before judging the password', async () => {
    const response = await post('/api/auth/reset-password', { token: 'no-such-link', password: 'password' });
    expect(response.json()).toMatchObject({ code: 'reset_token_invalid' });
  });
});

describe('passwords the project itself uses', () => {
  it('lets the demo and test fixture passwords through', async () => {
    await expect(assertAcceptablePassword(DEMO_PASSWORD, 'password')).resolves.toBeUndefined();
    await expect(assertAcceptablePassword(FACTORY_PASSWORD, 'password')).resolves.toBeUndefined();
  });
});

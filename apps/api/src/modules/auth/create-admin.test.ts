import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { findUserByEmail } from '../users';
import { createAdmin } from './create-admin';

describe('createAdmin', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates an admin who can log in and reach /me as admin', async () => {
    const result = await createAdmin(testApp.database.db, { email: 'Boss@Example.com', password: 'admin-password', firstName: 'Ada', lastName: 'Admin' });
    expect(result).toMatchObject({ ok: true, user: { email: 'boss@example.com', role: 'admin' } });
    const login = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@example.com', password: 'admin-password' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
  });

  it('refuses a taken email, a bad email and a short password without creating anything', async () => {
    expect(await createAdmin(testApp.database.db, { email: 'boss@example.com', password: 'another-password', firstName: 'A', lastName: 'B' })).toEqual({
      ok: false,
      error: 'An account with the email boss@example.com already exists.',
    });
    expect((await createAdmin(testApp.database.db, { email: 'nope', password: 'admin-password', firstName: 'A', lastName: 'B' })).ok).toBe(false);
    expect((await createAdmin(testApp.database.db, { email: 'new@example.com', password: 'short', firstName: 'A', lastName: 'B' })).ok).toBe(false);
    expect(await findUserByEmail(testApp.database.db, 'new@example.com')).toBeNull();
  });

  it('refuses names that show nothing or hide text-direction controls, as every name does', async () => {
    for (const [firstName, lastName] of [
      ['\u200b\u2060\ufeff', 'Admin'],
      ['Ada', '\u202enimdA'],
    ] as const) {
      const result = await createAdmin(testApp.database.db, { email: 'hidden@example.com', password: 'admin-password', firstName, lastName });
      expect(result).toMatchObject({
        ok: false,
        error: expect.stringMatching(/name (cannot contain hidden formatting characters|must contain at least one visible)/),
      });
    }
    expect(await findUserByEmail(testApp.database.db, 'hidden@example.com')).toBeNull();
  });

  it('refuses a password the password rule refuses, saying why', async () => {
    expect(await createAdmin(testApp.database.db, { email: 'weak@example.com', password: 'password', firstName: 'A', lastName: 'B' })).toEqual({
      ok: false,
      error: 'Choose a stronger password: it is one of the most common passwords',
    });
    expect(await findUserByEmail(testApp.database.db, 'weak@example.com')).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { buildTestApp, type TestApp } from '../../../test/helper';

// Signed-in requests reuse the user row for USER_CACHE_SECONDS (here 10 s on the test's manual clock).
// A suspended user's token stops working within one minute — at once when an admin of this
// instance suspends them, within the cache's lifetime when the row changes elsewhere.

let testApp: TestApp;
let adminAuth: string;
beforeAll(async () => {
  testApp = await buildTestApp({ environment: { USER_CACHE_SECONDS: '10' } });
  adminAuth = await bearerFor(testApp, await createUser(testApp.database.db, { role: 'admin' }));
});
afterAll(async () => {
  await testApp?.close();
});

const me = (authorization: string) => testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });

describe('signed-in user cache', () => {
  it("ends a user's sessions at once when an admin suspends them", async () => {
    const user = await createUser(testApp.database.db);
    const authorization = await bearerFor(testApp, user);
    expect((await me(authorization)).statusCode).toBe(200);
    const suspended = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers: { authorization: adminAuth },
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await me(authorization)).statusCode).toBe(401);
  });

  it('refuses a token within the cache lifetime when the suspension was written elsewhere', async () => {
    const user = await createUser(testApp.database.db);
    const authorization = await bearerFor(testApp, user);
    expect((await me(authorization)).statusCode).toBe(200);
    await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    // Another instance's change: this one still has the active row for now…
    expect((await me(authorization)).statusCode).toBe(200);
    // …and reads it afresh once it is 10 s old (well within the minute the issue allows).
    testApp.clock.advance(10_000);
    await expect.poll(async () => (await me(authorization)).statusCode).toBe(401);
  });

  it('shows a profile change on the next request', async () => {
    const user = await createUser(testApp.database.db, { firstName: 'Ada' });
    const authorization = await bearerFor(testApp, user);
    expect((await me(authorization)).json().user).toMatchObject({ firstName: 'Ada' });
    const updated = await testApp.app.inject({ method: 'PUT', url: '/api/users/me', headers: { authorization }, payload: { firstName: 'Grace' } });
    expect(updated.statusCode).toBe(200);
    expect((await me(authorization)).json().user).toMatchObject({ firstName: 'Grace' });
  });
});

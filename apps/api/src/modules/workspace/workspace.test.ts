import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';

let testApp: TestApp;
let admin: string;
let seller: { id: string; token: string };
let otherSeller: { id: string; token: string };
let buyer: string;

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const VALID_SETTINGS = { marketplaceName: 'Corner Market', supportEmail: 'Help@Corner.example', supportPhone: '+1 (212) 555-0100' };
const VALID_REQUEST = { topic: 'payouts', subject: 'Missing payout', message: 'My payout for order 123 has not arrived yet.' };

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  admin = await bearerFor(testApp, adminUser);
  const sellerUser = await createUser(db, { role: 'seller', firstName: 'Sam', lastName: 'Seller', companyName: 'Sam’s Supplies' });
  seller = { id: sellerUser.id, token: await bearerFor(testApp, sellerUser) };
  const otherUser = await createUser(db, { role: 'seller' });
  otherSeller = { id: otherUser.id, token: await bearerFor(testApp, otherUser) };
  buyer = await bearerFor(testApp, await createUser(db, { role: 'buyer' }));
});

afterAll(async () => {
  await testApp.close();
});

describe('marketplace settings', () => {
  it('answers the defaults publicly, without a login, on first read', async () => {
    const response = await call('GET', '/api/settings/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ marketplaceName: 'Marketplace', supportEmail: 'support@example.com', supportPhone: '+1 (800) 555-0199' });
  });

  it('lets only an admin read and change them', async () => {
    expect((await call('GET', '/api/admin/settings')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/settings', seller.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/settings', buyer, VALID_SETTINGS)).statusCode).toBe(403);

    const before = await call('GET', '/api/admin/settings', admin);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      marketplaceName: 'Marketplace',
      supportEmail: 'support@example.com',
      supportPhone: '+1 (800) 555-0199',
      payoutOnDelivery: false,
      payoutDelayDays: 3,
      updatedAt: expect.any(String),
    });

    const saved = await call('PUT', '/api/admin/settings', admin, VALID_SETTINGS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ marketplaceName: 'Corner Market', supportEmail: 'help@corner.example', supportPhone: '+1 (212) 555-0100' });

    const rows = await testApp.database.db.query.marketplaceSettings.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.marketplaceName).toBe('Corner Market');
    expect((await call('GET', '/api/settings/public')).json()).toEqual({
      marketplaceName: 'Corner Market',
      supportEmail: 'help@corner.example',
      supportPhone: '+1 (212) 555-0100',
    });
  });

  it.each([
    ['marketplaceName', 'A', 'Marketplace name must be 2 to 60 characters'],
    ['marketplaceName', 'x'.repeat(61), 'Marketplace name must be 2 to 60 characters'],
    ['supportEmail', 'not-an-email', 'Enter a valid support email address'],
    ['supportPhone', '555', 'Support phone must be 7 to 30 characters: digits, spaces, + ( ) and -'],
    ['supportPhone', 'call 555 0100', 'Support phone must be 7 to 30 characters: digits, spaces, + ( ) and -'],
  ])('refuses %s = %j with a field message', async (field, value, message) => {
    const response = await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: field, message });
  });

  it.each([
    ['a CR LF and a header after it', 'Corner Market\r\nBcc: everyone@example.com'],
    ['a line feed', 'Corner\nMarket'],
    ['a carriage return', 'Corner\rMarket'],
    ['a line break around the name', 'Corner Market\r\n'],
    ['a tab', 'Corner\tMarket'],
    ['an escape', 'Corner \u001b[31mMarket'],
    ['a bell', 'Corner\u0007Market'],
    ['a C1 control character', 'Corner\u0085Market'],
    ["Unicode's line separator", 'Corner\u2028Market'],
  ])('refuses a marketplace name with %s (400, on the field), and saves nothing', async (_label, marketplaceName) => {
    const before = (await call('GET', '/api/admin/settings', admin)).json();
    const response = await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, marketplaceName });
    expect(response.statusCode).toBe(400);
    const message = 'Marketplace name cannot contain line breaks, tabs or other control characters';
    expect(response.json()).toEqual({
      error: `Invalid request — marketplaceName: ${message}`,
      code: 'validation_failed',
      issues: [{ path: 'marketplaceName', message }],
    });
    expect((await call('GET', '/api/admin/settings', admin)).json()).toEqual(before);
  });

  it('has no marketplace-wide commission: a category without a rate pays 0 % (docs/product/limits.md), so an old client’s field is ignored', async () => {
    const saved = await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, defaultCommissionRate: 12.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).not.toHaveProperty('defaultCommissionRate');
  });
});

describe('payout on delivery (docs/product/payouts.md)', () => {
  it('is off with a 3-day delay until an admin turns it on; left out of a save, it keeps what was saved', async () => {
    const initial = (await call('GET', '/api/admin/settings', admin)).json();
    expect(initial).toMatchObject({ payoutOnDelivery: false, payoutDelayDays: 3 });
    // The public contact details never tell how sellers are paid.
    expect((await call('GET', '/api/settings/public')).json()).not.toHaveProperty('payoutOnDelivery');

    const turnedOn = await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, payoutOnDelivery: true, payoutDelayDays: 7 });
    expect(turnedOn.statusCode).toBe(200);
    expect(turnedOn.json()).toMatchObject({ payoutOnDelivery: true, payoutDelayDays: 7 });
    const [row] = await testApp.database.db.query.marketplaceSettings.findMany();
    expect(row).toMatchObject({ payoutOnDelivery: true, payoutDelayDays: 7 });

    // The marketplace form saves only its own fields: the payout mode stays as it was.
    const nameOnly = await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, marketplaceName: 'Corner Market Two' });
    expect(nameOnly.json()).toMatchObject({ marketplaceName: 'Corner Market Two', payoutOnDelivery: true, payoutDelayDays: 7 });

    for (const [payoutDelayDays, payoutOnDelivery] of [
      [1, false],
      [30, true],
    ] as const) {
      expect((await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, payoutOnDelivery, payoutDelayDays })).json()).toMatchObject({
        payoutOnDelivery,
        payoutDelayDays,
      });
    }
    await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, payoutOnDelivery: false, payoutDelayDays: 3 });
  });

  it.each([
    ['payoutDelayDays', 0, 'The payout delay must be a whole number of days from 1 to 30'],
    ['payoutDelayDays', 31, 'The payout delay must be a whole number of days from 1 to 30'],
    ['payoutDelayDays', 2.5, 'The payout delay must be a whole number of days from 1 to 30'],
    ['payoutDelayDays', '3', 'The payout delay must be a whole number of days from 1 to 30'],
    ['payoutDelayDays', null, 'The payout delay must be a whole number of days from 1 to 30'],
    ['payoutOnDelivery', 'yes', 'Payout on delivery must be on or off'],
    ['payoutOnDelivery', 1, 'Payout on delivery must be on or off'],
  ])('refuses %s = %j with a field message, and saves nothing', async (field, value, message) => {
    const before = (await call('GET', '/api/admin/settings', admin)).json();
    const response = await call('PUT', '/api/admin/settings', admin, { ...VALID_SETTINGS, marketplaceName: 'Not Saved', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json().issues).toContainEqual({ path: field, message });
    expect((await call('GET', '/api/admin/settings', admin)).json()).toEqual(before);
  });

  it('is changed by admins only', async () => {
    const payload = { ...VALID_SETTINGS, payoutOnDelivery: true, payoutDelayDays: 5 };
    expect((await call('PUT', '/api/admin/settings', undefined, payload)).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/settings', seller.token, payload)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/settings', buyer, payload)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/settings', admin)).json()).toMatchObject({ payoutOnDelivery: false, payoutDelayDays: 3 });
  });
});

describe('notification preferences', () => {
  it('starts from the defaults and saves all five for the seller alone', async () => {
    const first = await call('GET', '/api/users/me/notification-preferences', seller.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ newOrder: true, newMessage: true, payoutSent: true, disputeOpened: true, weeklySummary: false });

    const chosen = { newOrder: false, newMessage: true, payoutSent: false, disputeOpened: true, weeklySummary: true };
    const saved = await call('PUT', '/api/users/me/notification-preferences', seller.token, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(chosen);
    expect((await call('GET', '/api/users/me/notification-preferences', seller.token)).json()).toEqual(chosen);
    // Saved again (an update this time), and another seller still has the defaults.
    expect((await call('PUT', '/api/users/me/notification-preferences', seller.token, { ...chosen, newOrder: true })).json().newOrder).toBe(true);
    expect((await call('GET', '/api/users/me/notification-preferences', otherSeller.token)).json().weeklySummary).toBe(false);
  });

  it('needs a seller and all five booleans', async () => {
    expect((await call('GET', '/api/users/me/notification-preferences')).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me/notification-preferences', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/me/notification-preferences', admin)).statusCode).toBe(403);
    const missing = await call('PUT', '/api/users/me/notification-preferences', seller.token, { newOrder: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues.map((issue: { path: string }) => issue.path)).toContain('newMessage');
    expect(
      (
        await call('PUT', '/api/users/me/notification-preferences', seller.token, {
          newOrder: 'yes',
          newMessage: true,
          payoutSent: true,
          disputeOpened: true,
          weeklySummary: true,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('support requests', () => {
  it('lets a seller send one, see their own, and an admin close it', async () => {
    const created = await call('POST', '/api/support/requests', seller.token, { ...VALID_REQUEST, subject: '  Missing payout  ' });
    expect(created.statusCode).toBe(201);
    const request = created.json().request;
    expect(request).toMatchObject({
      topic: 'payouts',
      subject: 'Missing payout',
      status: 'open',
      closedAt: null,
      seller: { id: seller.id, name: 'Sam Seller', companyName: 'Sam’s Supplies' },
    });

    testApp.clock.advance(60_000);
    const others = await call('POST', '/api/support/requests', otherSeller.token, { ...VALID_REQUEST, topic: 'shipping', subject: 'Label will not print' });
    expect(others.statusCode).toBe(201);
    const othersId = others.json().request.id as string;

    const own = await call('GET', '/api/support/requests', seller.token);
    expect(own.json().requests.map((item: { id: string }) => item.id)).toEqual([request.id]);
    expect((await call('GET', `/api/support/requests/${request.id}`, seller.token)).statusCode).toBe(200);
    // Another seller's request is a 404, the same as one that does not exist.
    const foreign = await call('GET', `/api/support/requests/${othersId}`, seller.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Support request not found', code: 'not_found' });

    const all = await call('GET', '/api/support/requests', admin);
    expect(all.json().requests.map((item: { id: string }) => item.id)).toEqual([othersId, request.id]);

    const closed = await call('PATCH', `/api/admin/support/requests/${request.id}`, admin, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().request).toMatchObject({ id: request.id, status: 'closed' });
    expect(closed.json().request.closedAt).toEqual(expect.any(String));
    // Closing again is harmless.
    expect((await call('PATCH', `/api/admin/support/requests/${request.id}`, admin, { status: 'closed' })).statusCode).toBe(200);

    // Open ones come first, then the newest.
    testApp.clock.advance(60_000);
    const later = await call('POST', '/api/support/requests', seller.token, { ...VALID_REQUEST, subject: 'Another question' });
    expect((await call('GET', '/api/support/requests', admin)).json().requests.map((item: { status: string }) => item.status)).toEqual([
      'open',
      'open',
      'closed',
    ]);
    const openOnly = await call('GET', '/api/support/requests?status=open', admin);
    expect(openOnly.json().requests.map((item: { id: string }) => item.id)).toEqual([later.json().request.id, othersId]);
    const closedOnly = await call('GET', '/api/support/requests?status=closed', seller.token);
    expect(closedOnly.json().requests.map((item: { id: string }) => item.id)).toEqual([request.id]);
  });

  it('keeps at most 10 requests open per seller, even sent in parallel; closing one frees a place (docs/product/limits.md)', async () => {
    const user = await createUser(testApp.database.db, { role: 'seller' });
    const token = await bearerFor(testApp, user);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => call('POST', '/api/support/requests', token, { ...VALID_REQUEST, subject: `Question ${index}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(14);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        error: 'You already have 10 open support requests; we will answer those before you send another',
        code: 'support_request_limit',
        limit: 10,
      });
    }
    const own = (await call('GET', '/api/support/requests?limit=100', token)).json();
    expect(own.pagination).toEqual({ page: 1, limit: 100, totalItems: 10, totalPages: 1 });
    expect(own.openCount).toBe(10);

    const first = answers.find((answer) => answer.statusCode === 201)!.json().request.id as string;
    expect((await call('PATCH', `/api/admin/support/requests/${first}`, admin, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('POST', '/api/support/requests', token, VALID_REQUEST)).statusCode).toBe(201);
    expect((await call('POST', '/api/support/requests', token, VALID_REQUEST)).statusCode).toBe(409);
    // Another seller is not held back by this one's requests.
    const other = await bearerFor(testApp, await createUser(testApp.database.db, { role: 'seller' }));
    expect((await call('POST', '/api/support/requests', other, VALID_REQUEST)).statusCode).toBe(201);
  });

  it('answers a page at a time (20 by default, at most 100) with the pagination and the open count', async () => {
    const user = await createUser(testApp.database.db, { role: 'seller' });
    const token = await bearerFor(testApp, user);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      testApp.clock.advance(1_000);
      ids.push((await call('POST', '/api/support/requests', token, { ...VALID_REQUEST, subject: `Paged ${index}` })).json().request.id);
    }
    await call('PATCH', `/api/admin/support/requests/${ids[4]}`, admin, { status: 'closed' });
    // Open first (newest first), then the closed one.
    const expectedOrder = [ids[3], ids[2], ids[1], ids[0], ids[4]];

    const whole = (await call('GET', '/api/support/requests', token)).json();
    expect(whole.pagination).toEqual({ page: 1, limit: 20, totalItems: 5, totalPages: 1 });
    expect(whole.openCount).toBe(4);
    expect(whole.requests.map((item: { id: string }) => item.id)).toEqual(expectedOrder);

    const pages = [1, 2, 3].map((page) => call('GET', `/api/support/requests?page=${page}&limit=2`, token));
    const answers = await Promise.all(pages);
    expect(answers.map((answer) => answer.json().requests.map((item: { id: string }) => item.id))).toEqual([
      expectedOrder.slice(0, 2),
      expectedOrder.slice(2, 4),
      expectedOrder.slice(4),
    ]);
    expect(answers[2]!.json().pagination).toEqual({ page: 3, limit: 2, totalItems: 5, totalPages: 3 });
    expect(answers[2]!.json().openCount).toBe(4);

    const closedOnly = (await call('GET', '/api/support/requests?status=closed&limit=1', token)).json();
    expect(closedOnly.pagination).toEqual({ page: 1, limit: 1, totalItems: 1, totalPages: 1 });
    expect(closedOnly.openCount).toBe(4);

    // The admin pages through everyone's.
    const adminPage = (await call('GET', '/api/support/requests?limit=3', admin)).json();
    expect(adminPage.requests).toHaveLength(3);
    expect(adminPage.pagination.totalItems).toBeGreaterThanOrEqual(5);
    expect(adminPage.pagination.totalPages).toBe(Math.ceil(adminPage.pagination.totalItems / 3));

    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      expect((await call('GET', `/api/support/requests?${query}`, admin)).statusCode, query).toBe(400);
    }
  });

  it('checks the topic, subject and message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...VALID_REQUEST, topic: 'refunds' }, 'topic', 'Choose a topic'],
      [{ ...VALID_REQUEST, subject: 'Hi' }, 'subject', 'Subject must be 3 to 120 characters'],
      [{ ...VALID_REQUEST, subject: 'x'.repeat(121) }, 'subject', 'Subject must be 3 to 120 characters'],
      [{ ...VALID_REQUEST, message: 'Too short' }, 'message', 'Message must be 10 to 5000 characters'],
      [{ ...VALID_REQUEST, message: 'x'.repeat(5001) }, 'message', 'Message must be 10 to 5000 characters'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await call('POST', '/api/support/requests', seller.token, payload);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    expect((await call('GET', '/api/support/requests?status=pending', admin)).statusCode).toBe(400);
  });

  it('keeps each call to its roles', async () => {
    expect((await call('POST', '/api/support/requests', undefined, VALID_REQUEST)).statusCode).toBe(401);
    expect((await call('POST', '/api/support/requests', buyer, VALID_REQUEST)).statusCode).toBe(403);
    expect((await call('POST', '/api/support/requests', admin, VALID_REQUEST)).statusCode).toBe(403);
    expect((await call('GET', '/api/support/requests', buyer)).statusCode).toBe(403);

    const created = await call('POST', '/api/support/requests', seller.token, VALID_REQUEST);
    const id = created.json().request.id as string;
    expect((await call('PATCH', `/api/admin/support/requests/${id}`, seller.token, { status: 'closed' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/admin/support/requests/${id}`, admin, { status: 'open' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/support/requests/00000000-0000-4000-8000-000000000000', admin, { status: 'closed' })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/support/requests/not-a-uuid', admin, { status: 'closed' })).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { orderItems, payouts, sandboxConnectTransfers } from '../../db/schema';
import { ConnectError, type ConnectProvider, type TransferRequest } from '../../providers/payment/connect-port';
import { signStripeWebhookPayload } from '../../providers/payment/stripe-connect';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';

const WEBHOOK_SECRET = 'whsec_test_marketplace';

/** A fake in front of the sandbox: the next transfers fail as told, and every key is recorded. */
const transferPlan: Array<'refuse' | 'timeout'> = [];
const transferKeys: string[] = [];
function wrapConnect(provider: ConnectProvider): ConnectProvider {
  return Object.assign(Object.create(provider) as ConnectProvider, {
    async transfer(request: TransferRequest) {
      transferKeys.push(request.idempotencyKey);
      const next = transferPlan.shift();
      if (next === 'refuse') throw new ConnectError('Insufficient funds in the platform balance.', 'insufficient_funds', false);
      if (next === 'timeout') {
        // The transfer happens at the provider, but the answer is lost on the way back.
        await provider.transfer(request);
        throw new ConnectError('Request timed out', 'provider_unavailable', true);
      }
      return provider.transfer(request);
    },
  });
}

let testApp: TestApp;
let admin: string;
let seller: { id: string; token: string };
let otherSeller: { id: string; token: string };
let buyer: { id: string; token: string };

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The seller creates an account and completes the sandbox onboarding; answers the account id. */
async function onboard(token: string): Promise<string> {
  const created = await call('POST', '/api/stripe-connect/create-express-account', token, { type: 'express', country: 'US' });
  expect(created.statusCode).toBe(200);
  const link = await call('POST', '/api/stripe-connect/create-onboarding-link', token, { accountId: created.json().accountId });
  const linkToken = new URL(link.json().url as string).pathname.split('/').at(-1) ?? '';
  const completed = await call('POST', `/api/sandbox/connect/links/${linkToken}/complete`, undefined, {
    businessType: 'company',
    businessName: 'Acme Goods',
    routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
    accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
  });
  expect(completed.statusCode).toBe(200);
  const status = await call('GET', `/api/stripe-connect/account-status/${created.json().accountId}`, token);
  expect(status.json().status).toBe('complete');
  return created.json().accountId as string;
}

/** A shipped item of the seller: 2 × $50.00 in a 10 % category, unless told otherwise. */
async function shippedItem(
  sellerId: string,
  options: { status?: 'shipped' | 'delivered' | 'approved'; priceCents?: number; quantity?: number; rateBps?: number } = {},
) {
  const category = await createCategory(testApp.database.db, { commissionRateBasisPoints: options.rateBps ?? 1000 });
  const product = await createProduct(testApp.database.db, { sellerId, categoryId: category.id });
  const { items } = await createOrder(testApp.database.db, {
    buyerId: buyer.id,
    status: 'shipped',
    items: [{ product, priceCents: options.priceCents ?? 5000, quantity: options.quantity ?? 2, status: options.status ?? 'shipped' }],
  });
  return items[0]!;
}

beforeAll(async () => {
  testApp = await buildTestApp({ environment: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://market.test' }, wrapConnect });
  const db = testApp.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  admin = await bearerFor(testApp, adminUser);
  const sellerUser = await createUser(db, { role: 'seller', companyName: 'Acme Goods' });
  seller = { id: sellerUser.id, token: await bearerFor(testApp, sellerUser) };
  const otherUser = await createUser(db, { role: 'seller' });
  otherSeller = { id: otherUser.id, token: await bearerFor(testApp, otherUser) };
  const buyerUser = await createUser(db, { role: 'buyer' });
  buyer = { id: buyerUser.id, token: await bearerFor(testApp, buyerUser) };
});

afterAll(async () => {
  await testApp?.close();
});

describe('the seller’s Stripe account (docs/product/api.md, payouts.md) on the sandbox', () => {
  it('moves none → created → pending → complete, through the local onboarding page', async () => {
    const user = await createUser(testApp.database.db, { role: 'seller' });
    const token = await bearerFor(testApp, user);
    expect((await call('GET', '/api/stripe-connect/check-account', token)).json()).toEqual({
      success: true,
      hasAccount: false,
      accountId: null,
      status: 'none',
    });

    const created = await call('POST', '/api/stripe-connect/create-express-account', token, { type: 'express', country: 'US' });
    expect(created.json()).toMatchObject({
      success: true,
      status: 'created',
      message: 'Express account created successfully! Please complete the onboarding process.',
    });
    const accountId = created.json().accountId as string;
    expect(accountId).toMatch(/^acct_/);
    expect(created.json().onboardingUrl).toMatch(/^http:\/\/market\.test\/sandbox\/connect\/[\w-]+$/);
    // Created again: the same account, never a second one.
    expect((await call('POST', '/api/stripe-connect/create-express-account', token, { type: 'express', country: 'US' })).json().accountId).toBe(accountId);
    expect((await call('GET', '/api/stripe-connect/check-account', token)).json()).toMatchObject({ hasAccount: true, accountId, status: 'created' });

    const link = await call('POST', '/api/stripe-connect/create-onboarding-link', token, { accountId });
    expect(link.statusCode).toBe(200);
    expect((await call('GET', '/api/stripe-connect/check-account', token)).json().status).toBe('pending');
    const linkToken = new URL(link.json().url as string).pathname.split('/').at(-1) ?? '';

    const page = await call('GET', `/api/sandbox/connect/links/${linkToken}`);
    expect(page.json()).toMatchObject({
      kind: 'onboarding',
      account: { id: accountId, detailsSubmitted: false },
      returnUrl: 'http://market.test/seller/onboarding?onboarding=return',
    });
    // Leaving early keeps the account pending.
    expect((await call('GET', `/api/stripe-connect/account-status/${accountId}`, token)).json()).toMatchObject({ status: 'pending', detailsSubmitted: false });
    expect((await call('GET', '/api/stripe-connect/create-stripe-dashboard-link', token)).statusCode).toBe(400);

    const wrongBank = await call('POST', `/api/sandbox/connect/links/${linkToken}/complete`, undefined, {
      businessType: 'individual',
      businessName: 'Jo',
      routingNumber: '123456789',
      accountNumber: '000123456789',
    });
    expect(wrongBank.statusCode).toBe(400);
    expect(wrongBank.json().error).toContain(SANDBOX_TEST_ROUTING_NUMBER);
    const badForm = await call('POST', `/api/sandbox/connect/links/${linkToken}/complete`, undefined, {
      businessType: 'individual',
      businessName: 'Jo',
      routingNumber: '12',
      accountNumber: 'x',
    });
    expect(badForm.statusCode).toBe(400);

    const done = await call('POST', `/api/sandbox/connect/links/${linkToken}/complete`, undefined, {
      businessType: 'individual',
      businessName: 'Jo’s Goods',
      routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
      accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
    });
    expect(done.json()).toEqual({ success: true, returnUrl: 'http://market.test/seller/onboarding?onboarding=return' });
    // A link works once.
    expect((await call('GET', `/api/sandbox/connect/links/${linkToken}`)).statusCode).toBe(410);

    expect((await call('GET', `/api/stripe-connect/account-status/${accountId}`, token)).json()).toMatchObject({
      success: true,
      status: 'complete',
      payoutsEnabled: true,
      requirements: [],
    });
    const dashboard = await call('GET', '/api/stripe-connect/create-stripe-dashboard-link', token);
    expect(dashboard.json().loginUrl).toMatch(/^http:\/\/market\.test\/sandbox\/connect\//);
    const dashboardToken = new URL(dashboard.json().loginUrl as string).pathname.split('/').at(-1) ?? '';
    expect((await call('GET', `/api/sandbox/connect/links/${dashboardToken}`)).json()).toMatchObject({
      kind: 'dashboard',
      account: { businessName: 'Jo’s Goods', bankLast4: '6789' },
      balance: { available: 0, pending: 0 },
    });
  });

  it('keeps each seller to their own account, and sellers only', async () => {
    const accountId = await onboard(otherSeller.token);
    expect((await call('GET', `/api/stripe-connect/account-status/${accountId}`, seller.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/stripe-connect/create-onboarding-link', seller.token, { accountId })).statusCode).toBe(404);
    expect((await call('GET', '/api/stripe-connect/check-account', buyer.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/stripe-connect/check-account')).statusCode).toBe(401);
    expect((await call('POST', '/api/stripe-connect/create-express-account', otherSeller.token, { type: 'standard', country: 'US' })).statusCode).toBe(400);
    expect((await call('POST', '/api/stripe-connect/create-express-account', otherSeller.token, { type: 'express', country: 'CA' })).statusCode).toBe(400);
    expect((await call('GET', '/api/sandbox/connect/links/no-such-token-at-all')).statusCode).toBe(404);
  });
});

describe('payouts (docs/product/validation.md, api.md, limits.md)', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = await onboard(seller.token);
  });

  it('lists shipped and delivered items for admins only, paged', async () => {
    await shippedItem(seller.id);
    await shippedItem(seller.id, { status: 'delivered' });
    await shippedItem(seller.id, { status: 'approved' });
    expect((await call('GET', '/api/orders/get-all-shipped-orders')).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/get-all-shipped-orders', seller.token)).statusCode).toBe(403);
    const all = await call('GET', '/api/orders/get-all-shipped-orders?page=1&limit=100', admin);
    expect(all.statusCode).toBe(200);
    const items = all.json().data.orderItems as Array<{
      orderStatus: string;
      seller_paid: boolean;
      sellerAccountStatus: string;
      seller: { companyName: string | null };
    }>;
    expect(items.every((item) => item.orderStatus === 'shipped' || item.orderStatus === 'delivered')).toBe(true);
    expect(items.find((item) => item.seller.companyName === 'Acme Goods')).toMatchObject({ seller_paid: false, sellerAccountStatus: 'complete' });
    const paged = await call('GET', '/api/orders/get-all-shipped-orders?page=2&limit=1', admin);
    expect(paged.json().data.orderItems).toHaveLength(1);
    expect(paged.json().data.pagination).toMatchObject({ page: 2, limit: 1, totalItems: all.json().data.pagination.totalItems });
    expect((await call('GET', '/api/orders/get-all-shipped-orders?limit=500', admin)).statusCode).toBe(400);
  });

  it('pays item total − commission − pickup charge, less the fee, once; the item then shows seller_paid', async () => {
    const item = await shippedItem(seller.id);
    const pickup = await call('GET', `/api/stripe-connect/pickup-charges/${item.id}`, admin);
    expect(pickup.json()).toMatchObject({ success: true, hasPickup: false, totalPickupCharge: 0, allocation: { allocatedPickupCharge: 0 } });

    const paid = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(paid.statusCode).toBe(200);
    // $100.00 − $10.00 commission = $90.00 gross; fee 0.225 → $0.23 + $0.25 = $0.48; $89.52 to the seller.
    expect(paid.json()).toMatchObject({
      success: true,
      message: 'Payout created successfully',
      payout: { status: 'paid', amount: 90, fee_amount: 0.48, net_amount: 89.52, order_item_id: item.id },
    });
    const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(row).toMatchObject({ grossCents: 9000, feeCents: 48, netCents: 8952, commissionCents: 1000, accountId });
    const [transfer] = await testApp.database.db.select().from(sandboxConnectTransfers).where(eq(sandboxConnectTransfers.id, row!.transferId!));
    expect(transfer).toMatchObject({ amountCents: 8952, accountId, idempotencyKey: `payout-${item.id}-attempt-1` });
    const [updated] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(updated?.sellerPaid).toBe(true);

    const again = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This item has already been paid out.');
  });

  it('refuses items not shipped, unknown items, sellers without a complete account, and non-admins', async () => {
    const approved = await shippedItem(seller.id, { status: 'approved' });
    const notShipped = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: approved.id });
    expect(notShipped.statusCode).toBe(400);
    expect(notShipped.json().error).toContain('approved');
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: 'nope' })).statusCode).toBe(400);

    const newcomer = await createUser(testApp.database.db, { role: 'seller' });
    const noAccount = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: (await shippedItem(newcomer.id)).id });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error).toBe('The seller has not set up a Stripe account yet, so they cannot be paid.');
    const newcomerToken = await bearerFor(testApp, newcomer);
    await call('POST', '/api/stripe-connect/create-express-account', newcomerToken, { type: 'express', country: 'US' });
    const notComplete = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: (await shippedItem(newcomer.id)).id });
    expect(notComplete.json().error).toBe('The seller has not completed Stripe onboarding (account status: created), so they cannot be paid yet.');

    const item = await shippedItem(seller.id);
    expect((await call('POST', '/api/stripe-connect/payout', seller.token, { orderItemId: item.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/stripe-connect/payout', undefined, { orderItemId: item.id })).statusCode).toBe(401);
  });

  it('records a refused transfer as failed with its reason, and pays on retry with a new key', async () => {
    const item = await shippedItem(seller.id);
    transferPlan.push('refuse');
    transferKeys.length = 0;
    const refused = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Failed to create payout: Insufficient funds in the platform balance.');
    const list = await call('GET', `/api/stripe-connect/admin/payouts?status=failed&sellerId=${seller.id}`, admin);
    expect(list.json().data.payouts.find((payout: { order_item_id: string }) => payout.order_item_id === item.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'Insufficient funds in the platform balance.',
    });

    const retried = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(retried.json().payout.status).toBe('paid');
    expect(transferKeys).toEqual([`payout-${item.id}-attempt-1`, `payout-${item.id}-attempt-2`]);
  });

  it('keeps a payout whose transfer went unanswered pending, and completes it with the same key: one transfer', async () => {
    const item = await shippedItem(seller.id);
    transferPlan.push('timeout');
    transferKeys.length = 0;
    const lost = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(lost.statusCode).toBe(502);
    const [pending] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(pending?.status).toBe('pending');

    const resumed = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(resumed.json().payout.status).toBe('paid');
    expect(transferKeys).toEqual([`payout-${item.id}-attempt-1`, `payout-${item.id}-attempt-1`]);
    const transfers = await testApp.database.db
      .select()
      .from(sandboxConnectTransfers)
      .where(eq(sandboxConnectTransfers.idempotencyKey, `payout-${item.id}-attempt-1`));
    expect(transfers).toHaveLength(1);
  });

  it('makes exactly one payout and one transfer for 20 concurrent requests', async () => {
    const item = await shippedItem(seller.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code !== 200).every((code) => code === 409)).toBe(true);
    expect(await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id))).toHaveLength(1);
    const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(await testApp.database.db.select().from(sandboxConnectTransfers).where(eq(sandboxConnectTransfers.id, row!.transferId!))).toHaveLength(1);
  });

  it('pays nothing, and marks paid, when the charges eat the item total', async () => {
    const item = await shippedItem(seller.id, { priceCents: 20, quantity: 1, rateBps: 0 });
    const paid = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(paid.json().payout).toMatchObject({ status: 'paid', amount: 0.2, fee_amount: 0.25, net_amount: 0, transfer_id: null });
  });

  it('answers the payout history, stats and quick stats for admins', async () => {
    const list = await call('GET', `/api/stripe-connect/admin/payouts?page=1&limit=10&sellerId=${seller.id}&status=paid`, admin);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.payouts as Array<{ status: string; seller: { email: string } }>;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((row) => row.status === 'paid')).toBe(true);
    expect(list.json().data.pagination).toMatchObject({ page: 1, limit: 10 });
    expect((await call('GET', '/api/stripe-connect/admin/payouts?status=lost', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/stripe-connect/admin/payouts', seller.token)).statusCode).toBe(403);

    const stats = await call('GET', `/api/admin/payoutStats/stats?dateRange=7&sellerId=${seller.id}`, admin);
    expect(stats.statusCode).toBe(200);
    const data = stats.json().data;
    expect(data.time_series).toHaveLength(7);
    const total = data.time_series.reduce((sum: number, point: { amount: number }) => sum + point.amount, 0);
    expect(Math.round(total * 100)).toBe(Math.round(data.top_sellers[0].total_amount * 100));
    expect(data.status_distribution.map((entry: { status: string }) => entry.status)).toEqual(['paid', 'pending', 'failed']);
    expect(data.this_month.count).toBeGreaterThanOrEqual(4);
    expect((await call('GET', '/api/admin/payoutStats/stats?dateRange=8', admin)).statusCode).toBe(400);

    const quick = await call('GET', '/api/admin/payoutStats/quick-stats', admin);
    expect(quick.json().data).toMatchObject({ active_sellers: 3 });
    expect(quick.json().data.this_month.amount).toBeGreaterThan(0);

    const sellers = await call('GET', '/api/user/sellers', admin);
    expect(sellers.json().sellers.find((entry: { id: string }) => entry.id === seller.id)).toMatchObject({ company_name: 'Acme Goods' });
  });
});

describe('payout stats at scale', () => {
  it('keeps the stats a few seconds, and shows a payout made, refused or reversed here at once', async () => {
    const db = testApp.database.db;
    const user = await createUser(db, { role: 'seller', firstName: 'Stat', lastName: 'Seller', companyName: 'Stats Co' });
    await onboard(await bearerFor(testApp, user));
    const [direct, made, refused] = [await shippedItem(user.id), await shippedItem(user.id), await shippedItem(user.id)];
    const url = `/api/admin/payoutStats/stats?dateRange=7&sellerId=${user.id}`;
    const stats = async () => {
      const response = await call('GET', url, admin);
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const distribution = (paid: number, pending: number, failed: number) => [
      { status: 'paid', count: paid },
      { status: 'pending', count: pending },
      { status: 'failed', count: failed },
    ];

    const before = await stats();
    expect(before).toMatchObject({ this_month: { amount: 0, count: 0 }, top_sellers: [], active_sellers: 0, status_distribution: distribution(0, 0, 0) });

    // A payout written straight to the database, not through this service: the cached answer stands.
    const now = testApp.clock.now();
    await db.insert(payouts).values({
      orderItemId: direct.id,
      sellerId: user.id,
      accountId: 'acct_direct',
      status: 'paid',
      itemTotalCents: 1000,
      commissionRateBps: 0,
      commissionCents: 0,
      pickupChargeCents: 0,
      grossCents: 1000,
      feeCents: 0,
      netCents: 1000,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    });
    expect(await stats()).toEqual(before);

    // A payout made here drops the cached answer: both payouts show ($10.00 + $89.52).
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: made.id })).statusCode).toBe(200);
    const after = await stats();
    expect(after).toMatchObject({
      this_month: { amount: 99.52, count: 2 },
      top_sellers: [{ seller_id: user.id, seller_name: 'Stat Seller (Stats Co)', total_amount: 99.52, payout_count: 2 }],
      active_sellers: 1,
      status_distribution: distribution(2, 0, 0),
    });
    expect(after.time_series).toHaveLength(7);
    expect(after.time_series.at(-1)).toEqual({ date: now.toISOString().slice(0, 10), amount: 99.52, count: 2 });
    expect(after.time_series.slice(0, -1).every((point: { amount: number; count: number }) => point.amount === 0 && point.count === 0)).toBe(true);

    // A refused transfer is a failed payout at once.
    transferPlan.push('refuse');
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: refused.id })).statusCode).toBe(400);
    expect((await stats()).status_distribution).toEqual(distribution(2, 0, 1));

    // A reversed transfer turns the paid payout into a failed one at once.
    const [row] = await db.select().from(payouts).where(eq(payouts.orderItemId, made.id));
    const payload = JSON.stringify({
      id: 'evt_stats_reversal',
      object: 'event',
      type: 'transfer.reversed',
      data: { object: { id: row!.transferId, object: 'transfer', amount: 8952, amount_reversed: 8952, currency: 'usd', reversed: true } },
    });
    const reversal = await testApp.app.inject({
      method: 'POST',
      url: '/api/stripe-connect/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhookPayload(payload, WEBHOOK_SECRET) },
      payload,
    });
    expect(reversal.json()).toEqual({ received: true, duplicate: false });
    expect(await stats()).toMatchObject({ this_month: { amount: 10, count: 1 }, active_sellers: 1, status_distribution: distribution(1, 0, 2) });
  });
});

describe('Stripe webhooks', () => {
  const send = (payload: string, signature?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/stripe-connect/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });

  it('refuses unsigned or tampered events', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated', data: { object: {} } });
    expect((await send(payload)).statusCode).toBe(400);
    expect((await send(payload, signStripeWebhookPayload(payload, 'whsec_wrong'))).json()).toEqual({ error: 'Invalid webhook signature', code: 'bad_request' });
    expect((await send(payload.replace('evt_1', 'evt_2'), signStripeWebhookPayload(payload, WEBHOOK_SECRET))).statusCode).toBe(400);
  });

  it('reverses a payout on transfer.reversed, once per event id', async () => {
    const item = await shippedItem(seller.id);
    const paid = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    const transferId = paid.json().payout.transfer_id as string;
    const payload = JSON.stringify({
      id: 'evt_reversal_1',
      object: 'event',
      type: 'transfer.reversed',
      data: { object: { id: transferId, object: 'transfer', amount: 8952, amount_reversed: 8952, currency: 'usd', reversed: true } },
    });
    const first = await send(payload, signStripeWebhookPayload(payload, WEBHOOK_SECRET));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'The transfer was reversed' });
    const [updated] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(updated?.sellerPaid).toBe(false);
    expect((await send(payload, signStripeWebhookPayload(payload, WEBHOOK_SECRET))).json()).toEqual({ received: true, duplicate: true });
  });
});

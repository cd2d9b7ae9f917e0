import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { chats, chatUploads, orderItems, payments, payouts, products, refunds, sandboxConnectLinks, sandboxConnectTransfers, uploadTokens } from '../db/schema';
import { loadConfig } from '../config';
import { EXPIRED_LINK_KEPT_MS } from '../providers/payment/connect-sandbox';
import { ConnectError, type ConnectProvider, type TransferRequest } from '../providers/payment/connect-port';
import { createLocalFileStore } from '../providers/files/local';
import type { PaymentProvider } from '../providers/payment/port';
import { SANDBOX_PAYMENT_PREFIX } from '../providers/payment/sandbox';
import { UNSENT_UPLOAD_KEPT_MS } from '../modules/chat/chat.service';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/helper';
import { createUser } from '../../test/factories';
import { bearerFor } from '../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../test/factories-orders';
import { defineJobs, JOB_NAMES, type JobName } from './job-definitions';
import { timeLimit } from '../../test/time-limit';

// Each job's work on the database (PGlite by default, PostgreSQL with TEST_DATABASE_URL), run as the
// queue runs it (the job's own `run`), and the queue itself started on the app's database. Two
// instances on one PostgreSQL (once per period, a killed instance's job taken over) are in
// two-instances.test.ts.

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

let testApp: TestApp;
/** The next transfers fail as told; every key asked for is recorded. */
const transferPlan: Array<'lost-answer' | 'refuse'> = [];
const transferKeys: string[] = [];
/** While set, refunds get no answer. */
let refundsDown = false;
const refundKeys: string[] = [];

interface Person {
  id: string;
  token: string;
}
let seller: Person;
let buyer: Person;
let admin: Person;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: Person | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: who ? { authorization: who.token } : {}, ...(payload ? { payload } : {}) });
}

async function person(role: 'buyer' | 'seller' | 'admin'): Promise<Person> {
  const user = await createUser(testApp.database.db, { role });
  return { id: user.id, token: await bearerFor(testApp, user) };
}

/** Runs one job's work as the queue would. */
async function runJob(name: JobName) {
  const definition = defineJobs(testApp.services, testApp.config).find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`no job ${name}`);
  return definition.run({});
}

/** An item of the seller's, in the given state, paid by card. */
async function boughtItem(status: 'pending' | 'shipped') {
  const category = await createCategory(testApp.database.db, { commissionRateBasisPoints: 1000 });
  const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id, quantity: 5 });
  const { order, items } = await createOrder(testApp.database.db, {
    buyerId: buyer.id,
    status: status === 'pending' ? 'pending' : 'shipped',
    items: [{ product, priceCents: 5000, quantity: 2, status }],
  });
  await testApp.database.db.insert(payments).values({
    orderId: order.id,
    buyerId: buyer.id,
    provider: 'sandbox',
    providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
    amountCents: order.totalCents,
    status: 'succeeded',
  });
  return { product, item: items[0]! };
}

beforeAll(async () => {
  testApp = await buildTestApp({
    wrapConnect: (provider: ConnectProvider) =>
      Object.assign(Object.create(provider) as ConnectProvider, {
        async transfer(request: TransferRequest) {
          transferKeys.push(request.idempotencyKey);
          const next = transferPlan.shift();
          if (next === 'refuse') throw new ConnectError('Insufficient funds in the platform balance.', 'insufficient_funds', false);
          if (next === 'lost-answer') {
            // The transfer happens at the provider, but its answer is lost on the way back.
            await provider.transfer(request);
            throw new ConnectError('Request timed out', 'provider_unavailable', true);
          }
          return provider.transfer(request);
        },
      }),
    wrapPayments: (provider: PaymentProvider) => ({
      ...provider,
      async refund(request) {
        refundKeys.push(request.idempotencyKey);
        if (refundsDown) throw new Error('socket hang up');
        return provider.refund(request);
      },
    }),
  });
  [seller, buyer, admin] = await Promise.all([person('seller'), person('buyer'), person('admin')]);
  // The seller onboards through the Connect sandbox so they can be paid.
  const created = await call('POST', '/api/stripe-connect/create-express-account', seller, { type: 'express', country: 'US' });
  const link = await call('POST', '/api/stripe-connect/create-onboarding-link', seller, { accountId: created.json().accountId });
  const token = new URL(link.json().url as string).pathname.split('/').at(-1);
  await call('POST', `/api/sandbox/connect/links/${token}/complete`, null, {
    businessType: 'company',
    businessName: 'Acme',
    routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
    accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
  });
  expect((await call('GET', `/api/stripe-connect/account-status/${created.json().accountId}`, seller)).json().status).toBe('complete');
}, timeLimit(120_000));

afterAll(async () => {
  await testApp?.close();
});

describe('resuming stale payouts', () => {
  it('pays a payout whose transfer answer was lost, with the same key, once; the provider holds one transfer', async () => {
    const { item } = await boughtItem('shipped');
    transferPlan.push('lost-answer');
    const first = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id });
    expect(first.statusCode).toBe(502);
    const [pending] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(pending).toMatchObject({ status: 'pending', failureReason: expect.stringMatching(/did not answer/) });

    transferKeys.length = 0;
    expect(await runJob(JOB_NAMES.resumeStalePayouts)).toEqual({ resumed: 1, paid: 1, stillPending: 0, failed: 0 });
    expect(transferKeys).toEqual([`payout-${item.id}-attempt-1`]);
    const [paid] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(paid).toMatchObject({ status: 'paid', attempt: 1, failureReason: null, transferId: expect.any(String) });
    const [itemRow] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(itemRow?.sellerPaid).toBe(true);
    const transfers = await testApp.database.db
      .select()
      .from(sandboxConnectTransfers)
      .where(eq(sandboxConnectTransfers.idempotencyKey, `payout-${item.id}-attempt-1`));
    expect(transfers).toHaveLength(1);

    // Nothing is left to resume.
    transferKeys.length = 0;
    expect(await runJob(JOB_NAMES.resumeStalePayouts)).toEqual({ resumed: 0, paid: 0, stillPending: 0, failed: 0 });
    expect(transferKeys).toEqual([]);
  });

  it('waits the stale time for a claim whose request died before the transfer, then finishes it', async () => {
    const { item } = await boughtItem('shipped');
    transferPlan.push('lost-answer');
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id })).statusCode).toBe(502);
    // As if the process died between the claim and the transfer: pending, touched just now, no reason.
    await testApp.database.db.update(payouts).set({ failureReason: null, updatedAt: testApp.clock.now() }).where(eq(payouts.orderItemId, item.id));

    transferKeys.length = 0;
    expect(await runJob(JOB_NAMES.resumeStalePayouts)).toMatchObject({ resumed: 0 });
    expect(transferKeys).toEqual([]);

    testApp.clock.advance((testApp.config.payoutClaimStaleSeconds + 1) * SECOND);
    expect(await runJob(JOB_NAMES.resumeStalePayouts)).toMatchObject({ resumed: 1, paid: 1 });
    expect(transferKeys).toEqual([`payout-${item.id}-attempt-1`]);
    expect(
      await testApp.database.db
        .select()
        .from(sandboxConnectTransfers)
        .where(eq(sandboxConnectTransfers.idempotencyKey, `payout-${item.id}-attempt-1`)),
    ).toHaveLength(1);
  });

  it('leaves a refused payout to the admin: no new attempt', async () => {
    const { item } = await boughtItem('shipped');
    transferPlan.push('refuse');
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: item.id })).statusCode).toBe(400);
    testApp.clock.advance((testApp.config.payoutClaimStaleSeconds + 1) * SECOND);
    transferKeys.length = 0;
    expect(await runJob(JOB_NAMES.resumeStalePayouts)).toMatchObject({ resumed: 0 });
    expect(transferKeys).toEqual([]);
    const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(row).toMatchObject({ status: 'failed', attempt: 1 });
  });
});

describe('resuming stale refunds', () => {
  it("finishes a seller's rejection whose refund got no answer: refunded once with the same key, the item rejected and restocked", async () => {
    const { item, product } = await boughtItem('pending');
    const [before] = await testApp.database.db.select({ stock: products.quantity }).from(products).where(eq(products.id, product.id));
    refundsDown = true;
    const rejected = await call('PATCH', `/api/seller/order-items/${item.id}`, seller, { status: 'rejected', reason: 'Out of walnut' });
    refundsDown = false;
    expect(rejected.statusCode).toBe(502);
    const [claim] = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(claim).toMatchObject({ status: 'pending', refundKey: `rejection:${item.id}` });

    refundKeys.length = 0;
    expect(await runJob(JOB_NAMES.resumeStaleRefunds)).toEqual({ found: 1, finished: 1, unfinished: 0, lateFound: 0, lateCredited: 0 });
    expect(refundKeys).toEqual([`refund-${claim!.id}`]);
    const [after] = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(after).toMatchObject({ id: claim!.id, status: 'succeeded' });
    const [itemRow] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(itemRow).toMatchObject({ status: 'rejected', rejectionReason: 'Out of walnut', refundedCents: after!.amountCents });
    const [restocked] = await testApp.database.db.select({ stock: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(restocked!.stock).toBe(before!.stock + item.quantity);

    // Done: a second sweep finds nothing, and the seller's retry is answered without paying again.
    refundKeys.length = 0;
    expect(await runJob(JOB_NAMES.resumeStaleRefunds)).toEqual({ found: 0, finished: 0, unfinished: 0, lateFound: 0, lateCredited: 0 });
    expect(refundKeys).toEqual([]);
  });

  it('keeps a claim that still gets no answer pending for the next sweep', async () => {
    const { item } = await boughtItem('pending');
    refundsDown = true;
    expect((await call('PATCH', `/api/seller/order-items/${item.id}`, seller, { status: 'rejected', reason: 'Sold elsewhere' })).statusCode).toBe(502);
    expect(await runJob(JOB_NAMES.resumeStaleRefunds)).toEqual({ found: 1, finished: 0, unfinished: 1, lateFound: 0, lateCredited: 0 });
    refundsDown = false;
    const [claim] = await testApp.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(claim?.status).toBe('pending');
    expect(await runJob(JOB_NAMES.resumeStaleRefunds)).toEqual({ found: 1, finished: 1, unfinished: 0, lateFound: 0, lateCredited: 0 });
    const [itemRow] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(itemRow?.status).toBe('rejected');
  });
});

describe('clean-ups', () => {
  it('deletes expired phone upload links and keeps live ones', async () => {
    const category = await createCategory(testApp.database.db);
    const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id });
    const now = testApp.clock.now().getTime();
    await testApp.database.db.insert(uploadTokens).values([
      { tokenHash: `expired-${product.id}`, productId: product.id, sellerId: seller.id, expiresAt: new Date(now - SECOND) },
      { tokenHash: `live-${product.id}`, productId: product.id, sellerId: seller.id, expiresAt: new Date(now + HOUR) },
    ]);
    expect(await runJob(JOB_NAMES.deleteExpiredUploadTokens)).toEqual({ deleted: 1 });
    const left = await testApp.database.db.select({ tokenHash: uploadTokens.tokenHash }).from(uploadTokens).where(eq(uploadTokens.productId, product.id));
    expect(left).toEqual([{ tokenHash: `live-${product.id}` }]);
  });

  it('deletes Connect sandbox links a day after they expired; until then their page still says "expired"', async () => {
    const otherUser = await createUser(testApp.database.db, { role: 'seller' });
    let other: Person = { id: otherUser.id, token: await bearerFor(testApp, otherUser) };
    const created = await call('POST', '/api/stripe-connect/create-express-account', other, { type: 'express', country: 'US' });
    const accountId = created.json().accountId as string;
    const oldLink = await call('POST', '/api/stripe-connect/create-onboarding-link', other, { accountId });
    const oldToken = new URL(oldLink.json().url as string).pathname.split('/').at(-1);
    const [oldRow] = await testApp.database.db.select().from(sandboxConnectLinks).where(eq(sandboxConnectLinks.accountId, accountId));
    const oldExpiry = oldRow!.expiresAt.getTime();

    testApp.clock.set(new Date(oldExpiry + SECOND));
    expect((await call('GET', `/api/sandbox/connect/links/${oldToken}`, null)).statusCode).toBe(410);
    await runJob(JOB_NAMES.deleteExpiredSandboxLinks);
    expect((await call('GET', `/api/sandbox/connect/links/${oldToken}`, null)).statusCode).toBe(410);

    testApp.clock.set(new Date(oldExpiry + EXPIRED_LINK_KEPT_MS + SECOND));
    // A day later the seller signs in again.
    other = { id: otherUser.id, token: await bearerFor(testApp, otherUser) };
    const freshLink = await call('POST', '/api/stripe-connect/create-onboarding-link', other, { accountId });
    const freshToken = new URL(freshLink.json().url as string).pathname.split('/').at(-1);
    const outcome = await runJob(JOB_NAMES.deleteExpiredSandboxLinks);
    expect(outcome).toMatchObject({ deleted: expect.any(Number) });
    expect((outcome as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/sandbox/connect/links/${oldToken}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/sandbox/connect/links/${freshToken}`, null)).statusCode).toBe(200);
    const left = await testApp.database.db.select().from(sandboxConnectLinks).where(eq(sandboxConnectLinks.accountId, accountId));
    expect(left).toHaveLength(1);
  });

  it('deletes chat photos never sent after a day, files and rows, and keeps recent ones', async () => {
    const files = createLocalFileStore(testApp.config.uploadsDirectory);
    const [chat] = await testApp.database.db.insert(chats).values({ buyerId: buyer.id, sellerId: seller.id }).returning();
    const now = testApp.clock.now().getTime();
    const old = new Date(now - UNSENT_UPLOAD_KEPT_MS - SECOND);
    const rows = await testApp.database.db
      .insert(chatUploads)
      .values([
        { chatId: chat!.id, uploaderId: buyer.id, fileKey: 'pending', thumbnailKey: 'pending', name: 'died-before-keys.jpg', createdAt: old },
        { chatId: chat!.id, uploaderId: buyer.id, fileKey: 'pending', thumbnailKey: 'pending', name: 'abandoned.jpg', createdAt: old },
        { chatId: chat!.id, uploaderId: buyer.id, fileKey: 'pending', thumbnailKey: 'pending', name: 'just-now.jpg', createdAt: new Date(now - HOUR) },
      ])
      .returning();
    const keysOf = (id: string) => [`chats/${chat!.id}/${id}.webp`, `chats/${chat!.id}/${id}-thumb.webp`];
    for (const row of rows) for (const key of keysOf(row.id)) await files.put(key, Buffer.from('photo'));
    // The second and third finished their upload: their keys are on the row.
    for (const row of rows.slice(1)) {
      const [fileKey, thumbnailKey] = keysOf(row.id);
      await testApp.database.db.update(chatUploads).set({ fileKey, thumbnailKey }).where(eq(chatUploads.id, row.id));
    }

    expect(await runJob(JOB_NAMES.deleteUnsentChatUploads)).toEqual({ deleted: 2 });
    const left = await testApp.database.db
      .select({ id: chatUploads.id })
      .from(chatUploads)
      .where(
        inArray(
          chatUploads.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left).toEqual([{ id: rows[2]!.id }]);
    for (const row of rows.slice(0, 2)) for (const key of keysOf(row.id)) expect(await files.get(key)).toBeNull();
    for (const key of keysOf(rows[2]!.id)) expect(await files.get(key)).not.toBeNull();
  });
});

describe('the queue on the app’s own database', () => {
  it('starts with the app, runs every scheduled job once at start, runs a sent job, and reports its queues', { timeout: timeLimit(60_000) }, async () => {
    // A second app with the queue started, polling fast, on a database prepared first.
    const database = await createTestDatabase();
    const owner = await createUser(database.db, { role: 'seller' });
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { sellerId: owner.id, categoryId: category.id });
    await database.db
      .insert(uploadTokens)
      .values({ tokenHash: 'expired-before-start', productId: product.id, sellerId: owner.id, expiresAt: new Date(Date.now() - HOUR) });
    const withJobs = await buildTestApp({ sharedDatabase: database, jobs: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, drainSeconds: 5 } });
    try {
      const jobs = withJobs.jobs!;
      const names = Object.values(JOB_NAMES);
      // Every scheduled job ran once at start, on whichever database this suite uses.
      await waitFor(async () => {
        const stats = await jobs.stats();
        return stats.length === names.length && stats.every((entry) => entry.queued === 0 && entry.active === 0);
      });
      const completed = (await database.executeSql("select name, count(*)::int as runs from pgboss.job where state = 'completed' group by name"))
        .rows as Array<{ name: string; runs: number }>;
      expect(Object.fromEntries(completed.map((row) => [row.name, Number(row.runs)]))).toEqual(Object.fromEntries(names.map((name) => [name, 1])));
      expect(await database.db.select().from(uploadTokens).where(eq(uploadTokens.productId, product.id))).toEqual([]);
      expect((await jobs.stats()).map((entry) => entry.queue).sort()).toEqual([...names].sort());
      expect(withJobs.logs.join('')).toMatch(/job finished/);

      // A job sent by hand runs too.
      await database.db
        .insert(uploadTokens)
        .values({ tokenHash: 'expired-later', productId: product.id, sellerId: owner.id, expiresAt: new Date(Date.now() - HOUR) });
      expect(await jobs.send(JOB_NAMES.deleteExpiredUploadTokens)).toEqual(expect.any(String));
      await waitFor(async () => (await database.db.select().from(uploadTokens).where(eq(uploadTokens.productId, product.id))).length === 0);
      await expect(jobs.send('no-such-job')).rejects.toThrow(/No job is defined/);
    } finally {
      await withJobs.close();
      await database.close();
    }
  });

  it('is not started by the test helper unless asked', () => {
    expect(testApp.jobs).toBeNull();
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', DATA_DIR: tmpdir() };

  it('runs the jobs by default, every 5 minutes for tracking, each minute for resumptions, hourly for clean-ups', () => {
    expect(loadConfig(base).jobs).toEqual({ enabled: true, trackingRefreshSeconds: 300, resumeSeconds: 60, cleanupSeconds: 3600 });
    expect(
      loadConfig({ ...base, JOBS_ENABLED: 'false', JOBS_TRACKING_REFRESH_SECONDS: '60', JOBS_RESUME_SECONDS: '30', JOBS_CLEANUP_SECONDS: '600' }).jobs,
    ).toEqual({
      enabled: false,
      trackingRefreshSeconds: 60,
      resumeSeconds: 30,
      cleanupSeconds: 600,
    });
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ ...base, JOBS_TRACKING_REFRESH_SECONDS: '5' })).toThrow(/JOBS_TRACKING_REFRESH_SECONDS must be at least 10/);
    expect(() => loadConfig({ ...base, JOBS_CLEANUP_SECONDS: '100000' })).toThrow(/JOBS_CLEANUP_SECONDS must be at most 86400/);
    expect(() => loadConfig({ ...base, JOBS_RESUME_SECONDS: 'often' })).toThrow(/JOBS_RESUME_SECONDS/);
    expect(() => loadConfig({ ...base, JOBS_ENABLED: 'maybe' })).toThrow(/JOBS_ENABLED/);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { cartItems, checkoutReservations, orderItems, orders, payments, payouts, products, sandboxConnectTransfers } from '../db/schema';
import { createTokenService } from '../modules/auth/tokens';
import { createUser } from '../../test/factories';
import { freePort } from '../../test/processes';
import { createCommerceCategory, createListing } from '../../test/factories-commerce';
import { createOrder } from '../../test/factories-orders';
import { timeLimit } from '../../test/time-limit';

// Crash safety: the real server, killed (SIGKILL) in the middle of a checkout and of a
// payout, leaves no half-written order, no stock reserved without an order and no paid item without
// a payout record; after a restart the same request completes exactly once. Needs PostgreSQL (the
// PostgreSQL stage of `npm test`), since the server runs as a separate process on the same database.

const serverUrl = process.env.TEST_DATABASE_URL;
const API_DIR = path.resolve(import.meta.dirname, '../..');
const SECRET = 'crash-safety-secret-that-is-long-enough';

describe.skipIf(!serverUrl)('crash safety (the server killed mid-request)', () => {
  const name = `marketplace_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let databaseUrl: string;
  let handle: DatabaseHandle;
  let dataDirectory: string;
  let child: ChildProcess | null = null;
  let port = 0;

  async function start(fault: string | null) {
    port = await freePort();
    // The production build (made once by the process tier's setup, test/build-once.ts): it starts in a second
    // where compiling the sources with tsx at every start took many on a busy machine.
    child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDirectory,
        JWT_SECRET: SECRET,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        // The requests under test resume what a crash left, not the job queue's sweep of stale payouts: with it
        // running, a restarted server's sweep could take the stale claim first and the retry would meet a
        // payout in progress (409).
        JOBS_ENABLED: 'false',
        FAULT_INJECTION: fault ?? '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: 'ignore',
    });
    // Up when its health answers; a server that exits first has failed (the test's own timeout bounds the wait).
    const starting = child;
    for (;;) {
      if (starting.exitCode !== null || starting.signalCode !== null)
        throw new Error(`the server exited before it started (${starting.exitCode ?? starting.signalCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop() {
    if (!child) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited.catch(() => undefined);
    child = null;
  }

  async function waitForDeath() {
    const running = child;
    if (!running) return;
    if (running.exitCode === null && running.signalCode === null) await new Promise((resolve) => running.once('exit', resolve));
    expect(running.signalCode).toBe('SIGKILL');
    child = null;
  }

  const call = (method: string, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 3 });
    await handle.migrate();
    dataDirectory = mkdtempSync(path.join(tmpdir(), 'crash-safety-'));
  });

  afterAll(async () => {
    await stop();
    await handle?.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  });

  const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600, now: () => new Date() });

  it('a checkout killed after the charge leaves no order, its units held; the retry completes once with that charge', {
    timeout: timeLimit(90_000),
  }, async () => {
    const db = handle.db;
    const seller = await createUser(db, { role: 'seller' });
    const buyer = await createUser(db, { role: 'buyer' });
    const category = await createCommerceCategory(db);
    const product = await createListing(db, { sellerId: seller.id, categoryId: category.id, quantity: 5, priceCents: 2500 });
    const token = await tokens.sign({ userId: buyer.id, role: 'buyer' });
    const key = `crash-checkout-${Date.now()}`;
    const body = {
      shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'Oregon', postal_code: '97201', country: 'US' },
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
    };

    await start('checkout-after-charge');
    expect((await call('POST', '/api/cart/items', token, { product_id: product.id, quantity: 2 })).status).toBe(200);
    await expect(call('POST', '/api/orders/checkout', token, body, { 'idempotency-key': key })).rejects.toThrow();
    await waitForDeath();

    // Nothing half-written: no order, no payment, the cart still there; the units held by the checkout's reservation
    // (given back by the job if the request never comes again).
    expect(await db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(0);
    expect(await db.select().from(payments).where(eq(payments.buyerId, buyer.id))).toHaveLength(0);
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0]?.quantity).toBe(3);
    expect(await db.select().from(checkoutReservations).where(eq(checkoutReservations.buyerId, buyer.id))).toHaveLength(1);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toHaveLength(1);

    // After a restart the same request completes, once.
    await start(null);
    const retried = await call('POST', '/api/orders/checkout', token, body, { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    const again = await call('POST', '/api/orders/checkout', token, body, { 'idempotency-key': key });
    expect([200, 201]).toContain(again.status);
    expect(await db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.buyerId, buyer.id))).toHaveLength(1);
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0]?.quantity).toBe(3);
    expect(await db.select().from(checkoutReservations).where(eq(checkoutReservations.buyerId, buyer.id))).toHaveLength(0);
    await stop();
  });

  it('a payout killed after the transfer leaves the item unpaid with a pending record; the retry pays once with the same transfer', {
    timeout: timeLimit(90_000),
  }, async () => {
    const db = handle.db;
    const seller = await createUser(db, { role: 'seller' });
    const buyer = await createUser(db, { role: 'buyer' });
    const admin = await createUser(db, { role: 'admin' });
    const category = await createCommerceCategory(db);
    const product = await createListing(db, { sellerId: seller.id, categoryId: category.id });
    const { items } = await createOrder(db, {
      buyerId: buyer.id,
      status: 'shipped',
      items: [{ product: { ...product, title: product.title }, priceCents: 5000, quantity: 1, status: 'shipped' }],
    });
    const item = items[0]!;
    const sellerToken = await tokens.sign({ userId: seller.id, role: 'seller' });
    const adminToken = await tokens.sign({ userId: admin.id, role: 'admin' });

    // The seller onboards (sandbox) on a healthy server.
    await start(null);
    const created = (await (await call('POST', '/api/stripe-connect/create-express-account', sellerToken, { type: 'express', country: 'US' })).json()) as {
      accountId: string;
    };
    const link = (await (await call('POST', '/api/stripe-connect/create-onboarding-link', sellerToken, { accountId: created.accountId })).json()) as {
      url: string;
    };
    const linkToken = new URL(link.url).pathname.split('/').at(-1);
    await call('POST', `/api/sandbox/connect/links/${linkToken}/complete`, null, {
      businessType: 'company',
      businessName: 'Acme',
      routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
      accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
    });
    expect(((await (await call('GET', `/api/stripe-connect/account-status/${created.accountId}`, sellerToken)).json()) as { status: string }).status).toBe(
      'complete',
    );
    await stop();

    await start('payout-after-transfer');
    await expect(call('POST', '/api/stripe-connect/payout', adminToken, { orderItemId: item.id })).rejects.toThrow();
    await waitForDeath();

    // Never a paid item without its payout record: the claim is pending, the item unpaid.
    const [claim] = await db.select().from(payouts).where(eq(payouts.orderItemId, item.id));
    expect(claim?.status).toBe('pending');
    expect((await db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]?.sellerPaid).toBe(false);

    // After a restart, once the claim is stale (its server is presumed dead: here its time is set back an
    // hour, past any staleness window, instead of waiting one out), the same key finds the transfer.
    await db
      .update(payouts)
      .set({ updatedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(payouts.orderItemId, item.id));
    await start(null);
    const retried = await call('POST', '/api/stripe-connect/payout', adminToken, { orderItemId: item.id });
    expect(retried.status).toBe(200);
    const [paid] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.orderItemId, item.id), eq(payouts.status, 'paid')));
    expect(paid?.transferId).toBeTruthy();
    expect(
      await db
        .select()
        .from(sandboxConnectTransfers)
        .where(eq(sandboxConnectTransfers.idempotencyKey, `payout-${item.id}-attempt-1`)),
    ).toHaveLength(1);
    expect((await db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]?.sellerPaid).toBe(true);
    await stop();
  });
});

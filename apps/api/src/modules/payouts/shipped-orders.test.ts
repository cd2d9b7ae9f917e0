import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, type Logger } from 'drizzle-orm';
import { disputes, orderItems, paymentAccounts, payoutAdjustments, payouts } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';

// GET /api/orders/get-all-shipped-orders: one statement for the page and its per-row reads;
// the total is kept a few seconds, counted by one request at a time. These checks pin the answer: which rows, in which order, with which
// dispute, payout and adjustment details, and the total on every page.

interface Row {
  orderItemId: string;
  orderStatus: string;
  grandTotal: number;
  hasOpenDispute: boolean;
  sellerPendingAdjustments: number[];
  sellerAccountStatus: string;
  seller: { id: string; companyName: string | null };
  payout: { status: string; failure_reason: string | null } | null;
}

let testApp: TestApp;
let admin = '';
let sellerA: { id: string };
let sellerB: { id: string };
let buyerId = '';
const now = Date.now();
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
const items = new Map<string, typeof orderItems.$inferSelect>();

async function list(query: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/orders/get-all-shipped-orders?${query}`, headers: { authorization: admin } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as {
    success: true;
    message: string;
    data: { orderItems: Row[]; pagination: { page: number; limit: number; totalItems: number; totalPages: number } };
  };
}

/** The shipped and delivered items as the database orders them: newest update first, then id. */
async function expectedIds() {
  const rows = await testApp.database.db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.status, ['shipped', 'delivered', 'completed']));
  return rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);
}

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  admin = await bearerFor(testApp, await createUser(db, { role: 'admin' }));
  sellerA = await createUser(db, { role: 'seller', companyName: 'Lamp Works' });
  sellerB = await createUser(db, { role: 'seller' });
  buyerId = (await createUser(db, { role: 'buyer' })).id;
  await db
    .insert(paymentAccounts)
    .values({ sellerId: sellerA.id, provider: 'sandbox', accountId: 'acct_lamp_works', status: 'complete', detailsSubmitted: true, payoutsEnabled: true });
});

afterAll(async () => {
  await testApp?.close();
});

describe('the admin’s shipped orders list', () => {
  it('answers an empty list when nothing has shipped', async () => {
    const empty = await list('page=1&limit=20');
    expect(empty).toMatchObject({
      success: true,
      message: 'No shipped orders yet',
      data: { orderItems: [], pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 1 } },
    });
  });

  it('lists shipped, delivered and completed items only, newest first, with their dispute, payout and what the seller owes', async () => {
    const db = testApp.database.db;
    const category = await createCategory(db, { commissionRateBasisPoints: 1000 });
    const lampA = await createProduct(db, { sellerId: sellerA.id, categoryId: category.id, title: 'Desk Lamp' });
    const lampB = await createProduct(db, { sellerId: sellerB.id, categoryId: category.id, title: 'Floor Lamp' });
    const plan = [
      { key: 'a-shipped', product: lampA, status: 'shipped', updatedAt: minutesAgo(1) },
      { key: 'a-delivered', product: lampA, status: 'delivered', updatedAt: minutesAgo(2) },
      { key: 'b-approved', product: lampB, status: 'approved', updatedAt: minutesAgo(3) },
      { key: 'b-shipped', product: lampB, status: 'shipped', updatedAt: minutesAgo(4) },
      { key: 'a-completed', product: lampA, status: 'completed', updatedAt: minutesAgo(4) },
      { key: 'b-delivered', product: lampB, status: 'delivered', updatedAt: minutesAgo(5) },
      { key: 'a-shipped-2', product: lampA, status: 'shipped', updatedAt: minutesAgo(6) },
      { key: 'a-retip', product: lampA, status: 'delivered', updatedAt: minutesAgo(7), retipPriceCents: 500, quantity: 2 },
      { key: 'b-refunded', product: lampB, status: 'refunded', updatedAt: minutesAgo(7) },
      // Two items updated at the same moment: the id decides, the same way on every page.
      { key: 'a-tie', product: lampA, status: 'shipped', updatedAt: minutesAgo(8) },
      { key: 'b-tie', product: lampB, status: 'shipped', updatedAt: minutesAgo(8) },
    ] as const;
    for (const entry of plan) {
      const {
        items: [item],
      } = await createOrder(db, { buyerId, status: 'shipped', items: [{ priceCents: 2500, ...entry }] });
      items.set(entry.key, item!);
    }
    const id = (key: string) => items.get(key)!.id;
    const orderOf = (key: string) => items.get(key)!.orderId;
    await db.insert(disputes).values([
      { orderItemId: id('a-delivered'), orderId: orderOf('a-delivered'), buyerId, sellerId: sellerA.id, reason: 'damaged', description: 'Cracked shade' },
      {
        orderItemId: id('b-shipped'),
        orderId: orderOf('b-shipped'),
        buyerId,
        sellerId: sellerB.id,
        reason: 'damaged',
        description: 'Bent pole',
        status: 'resolved_refunded',
      },
    ]);
    await db.insert(payouts).values({
      orderItemId: id('a-shipped'),
      sellerId: sellerA.id,
      accountId: 'acct_lamp_works',
      status: 'failed',
      itemTotalCents: 2500,
      commissionRateBps: 1000,
      commissionCents: 250,
      pickupChargeCents: 0,
      grossCents: 2250,
      feeCents: 31,
      netCents: 2219,
      failureReason: 'Insufficient funds in the platform balance.',
    });
    await db.insert(payoutAdjustments).values([
      { sellerId: sellerA.id, orderItemId: id('a-completed'), amountCents: -225, reason: 'Refund after payout', createdAt: minutesAgo(5) },
      { sellerId: sellerA.id, orderItemId: id('a-completed'), amountCents: -150, reason: 'Refund after payout', createdAt: minutesAgo(10) },
      {
        sellerId: sellerA.id,
        orderItemId: id('a-completed'),
        amountCents: -999,
        reason: 'Already deducted',
        settledAt: minutesAgo(1),
        createdAt: minutesAgo(20),
      },
    ]);

    const answer = await list('page=1&limit=100');
    const rows = answer.data.orderItems;
    const expected = await expectedIds();
    expect(expected).toHaveLength(9);
    expect(rows.map((row) => row.orderItemId)).toEqual(expected);
    expect(answer.message).toBe('9 shipped order items');
    expect(answer.data.pagination).toEqual({ page: 1, limit: 100, totalItems: 9, totalPages: 1 });

    const byKey = (key: string) => rows.find((row) => row.orderItemId === id(key))!;
    expect(rows.filter((row) => row.hasOpenDispute).map((row) => row.orderItemId)).toEqual([id('a-delivered')]);
    expect(byKey('a-shipped').payout).toMatchObject({ status: 'failed', net_amount: 22.19, failure_reason: 'Insufficient funds in the platform balance.' });
    expect(rows.filter((row) => row.payout !== null)).toHaveLength(1);
    for (const row of rows) {
      // Seller A owes $1.50 then $2.25 (oldest first; the settled one is gone); seller B owes nothing.
      expect(row.sellerPendingAdjustments).toEqual(row.seller.id === sellerA.id ? [-1.5, -2.25] : []);
      expect(row.sellerAccountStatus).toBe(row.seller.id === sellerA.id ? 'complete' : 'none');
    }
    expect(byKey('a-retip')).toMatchObject({ grandTotal: 55, orderStatus: 'delivered', seller: { companyName: 'Lamp Works' } });
  });

  it('pages through every item once, with the same total on every page', async () => {
    const expected = await expectedIds();
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await list(`page=${page}&limit=3`);
      expect(answer.data.pagination).toEqual({ page, limit: 3, totalItems: 9, totalPages: 3 });
      seen.push(...answer.data.orderItems.map((row) => row.orderItemId));
    }
    expect(seen).toEqual(expected);
    const past = await list('page=4&limit=3');
    expect(past.data.orderItems).toEqual([]);
    expect(past.data.pagination).toEqual({ page: 4, limit: 3, totalItems: 9, totalPages: 3 });
    expect(past.message).toBe('9 shipped order items');
  });

  it('shows an item that has just shipped at once, and the exact total from the last page', async () => {
    const approved = items.get('b-approved')!;
    await testApp.database.db.update(orderItems).set({ status: 'shipped', updatedAt: new Date() }).where(eq(orderItems.id, approved.id));
    // The newest item leads the first page straight away (the rows are never cached).
    const first = await list('page=1&limit=3');
    expect(first.data.orderItems[0]?.orderItemId).toBe(approved.id);
    // A page that is not full is the last one, so its total is exact: 10, and it is what later pages show.
    const last = await list('page=3&limit=4');
    expect(last.data.orderItems).toHaveLength(2);
    expect(last.data.pagination).toMatchObject({ totalItems: 10, totalPages: 3 });
    expect((await list('page=1&limit=2')).data.pagination).toMatchObject({ totalItems: 10, totalPages: 5 });
    expect((await list('page=1&limit=100')).data.orderItems.map((row) => row.orderItemId)).toEqual(await expectedIds());
  });

  it('counts the total once when many full pages ask for it together, however many admins wait', async () => {
    // Watch the statements the app runs (drizzle's session logger sees each one, prepared or not).
    const counts: string[] = [];
    const session = (testApp.database.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
    const logger: Logger = { logQuery: (query) => void (/^select count\(\*\)/i.test(query) && counts.push(query)) };
    const previous = session.logger;
    session.logger = logger;
    session.options.logger = logger;
    try {
      // Long enough for the known total to be gone altogether (not even kept while a refresh runs).
      testApp.clock.advance(60_000);
      const answers = await Promise.all(Array.from({ length: 12 }, () => list('page=1&limit=2')));
      expect(counts).toHaveLength(1);
      for (const answer of answers) expect(answer.data.pagination).toMatchObject({ totalItems: 10, totalPages: 5 });
      // Within its lifetime the known total answers without counting again.
      await list('page=2&limit=2');
      expect(counts).toHaveLength(1);
    } finally {
      session.logger = previous;
      session.options.logger = previous;
    }
  });
});

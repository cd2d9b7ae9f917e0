import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EarningRow, EarningsResponse } from '@marketplace/contracts/earnings';
import { EARNINGS_CSV_COLUMNS } from '@marketplace/contracts/earnings';
import { applyPayoutAdjustments } from '@marketplace/domain/dispute-money';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import { monthKeyOf } from '@marketplace/domain/earnings';
import { clawbackAfterRefundCents } from '@marketplace/domain/payout-ledger';
import { allocatePickupCharge } from '@marketplace/domain/pickup-charge-allocation';
import { disputes, orderItems, payoutAdjustments, payouts, returnRequests } from '../../db/schema';
import type { OrdersService } from '../orders';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { onboard, person, pickupOf, sellLines, type Person } from '../../../test/factories-earnings';

// GET /api/seller/earnings and its CSV (docs/product/payouts.md, "Earnings page"): each figure is
// packages/domain's payout rule on the same inputs the payout uses, each state as the seller should read
// it, only the seller's own items, and a CSV a spreadsheet reads back exactly.

let testApp: TestApp;
let admin: Person;
let buyer: Person;

async function get(url: string, who: Person | null) {
  return testApp.app.inject({ method: 'GET', url, headers: who ? { authorization: await who.token() } : {} });
}

async function earningsOf(seller: Person, query = ''): Promise<EarningsResponse> {
  const response = await get(`/api/seller/earnings${query}`, seller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EarningsResponse;
}

function rowOf(answer: EarningsResponse, orderItemId: string): EarningRow {
  const row = answer.items.find((item) => item.orderItemId === orderItemId);
  if (!row) throw new Error(`no earnings row for ${orderItemId}`);
  return row;
}

async function processPayout(orderItemId: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/stripe-connect/payout',
    headers: { authorization: await admin.token() },
    payload: { orderItemId },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, orderItemId));
  return row!;
}

async function refund(orderItemId: string, amountCents: number, key: string) {
  const orders = testApp.services.orders as unknown as OrdersService;
  return orders.refundOrderItem({ orderItemId, amountCents, refundKey: `test:${key}`, reason: 'Partly damaged', actor: 'admin' });
}

async function setPayoutMode(payoutOnDelivery: boolean, payoutDelayDays = 3) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { authorization: await admin.token() },
    payload: { marketplaceName: 'Marketplace', supportEmail: 'support@example.com', supportPhone: '+1 (800) 555-0199', payoutOnDelivery, payoutDelayDays },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The row's payout figures, as the domain's breakdown names them. */
const figures = (row: EarningRow) => ({
  itemTotalCents: row.itemTotalCents,
  commissionRateBasisPoints: row.commissionRateBasisPoints,
  commissionCents: row.commissionCents,
  pickupChargeCents: row.pickupChargeCents,
  grossCents: row.grossCents,
  feeCents: row.feeCents,
  payoutCents: row.payoutCents,
});

const domainFigures = (breakdown: ReturnType<typeof payoutAfterRefunds>) => ({
  itemTotalCents: breakdown.itemTotalCents,
  commissionRateBasisPoints: breakdown.commissionRateBasisPoints,
  commissionCents: breakdown.commissionCents,
  pickupChargeCents: breakdown.pickupChargeCents,
  grossCents: breakdown.grossCents,
  feeCents: breakdown.feeCents,
  payoutCents: breakdown.payoutCents,
});

/** A seller with a complete payout account and nothing sold yet, so their totals are exact. */
async function newSeller(): Promise<Person> {
  const seller = await person(testApp, 'seller');
  await onboard(testApp, seller);
  return seller;
}

/** RFC 4180 read back: quoted fields with doubled quotes and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quotedField = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quotedField) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quotedField = false;
      else field += character;
    } else if (character === '"') quotedField = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  return rows;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await person(testApp, 'admin');
  buyer = await person(testApp, 'buyer');
});

afterAll(async () => {
  await testApp?.close();
});

describe('the payout of each item, laid out by the payout rule', () => {
  it('shows commission at the category rate and the item’s share of its pickup, as Process Payout pays them', async () => {
    const seller = await newSeller();
    const { order, items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [
        { priceCents: 4999, quantity: 2, status: 'delivered', rateBps: 1250 },
        { priceCents: 3000, quantity: 1, status: 'delivered', rateBps: 800 },
      ],
    });
    const [lamp, vase] = items as [(typeof items)[number], (typeof items)[number]];
    // One pickup of $7.77 collects both parcels: shared by value (99.98 : 30.00).
    await pickupOf(testApp, {
      sellerId: seller.id,
      orderId: order.id,
      totalCents: 777,
      shipments: [[{ id: lamp.id, quantity: 2 }], [{ id: vase.id, quantity: 1 }]],
    });
    const shares = allocatePickupCharge(777, [
      { id: lamp.id, valueCents: 9998 },
      { id: vase.id, valueCents: 3000 },
    ]);
    const lampShare = shares.find((share) => share.id === lamp.id)!.allocatedPickupChargeCents;
    const vaseShare = shares.find((share) => share.id === vase.id)!.allocatedPickupChargeCents;
    expect(lampShare + vaseShare).toBe(777);
    // The admin's pickup-charge answer (the one Process Payout uses) gives each item the same share.
    const adminShare = await testApp.app.inject({
      method: 'GET',
      url: `/api/stripe-connect/pickup-charges/${lamp.id}`,
      headers: { authorization: await admin.token() },
    });
    expect(Math.round(adminShare.json().allocation.allocatedPickupCharge * 100)).toBe(lampShare);

    const before = await earningsOf(seller);
    const lampExpected = payoutAfterRefunds({
      unitPriceCents: 4999,
      quantity: 2,
      refundedCents: 0,
      commissionRateBasisPoints: 1250,
      allocatedPickupChargeCents: lampShare,
    });
    const vaseExpected = payoutAfterRefunds({
      unitPriceCents: 3000,
      quantity: 1,
      refundedCents: 0,
      commissionRateBasisPoints: 800,
      allocatedPickupChargeCents: vaseShare,
    });
    expect(figures(rowOf(before, lamp.id))).toEqual(domainFigures(lampExpected));
    expect(figures(rowOf(before, vase.id))).toEqual(domainFigures(vaseExpected));
    expect(rowOf(before, lamp.id)).toMatchObject({
      adjustmentCents: 0,
      netCents: lampExpected.payoutCents,
      state: 'ready',
      stateText: 'Ready: waiting for the marketplace to pay it',
      paidAt: null,
      transferId: null,
    });
    expect(before.schedule).toEqual({ payoutOnDelivery: false, delayDays: 3 });
    expect(before.payoutAccountReady).toBe(true);
    expect(before.totals.thisMonth).toEqual({
      month: monthKeyOf(testApp.clock.now()),
      paidNetCents: 0,
      pendingNetCents: lampExpected.payoutCents + vaseExpected.payoutCents,
    });

    // The admin pays the lamp: the page shows exactly what was paid, with the transfer.
    const paid = await processPayout(lamp.id);
    expect(paid).toMatchObject({
      status: 'paid',
      netCents: lampExpected.payoutCents,
      pickupChargeCents: lampShare,
      commissionCents: lampExpected.commissionCents,
    });
    const after = await earningsOf(seller);
    const lampRow = rowOf(after, lamp.id);
    expect(figures(lampRow)).toEqual(domainFigures(lampExpected));
    expect(lampRow).toMatchObject({ state: 'paid', netCents: paid.netCents, transferId: paid.transferId, paidAt: paid.paidAt!.toISOString() });
    expect(lampRow.transferId).toMatch(/\w/);
    expect(lampRow.stateText).toBe(`Paid on ${paid.paidAt!.toISOString().slice(0, 10)} (transfer ${paid.transferId})`);
    expect(after.totals.thisMonth).toMatchObject({ paidNetCents: paid.netCents, pendingNetCents: vaseExpected.payoutCents });
  });

  it('pays on what the buyer kept after a refund, and deducts what a refund after a payout takes back from the next payout', async () => {
    const seller = await newSeller();
    const { items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [
        { priceCents: 8000, status: 'delivered', rateBps: 1000 },
        { priceCents: 6000, status: 'delivered', rateBps: 1500 },
      ],
    });
    const [coat, boots] = items as [(typeof items)[number], (typeof items)[number]];

    // $20.00 of the coat goes back before any payout: its payout is the rule on the $60.00 kept.
    await refund(coat.id, 2000, 'coat-before');
    const coatExpected = payoutAfterRefunds({
      unitPriceCents: 8000,
      quantity: 1,
      refundedCents: 2000,
      commissionRateBasisPoints: 1000,
      allocatedPickupChargeCents: 0,
    });
    const partly = rowOf(await earningsOf(seller), coat.id);
    expect(figures(partly)).toEqual(domainFigures(coatExpected));
    expect(partly).toMatchObject({ itemStatus: 'partially_refunded', refundedCents: 2000, state: 'ready', netCents: coatExpected.payoutCents });

    // The boots are paid, then $15.00 of them goes back: the seller owes back what their payout lost.
    const bootsPaid = await processPayout(boots.id);
    await refund(boots.id, 1500, 'boots-after');
    const owed = clawbackAfterRefundCents({
      unitPriceCents: 6000,
      quantity: 1,
      refundableCents: 6000,
      refundedCentsAfter: 1500,
      payout: { netCents: bootsPaid.netCents, adjustmentCents: 0, commissionRateBasisPoints: 1500, pickupChargeCents: 0 },
      owedBeforeCents: 0,
    });
    expect(owed).toBeLessThan(0);
    const adjusted = await earningsOf(seller);
    expect(rowOf(adjusted, boots.id)).toMatchObject({
      state: 'adjusted',
      clawbackCents: owed,
      clawbackSettled: false,
      netCents: bootsPaid.netCents,
      transferId: bootsPaid.transferId,
    });
    expect(rowOf(adjusted, boots.id).stateText).toContain('owed back after a refund, deducted from a later payout');
    expect(adjusted.owedBackCents).toBe(owed);

    // The coat's payout deducts it, exactly as applyPayoutAdjustments says.
    const [adjustment] = await testApp.database.db.select().from(payoutAdjustments).where(eq(payoutAdjustments.orderItemId, boots.id));
    const deducted = applyPayoutAdjustments(coatExpected.payoutCents, [{ id: adjustment!.id, amountCents: owed }]);
    const coatPaid = await processPayout(coat.id);
    expect(coatPaid).toMatchObject({ netCents: deducted.netCents, adjustmentCents: deducted.adjustmentCents });
    const settled = await earningsOf(seller);
    const coatRow = rowOf(settled, coat.id);
    expect(figures(coatRow)).toEqual(domainFigures(coatExpected));
    expect(coatRow).toMatchObject({ state: 'paid', adjustmentCents: owed, netCents: coatExpected.payoutCents + owed });
    expect(rowOf(settled, boots.id)).toMatchObject({ state: 'adjusted', clawbackSettled: true });
    expect(settled.owedBackCents).toBe(0);
    expect(settled.totals.thisMonth).toMatchObject({ paidNetCents: bootsPaid.netCents + coatPaid.netCents, pendingNetCents: 0 });
  });
});

describe('where each payout stands', () => {
  it('says waiting, on hold, ready or scheduled, being paid, failed and not payable, and leaves out what was never a sale', async () => {
    const seller = await newSeller();
    const db = testApp.database.db;
    const deliveredAt = new Date(testApp.clock.now().getTime() - 2 * 86_400_000);
    const { order, items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [
        { priceCents: 1000, status: 'pending', title: 'Waiting pending' },
        { priceCents: 1000, status: 'approved', title: 'Waiting approved' },
        { priceCents: 1000, status: 'shipped', title: 'Waiting shipped' },
        { priceCents: 1000, status: 'delivered', deliveredAt, title: 'Disputed' },
        { priceCents: 1000, status: 'delivered', deliveredAt, title: 'Returning' },
        { priceCents: 1000, status: 'delivered', deliveredAt, title: 'Delivered' },
        { priceCents: 1000, status: 'completed', deliveredAt, title: 'Closed' },
        { priceCents: 1000, status: 'delivered', deliveredAt, title: 'Claimed' },
        { priceCents: 1000, status: 'delivered', deliveredAt, title: 'Refused' },
        { priceCents: 1000, status: 'rejected', title: 'Rejected' },
        { priceCents: 1000, status: 'cancelled', title: 'Cancelled' },
        { priceCents: 1000, status: 'refunded', deliveredAt, title: 'Refunded' },
      ],
    });
    const byTitle = new Map(items.map((item) => [item.title, item]));
    const id = (title: string) => byTitle.get(title)!.id;
    await db
      .insert(disputes)
      .values({ orderItemId: id('Disputed'), orderId: order.id, buyerId: buyer.id, sellerId: seller.id, reason: 'damaged', description: 'Cracked' });
    await db.insert(returnRequests).values({
      orderItemId: id('Returning'),
      orderId: order.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      reason: 'changed_mind',
      description: 'Too big',
      windowDays: 30,
      restockingFeeBasisPoints: 0,
    });
    const payoutRow = {
      sellerId: seller.id,
      accountId: 'acct_states',
      itemTotalCents: 1000,
      commissionRateBps: 1000,
      commissionCents: 100,
      pickupChargeCents: 0,
      grossCents: 900,
      feeCents: 27,
      netCents: 873,
    };
    await db.insert(payouts).values({ ...payoutRow, orderItemId: id('Claimed'), status: 'pending' });
    await db.insert(payouts).values({ ...payoutRow, orderItemId: id('Refused'), status: 'failed', failureReason: 'Insufficient funds' });

    const manual = await earningsOf(seller, '?limit=100');
    const stateOf = (answer: EarningsResponse, title: string) => {
      const row = rowOf(answer, id(title));
      return { state: row.state, holdReason: row.holdReason, notPayableReason: row.notPayableReason, scheduledFor: row.scheduledFor, stateText: row.stateText };
    };
    for (const title of ['Waiting pending', 'Waiting approved', 'Waiting shipped'])
      expect(stateOf(manual, title)).toMatchObject({ state: 'waiting_for_delivery', stateText: 'Waiting for delivery' });
    expect(stateOf(manual, 'Disputed')).toMatchObject({ state: 'on_hold', holdReason: 'dispute', stateText: 'On hold: a dispute is open' });
    expect(stateOf(manual, 'Returning')).toMatchObject({ state: 'on_hold', holdReason: 'return', stateText: 'On hold: a return is in progress' });
    expect(stateOf(manual, 'Delivered')).toMatchObject({ state: 'ready', scheduledFor: null });
    // A sale the seller closed (completed) is paid like a delivered one.
    expect(stateOf(manual, 'Closed')).toMatchObject({ state: 'ready', notPayableReason: null });
    expect(stateOf(manual, 'Claimed')).toMatchObject({ state: 'processing', stateText: 'Being paid' });
    expect(stateOf(manual, 'Refused')).toMatchObject({ state: 'failed', stateText: 'Payout failed: the marketplace will try again' });
    // Rejected, cancelled and refunded in full are not sales (as the dashboard counts them), and were never paid.
    for (const title of ['Rejected', 'Cancelled', 'Refunded']) expect(manual.items.some((item) => item.orderItemId === id(title))).toBe(false);
    expect(manual.pagination.totalItems).toBe(9);
    // Pending this month: everything still to come (the closed item too): the rule at $10.00 − 10 % − fee, the claimed one at what its claim recorded.
    const each = payoutAfterRefunds({
      unitPriceCents: 1000,
      quantity: 1,
      refundedCents: 0,
      commissionRateBasisPoints: 1000,
      allocatedPickupChargeCents: 0,
    }).payoutCents;
    expect(manual.totals.thisMonth.pendingNetCents).toBe(8 * each + 873);

    // With payout on delivery, a delivered item is scheduled for its delivery + the delay.
    await setPayoutMode(true, 5);
    try {
      const automatic = await earningsOf(seller, '?limit=100');
      expect(automatic.schedule).toEqual({ payoutOnDelivery: true, delayDays: 5 });
      const scheduledFor = new Date(deliveredAt.getTime() + 5 * 86_400_000);
      expect(stateOf(automatic, 'Delivered')).toMatchObject({
        state: 'scheduled',
        scheduledFor: scheduledFor.toISOString(),
        stateText: `Scheduled for ${scheduledFor.toISOString().slice(0, 10)}`,
      });
      expect(stateOf(automatic, 'Closed')).toMatchObject({ state: 'scheduled', scheduledFor: scheduledFor.toISOString() });
      expect(stateOf(automatic, 'Disputed').state).toBe('on_hold');
      expect(stateOf(automatic, 'Waiting shipped').state).toBe('waiting_for_delivery');
    } finally {
      await setPayoutMode(false);
    }

    // An item paid and then refunded in full stays on the page: its payout's money is there.
    const paidThenRefunded = (await sellLines(testApp, { sellerId: seller.id, buyerId: buyer.id, lines: [{ priceCents: 2500, status: 'delivered' }] }))
      .items[0]!;
    const paid = await processPayout(paidThenRefunded.id);
    const orders = testApp.services.orders as unknown as OrdersService;
    await orders.refundOrderItem({ orderItemId: paidThenRefunded.id, amountCents: 'rest', refundKey: 'test:all-back', reason: 'Lost', actor: 'admin' });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, paidThenRefunded.id));
    expect(item?.status).toBe('refunded');
    expect(rowOf(await earningsOf(seller, '?limit=100'), paidThenRefunded.id)).toMatchObject({
      state: 'adjusted',
      clawbackCents: -paid.netCents,
      netCents: paid.netCents,
    });
  });
});

describe('a seller’s own items only', () => {
  it('shows another seller none of them, and refuses buyers, admins and anonymous callers', async () => {
    const seller = await newSeller();
    const other = await person(testApp, 'seller');
    const { items } = await sellLines(testApp, { sellerId: seller.id, buyerId: buyer.id, lines: [{ priceCents: 1500, status: 'delivered' }] });
    expect((await earningsOf(seller)).items.map((item) => item.orderItemId)).toEqual([items[0]!.id]);
    const theirs = await earningsOf(other);
    expect(theirs.items).toEqual([]);
    expect(theirs.totals.thisMonth).toMatchObject({ paidNetCents: 0, pendingNetCents: 0 });
    expect(theirs.payoutAccountReady).toBe(false);
    const csv = await get('/api/seller/earnings.csv', other);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(items[0]!.id);
    // A seller id in the query changes nothing: the token says whose items these are.
    expect((await earningsOf(other, `?sellerId=${seller.id}`)).items).toEqual([]);

    for (const url of ['/api/seller/earnings', '/api/seller/earnings.csv']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, buyer)).statusCode).toBe(403);
      expect((await get(url, admin)).statusCode).toBe(403);
    }
  });

  it('pages newest sale first, filters by the month sold, totals this month and last, and refuses a bad month', async () => {
    const seller = await newSeller();
    const now = testApp.clock.now();
    const lastMonthDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
    const older = (
      await sellLines(testApp, {
        sellerId: seller.id,
        buyerId: buyer.id,
        soldAt: lastMonthDay,
        lines: [{ priceCents: 4000, status: 'delivered', deliveredAt: lastMonthDay }],
      })
    ).items[0]!;
    const recent = [];
    for (let index = 0; index < 3; index += 1) {
      recent.push(
        (
          await sellLines(testApp, {
            sellerId: seller.id,
            buyerId: buyer.id,
            soldAt: new Date(now.getTime() - (3 - index) * 60_000),
            lines: [{ priceCents: 1000 + index, status: 'shipped' }],
          })
        ).items[0]!,
      );
    }
    // Paid last month (written as the payout would have been, on a day of last month).
    await testApp.database.db.insert(payouts).values({
      orderItemId: older.id,
      sellerId: seller.id,
      accountId: 'acct_last_month',
      status: 'paid',
      itemTotalCents: 4000,
      commissionRateBps: 1000,
      commissionCents: 400,
      pickupChargeCents: 0,
      grossCents: 3600,
      feeCents: 34,
      netCents: 3566,
      transferId: `tr_last_month_${older.id.slice(0, 8)}`,
      paidAt: lastMonthDay,
    });

    const first = await earningsOf(seller, '?limit=2');
    expect(first.items.map((item) => item.orderItemId)).toEqual([recent[2]!.id, recent[1]!.id]);
    expect(first.pagination).toEqual({ page: 1, limit: 2, totalItems: 4, totalPages: 2 });
    expect((await earningsOf(seller, '?limit=2&page=2')).items.map((item) => item.orderItemId)).toEqual([recent[0]!.id, older.id]);

    const lastMonth = monthKeyOf(lastMonthDay);
    const filtered = await earningsOf(seller, `?month=${lastMonth}`);
    expect(filtered.items.map((item) => item.orderItemId)).toEqual([older.id]);
    expect(filtered.items[0]).toMatchObject({ state: 'paid', netCents: 3566 });
    expect((await earningsOf(seller, `?month=${monthKeyOf(now)}`)).pagination.totalItems).toBe(3);
    // The totals do not follow the filter: always this month and last.
    const pendingEach = (cents: number) =>
      payoutAfterRefunds({ unitPriceCents: cents, quantity: 1, refundedCents: 0, commissionRateBasisPoints: 1000, allocatedPickupChargeCents: 0 }).payoutCents;
    expect(filtered.totals).toEqual({
      thisMonth: { month: monthKeyOf(now), paidNetCents: 0, pendingNetCents: pendingEach(1000) + pendingEach(1001) + pendingEach(1002) },
      lastMonth: { month: lastMonth, paidNetCents: 3566, pendingNetCents: 0 },
    });

    for (const bad of ['2025-13', '2025-1', 'last', '9999-12', '0000-01', '1999-12']) {
      const response = await get(`/api/seller/earnings?month=${bad}`, seller);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('Month must be YYYY-MM');
      expect((await get(`/api/seller/earnings.csv?month=${bad}`, seller)).statusCode).toBe(400);
    }
    expect((await get('/api/seller/earnings?limit=101', seller)).statusCode).toBe(400);
  });
});

describe('the CSV export', () => {
  it('holds a header and every row, money as 2-decimal dollars, and text a spreadsheet cannot misread', async () => {
    const seller = await newSeller();
    const titles = ['Lamp, brass "vintage"', '=HYPERLINK("http://evil.example")', 'Two\nlines', 'Plain mug'];
    const { items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: titles.map((title, index) => ({ title, priceCents: 12345 + index, quantity: 2, status: 'delivered' as const, rateBps: 1250 })),
    });
    const paid = await processPayout(items[3]!.id);
    // More than one page of the list: the CSV has them all.
    const response = await get('/api/seller/earnings.csv', seller);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="earnings-all.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-earnings-truncated']).toBe('false');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).toContain('"Lamp, brass ""vintage"""');
    expect(response.body).toContain('"\'=HYPERLINK(""http://evil.example"")"');

    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...EARNINGS_CSV_COLUMNS]);
    expect(rows).toHaveLength(4);
    const column = (row: string[], name: (typeof EARNINGS_CSV_COLUMNS)[number]) => row[EARNINGS_CSV_COLUMNS.indexOf(name)]!;
    const rowFor = (orderItemId: string) => rows.find((row) => column(row, 'Order item') === orderItemId)!;
    expect(column(rowFor(items[0]!.id), 'Item')).toBe('Lamp, brass "vintage"');
    expect(column(rowFor(items[1]!.id), 'Item')).toBe('\'=HYPERLINK("http://evil.example")');
    expect(column(rowFor(items[2]!.id), 'Item')).toBe('Two\nlines');

    const expected = payoutAfterRefunds({
      unitPriceCents: 12345,
      quantity: 2,
      refundedCents: 0,
      commissionRateBasisPoints: 1250,
      allocatedPickupChargeCents: 0,
    });
    const dollars = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    const first = rowFor(items[0]!.id);
    expect(column(first, 'Unit price')).toBe('123.45');
    expect(column(first, 'Item total')).toBe(dollars(expected.itemTotalCents));
    expect(column(first, 'Commission rate (%)')).toBe('12.50');
    expect(column(first, 'Commission')).toBe(dollars(expected.commissionCents));
    expect(column(first, 'Transfer fee')).toBe(dollars(expected.feeCents));
    expect(column(first, 'Net')).toBe(dollars(expected.payoutCents));
    expect(column(first, 'State')).toBe('Ready: waiting for the marketplace to pay it');
    expect(column(first, 'Sold on')).toBe(testApp.clock.now().toISOString().slice(0, 10));
    const paidRow = rowFor(items[3]!.id);
    expect(column(paidRow, 'Net')).toBe(dollars(paid.netCents));
    expect(column(paidRow, 'Transfer id')).toBe(paid.transferId);
    expect(column(paidRow, 'Paid on')).toBe(paid.paidAt!.toISOString().slice(0, 10));
    for (const row of rows) expect(row).toHaveLength(EARNINGS_CSV_COLUMNS.length);

    // Same rows as the page, all of them, whatever the page size.
    const page = await earningsOf(seller, '?limit=100');
    expect(rows.map((row) => column(row, 'Order item'))).toEqual(page.items.map((item) => item.orderItemId));
    const month = await get(`/api/seller/earnings.csv?month=${monthKeyOf(testApp.clock.now())}`, seller);
    expect(month.headers['content-disposition']).toBe(`attachment; filename="earnings-${monthKeyOf(testApp.clock.now())}.csv"`);
    expect(parseCsv(month.body.slice(1))).toHaveLength(5);
  });

  it('escapes every formula start in written text (= + - @, tab, carriage return) and leaves the amounts as numbers', async () => {
    const seller = await newSeller();
    const titles = ['+SUM(1,2)', '-2+3', '@cmd|calc', '\t=1+1', '\r=1+1', 'Jean-Luc = lamp'];
    const { items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: titles.map((title) => ({ title, priceCents: 1000, status: 'delivered' as const })),
    });
    const [, ...rows] = parseCsv((await get('/api/seller/earnings.csv', seller)).body.slice(1));
    const column = (row: string[], name: (typeof EARNINGS_CSV_COLUMNS)[number]) => row[EARNINGS_CSV_COLUMNS.indexOf(name)]!;
    const titleOf = (orderItemId: string) => column(rows.find((row) => column(row, 'Order item') === orderItemId)!, 'Item');
    expect(items.map((item) => titleOf(item.id))).toEqual(["'+SUM(1,2)", "'-2+3", "'@cmd|calc", "'\t=1+1", "'\r=1+1", 'Jean-Luc = lamp']);
    const moneyColumns = ['Unit price', 'Refunded', 'Item total', 'Commission', 'Net'] as const;
    for (const row of rows) for (const name of moneyColumns) expect(column(row, name)).toMatch(/^-?\d+\.\d{2}$/);
  });
});

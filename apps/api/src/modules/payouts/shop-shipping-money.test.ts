import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EarningsResponse } from '@marketplace/contracts/earnings';
import type { OrderBooksResponse } from '@marketplace/contracts/payouts';
import { applyPayoutAdjustments } from '@marketplace/domain/dispute-money';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import { labelCharges, mailOutbox, notifications, orderItems, payouts, sandboxConnectTransfers, shipments } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { person, sellLines, shippingSeller, type Person } from '../../../test/factories-earnings';
import type { OrdersService } from '../orders';
import { insertLabelChargeOnce } from './label-charges.repository';

// Each shop's shipping is its seller's, each label the seller buys is charged to them, and a voided label is credited
// back (docs/product/money.md "Shipping and labels: the seller's"), through the real routes: the label bought and
// voided with the sandbox carrier, the payout made by the admin, the refund by the orders service.

let testApp: TestApp;
let admin: Person;
let buyer: Person;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await person(testApp, 'admin');
  buyer = await person(testApp, 'buyer');
});

afterAll(async () => {
  await testApp?.close();
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: Person, payload?: object) {
  return testApp.app.inject({ method, url, headers: { authorization: await who.token() }, ...(payload ? { payload } : {}) });
}

const shop = () => shippingSeller(testApp);

/** The seller's shipment of the order, with its label bought through the marketplace: its id and what UPS charged. */
async function buyLabel(seller: Person, orderId: string): Promise<{ shipmentId: string; chargesCents: number }> {
  const created = await call('POST', `/api/shipments/create/${orderId}`, seller);
  expect(created.statusCode, created.body).toBe(200);
  const shipmentId = created.json().shipments[0].id as string;
  const bought = await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller);
  expect(bought.statusCode, bought.body).toBe(200);
  const [row] = await testApp.database.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  expect(row!.chargesCents).toBeGreaterThan(0);
  return { shipmentId, chargesCents: row!.chargesCents! };
}

async function pay(orderItemId: string) {
  const response = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await testApp.database.db.select().from(payouts).where(eq(payouts.orderItemId, orderItemId));
  return { answer: response.json(), row: row! };
}

const linesOf = (sellerId: string) => testApp.database.db.select().from(labelCharges).where(eq(labelCharges.sellerId, sellerId));

/** The payout rule for a line of `priceCents` × `quantity` at 10 %, nothing refunded, no pickup. */
const ruleOf = (priceCents: number, quantity = 1, refundedCents = 0) =>
  payoutAfterRefunds({ unitPriceCents: priceCents, quantity, refundedCents, commissionRateBasisPoints: 1000, allocatedPickupChargeCents: 0 }).payoutCents;

describe('shipping credited and labels charged to the seller', () => {
  it('credits the item’s shipping, charges the label bought for it, and transfers the payout rule + shipping − label', async () => {
    const seller = await shop();
    const { order, items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [{ priceCents: 4_000, quantity: 2, status: 'approved', shippingCents: 899 }],
    });
    const label = await buyLabel(seller, order.id);
    // The label is charged once, in the label's own transaction, and waits for a payout.
    expect(await linesOf(seller.id)).toEqual([
      expect.objectContaining({ kind: 'label', amountCents: -label.chargesCents, orderId: order.id, settledAt: null }),
    ]);

    const { row } = await pay(items[0]!.id);
    const rule = ruleOf(4_000, 2);
    expect(row).toMatchObject({
      shippingCreditCents: 899,
      labelChargeCents: -label.chargesCents,
      adjustmentCents: 0,
      netCents: rule + 899 - label.chargesCents,
    });
    // The transfer is the net, and the admin's payout answer lays every line out: gross − fee + shipping + labels + owed = net.
    const [transfer] = await testApp.database.db.select().from(sandboxConnectTransfers).where(eq(sandboxConnectTransfers.id, row.transferId!));
    expect(transfer!.amountCents).toBe(row.netCents);
    const history = await call('GET', `/api/stripe-connect/admin/payouts?sellerId=${seller.id}`, admin);
    const [shown] = history.json().data.payouts;
    expect(shown).toMatchObject({ shipping_credit_amount: 8.99, label_charge_amount: -label.chargesCents / 100, adjustment_amount: 0 });
    expect(Math.round((shown.amount - shown.fee_amount + shown.shipping_credit_amount + shown.label_charge_amount + shown.adjustment_amount) * 100)).toBe(
      Math.round(shown.net_amount * 100),
    );
    expect((await linesOf(seller.id))[0]).toMatchObject({ settledByPayoutId: row.id });

    // The seller's earnings show the same lines, and the CSV has the label as a line of its own.
    const earnings = (await call('GET', '/api/seller/earnings', seller)).json() as EarningsResponse;
    expect(earnings.items[0]).toMatchObject({ shippingCreditCents: 899, labelChargeCents: -label.chargesCents, payoutCents: rule, netCents: row.netCents });
    expect(earnings.labelsOpenCents).toBe(0);
    expect(earnings.labels).toEqual([expect.objectContaining({ kind: 'label', amountCents: -label.chargesCents, orderId: order.id })]);
    expect(earnings.labels[0]!.text).toMatch(/^UPS label 1Z\w+ for order #\w{8}: settled by the payout of \d{4}-\d{2}-\d{2}$/);
    const csv = (await call('GET', '/api/seller/earnings.csv', seller)).body.split('\r\n');
    const header = csv[0]!.replace(/^\uFEFF/, '').split(',');
    const labelRow = csv.find((line) => line.includes('Shipping label'))!.split(',');
    expect(labelRow[header.indexOf('Labels charged')]).toBe((-label.chargesCents / 100).toFixed(2));
    expect(labelRow[header.indexOf('Net')]).toBe('');
    const itemRow = csv.find((line) => line.includes(items[0]!.id))!.split(',');
    expect(itemRow[header.indexOf('Shipping credited')]).toBe('8.99');
    expect(itemRow[header.indexOf('Labels settled')]).toBe((-label.chargesCents / 100).toFixed(2));
  });

  it('charges a voided label and credits it back: the next payout settles both, and the new label is charged', async () => {
    const seller = await shop();
    const { order, items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [{ priceCents: 6_000, status: 'approved', shippingCents: 0 }],
    });
    const first = await buyLabel(seller, order.id);
    const voided = await call('DELETE', `/api/shipments/void/${first.shipmentId}`, seller);
    expect(voided.statusCode, voided.body).toBe(200);
    // A second void of the same label writes nothing more.
    await call('DELETE', `/api/shipments/void/${first.shipmentId}`, seller);
    // The buyer is told, once, in the bell and by e-mail: the parcel is not on its way after all.
    await testApp.services.notificationReactions.settled();
    await testApp.services.mailNotifications.settled();
    const told = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `label-voided:${first.shipmentId}`));
    expect(told).toEqual([expect.objectContaining({ userId: buyer.id, title: 'Your parcel is not on its way yet', link: `/myorders/${order.id}` })]);
    expect(told[0]!.body).toContain('the seller cancelled the shipping label');
    const mailed = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `label-voided:${first.shipmentId}`));
    expect(mailed).toEqual([expect.objectContaining({ toUserId: buyer.id, template: 'label-voided' })]);
    expect((await linesOf(seller.id)).map((line) => [line.kind, line.amountCents]).sort()).toEqual([
      ['label', -first.chargesCents],
      ['void_credit', first.chargesCents],
    ]);
    const second = await buyLabel(seller, order.id);
    const { row } = await pay(items[0]!.id);
    expect(row).toMatchObject({ shippingCreditCents: 0, labelChargeCents: -second.chargesCents, netCents: ruleOf(6_000) - second.chargesCents });
    expect((await linesOf(seller.id)).every((line) => line.settledByPayoutId === row.id)).toBe(true);
  });

  it('lets a label the payout cannot cover wait for a later payout, whole, never below zero', async () => {
    const seller = await shop();
    // Free shipping on a $3 item: the label costs more than the item pays.
    const cheap = await sellLines(testApp, { sellerId: seller.id, buyerId: buyer.id, lines: [{ priceCents: 300, status: 'approved', shippingCents: 0 }] });
    const label = await buyLabel(seller, cheap.order.id);
    const { row } = await pay(cheap.items[0]!.id);
    expect(row).toMatchObject({ labelChargeCents: 0, netCents: ruleOf(300) });
    const waiting = (await call('GET', '/api/seller/earnings', seller)).json() as EarningsResponse;
    expect(waiting.labelsOpenCents).toBe(-label.chargesCents);
    expect(waiting.labels[0]!.text).toContain('taken from your next payout');

    const big = await sellLines(testApp, { sellerId: seller.id, buyerId: buyer.id, lines: [{ priceCents: 9_000, status: 'shipped', shippingCents: 500 }] });
    const next = await pay(big.items[0]!.id);
    expect(next.row).toMatchObject({ shippingCreditCents: 500, labelChargeCents: -label.chargesCents, netCents: ruleOf(9_000) + 500 - label.chargesCents });
    expect(((await call('GET', '/api/seller/earnings', seller)).json() as EarningsResponse).labelsOpenCents).toBe(0);
  });

  it('a refund after the payout takes back the shipping credited with it too: a whole refund owes back everything the item earned', async () => {
    const seller = await shop();
    const { items } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [{ priceCents: 5_000, status: 'shipped', shippingCents: 650 }],
    });
    const { row } = await pay(items[0]!.id);
    expect(row.netCents).toBe(ruleOf(5_000) + 650);
    const orders = testApp.services.orders as unknown as OrdersService;
    // A refund of the line alone leaves the shipping credited; one past the line reaches it.
    await orders.refundOrderItem({ orderItemId: items[0]!.id, amountCents: 5_000, refundKey: 'test:line', reason: 'Damaged', actor: 'admin' });
    await orders.refundOrderItem({ orderItemId: items[0]!.id, amountCents: 650, refundKey: 'test:shipping', reason: 'Damaged', actor: 'admin' });
    const earnings = (await call('GET', '/api/seller/earnings', seller)).json() as EarningsResponse;
    expect(earnings.owedBackCents).toBe(-(ruleOf(5_000) + 650));
    // The next payout deducts it, as every amount owed back.
    const later = await sellLines(testApp, { sellerId: seller.id, buyerId: buyer.id, lines: [{ priceCents: 20_000, status: 'shipped' }] });
    const next = await pay(later.items[0]!.id);
    expect(next.row.netCents).toBe(applyPayoutAdjustments(ruleOf(20_000), [{ id: 'owed', amountCents: -(ruleOf(5_000) + 650) }]).netCents);
    expect(next.row.shippingCreditCents).toBe(0);
  });

  it('writes a label’s charge once, whatever calls it again', async () => {
    const seller = await shop();
    const { order } = await sellLines(testApp, {
      sellerId: seller.id,
      buyerId: buyer.id,
      lines: [{ priceCents: 2_000, status: 'approved', shippingCents: 0 }],
    });
    const label = await buyLabel(seller, order.id);
    const values = {
      sellerId: seller.id,
      shipmentId: label.shipmentId,
      orderId: order.id,
      kind: 'label' as const,
      amountCents: -label.chargesCents,
      trackingNumber: null,
    };
    await insertLabelChargeOnce(testApp.database.db, { ...values, createdAt: new Date() });
    await insertLabelChargeOnce(testApp.database.db, { ...values, createdAt: new Date() });
    expect(await linesOf(seller.id)).toHaveLength(1);
  });

  it('the admin’s books of an order from two shops balance to the cent, with each seller’s shipping and labels', async () => {
    const first = await shop();
    const second = await shop();
    const db = testApp.database.db;
    const { order, items } = await sellLines(testApp, {
      sellerId: first.id,
      buyerId: buyer.id,
      lines: [{ priceCents: 4_500, status: 'approved', shippingCents: 895 }],
    });
    // The second shop's line in the same order: free shipping.
    const other = await sellLines(testApp, {
      sellerId: second.id,
      buyerId: buyer.id,
      lines: [{ priceCents: 2_400, quantity: 2, status: 'approved', shippingCents: 0 }],
    });
    await db.update(orderItems).set({ orderId: order.id }).where(eq(orderItems.id, other.items[0]!.id));
    const voided = await buyLabel(first, order.id);
    expect((await call('DELETE', `/api/shipments/void/${voided.shipmentId}`, first)).statusCode).toBe(200);
    const kept = await buyLabel(first, order.id);
    const secondLabel = await buyLabel(second, order.id);
    const paid = await pay(items[0]!.id);
    await (testApp.services.orders as unknown as OrdersService).refundOrderItem({
      orderItemId: other.items[0]!.id,
      amountCents: 4_800,
      refundKey: 'test:books',
      reason: 'Damaged',
      actor: 'admin',
    });

    const response = await call('GET', `/api/admin/orders/${order.id}/books`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const books = response.json() as OrderBooksResponse;
    const [northwind, brightside] = [books.shops.find((part) => part.sellerId === first.id)!, books.shops.find((part) => part.sellerId === second.id)!];
    expect(northwind).toMatchObject({
      paidCents: 4_500 + 895,
      payoutsCents: ruleOf(4_500),
      shippingCreditedCents: 895,
      labelsChargedCents: kept.chargesCents,
      transferredCents: paid.row.netCents,
    });
    expect(northwind.labels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ shipmentId: voided.shipmentId, voided: true }),
        expect.objectContaining({ shipmentId: kept.shipmentId, voided: false }),
      ]),
    );
    expect(brightside).toMatchObject({
      paidCents: 4_800,
      refundedCents: 4_800,
      payoutsCents: 0,
      shippingCreditedCents: 0,
      labelsChargedCents: secondLabel.chargesCents,
    });
    for (const part of [...books.shops, books.totals]) {
      expect(part.payoutsCents + part.shippingCreditedCents - part.labelsChargedCents + part.platformCents + part.refundedCents).toBe(part.paidCents);
    }
    expect(books.totals.paidCents).toBe(4_500 + 895 + 4_800);

    expect((await call('GET', `/api/admin/orders/${order.id}/books`, first)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000/books', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/orders/nope/books', admin)).statusCode).toBe(400);
  });
});

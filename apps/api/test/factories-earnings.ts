import { expect } from 'vitest';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { payments, pickups, shipmentItems, shipments } from '../src/db/schema';
import { SANDBOX_PAYMENT_PREFIX } from '../src/providers/payment/sandbox';
import type { TestApp } from './helper';
import { addShipFromAddress, createUser } from './factories';
import { bearerFor } from './factories-commerce';
import { createCategory, createOrder, createProduct, type OrderItemInput } from './factories-orders';

// Rows for the earnings and payout-on-delivery tests: sellers who finished the sandbox's Stripe
// onboarding, orders paid by card through the sandbox (so refunds go through the orders service),
// and pickups whose charge the payouts share out.

let sequence = 0;

export interface Person {
  id: string;
  role: 'buyer' | 'seller' | 'admin';
  /** A fresh token at the clock's time (tokens last an hour; tests move the clock by days). */
  token(): Promise<string>;
}

export async function person(testApp: TestApp, role: Person['role']): Promise<Person> {
  const user = await createUser(testApp.database.db, { role });
  return { id: user.id, role, token: () => bearerFor(testApp, { id: user.id, role }) };
}

/** The seller creates an Express account and completes the sandbox onboarding: their account is complete. */
export async function onboard(testApp: TestApp, seller: Person): Promise<string> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, withToken = true) =>
    testApp.app.inject({ method, url, headers: withToken ? { authorization: await seller.token() } : {}, ...(payload ? { payload } : {}) });
  const created = await call('POST', '/api/stripe-connect/create-express-account', { type: 'express', country: 'US' });
  expect(created.statusCode).toBe(200);
  const accountId = created.json().accountId as string;
  const link = await call('POST', '/api/stripe-connect/create-onboarding-link', { accountId });
  const linkToken = new URL(link.json().url as string).pathname.split('/').at(-1) ?? '';
  const completed = await call(
    'POST',
    `/api/sandbox/connect/links/${linkToken}/complete`,
    { businessType: 'company', businessName: 'Earnings Co', routingNumber: SANDBOX_TEST_ROUTING_NUMBER, accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER },
    false,
  );
  expect(completed.statusCode).toBe(200);
  expect((await call('GET', `/api/stripe-connect/account-status/${accountId}`)).json().status).toBe('complete');
  return accountId;
}

/** A seller who finished onboarding and ships from Austin (their default address): labels can be bought for them. */
export async function shippingSeller(testApp: TestApp): Promise<Person> {
  const seller = await person(testApp, 'seller');
  await onboard(testApp, seller);
  await addShipFromAddress(testApp.database.db, seller.id);
  return seller;
}

export interface SoldLine {
  priceCents: number;
  quantity?: number;
  status: NonNullable<OrderItemInput['status']>;
  title?: string;
  /** The category's commission rate (basis points); 1000 = 10 % unless told. */
  rateBps?: number;
  /** When the carrier reported it delivered (delivered and completed lines); the order's time unless told. */
  deliveredAt?: Date;
  /** The line's share of its shop's shipping (absent: an older order's, the platform's). */
  shippingCents?: number;
}

/** One order of the buyer with the seller's lines, paid through the sandbox (so it can be refunded). */
export async function sellLines(testApp: TestApp, values: { sellerId: string; buyerId: string; lines: SoldLine[]; soldAt?: Date }) {
  const db = testApp.database.db;
  const inputs: OrderItemInput[] = [];
  for (const line of values.lines) {
    sequence += 1;
    const category = await createCategory(db, { commissionRateBasisPoints: line.rateBps ?? 1000 });
    const product = await createProduct(db, {
      sellerId: values.sellerId,
      categoryId: category.id,
      title: line.title ?? `Earning item ${sequence}`,
      quantity: 50,
    });
    inputs.push({
      product,
      priceCents: line.priceCents,
      quantity: line.quantity ?? 1,
      status: line.status,
      ...(line.shippingCents === undefined ? {} : { shippingCents: line.shippingCents }),
      ...(line.deliveredAt ? { updatedAt: line.deliveredAt } : {}),
    });
  }
  const soldAt = values.soldAt ?? testApp.clock.now();
  const { order, items } = await createOrder(db, { buyerId: values.buyerId, status: 'shipped', items: inputs, createdAt: soldAt });
  await db.insert(payments).values({
    orderId: order.id,
    buyerId: values.buyerId,
    provider: 'sandbox',
    providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
    amountCents: order.totalCents,
    status: 'succeeded',
  });
  return { order, items };
}

/** A scheduled pickup of `totalCents` collecting the shipments given (each a list of order items). */
export async function pickupOf(
  testApp: TestApp,
  values: { sellerId: string; orderId: string; totalCents: number; shipments: Array<Array<{ id: string; quantity: number }>> },
) {
  const db = testApp.database.db;
  sequence += 1;
  const [pickup] = await db
    .insert(pickups)
    .values({
      sellerId: values.sellerId,
      pickupRequestNumber: `PRN-EARN-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      pickupDate: '2026-01-20',
      readyTime: '09:00',
      closeTime: '17:00',
      isConsolidated: values.shipments.length > 1,
      totalCents: values.totalCents,
    })
    .returning();
  for (const lines of values.shipments) {
    const [shipment] = await db
      .insert(shipments)
      .values({
        orderId: values.orderId,
        sellerId: values.sellerId,
        status: 'delivered',
        pickupId: pickup!.id,
        trackingNumber: `1ZEARN${sequence}${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        weightOunces: 16,
        recipientAddress: { name: 'Test Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', countryCode: 'US' },
      })
      .returning();
    await db.insert(shipmentItems).values(lines.map((line) => ({ shipmentId: shipment!.id, orderItemId: line.id, quantity: line.quantity })));
  }
  return pickup!;
}

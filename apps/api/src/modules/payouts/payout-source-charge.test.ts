import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAccounts } from '../../db/schema';
import type { ConnectProvider, TransferRequest } from '../../providers/payment/connect-port';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createOrder, createPayment, createProduct } from '../../../test/factories-orders';

// A payout's transfer names the buyer's payment that paid for the item, so the provider can draw on
// that charge (Stripe's source_transaction; the Stripe adapter's own test checks the request it sends).

const transfers: TransferRequest[] = [];
function wrapConnect(provider: ConnectProvider): ConnectProvider {
  return Object.assign(Object.create(provider) as ConnectProvider, {
    async transfer(request: TransferRequest) {
      transfers.push(request);
      return { id: `tr_recorded_${transfers.length}`, amountCents: request.amountCents };
    },
  });
}

let testApp: TestApp;
let admin: string;
let sellerId: string;
let buyerId: string;

beforeAll(async () => {
  testApp = await buildTestApp({ wrapConnect });
  const db = testApp.database.db;
  admin = await bearerFor(testApp, await createUser(db, { role: 'admin' }));
  sellerId = (await createUser(db, { role: 'seller' })).id;
  buyerId = (await createUser(db, { role: 'buyer' })).id;
  await db
    .insert(paymentAccounts)
    .values({ sellerId, provider: 'sandbox', accountId: 'acct_source_charge', status: 'complete', detailsSubmitted: true, payoutsEnabled: true });
});
afterAll(async () => {
  await testApp.close();
});

async function shippedOrder() {
  const db = testApp.database.db;
  const category = await createCategory(db, { commissionRateBasisPoints: 1000 });
  const product = await createProduct(db, { sellerId, categoryId: category.id });
  return createOrder(db, { buyerId, status: 'shipped', items: [{ product, priceCents: 5_000, quantity: 1, status: 'shipped' }] });
}

const payOut = (orderItemId: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/stripe-connect/payout', headers: { authorization: admin }, payload: { orderItemId } });

describe('a payout’s source charge', () => {
  it('is the payment that paid for the item’s order', async () => {
    const { order, items } = await shippedOrder();
    const payment = await createPayment(testApp.database.db, order);
    const answer = await payOut(items[0]!.id);
    expect(answer.statusCode).toBe(200);
    expect(transfers.at(-1)).toMatchObject({ accountId: 'acct_source_charge', sourcePaymentId: payment.providerPaymentId });
  });

  it('is none when the order has no payment of this provider', async () => {
    const { items } = await shippedOrder();
    const answer = await payOut(items[0]!.id);
    expect(answer.statusCode).toBe(200);
    expect(transfers.at(-1)?.sourcePaymentId).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deriveOrderStatus } from '@marketplace/domain/order-status';
import { ORDER_ITEM_STATES, canTransition, type OrderItemActor, type OrderItemState } from '@marketplace/domain/order-item-state';
import { orderItems, orders, payments } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { createPaymentProvider } from '../../providers/payment/create-payment-provider';
import { SANDBOX_PAYMENT_PREFIX } from '../../providers/payment/sandbox';
import { createUser } from '../../../test/factories';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOrderItemLifecycle, type OrderItemLifecycle } from './order-item-lifecycle';
import { timeLimit } from '../../../test/time-limit';

// Every cell of the transition table (from × to × actor) through the orders service's one entry point, on
// a real database: each allowed move happens (and the order's status follows), each other is refused with
// 409 and changes nothing. Moves that give money back go through refundOrderItem, which pays first; asked
// of transitionItems they are always refused.

const ACTORS: OrderItemActor[] = ['buyer', 'seller', 'admin', 'system'];
const MONEY_BACK: OrderItemState[] = ['rejected', 'cancelled', 'partially_refunded', 'refunded'];

let testApp: TestApp;
let lifecycle: OrderItemLifecycle;
let buyerId: string;
let product: Awaited<ReturnType<typeof createProduct>>;
let cell = 0;

/** A $20 line (2 × $10) with $5 of shipping, paid by card, in `status` (partly refunded by $1 when that is its status). */
async function itemIn(status: OrderItemState) {
  const { order, items } = await createOrder(testApp.database.db, {
    buyerId,
    status: 'processing',
    shippingCents: 500,
    items: [{ product, priceCents: 1000, quantity: 2, status }],
  });
  await testApp.database.db.insert(payments).values({
    orderId: order.id,
    buyerId,
    provider: 'sandbox',
    providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
    amountCents: order.totalCents,
    refundedCents: status === 'partially_refunded' ? 100 : 0,
    status: status === 'partially_refunded' ? 'partially_refunded' : 'succeeded',
  });
  if (status === 'partially_refunded') await testApp.database.db.update(orderItems).set({ refundedCents: 100 }).where(eq(orderItems.id, items[0]!.id));
  return { order, item: items[0]! };
}

async function statusOf(id: string) {
  const [row] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, id));
  return row!.status;
}

/** Makes the move the way the marketplace does: money-back moves as refunds, the others as transitions. */
async function move(itemId: string, to: OrderItemState, actor: OrderItemActor) {
  cell += 1;
  if (to === 'rejected' || to === 'cancelled') {
    return lifecycle.refundOrderItem({
      orderItemId: itemId,
      amountCents: 'rest',
      refundKey: `matrix:${cell}`,
      reason: 'matrix',
      actor,
      closeAs: { status: to },
    });
  }
  // $1 back leaves the $25 item partly refunded; the rest refunds it.
  if (to === 'partially_refunded')
    return lifecycle.refundOrderItem({ orderItemId: itemId, amountCents: 100, refundKey: `matrix:${cell}`, reason: 'matrix', actor });
  if (to === 'refunded') return lifecycle.refundOrderItem({ orderItemId: itemId, amountCents: 'rest', refundKey: `matrix:${cell}`, reason: 'matrix', actor });
  return lifecycle.transitionItems(null, { orderItemIds: [itemId], to, actor });
}

beforeAll(async () => {
  testApp = await buildTestApp();
  lifecycle = createOrderItemLifecycle({ db: testApp.database.db, clock: testApp.clock, payments: createPaymentProvider(testApp.config, testApp.clock) });
  const seller = await createUser(testApp.database.db, { role: 'seller' });
  buyerId = (await createUser(testApp.database.db, { role: 'buyer' })).id;
  const category = await createCategory(testApp.database.db, { commissionRateBasisPoints: 1000 });
  product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id, quantity: 10_000 });
}, timeLimit(120_000));

afterAll(async () => {
  await testApp?.close();
});

describe('the order-item state machine, every cell', () => {
  for (const from of ORDER_ITEM_STATES) {
    it(`from ${from}: each allowed move happens, every other is refused and changes nothing`, { timeout: timeLimit(120_000) }, async () => {
      for (const to of ORDER_ITEM_STATES) {
        for (const actor of ACTORS) {
          const { order, item } = await itemIn(from);
          const allowed = canTransition(from, to, actor);
          const label = `${from} → ${to} by ${actor}`;
          let error: unknown = null;
          try {
            await move(item.id, to, actor);
          } catch (caught) {
            error = caught;
          }
          if (allowed) {
            expect(error, label).toBeNull();
            expect(await statusOf(item.id), label).toBe(to);
            // The order's status follows its one item.
            const [orderRow] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
            const [itemRow] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
            expect(orderRow!.status, label).toBe(deriveOrderStatus([{ status: to, delivered: itemRow!.deliveredAt !== null }]));
          } else {
            expect(error, label).toBeInstanceOf(HttpError);
            expect((error as HttpError).statusCode, label).toBe(409);
            expect(await statusOf(item.id), label).toBe(from);
          }
        }
      }
    });
  }

  it('never moves an item to a money-back state without its refund', async () => {
    for (const to of MONEY_BACK) {
      const { item } = await itemIn('shipped');
      await expect(lifecycle.transitionItems(null, { orderItemIds: [item.id], to, actor: 'admin' })).rejects.toMatchObject({ statusCode: 409 });
      expect(await statusOf(item.id)).toBe('shipped');
    }
  });
});

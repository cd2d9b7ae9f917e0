/**
 * Seed step: orders, payments and refunds, so the buyer, seller and admin order pages and the
 * shipping and payout pages have real work on first start ("Demo data"). Every item status
 * appears for each seller; seller@example.com gets at least 3 orders with approved items waiting to
 * ship and at least 12 shipped items, a few of them already paid out. Deterministic like the rest of
 * the seed: every draw comes from a fork keyed by the order's number. Stock is left as the catalogue
 * has it (these sales happened before today's counts).
 */
import { allocateShippingCents, calculateShippingCents } from '@marketplace/domain/shipping';
import { deriveOrderStatus, type OrderItemStatusValue } from '@marketplace/domain/order-status';
import { orderItems, orders, payments, refunds } from '../schema';
import type { DemoSellerKey } from './demo-data';
import type { SeedContext, SeededCatalog, SeededProduct, SeededUsers } from './seed-demo-marketplace';

const HOUR_MS = 60 * 60 * 1000;

/** How many items of each status each seller gets; `paid` of them are already paid out. */
type StatusPlan = Array<{ status: OrderItemStatusValue; count: number; paid?: number }>;

// The shop on vacation (demo-data.ts) opened recently: it has sold nothing yet.
const ITEM_PLAN: Record<DemoSellerKey, StatusPlan> = {
  driftwood: [],
  northwind: [
    { status: 'pending', count: 3 },
    { status: 'approved', count: 4 },
    { status: 'shipped', count: 14, paid: 4 },
    { status: 'delivered', count: 3, paid: 1 },
    { status: 'completed', count: 4, paid: 3 },
    { status: 'rejected', count: 2 },
    { status: 'refunded', count: 1 },
    { status: 'cancelled', count: 1 },
  ],
  brightside: [
    { status: 'pending', count: 2 },
    { status: 'approved', count: 2 },
    { status: 'shipped', count: 4, paid: 1 },
    { status: 'delivered', count: 2 },
    { status: 'completed', count: 3, paid: 2 },
    { status: 'rejected', count: 1 },
    { status: 'refunded', count: 1 },
    { status: 'cancelled', count: 1 },
  ],
  maple: [
    { status: 'pending', count: 2 },
    { status: 'approved', count: 2 },
    { status: 'shipped', count: 3, paid: 1 },
    { status: 'delivered', count: 1 },
    { status: 'completed', count: 2, paid: 1 },
    { status: 'rejected', count: 1 },
    { status: 'refunded', count: 1 },
    { status: 'cancelled', count: 1 },
  ],
};

/** How long ago (days) an order whose items are in this status was placed. */
const AGE_DAYS: Record<OrderItemStatusValue, [number, number]> = {
  pending: [0, 2],
  approved: [1, 4],
  shipped: [3, 12],
  delivered: [8, 20],
  completed: [15, 60],
  partially_refunded: [10, 40],
  rejected: [2, 25],
  refunded: [10, 40],
  cancelled: [1, 15],
};

const REJECTION_REASONS = ['Item damaged in storage', 'Out of stock at the warehouse', 'Cannot ship to this address', 'Listing price was entered incorrectly'];

const SHIPPING_ADDRESSES = [
  { line1: '742 Evergreen Terrace', line2: null, city: 'Springfield', state: 'OR', postalCode: '97477' },
  { line1: '1600 Pike Place', line2: 'Apt 4B', city: 'Seattle', state: 'WA', postalCode: '98101' },
  { line1: '88 Colin P Kelly Jr St', line2: null, city: 'San Francisco', state: 'CA', postalCode: '94107' },
  { line1: '350 Fifth Avenue', line2: 'Suite 210', city: 'New York', state: 'NY', postalCode: '10118' },
  { line1: '233 S Wacker Dr', line2: null, city: 'Chicago', state: 'IL', postalCode: '60606' },
  { line1: '1437 Bannock St', line2: null, city: 'Denver', state: 'CO', postalCode: '80202' },
] as const;

/** Statuses an item reaches only after it was delivered (every demo refund of a shipped item is a return). */
const DELIVERED_OR_LATER = new Set<OrderItemStatusValue>(['delivered', 'completed', 'partially_refunded', 'refunded']);

/**
 * When an item ordered at `orderedAt` was shipped (the seller's handling, 6 to 30 hours), delivered (2 to 4½
 * days in transit) and then closed (completed or refunded, `closedAfterDays` later), none of it after `now`:
 * an order too recent for that is squeezed between its date and now, in the same order. Drawn from its own
 * fork (`label`), so no other draw of the seed moves. The payouts step dates its year of sales the same way.
 */
export function deliveryOf(
  context: SeedContext,
  label: string,
  orderedAt: Date,
  closedAfterDays: [number, number],
): { shippedAt: Date; deliveredAt: Date; closedAt: Date } {
  const random = context.random.fork(label);
  const shipping = random.integerBetween(6, 30) * HOUR_MS;
  const transit = random.integerBetween(2 * 24, 4 * 24 + 12) * HOUR_MS;
  const closing = random.integerBetween(closedAfterDays[0] * 24, closedAfterDays[1] * 24 + 12) * HOUR_MS;
  const start = orderedAt.getTime();
  const room = context.now.getTime() - HOUR_MS - start;
  const squeeze = Math.min(1, Math.max(room, 0) / (shipping + transit + closing));
  return {
    shippedAt: new Date(start + Math.round(shipping * squeeze)),
    deliveredAt: new Date(start + Math.round((shipping + transit) * squeeze)),
    closedAt: new Date(start + Math.round((shipping + transit + closing) * squeeze)),
  };
}

export interface SeededOrders {
  orders: number;
  orderItems: number;
  payments: number;
  refunds: number;
}

interface PlannedItem {
  seller: DemoSellerKey;
  status: OrderItemStatusValue;
  sellerPaid: boolean;
}

export async function seedOrders(context: SeedContext, earlier: { users: SeededUsers; catalog: SeededCatalog }): Promise<SeededOrders> {
  const sellerKeys = Object.keys(ITEM_PLAN) as DemoSellerKey[];
  const productsBySeller = new Map<DemoSellerKey, SeededProduct[]>(
    sellerKeys.map((key) => [key, earlier.catalog.products.filter((product) => product.sellerId === earlier.users.sellers[key].id)]),
  );

  // Items grouped into orders: usually one item; sometimes a second item in the same status from
  // another seller, so multi-seller orders (and proportional shipping) show up too.
  const planned: PlannedItem[] = sellerKeys.flatMap((seller) =>
    ITEM_PLAN[seller].flatMap(({ status, count, paid = 0 }) => Array.from({ length: count }, (_, index) => ({ seller, status, sellerPaid: index < paid }))),
  );
  const groups: PlannedItem[][] = [];
  const grouping = context.random.fork('orders/grouping');
  const remaining = [...planned];
  while (remaining.length > 0) {
    const first = remaining.shift() as PlannedItem;
    const partnerIndex = first.status === 'cancelled' ? -1 : remaining.findIndex((item) => item.status === first.status && item.seller !== first.seller);
    if (partnerIndex >= 0 && grouping.chance(0.3)) groups.push([first, ...remaining.splice(partnerIndex, 1)]);
    else groups.push([first]);
  }

  const orderRows: Array<typeof orders.$inferInsert> = [];
  const itemRows: Array<typeof orderItems.$inferInsert> = [];
  const paymentRows: Array<typeof payments.$inferInsert> = [];
  const refundRows: Array<typeof refunds.$inferInsert> = [];

  groups.forEach((group, orderNumber) => {
    const random = context.random.fork(`orders/${orderNumber}`);
    const buyer = random.pick(earlier.users.buyers);
    const address = random.pick(SHIPPING_ADDRESSES);
    const status = group[0]?.status ?? 'pending';
    const [minDays, maxDays] = AGE_DAYS[status];
    const chosen = group.map((item) => ({ item, product: random.pick(productsBySeller.get(item.seller) ?? []) }));
    const newestProduct = Math.max(...chosen.map(({ product }) => product.createdAt.getTime()));
    // Never before the listing existed: an order of a product listed yesterday is from today.
    const drawn = context.now.getTime() - random.integerBetween(minDays * 24 * 60, maxDays * 24 * 60 + 60) * 60_000;
    const createdAt = new Date(Math.min(context.now.getTime() - 5 * 60_000, Math.max(drawn, newestProduct + HOUR_MS)));
    const orderId = random.uuid();

    const items = chosen.map(({ item, product }) => {
      const retipAdded = product.retipPriceCents !== null && random.chance(0.4);
      const updatedAt = new Date(Math.min(context.now.getTime(), createdAt.getTime() + random.integerBetween(1, 72) * HOUR_MS));
      return {
        id: random.uuid(),
        orderId,
        sellerId: product.sellerId,
        productId: product.id,
        title: product.title,
        categoryId: product.categoryId,
        priceCents: product.priceCents,
        quantity: random.pick([1, 1, 1, 2]),
        retipAdded,
        retipPriceCents: retipAdded ? (product.retipPriceCents ?? 0) : 0,
        status: item.status,
        rejectionReason: item.status === 'rejected' ? random.pick(REJECTION_REASONS) : null,
        sellerPaid: item.sellerPaid,
        refundedCents: 0,
        deliveredAt: null as Date | null,
        createdAt,
        updatedAt: item.status === 'pending' ? createdAt : updatedAt,
      };
    });
    // Items that reached the buyer: delivered a few days after they were shipped; a completed sale was closed,
    // and a returned one refunded, some days after that. The shipments step dates a still-delivered item
    // again from its parcel's scans.
    for (const item of items) {
      if (!DELIVERED_OR_LATER.has(item.status)) continue;
      const delivery = deliveryOf(context, `orders/delivery/${item.id}`, createdAt, item.status === 'refunded' ? [3, 9] : [0, 4]);
      item.deliveredAt = delivery.deliveredAt;
      item.updatedAt = item.status === 'delivered' ? delivery.deliveredAt : delivery.closedAt;
    }
    const itemsTotalCents = items.reduce((total, item) => total + item.priceCents * item.quantity, 0);
    const retipTotalCents = items.reduce((total, item) => total + item.retipPriceCents, 0);
    const shippingCents = calculateShippingCents(itemsTotalCents);
    const totalCents = itemsTotalCents + shippingCents + retipTotalCents;
    const buyerIndex = earlier.users.buyers.indexOf(buyer);

    orderRows.push({
      id: orderId,
      buyerId: buyer.id,
      status: deriveOrderStatus(items.map((item) => item.status)),
      idempotencyKey: `demo-order-${orderNumber}`,
      shippingName: `${buyer.firstName} ${buyer.lastName}`,
      shippingEmail: buyer.email,
      shippingPhone: null,
      shippingLine1: address.line1,
      shippingLine2: address.line2,
      shippingCity: address.city,
      shippingState: address.state,
      shippingPostalCode: address.postalCode,
      shippingCountry: 'US',
      itemsTotalCents,
      shippingCents,
      retipTotalCents,
      totalCents,
      createdAt,
      updatedAt: new Date(Math.max(...items.map((item) => item.updatedAt.getTime()))),
    });
    itemRows.push(...items);

    // Refunds as the orders module makes them: price × quantity + add-on + the item's share of
    // shipping, split by item value over the items in id order.
    const byId = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const shares = allocateShippingCents(
      shippingCents,
      byId.map((item) => item.priceCents * item.quantity),
    );
    const paymentId = random.uuid();
    let refundedCents = 0;
    byId.forEach((item, index) => {
      if (item.status !== 'rejected' && item.status !== 'refunded' && item.status !== 'cancelled') return;
      const amountCents = item.priceCents * item.quantity + item.retipPriceCents + (shares[index] ?? 0);
      refundedCents += amountCents;
      item.refundedCents = amountCents;
      const refundId = random.uuid();
      refundRows.push({
        id: refundId,
        refundKey: `${item.status === 'rejected' ? 'rejection' : item.status === 'cancelled' ? 'cancellation' : 'seed'}:${item.id}`,
        status: 'succeeded',
        updatedAt: item.updatedAt,
        paymentId,
        orderItemId: item.id,
        amountCents,
        providerRefundId: `re_sandbox_${random.uuid().replaceAll('-', '').slice(0, 24)}`,
        reason: item.status === 'rejected' ? item.rejectionReason : item.status === 'cancelled' ? 'Cancelled by the buyer' : 'Returned by the buyer',
        createdAt: item.updatedAt,
      });
    });
    paymentRows.push({
      id: paymentId,
      orderId,
      buyerId: buyer.id,
      provider: 'sandbox',
      providerPaymentId: `pi_sandbox_${random.uuid().replaceAll('-', '').slice(0, 24)}`,
      amountCents: totalCents,
      refundedCents,
      status: refundedCents === 0 ? 'succeeded' : refundedCents >= totalCents ? 'refunded' : 'partially_refunded',
      cardBrand: buyerIndex % 3 === 2 ? 'mastercard' : 'visa',
      cardLast4: buyerIndex % 3 === 2 ? '4444' : '4242',
      createdAt,
      updatedAt: createdAt,
    });
  });

  await context.executor.insert(orders).values(orderRows);
  await context.executor.insert(orderItems).values(itemRows);
  await context.executor.insert(payments).values(paymentRows);
  if (refundRows.length > 0) await context.executor.insert(refunds).values(refundRows);

  return { orders: orderRows.length, orderItems: itemRows.length, payments: paymentRows.length, refunds: refundRows.length };
}

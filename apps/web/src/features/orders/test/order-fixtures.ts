import type { BuyerOrder, BuyerOrderDetail, BuyerOrderDetailItem, BuyerTimelineStep } from '@marketplace/contracts/orders';

// A buyer's order as GET /api/orders/:id answers it, for the orders pages' tests.

export const ORDER_ID = 'c0ffee00-0000-4000-8000-000000000001';

/** Dates in the current year, so short dates read "Nov 3" rather than "Nov 3, 2025". */
export function thisYear(monthDay: string, time = '12:00:00'): string {
  return new Date(`${new Date().getFullYear()}-${monthDay}T${time}`).toISOString();
}

export function step(kind: BuyerTimelineStep['step'], at: string | null, overrides: Partial<BuyerTimelineStep> = {}): BuyerTimelineStep {
  return { step: kind, reached: at !== null, at, amount: null, amount_cents: null, description: null, location: null, ...overrides };
}

export function makeDetailItem(overrides: Partial<BuyerOrderDetailItem> = {}): BuyerOrderDetailItem {
  return {
    id: 'i1',
    productId: 'p1',
    title: 'Walnut desk lamp',
    variantLabel: null,
    personalization: null,
    gift: null,
    image: null,
    price: 20,
    quantity: 2,
    retipAdded: true,
    retipPrice: 4.25,
    status: 'pending',
    rejectionReason: null,
    refunded_cents: 0,
    tracking_number: null,
    carrier: null,
    shipmentStatus: null,
    trackingEvents: [],
    timeline: [step('placed', thisYear('03-04')), step('approved', null), step('shipped', null), step('in_transit', null), step('delivered', null)],
    refunds: [],
    shippingShare: 5.99,
    refundable_cents: 5024,
    shippedAnotherWay: null,
    ...overrides,
  };
}

export function makeOrderDetail(overrides: Partial<BuyerOrderDetail> = {}): BuyerOrderDetail {
  return {
    id: ORDER_ID,
    status: 'pending',
    createdAt: thisYear('03-04'),
    itemsTotal: 40,
    shipping: 5.99,
    retipTotal: 4.25,
    total: 50.24,
    items: [makeDetailItem()],
    shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: null, city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
    refundedTotal: 0,
    refunded_cents: 0,
    payment: { cardBrand: 'visa', cardLast4: '4242' },
    shops: [],
    ...overrides,
  };
}

/** The same order as the list answers it (no details). */
export function listEntryOf(detail: BuyerOrderDetail): BuyerOrder {
  return {
    id: detail.id,
    status: detail.status,
    createdAt: detail.createdAt,
    itemsTotal: detail.itemsTotal,
    shipping: detail.shipping,
    retipTotal: detail.retipTotal,
    total: detail.total,
    items: detail.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      title: item.title,
      variantLabel: item.variantLabel,
      personalization: item.personalization,
      gift: item.gift,
      image: item.image,
      price: item.price,
      quantity: item.quantity,
      retipAdded: item.retipAdded,
      retipPrice: item.retipPrice,
      status: item.status,
      rejectionReason: item.rejectionReason,
    })),
  };
}

/**
 * A $438 oak table, delivered by UPS and partly refunded ($120 on Nov 3 after a dispute), in a
 * one-item order with free shipping.
 */
export function makeShippedAndRefundedOrder(overrides: Partial<BuyerOrderDetailItem> = {}): BuyerOrderDetail {
  const item = makeDetailItem({
    id: 'i-table',
    productId: 'p-table',
    title: 'Oak side table',
    price: 438,
    quantity: 1,
    retipAdded: false,
    retipPrice: 0,
    status: 'partially_refunded',
    refunded_cents: 12000,
    tracking_number: '1Z999AA10123456784',
    carrier: 'UPS',
    shipmentStatus: 'delivered',
    trackingEvents: [
      { status: 'shipped', description: 'Pickup Scan', occurredAt: thisYear('10-28', '09:00:00'), location: 'Origin' },
      { status: 'in_transit', description: 'Departed from Facility', occurredAt: thisYear('10-29', '15:00:00'), location: 'Louisville, KY' },
      { status: 'delivered', description: 'Delivered', occurredAt: thisYear('10-31', '14:00:00'), location: 'Portland, OR' },
    ],
    timeline: [
      step('placed', thisYear('10-27')),
      step('approved', null, { reached: true }),
      step('shipped', thisYear('10-28', '08:00:00')),
      step('in_transit', thisYear('10-29', '15:00:00'), { description: 'Departed from Facility', location: 'Louisville, KY' }),
      step('delivered', thisYear('10-31', '14:00:00'), { description: 'Delivered', location: 'Portland, OR' }),
      step('partially_refunded', thisYear('11-03'), { amount: 120, amount_cents: 12000, description: 'Settled: scratched top' }),
    ],
    refunds: [{ amount: 120, amount_cents: 12000, createdAt: thisYear('11-03'), reason: 'Settled: scratched top' }],
    ...overrides,
  });
  return makeOrderDetail({
    status: 'shipped',
    createdAt: thisYear('10-27'),
    itemsTotal: 438,
    shipping: 0,
    retipTotal: 0,
    total: 438,
    items: [item],
    refundedTotal: 120,
    refunded_cents: 12000,
  });
}

/**
 * Seed steps: saved addresses, then shipments and pickups ("Demo data").
 *
 * Addresses: every seller gets a default ship-from address (a label needs one) and every buyer a
 * default shipping address (checkout prefills it).
 *
 * Shipments: the orders step leaves 'shipped' and 'delivered' items with no shipment; this step puts
 * each of them in a shipment of its own, as the shipments module would have made it. For
 * seller@example.com every status of docs/product/shipping.md appears: two 'created' (one labelled more than 24 hours
 * ago, so it can no longer be voided), three 'pickup_scheduled' (two of them on one consolidated
 * pickup), shipped, in transit, out for delivery, delivered, exception, returned, and one voided
 * ('cancelled') shipment whose item is back to 'approved'. Its other approved items stay ready to ship.
 *
 * The orders step returns counts only, so this step reads the order items it needs back from the
 * transaction, in a fixed order. Tracking numbers are valid 1Z numbers drawn from forks keyed by the
 * order item id. Drawing a label takes ~0.2 s, so only the labels a seller acts on (created and
 * pickup_scheduled) and one per seller are drawn; other shipments of that seller reuse the seller's one.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { calendarDateIn, DEFAULT_CLOSE_TIME, DEFAULT_READY_TIME, earliestPickupDate } from '@marketplace/domain/pickup-schedule';
import { makeUpsTrackingNumber } from '@marketplace/domain/ups-tracking-number';
import {
  addresses,
  orderItems,
  orders,
  pickups,
  products,
  shipmentItems,
  shipments,
  type ShippingAddressSnapshot,
  type ShipmentTrackingEvent,
} from '../schema';
import { shippingAddressOfOrder } from '../../modules/orders';
import { renderShippingLabel } from '../../providers/carrier/label';
import type { TrackingStatus } from '../../providers/carrier/port';
import { createSandboxCarrier, SHIPPING_BASE_CENTS, SHIPPING_PER_ADDITIONAL_POUND_CENTS } from '../../providers/carrier/sandbox';
import { createSandboxLedgerRepository } from '../../providers/carrier/sandbox-ledger.repository';
import { DEMO_BUYER_ADDRESSES, DEMO_SELLER_ADDRESSES, DEMO_SELLERS, type DemoAddress, type DemoSellerKey } from './demo-data';
import type { SeedContext, SeededUser, SeededUsers } from './seed-demo-marketplace';

const HOUR_MS = 60 * 60 * 1000;
const SHIPPER_NUMBER = 'SANDBX';
const UPS_GROUND = { code: '03', description: 'UPS Ground' } as const;

type ShipmentStatus = (typeof shipments.$inferSelect)['status'];
/** 'created-expired': created, with the label bought more than 24 hours ago. */
type PlannedStatus = Exclude<ShipmentStatus, 'pending'> | 'created-expired';

/** seller@example.com's shipped items, oldest order first, get these statuses (the rest: in_transit). */
const NORTHWIND_SHIPPED_PLAN: readonly PlannedStatus[] = [
  'returned',
  'exception',
  'created-expired',
  'in_transit',
  'out_for_delivery',
  'shipped',
  'in_transit',
  'shipped',
  'out_for_delivery',
  'pickup_scheduled',
  'pickup_scheduled',
  'pickup_scheduled',
  'created',
];
/** Other sellers' shipped items cycle through these. */
const OTHER_SHIPPED_PLAN: readonly PlannedStatus[] = ['in_transit', 'shipped', 'out_for_delivery'];

/**
 * Hours from the label to each tracking event, and the status each event reports; the last event is
 * placed a few hours before `now`. Newest first is how they are stored (as UPS lists them).
 */
const TIMELINES: Record<Exclude<PlannedStatus, 'created' | 'created-expired' | 'pickup_scheduled' | 'cancelled'>, Array<[number, string, string]>> = {
  shipped: [[20, 'shipped', 'Pickup Scan']],
  in_transit: [
    [20, 'shipped', 'Pickup Scan'],
    [26, 'in_transit', 'Departed from Facility'],
  ],
  out_for_delivery: [
    [20, 'shipped', 'Pickup Scan'],
    [26, 'in_transit', 'Departed from Facility'],
    [68, 'out_for_delivery', 'Out For Delivery Today'],
  ],
  delivered: [
    [20, 'shipped', 'Pickup Scan'],
    [26, 'in_transit', 'Departed from Facility'],
    [68, 'out_for_delivery', 'Out For Delivery Today'],
    [76, 'delivered', 'Delivered'],
  ],
  exception: [
    [20, 'shipped', 'Pickup Scan'],
    [26, 'in_transit', 'Departed from Facility'],
    [68, 'out_for_delivery', 'Out For Delivery Today'],
    [76, 'exception', 'Delivery exception: the receiver was not available'],
  ],
  returned: [
    [20, 'shipped', 'Pickup Scan'],
    [26, 'in_transit', 'Departed from Facility'],
    [68, 'out_for_delivery', 'Out For Delivery Today'],
    [76, 'exception', 'Delivery exception: the receiver was not available'],
    [120, 'returned', 'Returned to shipper'],
  ],
};

export interface SeededAddresses {
  /** Each seller's default ship-from address as a label prints it, by seller id. */
  shipFrom: Map<string, ShippingAddressSnapshot>;
  count: number;
}

export interface SeededShipments {
  shipments: number;
  pickups: number;
}

// ── step: addresses ───────────────────────────────────────────────────────────────────────────

export async function seedAddresses(context: SeedContext, earlier: { users: SeededUsers }): Promise<SeededAddresses> {
  const sellers = Object.entries(earlier.users.sellers) as Array<[DemoSellerKey, SeededUsers['sellers'][DemoSellerKey]]>;
  const toRow = (user: SeededUser, address: DemoAddress, phone: string | null) => ({
    id: context.random.fork(`addresses/${user.email}`).uuid(),
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: 'US',
    phone,
    isDefault: true,
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  });
  const sellerRows = sellers.map(([key, seller]) => ({ seller, row: toRow(seller, DEMO_SELLER_ADDRESSES[key], DEMO_SELLERS[key].phone) }));
  const buyerRows = earlier.users.buyers.map((buyer) => {
    const address = DEMO_BUYER_ADDRESSES[buyer.email as keyof typeof DEMO_BUYER_ADDRESSES];
    if (!address) throw new Error(`No demo address for ${buyer.email}`);
    return toRow(buyer, address, null);
  });
  await context.executor.insert(addresses).values([...sellerRows.map(({ row }) => row), ...buyerRows]);

  const shipFrom = new Map(
    sellerRows.map(({ seller, row }) => [
      seller.id,
      {
        name: row.name,
        companyName: seller.companyName,
        phone: row.phone,
        email: seller.email,
        line1: row.line1,
        line2: row.line2,
        city: row.city,
        state: row.state,
        postalCode: row.postalCode,
        countryCode: row.country,
      } satisfies ShippingAddressSnapshot,
    ]),
  );
  return { shipFrom, count: sellerRows.length + buyerRows.length };
}

// ── step: shipments ───────────────────────────────────────────────────────────────────────────

interface ItemToShip {
  item: typeof orderItems.$inferSelect;
  order: typeof orders.$inferSelect;
  weightOunces: number;
}

interface PlannedShipment {
  id: string;
  sellerId: string;
  status: PlannedStatus;
  source: ItemToShip;
  trackingNumber: string;
  labelAt: Date;
  events: ShipmentTrackingEvent[];
  weightOunces: number;
  recipient: ShippingAddressSnapshot;
  shipper: ShippingAddressSnapshot;
}

export async function seedShipments(context: SeedContext, earlier: { users: SeededUsers; addresses: SeededAddresses }): Promise<SeededShipments> {
  const { now } = context;
  const rows = await context.executor
    .select({ item: orderItems, order: orders, weightOunces: products.weightOunces })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.status, ['approved', 'shipped', 'delivered']))
    .orderBy(asc(orders.createdAt), asc(orderItems.id));

  const takenNumbers = new Set<string>();
  const plans: PlannedShipment[] = [];
  const plan = (source: ItemToShip, status: PlannedStatus) => {
    const random = context.random.fork(`shipments/${source.item.id}`);
    const id = random.uuid();
    let trackingNumber: string;
    do {
      trackingNumber = makeUpsTrackingNumber({
        shipperNumber: SHIPPER_NUMBER,
        serviceCode: UPS_GROUND.code,
        packageNumber: String(random.integerBetween(0, 9_999_999)).padStart(7, '0'),
      });
    } while (takenNumbers.has(trackingNumber));
    takenNumbers.add(trackingNumber);
    const shipper = earlier.addresses.shipFrom.get(source.item.sellerId);
    if (!shipper) throw new Error(`Seller ${source.item.sellerId} has no ship-from address`);
    const { labelAt, events } = timelineOf(status, source.order.createdAt, now, random.integerBetween(1, 8));
    const order = source.order;
    plans.push({
      id,
      sellerId: source.item.sellerId,
      status,
      source,
      trackingNumber,
      labelAt,
      events,
      weightOunces: Math.max(1, source.weightOunces * source.item.quantity),
      shipper,
      recipient: shippingAddressOfOrder(order),
    });
  };

  for (const [key, seller] of Object.entries(earlier.users.sellers) as Array<[DemoSellerKey, SeededUser]>) {
    const mine = rows.filter((row) => row.item.sellerId === seller.id);
    const shippedPlan = key === 'northwind' ? NORTHWIND_SHIPPED_PLAN : OTHER_SHIPPED_PLAN;
    mine
      .filter((row) => row.item.status === 'shipped')
      .forEach((row, index) =>
        plan(row, key === 'northwind' ? (shippedPlan[index] ?? 'in_transit') : (shippedPlan[index % shippedPlan.length] ?? 'in_transit')),
      );
    for (const row of mine.filter((candidate) => candidate.item.status === 'delivered')) plan(row, 'delivered');
    // One voided shipment: its item went back to approved, so it is ready to ship again.
    const approved = mine.find((row) => row.item.status === 'approved');
    if (key === 'northwind' && approved) plan(approved, 'cancelled');
  }

  // Pickups: seller@example.com's pickup_scheduled shipments, the last two on one consolidated pickup.
  // The sandbox carrier rates them and numbers them as it would for the real request.
  // The seed's sandbox starts the carrier's memory afresh and tells it about every demo parcel, so the
  // server's sandbox tracks, picks up and voids them like the ones it labels itself.
  // The carrier's tables are written in the seed's transaction, so a failed seed leaves none of its parcels.
  const carrierLedger = createSandboxLedgerRepository(context.executor);
  await carrierLedger.clear();
  const carrier = createSandboxCarrier({ clock: { now: () => now }, shipperNumber: SHIPPER_NUMBER, ledger: carrierLedger });
  for (const planned of plans) {
    await carrier.recordPackage({
      trackingNumber: planned.trackingNumber,
      shipmentId: planned.id,
      createdAt: planned.labelAt,
      destination: `${planned.recipient.city.toUpperCase()}, ${planned.recipient.state.toUpperCase()}, ${planned.recipient.countryCode.toUpperCase()}`,
      voided: planned.status === 'cancelled',
      events: planned.events.map((event) => ({ ...event, status: event.status as TrackingStatus })),
    });
  }
  const pickupDate = earliestPickupDate(now);
  const pickupRows: Array<typeof pickups.$inferInsert> = [];
  const pickupOf = new Map<string, string>();
  const scheduled = plans.filter((planned) => planned.status === 'pickup_scheduled');
  const groups = scheduled.length >= 3 ? [scheduled.slice(0, scheduled.length - 2), scheduled.slice(-2)] : scheduled.map((planned) => [planned]);
  for (const [index, group] of groups.entries()) {
    const first = group[0];
    if (!first) continue;
    const pickupId = context.random.fork(`pickups/${first.id}`).uuid();
    const consolidated = group.length > 1;
    const result = await carrier.schedulePickup({
      requestKey: pickupId,
      address: first.shipper,
      pickupDate,
      readyTime: DEFAULT_READY_TIME,
      closeTime: DEFAULT_CLOSE_TIME,
      trackingNumbers: group.map((planned) => planned.trackingNumber),
      totalWeightOunces: group.reduce((total, planned) => total + planned.weightOunces, 0),
    });
    const createdAt = new Date(Math.min(now.getTime() - 60_000, Math.max(...group.map((planned) => planned.labelAt.getTime())) + (index + 1) * 10 * 60_000));
    pickupRows.push({
      id: pickupId,
      sellerId: first.sellerId,
      pickupRequestNumber: result.pickupRequestNumber,
      pickupDate,
      readyTime: DEFAULT_READY_TIME,
      closeTime: DEFAULT_CLOSE_TIME,
      isConsolidated: consolidated,
      baseRateCents: result.rate.baseRateCents,
      additionalChargesCents: result.rate.additionalChargesCents,
      taxesCents: result.rate.taxesCents,
      incentivesCents: result.rate.incentivesCents,
      consolidationDiscountCents: result.rate.consolidationDiscountCents,
      totalCents: result.rate.totalCents,
      currency: result.rate.currency,
      chargeDetails: result.rate.chargeDetails.map((line) => ({ description: line.description, amountCents: line.amountCents })),
      source: 'carrier API',
      createdAt,
    });
    for (const planned of group) {
      pickupOf.set(planned.id, pickupId);
      planned.events = [
        { status: 'pickup_scheduled', description: `Pickup scheduled (${result.pickupRequestNumber})`, occurredAt: createdAt.toISOString(), location: null },
        ...planned.events,
      ];
    }
  }

  // Labels: drawn for the shipments a seller still acts on, and one per seller for the rest.
  const drawn = plans.filter(
    (planned, index) =>
      planned.status === 'created' ||
      planned.status === 'created-expired' ||
      planned.status === 'pickup_scheduled' ||
      plans.findIndex((other) => other.sellerId === planned.sellerId) === index,
  );
  const labels = new Map(
    await Promise.all(
      drawn.map(
        async (planned) =>
          [
            planned.id,
            (
              await renderShippingLabel({
                shipper: planned.shipper,
                recipient: planned.recipient,
                trackingNumber: planned.trackingNumber,
                serviceDescription: UPS_GROUND.description,
                weightOunces: planned.weightOunces,
                reference: `Order ${planned.source.order.id.slice(0, 8)}`,
                shipDate: calendarDateIn(planned.labelAt),
              })
            ).toString('base64'),
          ] as const,
      ),
    ),
  );
  const sellerLabel = new Map<string, string>();
  for (const planned of drawn) if (!sellerLabel.has(planned.sellerId)) sellerLabel.set(planned.sellerId, labels.get(planned.id) ?? '');

  const shipmentRows: Array<typeof shipments.$inferInsert> = plans.map((planned) => {
    const status: ShipmentStatus = planned.status === 'created-expired' ? 'created' : planned.status;
    const latest = planned.events[0];
    const voidedAt = status === 'cancelled' ? new Date(Math.min(now.getTime() - 60_000, planned.labelAt.getTime() + 2 * HOUR_MS)) : null;
    const updatedAt = voidedAt ?? (latest ? new Date(latest.occurredAt) : planned.labelAt);
    const pounds = Math.ceil(planned.weightOunces / 16);
    return {
      id: planned.id,
      orderId: planned.source.order.id,
      sellerId: planned.sellerId,
      status,
      trackingNumber: planned.trackingNumber,
      carrierShipmentId: planned.trackingNumber,
      serviceCode: UPS_GROUND.code,
      serviceDescription: UPS_GROUND.description,
      labelFormat: 'GIF',
      labelBase64: labels.get(planned.id) ?? sellerLabel.get(planned.sellerId) ?? null,
      weightOunces: planned.weightOunces,
      chargesCents: SHIPPING_BASE_CENTS + SHIPPING_PER_ADDITIONAL_POUND_CENTS * Math.max(pounds - 1, 0),
      currency: 'USD',
      pickupId: pickupOf.get(planned.id) ?? null,
      shipperAddress: planned.shipper,
      recipientAddress: planned.recipient,
      trackingEvents: planned.events,
      lastTrackedAt: planned.events.length > 1 ? updatedAt : null,
      labelCreatedAt: planned.labelAt,
      voidedAt,
      createdAt: new Date(planned.labelAt.getTime() - 5 * 60_000),
      updatedAt,
    };
  });

  if (pickupRows.length > 0) await context.executor.insert(pickups).values(pickupRows);
  if (shipmentRows.length > 0) {
    await context.executor.insert(shipments).values(shipmentRows);
    await context.executor.insert(shipmentItems).values(
      plans.map((planned) => ({
        id: context.random.fork(`shipment-items/${planned.source.item.id}`).uuid(),
        shipmentId: planned.id,
        orderItemId: planned.source.item.id,
        quantity: planned.source.item.quantity,
        // A voided shipment released its item (still 'approved', ready for a new shipment).
        isActive: planned.status !== 'cancelled',
        createdAt: new Date(planned.labelAt.getTime() - 5 * 60_000),
      })),
    );
  }
  // A delivered item was delivered when its parcel's last scan says, so the buyer's timeline reads in order
  // (and that was its last change).
  for (const planned of plans) {
    const delivered = planned.events.find((event) => event.status === 'delivered');
    if (delivered && planned.status === 'delivered') {
      const at = new Date(delivered.occurredAt);
      await context.executor.update(orderItems).set({ deliveredAt: at, updatedAt: at }).where(eq(orderItems.id, planned.source.item.id));
    }
  }
  return { shipments: shipmentRows.length, pickups: pickupRows.length };
}

/**
 * When the label was bought and the tracking events since (newest first). The events keep their
 * spacing when the order is old enough, and are squeezed between the order and `now` when it is not.
 */
function timelineOf(status: PlannedStatus, orderCreatedAt: Date, now: Date, slackHours: number): { labelAt: Date; events: ShipmentTrackingEvent[] } {
  const earliest = orderCreatedAt.getTime() + HOUR_MS;
  const clamp = (at: number) => new Date(Math.min(now.getTime() - 10 * 60_000, Math.max(earliest, at)));
  const created = (labelAt: Date): ShipmentTrackingEvent => ({
    status: 'created',
    description: 'Shipper created a label, UPS has not received the package yet.',
    occurredAt: labelAt.toISOString(),
    location: null,
  });
  if (status === 'created' || status === 'pickup_scheduled' || status === 'created-expired' || status === 'cancelled') {
    const hoursAgo = status === 'created-expired' ? 30 + slackHours : status === 'cancelled' ? 36 + slackHours : slackHours;
    const labelAt = clamp(now.getTime() - hoursAgo * HOUR_MS);
    return { labelAt, events: [created(labelAt)] };
  }
  const steps = TIMELINES[status];
  const span = steps.at(-1)?.[0] ?? 0;
  const last = now.getTime() - slackHours * HOUR_MS;
  const available = Math.max(last - earliest, 0);
  const scale = Math.min(1, available / (span * HOUR_MS));
  const labelAt = clamp(last - span * HOUR_MS * scale);
  const events = steps.map(([hours, eventStatus, description]) => ({
    status: eventStatus,
    description,
    occurredAt: clamp(labelAt.getTime() + hours * HOUR_MS * scale).toISOString(),
    location: eventStatus === 'shipped' ? 'Origin' : eventStatus === 'in_transit' ? 'Hub' : null,
  }));
  return { labelAt, events: [created(labelAt), ...events].reverse() };
}

import type {
  BuyerOrder,
  BuyerOrderDetail,
  BuyerOrderDetailItem,
  BuyerRefund,
  BuyerTimelineStep,
  BuyerTimelineStepKind,
  BuyerTrackingEvent,
  OrderShopPart,
  ReturnInfo,
} from '@marketplace/contracts/orders';
import { carrierDayOf, isLateDelivery, promiseStateOf } from '@marketplace/domain/delivery-dates';
import { centsToDollars } from '@marketplace/domain/money';
import { shippingSharesOf, stillRefundableCents } from '@marketplace/domain/item-paid';
import { RETURN_REASON_LABELS, type ReturnReason } from '@marketplace/contracts/returns';
import type { Executor } from '../../db/client';
import {
  findFollowUpItemsOfOrder,
  findPaymentCardOfOrder,
  findShopPartsOfOrder,
  findSucceededRefundsOfItems,
  type FollowUpItemRecord,
  type FollowUpItemWithMoney,
  type SucceededRefundRecord,
} from './buyer-order-details.repository';

// The buyer's order details: per item its parcel, a timeline from placed to delivered (or
// rejected, cancelled, refunded, returned), its refunds, and what the returns module says. The rules
// in words: docs/product/orders.md, "Following an order".

/** An order item's parcel as the shipping module reports it (a port: the orders module never reads shipping's tables). */
export interface ItemTracking {
  trackingNumber: string;
  carrier: string;
  status: string;
  events: ReadonlyArray<{ status: string; description: string; occurredAt: string; location?: string | null }>;
  /** When the label was bought. */
  createdAt: Date;
}

export type TrackingOfOrderItems = (orderItemIds: string[]) => Promise<Map<string, ItemTracking>>;
export type ReturnsOfOrderItems = (orderItemIds: string[]) => Promise<Map<string, ReturnInfo>>;

/** Where the details come from beyond the orders module; each defaults to "nothing to say". */
export interface BuyerOrderDetailSources {
  /** The shipping module's parcels of the items (orders.module.ts passes shipping's read, through a port). */
  trackingOf?: TrackingOfOrderItems;
  /** The returns module's answer per item (window, request, label). */
  returnsOf?: ReturnsOfOrderItems;
}

const nothing = async <Value>() => new Map<string, Value>();

/** An item whose money all went back: its last refund is shown as "refunded", earlier ones as partial. */
const FULLY_REFUNDED_STATUSES: ReadonlySet<string> = new Set(['refunded', 'rejected', 'cancelled']);
/** Statuses an item only reaches once it was approved and shipped (refunds come after shipping; before it the item is rejected or cancelled). */
const SHIPPED_STATUSES: ReadonlySet<string> = new Set(['shipped', 'delivered', 'completed', 'partially_refunded', 'refunded']);
const DELIVERED_STATUSES: ReadonlySet<string> = new Set(['delivered', 'completed']);
/** A return whose parcel came back to the seller (contracts/returns.ts RETURN_STATUSES). */
const RETURNED_STATUSES: ReadonlySet<string> = new Set(['delivered', 'refunded']);
/** The parcel's road; steps after the furthest one reached are shown ahead (out for delivery only once it happens). */
const ROAD: readonly BuyerTimelineStepKind[] = ['placed', 'approved', 'shipped', 'in_transit', 'out_for_delivery', 'delivered'];
const SHOWN_AHEAD: ReadonlySet<BuyerTimelineStepKind> = new Set(['approved', 'shipped', 'in_transit', 'delivered']);

export interface ItemTimelineInput {
  placedAt: Date;
  item: FollowUpItemRecord;
  tracking: ItemTracking | null;
  /** The item's succeeded refunds, any order. */
  refunds: readonly SucceededRefundRecord[];
  returnInfo: ReturnInfo | null;
}

function toIso(at: Date | string | null | undefined): string | null {
  if (!at) return null;
  return typeof at === 'string' ? at : at.toISOString();
}

function stepOf(step: BuyerTimelineStepKind, at: Date | string | null, extra: Partial<BuyerTimelineStep> = {}): BuyerTimelineStep {
  return { step, reached: true, at: toIso(at), amount: null, amount_cents: null, description: null, location: null, ...extra };
}

/**
 * The item's timeline: the steps reached in time order (a step whose moment is not recorded keeps its
 * place after the step before it), then, while the parcel is still to come, the steps ahead.
 */
export function buildItemTimeline({ placedAt, item, tracking, refunds, returnInfo }: ItemTimelineInput): BuyerTimelineStep[] {
  const steps: BuyerTimelineStep[] = [stepOf('placed', placedAt)];

  if (item.status === 'rejected') steps.push(stepOf('rejected', item.updatedAt, { description: item.rejectionReason }));
  else if (item.status === 'cancelled') steps.push(stepOf('cancelled', item.updatedAt));
  // The item's last change is its approval only while it is still approved; later its moment is not kept.
  else if (item.status === 'approved') steps.push(stepOf('approved', item.updatedAt));
  else if (tracking || item.deliveredAt || SHIPPED_STATUSES.has(item.status)) steps.push(stepOf('approved', null));

  if (tracking) steps.push(stepOf('shipped', tracking.createdAt));
  else if (SHIPPED_STATUSES.has(item.status)) steps.push(stepOf('shipped', null));

  const firstEvent = (status: string) => tracking?.events.find((event) => event.status === status);
  for (const status of ['in_transit', 'out_for_delivery'] as const) {
    const event = firstEvent(status);
    if (event) steps.push(stepOf(status, event.occurredAt, { description: event.description, location: event.location ?? null }));
  }
  const deliveredEvent = firstEvent('delivered');
  const isDelivered = Boolean(item.deliveredAt || deliveredEvent || DELIVERED_STATUSES.has(item.status));
  if (isDelivered) {
    steps.push(
      stepOf('delivered', item.deliveredAt ?? deliveredEvent?.occurredAt ?? null, {
        description: deliveredEvent?.description ?? null,
        location: deliveredEvent?.location ?? null,
      }),
    );
  }

  const request = returnInfo?.returnRequest;
  if (request) {
    steps.push(stepOf('return_requested', request.createdAt, { description: RETURN_REASON_LABELS[request.reason as ReturnReason] ?? request.reason }));
    if (RETURNED_STATUSES.has(request.status)) steps.push(stepOf('returned', null));
  }

  const ordered = [...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  ordered.forEach((refund, index) => {
    const isLast = index === ordered.length - 1;
    steps.push(
      stepOf(isLast && FULLY_REFUNDED_STATUSES.has(item.status) ? 'refunded' : 'partially_refunded', refund.createdAt, {
        amount: centsToDollars(refund.amountCents),
        amount_cents: refund.amountCents,
        description: refund.reason,
      }),
    );
  });

  const reached = inTimeOrder(steps);
  if (!isStillComing(item.status, tracking, isDelivered)) return reached;
  const furthest = Math.max(...reached.map((step) => ROAD.indexOf(step.step)));
  const ahead = ROAD.slice(furthest + 1).filter((step) => SHOWN_AHEAD.has(step));
  return [...reached, ...ahead.map((step) => ({ ...stepOf(step, null), reached: false }))];
}

/**
 * Whether the steps ahead are shown: while the item waits for the seller or travels. A partly refunded
 * item may be on its way or already delivered (a refund does not say which), so only its parcel's
 * tracking can tell; without one nothing is promised.
 */
function isStillComing(status: string, tracking: ItemTracking | null, isDelivered: boolean): boolean {
  if (isDelivered) return false;
  if (status === 'pending' || status === 'approved' || status === 'shipped') return true;
  return status === 'partially_refunded' && tracking !== null;
}

/** Stable sort by time; a step without a date sorts with the step before it. */
function inTimeOrder(steps: readonly BuyerTimelineStep[]): BuyerTimelineStep[] {
  let previous = Number.NEGATIVE_INFINITY;
  const keyed = steps.map((step, index) => {
    const time = step.at ? Date.parse(step.at) : Number.NaN;
    if (!Number.isNaN(time)) previous = time;
    return { step, index, key: Number.isNaN(time) ? previous : time };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map(({ step }) => step);
}

function trackingEventsOf(tracking: ItemTracking | null): BuyerTrackingEvent[] {
  return (tracking?.events ?? []).map((event) => ({
    status: event.status,
    description: event.description,
    occurredAt: event.occurredAt,
    location: event.location ?? null,
  }));
}

function refundViewOf(refund: SucceededRefundRecord): BuyerRefund {
  return { amount: centsToDollars(refund.amountCents), amount_cents: refund.amountCents, createdAt: refund.createdAt.toISOString(), reason: refund.reason };
}

/** The details of one item beyond what the order list shows. */
export function followUpOfItem(
  input: ItemTimelineInput,
): Omit<BuyerOrderDetailItem, keyof BuyerOrder['items'][number] | 'shippingShare' | 'refundable_cents' | 'shippedAnotherWay'> {
  const { item, tracking, refunds, returnInfo } = input;
  return {
    refunded_cents: item.refundedCents,
    tracking_number: tracking?.trackingNumber ?? null,
    carrier: tracking?.carrier ?? null,
    shipmentStatus: tracking?.status ?? null,
    trackingEvents: trackingEventsOf(tracking),
    timeline: buildItemTimeline(input),
    refunds: [...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(refundViewOf),
    ...(returnInfo ? { returnInfo } : {}),
  };
}

/** The order detail as the order list shows it, plus its address: what buyerOrderDetails completes. */
export type BuyerOrderDetailBase = Omit<BuyerOrderDetail, 'items' | 'refundedTotal' | 'refunded_cents' | 'payment' | 'shops'> & { items: BuyerOrder['items'] };

/** Whether a shop part's promise was kept, from its delivery day and each of its parcels' delivered scan. */
function promiseOfPart(
  part: { arrivesLatest: string; deliveredOn: string | null; lateRefundCents: number | null },
  parcels: ReadonlyArray<{ trackingNumber: string; status: string; events: ReadonlyArray<{ status: string; occurredAt: string }> } | null>,
): OrderShopPart['promise'] {
  const seen = new Map<string, OrderShopPart['promise']['parcels'][number]>();
  for (const parcel of parcels) {
    if (!parcel || seen.has(parcel.trackingNumber)) continue;
    const scan = parcel.status === 'delivered' ? parcel.events.find((event) => event.status === 'delivered') : undefined;
    const deliveredOn = scan ? carrierDayOf(new Date(scan.occurredAt)) : null;
    seen.set(parcel.trackingNumber, {
      trackingNumber: parcel.trackingNumber,
      deliveredOn,
      kept: deliveredOn ? !isLateDelivery(deliveredOn, part.arrivesLatest) : null,
    });
  }
  return {
    state: promiseStateOf(part),
    deliveredOn: part.deliveredOn,
    lateRefund: part.lateRefundCents ? centsToDollars(part.lateRefundCents) : null,
    parcels: [...seen.values()],
  };
}

/** An item the seller sent without a marketplace label: the carrier they named and its tracking number. */
function sentAnotherWayOf(record: FollowUpItemWithMoney | undefined): BuyerOrderDetailItem['shippedAnotherWay'] {
  return record?.shippedWith ? { carrier: record.shippedWith, trackingNumber: record.shippedTrackingNumber } : null;
}

/** Makes the function that completes a buyer's order detail (the orders service calls it once per detail). */
export function createBuyerOrderDetails({ db, trackingOf = nothing, returnsOf = nothing }: BuyerOrderDetailSources & { db: Executor }) {
  return async function completeBuyerOrderDetail(
    order: { id: string; createdAt: Date; shippingCents: number },
    base: BuyerOrderDetailBase,
  ): Promise<BuyerOrderDetail> {
    const records = await findFollowUpItemsOfOrder(db, order.id);
    const shippingShares = shippingSharesOf(order, records);
    const refundableOf = (itemId: string) => {
      const record = records.find((candidate) => candidate.id === itemId);
      return record ? stillRefundableCents(order, records, record) : 0;
    };
    const ids = records.map((record) => record.id);
    const [tracking, returns, refunds, card, shopParts] = await Promise.all([
      trackingOf(ids),
      returnsOf(ids),
      findSucceededRefundsOfItems(db, ids),
      findPaymentCardOfOrder(db, order.id),
      findShopPartsOfOrder(db, order.id),
    ]);
    const recordOf = new Map(records.map((record) => [record.id, record]));
    const items = base.items.map((item): BuyerOrderDetailItem => {
      const record = recordOf.get(item.id) ?? {
        id: item.id,
        sellerId: '',
        status: item.status,
        rejectionReason: item.rejectionReason,
        refundedCents: 0,
        deliveredAt: null,
        updatedAt: order.createdAt,
      };
      return {
        ...item,
        ...followUpOfItem({
          placedAt: order.createdAt,
          item: record,
          tracking: tracking.get(item.id) ?? null,
          refunds: refunds.filter((refund) => refund.orderItemId === item.id),
          returnInfo: returns.get(item.id) ?? null,
        }),
        shippingShare: centsToDollars(shippingShares.get(item.id) ?? 0),
        refundable_cents: refundableOf(item.id),
        shippedAnotherWay: sentAnotherWayOf(recordOf.get(item.id)),
      };
    });
    const refundedCents = items.reduce((total, item) => total + item.refunded_cents, 0);
    return {
      ...base,
      items,
      refundedTotal: centsToDollars(refundedCents),
      refunded_cents: refundedCents,
      payment: card,
      shops: shopParts.map((part) => ({
        sellerId: part.sellerId,
        shopName: part.shopName ?? '',
        shipping: centsToDollars(part.shippingCents),
        rateDescription: part.rateDescription,
        shipBy: part.shipBy,
        arrivesBy: { earliest: part.arrivesEarliest, latest: part.arrivesLatest },
        itemIds: records.filter((record) => record.sellerId === part.sellerId).map((record) => record.id),
        promise: promiseOfPart(
          part,
          records.filter((record) => record.sellerId === part.sellerId).map((record) => tracking.get(record.id) ?? null),
        ),
      })),
    };
  };
}

import { randomUUID } from 'node:crypto';
import { centsToDollars, formatCents } from '@marketplace/domain/money';
import { allocatePickupCharge, pickupChargeAllocationFor } from '@marketplace/domain/pickup-charge-allocation';
import { checkPickupWindow, type PickupWindow } from '@marketplace/domain/pickup-schedule';
import {
  canConsolidate,
  consolidationSavingsCents,
  isAwaitingPickupRequest,
  isVoidedShipment,
  shipmentActions,
  trackedStatus,
  voidEligibility,
  ALREADY_PICKED_UP_MESSAGE,
  VOID_PERIOD_EXPIRED_MESSAGE,
  VOIDED_LABEL_MESSAGE,
  VOIDED_SHIPMENT_MESSAGE,
  SHIPMENT_STATUSES,
  type ShipmentFacts,
  type ShipmentStats,
} from '@marketplace/domain/shipment-rules';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { ShippingAddressSnapshot, ShipmentTrackingEvent } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { CarrierError, type CarrierAddress, type CarrierProvider, type PickupRate, type TrackingResult, type TrackingStatus } from '../../providers/carrier/port';
import { SIMULATION_STATUSES } from '../../providers/carrier/sandbox';
import type { FileStore } from '../../providers/files/port';
import type { OrdersService } from '../orders/orders.service';
import {
  cancelPickupRow,
  countSellerShipments,
  countSellerShipmentsByStatus,
  findActiveLineOfOrderItem,
  findItemsOfOrder,
  findLinesOfShipments,
  findOrderItemIdsInActiveShipments,
  findOrderRow,
  findPickupsByIds,
  findSellerShipment,
  findSellerShipmentLabel,
  findSellerShipmentPage,
  findSellerShipments,
  findShipFromOf,
  findShipmentsOfPickup,
  insertPickup,
  insertShipment,
  insertShipmentItems,
  lockOrderRow,
  lockSellerShipmentsOfOrder,
  releaseShipmentItems,
  updateShipment,
  type ListedShipmentRecord,
  type PickupRecord,
  type ShipmentLine,
  type ShipmentListFilter,
  type ShipmentRecord,
  type ShipmentStatusValue,
} from './shipments.repository';

export const SHIPMENT_MESSAGES = {
  shipmentNotFound: 'Shipment not found',
  orderNotFound: 'Order not found',
  noItemsReady: 'No items ready for shipment',
  created: 'Shipment created successfully',
  alreadyExists: 'Shipment already exists for these items',
  processed: 'UPS shipment processed successfully',
  alreadyProcessed: 'UPS label already created for this shipment',
  pickupScheduled: 'Pickup scheduled successfully!',
  pickupCancelled: 'Pickup cancelled successfully!',
  voided: 'Shipment voided successfully!',
  trackingUpdated: 'Tracking information updated!',
  noNewTracking: 'No new tracking information from UPS yet.',
  trackingSimulated: (status: string) => `Tracking simulated to status: ${status}`,
  consolidated: (count: number, savingsCents: number) => `Consolidated pickup scheduled for ${count} shipments! Savings: ${formatCents(savingsCents)}`,
  noShipFrom: 'Add a ship-from address to your profile (Addresses) before creating a label',
  simulationProductionOnly: 'Tracking simulation is only available in development mode',
  noLabel: 'No label URL available',
  rateQuoteFailed: 'Failed to get the label rate',
  pickupQuoteFailed: 'Failed to get the pickup charge',
} as const;

export const DEFAULT_SHIPMENT_PAGE_SIZE = 20;
export const MAX_SHIPMENT_PAGE_SIZE = 100;

/** The optional narrowing of GET /api/shipments/seller/:userId (issue #8). */
export interface ShipmentListQuery {
  page?: number | undefined;
  limit?: number | undefined;
  status?: ShipmentStatusValue | undefined;
  q?: string | undefined;
  orderId?: string | undefined;
}

export interface ShipmentListStats extends ShipmentStats {
  /** Every status with its count (0 for none). */
  byStatus: Record<ShipmentStatusValue, number>;
}

/**
 * The stat cards' counts (SPEC §2.7, §2.8, §4.8 "Counting") from per-status counts: the same rules
 * as countShipmentsForStats, which counts a list, applied to the grouped statement's answer.
 */
export function shipmentStatsOf(counts: ReadonlyArray<{ status: ShipmentStatusValue; count: number; awaitingPickup: number }>): ShipmentListStats {
  const byStatus = Object.fromEntries(SHIPMENT_STATUSES.map((status) => [status, 0])) as Record<ShipmentStatusValue, number>;
  let pendingPickup = 0;
  for (const row of counts) {
    byStatus[row.status] += row.count;
    if (row.status === 'created') pendingPickup += row.awaitingPickup;
  }
  return {
    total: SHIPMENT_STATUSES.reduce((sum, status) => sum + byStatus[status], 0),
    readyToShip: byStatus.created + byStatus.pickup_scheduled,
    inTransit: byStatus.shipped + byStatus.in_transit + byStatus.out_for_delivery,
    pendingPickup,
    delivered: byStatus.delivered,
    byStatus,
  };
}

const UPS_GROUND = { code: '03', description: 'UPS Ground' } as const;
const LABEL_MEDIA_TYPES: Record<string, string> = { GIF: 'image/gif', PNG: 'image/png', PDF: 'application/pdf', ZPL: 'application/x-zpl' };
/** Statuses a carrier reports that move a shipment on; "created" from the carrier never undoes a scheduled pickup. */
const CARRIER_PROGRESS = new Set<TrackingStatus>(['shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned']);
const ACTIVE_FOR_TRACKING = new Set<ShipmentStatusValue>(['created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'exception']);

/** The pickup form as the client may send it: dates as YYYY-MM-DD or YYYYMMDD, times as HH:MM, HHMM or hhmm00. */
export interface PickupFormInput {
  pickupDate: string;
  readyTime?: string | undefined;
  closeTime?: string | undefined;
}

const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const COMPACT_TIME = /^(\d{2})(\d{2})(?:00)?$/;

/** SPEC §5 lets the client send the date without dashes and times as hhmm00: both read as ISO here. */
export function normalizePickupInput(input: PickupFormInput): { pickupDate: string; readyTime: string | undefined; closeTime: string | undefined } {
  const date = input.pickupDate.trim();
  const compactDate = COMPACT_DATE.exec(date);
  const time = (value: string | undefined) => {
    const trimmed = value?.trim();
    if (!trimmed) return undefined;
    const compact = COMPACT_TIME.exec(trimmed);
    return compact ? `${compact[1]}:${compact[2]}` : trimmed;
  };
  return {
    pickupDate: compactDate ? `${compactDate[1]}-${compactDate[2]}-${compactDate[3]}` : date,
    readyTime: time(input.readyTime),
    closeTime: time(input.closeTime),
  };
}

/** The statuses the development-only simulation offers (SPEC §2.8), as the sandbox carrier knows them. */
export const SIMULATION_STATUS_LIST: readonly string[] = [...SIMULATION_STATUSES];

type SimulatingCarrier = CarrierProvider & { simulate(trackingNumber: string, status: TrackingStatus): unknown };

function canSimulate(carrier: CarrierProvider): carrier is SimulatingCarrier {
  return typeof (carrier as Partial<SimulatingCarrier>).simulate === 'function';
}

/** Moves the sandbox's parcel to the status, or (another carrier) records the event here only. */
async function simulateOn(carrier: CarrierProvider, trackingNumber: string, status: TrackingStatus, previous: readonly ShipmentTrackingEvent[], now: Date): Promise<TrackingResult> {
  if (canSimulate(carrier)) {
    await carrier.simulate(trackingNumber, status);
    return carrier.track({ trackingNumber });
  }
  return {
    trackingNumber,
    status,
    events: [
      { status, description: `Simulated: ${status.replaceAll('_', ' ')}`, occurredAt: now.toISOString(), location: null },
      ...previous.map((event) => ({ ...event, status: event.status as TrackingStatus })),
    ],
  };
}

export interface ShipmentsServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  carrier: CarrierProvider;
  environment: Config['environment'];
  /** The orders service's entry points: the only way an order item's status changes. */
  orderItems: Pick<OrdersService, 'transitionItems' | 'recordDelivered'>;
}

export interface PickupChargeInfo {
  hasPickup: boolean;
  pickupRequestNumber: string | null;
  isConsolidatedPickup: boolean;
  shipmentsCount: number;
  packageCount: number;
  totalPickupCharge: number;
  currency: string;
  source: PickupRecord['source'] | null;
  rateDetails: { chargeDetails: Array<{ description: string; amount: number }>; baseRate: number; additionalCharges: number; taxes: number; incentives: number } | null;
  consolidationDiscount: number;
  allocation: {
    allocatedPickupCharge: number;
    /** The same in cents, for payout arithmetic. */
    allocatedPickupChargeCents: number;
    totalOrderItemsInPickup: number;
    totalOrderValueInPickup: number;
    currentItemValue: number;
    pickupChargeRatio: number;
  } | null;
}

export type ShipmentView = ReturnType<ReturnType<typeof createViewBuilder>>;

function labelUrlOf(shipment: Pick<ShipmentRecord, 'labelBase64' | 'labelFormat'>): string | null {
  if (!shipment.labelBase64) return null;
  const format = (shipment.labelFormat ?? 'GIF').toUpperCase();
  return `data:${LABEL_MEDIA_TYPES[format] ?? 'application/octet-stream'};base64,${shipment.labelBase64}`;
}

const poundsOf = (ounces: number) => Math.round((ounces / 16) * 100) / 100;

/** Converts a CarrierError to the answer the seller sees (SPEC §8 wording where it has one). */
function carrierFailure(error: unknown, fallback: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof CarrierError) {
    if (error.code === 'void_period_expired') return conflict(VOID_PERIOD_EXPIRED_MESSAGE, { code: 'void_period_expired' });
    if (error.code === 'already_picked_up') return conflict(ALREADY_PICKED_UP_MESSAGE, { code: 'already_picked_up' });
    if (error.code === 'invalid_request') return badRequest(`${fallback}: ${error.message}`, { code: 'carrier_refused' });
    return new HttpError(502, `${fallback}: ${error.message}`, { code: 'carrier_unavailable', retryable: error.retryable });
  }
  throw error;
}

function rateAnswer(rate: Pick<PickupRecord, 'baseRateCents' | 'additionalChargesCents' | 'taxesCents' | 'incentivesCents' | 'consolidationDiscountCents' | 'totalCents' | 'currency' | 'chargeDetails'>) {
  return {
    total: centsToDollars(rate.totalCents),
    currency: rate.currency,
    baseRate: centsToDollars(rate.baseRateCents),
    additionalCharges: centsToDollars(rate.additionalChargesCents),
    taxes: centsToDollars(rate.taxesCents),
    incentives: centsToDollars(rate.incentivesCents),
    consolidationDiscount: centsToDollars(rate.consolidationDiscountCents),
    chargeDetails: rate.chargeDetails.map((line) => ({ description: line.description, amount: centsToDollars(line.amountCents) })),
  };
}

function pickupColumnsOf(rate: PickupRate) {
  return {
    baseRateCents: rate.baseRateCents,
    additionalChargesCents: rate.additionalChargesCents,
    taxesCents: rate.taxesCents,
    incentivesCents: rate.incentivesCents,
    consolidationDiscountCents: rate.consolidationDiscountCents,
    totalCents: rate.totalCents,
    currency: rate.currency,
    chargeDetails: rate.chargeDetails.map((line) => ({ description: line.description, amountCents: line.amountCents })),
  };
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderRow>>>;

/** Where the order's parcels go: its shipping address, as the label (and its quote) has it. */
function recipientOfOrder(order: OrderRow): ShippingAddressSnapshot {
  return {
    name: order.shippingName,
    phone: order.shippingPhone,
    email: order.shippingEmail,
    line1: order.shippingLine1,
    line2: order.shippingLine2,
    city: order.shippingCity,
    state: order.shippingState,
    postalCode: order.shippingPostalCode,
    countryCode: order.shippingCountry,
  };
}

/** The seller's ship-from address as a label has it (their default address), or a 400 asking for one. */
async function shipFromOf(executor: Executor, sellerId: string): Promise<ShippingAddressSnapshot> {
  const { seller, address } = await findShipFromOf(executor, sellerId);
  if (!seller || !address) throw badRequest(SHIPMENT_MESSAGES.noShipFrom, { code: 'no_ship_from' });
  return {
    name: address.name || `${seller.firstName} ${seller.lastName}`.trim(),
    companyName: seller.companyName,
    phone: address.phone ?? seller.phone,
    email: seller.email,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    countryCode: address.country,
  };
}

/** The package a shipment's label is for: its weight (at least an ounce), described by its items. */
function labelPackageOf(weightOunces: number, titles: readonly string[]) {
  return { weightOunces: Math.max(1, weightOunces), description: titles.join(', ').slice(0, 35) };
}

/** The code of a void the marketplace's own rule refuses: the same codes as the carrier's refusals. */
function voidRefusalCodeOf(shipment: Pick<ShipmentRecord, 'status'>, reason: string): string {
  if (isVoidedShipment(shipment)) return 'shipment_voided';
  if (reason === VOID_PERIOD_EXPIRED_MESSAGE) return 'void_period_expired';
  if (reason === ALREADY_PICKED_UP_MESSAGE) return 'already_picked_up';
  return 'void_refused';
}

/** The items a pickup collects, valued price × quantity: what its charge is allocated over (SPEC §9). */
function pickupItemValuesOf(lines: readonly ShipmentLine[]) {
  return lines.filter((line) => line.isActive).map((line) => ({ id: line.orderItem.id, valueCents: line.orderItem.priceCents * line.quantity }));
}

/**
 * A shipment row as read for a view: with its label bytes (one shipment's answers), or, in the
 * list, only whether it has a label (issue #8: the list never carries the bytes).
 */
type ViewRow = ShipmentRecord | ListedShipmentRecord;

function createViewBuilder(context: { lines: ShipmentLine[]; pickups: Map<string, PickupRecord>; imageOf: (line: ShipmentLine) => string | null; now: Date }) {
  return (shipment: ViewRow) => {
    // A voided shipment still shows what it held (its released lines).
    const lines = context.lines.filter((line) => line.shipmentId === shipment.id && (line.isActive || shipment.status === 'cancelled'));
    const pickup = shipment.pickupId ? (context.pickups.get(shipment.pickupId) ?? null) : null;
    const activePickup = pickup && pickup.status === 'scheduled' ? pickup : null;
    // A voided shipment's label is gone for good: no bytes, and no flag that would offer them.
    const isVoided = isVoidedShipment(shipment);
    const labelUrl = !isVoided && 'labelBase64' in shipment ? labelUrlOf(shipment) : null;
    const hasLabel = !isVoided && ('hasLabel' in shipment ? shipment.hasLabel : labelUrl !== null);
    const facts: ShipmentFacts = {
      id: shipment.id,
      status: shipment.status,
      createdAt: shipment.labelCreatedAt ?? shipment.createdAt,
      trackingNumber: shipment.trackingNumber,
      labelUrl,
      // Label view and download are offered when a label exists (SPEC §4.8), fetched or not.
      hasLabel,
      pickupRequestNumber: activePickup?.pickupRequestNumber ?? null,
    };
    const actions = shipmentActions(facts, context.now);
    const items = lines.map((line) => {
      const image = context.imageOf(line);
      return {
        id: line.orderItem.id,
        quantity: line.quantity,
        order_item: {
          id: line.orderItem.id,
          title: line.orderItem.title,
          price: centsToDollars(line.orderItem.priceCents),
          status: line.orderItem.status,
          images: image ? [image] : [],
          product: { id: line.orderItem.productId, title: line.orderItem.title, images: image ? [image] : [] },
        },
      };
    });
    const shipper = shipment.shipperAddress;
    return {
      id: shipment.id,
      order_id: shipment.orderId,
      seller_id: shipment.sellerId,
      status: shipment.status,
      created_at: shipment.createdAt.toISOString(),
      updated_at: shipment.updatedAt.toISOString(),
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      tracking_number: shipment.trackingNumber,
      labelUrl,
      label_url: labelUrl,
      hasLabel,
      label_format: shipment.labelFormat,
      weight: poundsOf(shipment.weightOunces),
      service_code: shipment.serviceCode,
      service_description: shipment.serviceDescription,
      charges: shipment.chargesCents === null ? null : centsToDollars(shipment.chargesCents),
      pickup_date: activePickup?.pickupDate ?? null,
      pickup_request_number: activePickup?.pickupRequestNumber ?? null,
      pickup_ready_time: activePickup?.readyTime ?? null,
      pickup_close_time: activePickup?.closeTime ?? null,
      is_consolidated_pickup: activePickup?.isConsolidated ?? false,
      shipper_address: shipper ? { line1: shipper.line1, line2: shipper.line2 ?? null, city: shipper.city, state: shipper.state, postalCode: shipper.postalCode } : null,
      recipient_address: {
        name: shipment.recipientAddress.name,
        line1: shipment.recipientAddress.line1,
        line2: shipment.recipientAddress.line2 ?? null,
        city: shipment.recipientAddress.city,
        state: shipment.recipientAddress.state,
        postalCode: shipment.recipientAddress.postalCode,
        countryCode: shipment.recipientAddress.countryCode,
      },
      total_quantity: lines.reduce((total, line) => total + line.quantity, 0),
      item_quantities: lines.map((line) => line.quantity),
      item_count: lines.length,
      product_names: lines.map((line) => line.orderItem.title),
      product_images: lines.map((line) => context.imageOf(line)),
      item_details: lines.map((line) => ({
        name: line.orderItem.title,
        image: context.imageOf(line),
        quantity: line.quantity,
        price: centsToDollars(line.orderItem.priceCents),
      })),
      items,
      shipment_items: items,
      tracking_events: shipment.trackingEvents,
      voided_at: shipment.voidedAt?.toISOString() ?? null,
      actions,
    };
  };
}

export function createShipmentsService({ db, files, clock, carrier, environment, orderItems: orderItemStates }: ShipmentsServiceDependencies) {
  const isProduction = environment === 'production';

  async function views(executor: Executor, rows: readonly ViewRow[]) {
    const [lines, pickups] = await Promise.all([
      findLinesOfShipments(executor, rows.map((row) => row.id)),
      findPickupsByIds(executor, rows.map((row) => row.pickupId).filter((id): id is string => id !== null)),
    ]);
    const build = createViewBuilder({
      lines,
      pickups,
      now: clock.now(),
      imageOf: (line) => (line.coverKey ? files.urlFor(line.coverKey) : null),
    });
    return rows.map(build);
  }

  async function viewOf(executor: Executor, row: ViewRow) {
    const [view] = await views(executor, [row]);
    if (!view) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
    return view;
  }

  /** Locks the caller's shipment or answers 404. */
  async function lockOwn(executor: Executor, sellerId: string, shipmentId: string) {
    const shipment = await findSellerShipment(executor, sellerId, shipmentId, { lock: true });
    if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
    return shipment;
  }

  function assertSelf(callerId: string, userId: string) {
    // Another seller's list is answered as missing, never as forbidden.
    if (callerId !== userId) throw notFound('Seller not found');
  }

  async function assertSellerHasOrder(executor: Executor, sellerId: string, orderId: string) {
    const order = await findOrderRow(executor, orderId);
    const items = order ? await findItemsOfOrder(executor, orderId) : [];
    if (!order || !items.some((item) => item.sellerId === sellerId)) throw notFound(SHIPMENT_MESSAGES.orderNotFound);
    return order;
  }

  async function pickupAddressOf(shipments: readonly ShipmentRecord[]): Promise<CarrierAddress> {
    const address = shipments[0]?.shipperAddress;
    if (!address) throw badRequest(SHIPMENT_MESSAGES.noShipFrom);
    return address;
  }

  /** The date rule (next business day or later) and the times, with SPEC §5's messages. */
  function checkedWindow(input: ReturnType<typeof normalizePickupInput>): PickupWindow {
    const checked = checkPickupWindow(input, clock.now());
    if (!checked.ok) throw badRequest(checked.message, { field: checked.field, code: 'invalid_pickup_window' });
    return checked.value;
  }

  /** A voided shipment's label is void: nothing may use it any more (409). */
  function assertNotVoided(shipment: Pick<ShipmentRecord, 'status'>) {
    if (isVoidedShipment(shipment)) throw conflict(VOIDED_SHIPMENT_MESSAGE, { code: 'shipment_voided' });
  }

  /** The pickup the carrier is asked to rate or book for these shipments: the quote and the booking send the same. */
  async function pickupRequestOf(shipments: readonly ShipmentRecord[], form: PickupWindow) {
    return {
      address: await pickupAddressOf(shipments),
      pickupDate: form.pickupDate,
      readyTime: form.readyTime,
      closeTime: form.closeTime,
      trackingNumbers: shipments.map((shipment) => shipment.trackingNumber).filter((number): number is string => number !== null),
      totalWeightOunces: shipments.reduce((total, shipment) => total + shipment.weightOunces, 0),
    };
  }

  const pickupSource = carrier.name === 'ups' ? 'carrier real-time API' : 'carrier API';

  /**
   * What a pickup of these shipments would cost, and each item's share of it (the allocation rule of
   * packages/domain), as the items' payouts will deduct it once the pickup is booked. Books nothing.
   */
  async function quotePickupOf(shipments: readonly ShipmentRecord[], form: PickupWindow, consolidated: boolean) {
    let rate: PickupRate;
    try {
      rate = await carrier.ratePickup(await pickupRequestOf(shipments, form));
    } catch (error) {
      throw carrierFailure(error, SHIPMENT_MESSAGES.pickupQuoteFailed);
    }
    const lines = (await findLinesOfShipments(db, shipments.map((shipment) => shipment.id))).filter((line) => line.isActive);
    const values = pickupItemValuesOf(lines);
    const shares = values.length > 0 ? allocatePickupCharge(rate.totalCents, values) : [];
    return {
      success: true as const,
      isConsolidatedPickup: consolidated,
      shipmentsCount: shipments.length,
      pickupDate: form.pickupDate,
      readyTime: form.readyTime,
      closeTime: form.closeTime,
      source: pickupSource,
      rate: rateAnswer(pickupColumnsOf(rate)),
      allocation: {
        totalOrderItemsInPickup: values.length,
        totalOrderValueInPickup: centsToDollars(values.reduce((sum, value) => sum + value.valueCents, 0)),
        items: shares.map((share, index) => {
          const line = lines[index]!;
          return {
            orderItemId: share.id,
            shipmentId: line.shipmentId,
            title: line.orderItem.title,
            quantity: line.quantity,
            itemValue: centsToDollars(share.valueCents),
            allocatedPickupCharge: centsToDollars(share.allocatedPickupChargeCents),
            pickupChargeRatio: share.pickupChargeRatio,
          };
        }),
      },
    };
  }

  async function bookPickup(transaction: Executor, sellerId: string, shipments: readonly ShipmentRecord[], form: PickupWindow, consolidated: boolean) {
    const pickupId = randomUUID();
    let scheduled;
    try {
      scheduled = await carrier.schedulePickup({ requestKey: pickupId, ...(await pickupRequestOf(shipments, form)) });
    } catch (error) {
      throw carrierFailure(error, consolidated ? 'Failed to schedule consolidated pickup' : 'Failed to schedule pickup');
    }
    const pickup = await insertPickup(transaction, {
      id: pickupId,
      sellerId,
      pickupRequestNumber: scheduled.pickupRequestNumber,
      pickupDate: form.pickupDate,
      readyTime: form.readyTime,
      closeTime: form.closeTime,
      isConsolidated: consolidated,
      ...pickupColumnsOf(scheduled.rate),
      source: pickupSource,
      createdAt: clock.now(),
    });
    const now = clock.now();
    for (const shipment of shipments) {
      await updateShipment(transaction, shipment.id, { status: 'pickup_scheduled', pickupId: pickup.id, updatedAt: now });
    }
    return pickup;
  }

  function pickupAnswer(pickup: PickupRecord) {
    return {
      success: true as const,
      message: SHIPMENT_MESSAGES.pickupScheduled,
      pickupRequestNumber: pickup.pickupRequestNumber,
      pickupDate: pickup.pickupDate,
      readyTime: pickup.readyTime,
      closeTime: pickup.closeTime,
      rate: rateAnswer(pickup),
    };
  }

  /** Applies a tracking result to a locked shipment: status, events, and delivered items. */
  async function applyTracking(transaction: Executor, shipment: ShipmentRecord, result: TrackingResult, forcedStatus: ShipmentStatusValue | null) {
    const now = clock.now();
    const status: ShipmentStatusValue = forcedStatus ?? (CARRIER_PROGRESS.has(result.status) ? trackedStatus(shipment.status, result.status) : shipment.status);
    const events: ShipmentTrackingEvent[] = result.events.map((event) => ({ status: event.status, description: event.description, occurredAt: event.occurredAt, location: event.location ?? null }));
    const updated = await updateShipment(transaction, shipment.id, { status, trackingEvents: events, lastTrackedAt: now, updatedAt: now });
    if (status === 'delivered' && shipment.status !== 'delivered') {
      const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
      await orderItemStates.recordDelivered(transaction, lines.map((line) => line.orderItem.id));
    }
    return { updated, events };
  }

  return {
    simulationStatuses() {
      if (isProduction) throw notFound('Not found');
      return { success: true as const, statuses: [...SIMULATION_STATUS_LIST] };
    },

    /**
     * A page of the seller's shipments, newest first (issue #8), with the stats cards' counts over
     * all the seller's shipments (of the order, with `orderId`), whatever the page, status or search.
     * Listed shipments carry `hasLabel` and null label URLs; `label` answers the bytes.
     */
    async listSellerShipments(callerId: string, userId: string, query: ShipmentListQuery = {}) {
      assertSelf(callerId, userId);
      const page = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_SHIPMENT_PAGE_SIZE;
      const filter: ShipmentListFilter = { orderId: query.orderId, status: query.status, q: query.q?.trim() || undefined };
      // Two statements, side by side: the page and the per-status counts. The stats share the list's
      // scope (seller, order), so without a search they also give the total; a search counts in the
      // page's own statement (count(*) over ()).
      const withTotal = filter.q !== undefined;
      const [found, counts] = await Promise.all([
        findSellerShipmentPage(db, callerId, filter, { limit, offset: (page - 1) * limit, withTotal }),
        countSellerShipmentsByStatus(db, callerId, query.orderId),
      ]);
      const stats = shipmentStatsOf(counts);
      let total: number;
      if (!withTotal) total = filter.status ? stats.byStatus[filter.status] : stats.total;
      else total = found.total ?? (page > 1 ? await countSellerShipments(db, callerId, filter) : 0);
      return {
        success: true as const,
        shipments: await views(db, found.rows),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
        stats,
      };
    },

    /** The label of the seller's shipment as a data URL (the list leaves the bytes out); a voided one is gone (410). */
    async label(sellerId: string, shipmentId: string) {
      const shipment = await findSellerShipmentLabel(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      if (isVoidedShipment(shipment)) throw new HttpError(410, VOIDED_LABEL_MESSAGE, { code: 'label_voided' });
      const labelUrl = labelUrlOf(shipment);
      if (!labelUrl) throw notFound(SHIPMENT_MESSAGES.noLabel);
      return { success: true as const, labelUrl, label_url: labelUrl };
    },

    /**
     * The rate of the label Create Shipment would buy for the order, before anything is made: the
     * seller's approved items not yet in a shipment (what createShipments puts in a new one), or else
     * the shipment already waiting for its label. Same addresses, weight and service as processLabel.
     */
    async quoteLabel(sellerId: string, orderId: string) {
      const order = await findOrderRow(db, orderId);
      const mine = order ? (await findItemsOfOrder(db, orderId)).filter((item) => item.sellerId === sellerId) : [];
      if (!order || mine.length === 0) throw notFound(SHIPMENT_MESSAGES.orderNotFound);
      const approved = mine.filter((item) => item.status === 'approved');
      const taken = await findOrderItemIdsInActiveShipments(db, approved.map((item) => item.id));
      const free = approved.filter((item) => !taken.has(item.id));
      let target: { shipmentId: string | null; items: Array<{ orderItemId: string; title: string; quantity: number }>; weightOunces: number; serviceCode: string; recipient: CarrierAddress };
      if (free.length > 0) {
        target = {
          shipmentId: null,
          items: free.map((item) => ({ orderItemId: item.id, title: item.title, quantity: item.quantity })),
          weightOunces: free.reduce((total, item) => total + item.weightOunces * item.quantity, 0),
          serviceCode: UPS_GROUND.code,
          recipient: recipientOfOrder(order),
        };
      } else {
        // The one Create Shipment would label next: the first (by id, as createShipments answers them) still pending.
        const waiting = (await findSellerShipments(db, sellerId, { orderId }))
          .filter((shipment) => shipment.status === 'pending' && !shipment.labelBase64)
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
        if (!waiting) throw badRequest(SHIPMENT_MESSAGES.noItemsReady, { code: 'no_items_ready' });
        const lines = (await findLinesOfShipments(db, [waiting.id])).filter((line) => line.isActive);
        target = {
          shipmentId: waiting.id,
          items: lines.map((line) => ({ orderItemId: line.orderItem.id, title: line.orderItem.title, quantity: line.quantity })),
          weightOunces: waiting.weightOunces,
          serviceCode: waiting.serviceCode,
          recipient: waiting.recipientAddress,
        };
      }
      const shipper = await shipFromOf(db, sellerId);
      let rate;
      try {
        rate = await carrier.rateShipment({
          shipper,
          recipient: target.recipient,
          packages: [labelPackageOf(target.weightOunces, target.items.map((item) => item.title))],
          serviceCode: target.serviceCode,
          reference: `Order ${orderId.slice(0, 8)}`,
        });
      } catch (error) {
        throw carrierFailure(error, SHIPMENT_MESSAGES.rateQuoteFailed);
      }
      return {
        success: true as const,
        orderId,
        shipmentId: target.shipmentId,
        items: target.items,
        weight: poundsOf(target.weightOunces),
        rate: {
          serviceCode: rate.serviceCode,
          serviceDescription: rate.serviceDescription || UPS_GROUND.description,
          total: centsToDollars(rate.totalCents),
          currency: rate.currency,
          billingWeight: poundsOf(rate.billingWeightOunces),
          chargeDetails: rate.chargeDetails.map((line) => ({ description: line.description, amount: centsToDollars(line.amountCents) })),
        },
      };
    },

    async createShipments(sellerId: string, orderId: string) {
      return db.transaction(async (transaction) => {
        // The order's lock makes two creates for the same order run one after the other.
        const order = await lockOrderRow(transaction, orderId);
        const allItems = order ? await findItemsOfOrder(transaction, orderId) : [];
        const mine = allItems.filter((item) => item.sellerId === sellerId);
        if (!order || mine.length === 0) throw notFound(SHIPMENT_MESSAGES.orderNotFound);
        const approved = mine.filter((item) => item.status === 'approved');
        const taken = await findOrderItemIdsInActiveShipments(transaction, approved.map((item) => item.id));
        const free = approved.filter((item) => !taken.has(item.id));
        if (free.length === 0) {
          const existing = (await lockSellerShipmentsOfOrder(transaction, sellerId, orderId)).filter((shipment) => shipment.status === 'pending' || shipment.status === 'created');
          if (existing.length === 0) throw badRequest(SHIPMENT_MESSAGES.noItemsReady, { code: 'no_items_ready' });
          return { success: true as const, shipments: await views(transaction, existing), message: SHIPMENT_MESSAGES.alreadyExists };
        }
        const now = clock.now();
        const recipient = recipientOfOrder(order);
        const shipment = await insertShipment(transaction, {
          orderId,
          sellerId,
          status: 'pending',
          serviceCode: UPS_GROUND.code,
          serviceDescription: UPS_GROUND.description,
          weightOunces: free.reduce((total, item) => total + item.weightOunces * item.quantity, 0),
          recipientAddress: recipient,
          createdAt: now,
          updatedAt: now,
        });
        await insertShipmentItems(transaction, free.map((item) => ({ shipmentId: shipment.id, orderItemId: item.id, quantity: item.quantity })));
        return { success: true as const, shipments: [await viewOf(transaction, shipment)], message: SHIPMENT_MESSAGES.created };
      });
    },

    async processLabel(sellerId: string, shipmentId: string) {
      return db.transaction(async (transaction) => {
        // The row lock makes concurrent calls queue; the second finds the label and answers it.
        const shipment = await lockOwn(transaction, sellerId, shipmentId);
        assertNotVoided(shipment);
        if (shipment.trackingNumber && shipment.labelBase64) {
          const view = await viewOf(transaction, shipment);
          return { success: true as const, trackingNumber: shipment.trackingNumber, labelUrl: labelUrlOf(shipment), message: SHIPMENT_MESSAGES.alreadyProcessed, shipment: view };
        }
        if (shipment.status !== 'pending') throw badRequest(`A label can only be created for a pending shipment (this one is ${shipment.status})`);
        const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
        if (lines.length === 0 || lines.some((line) => line.orderItem.status !== 'approved')) throw badRequest(SHIPMENT_MESSAGES.noItemsReady, { code: 'no_items_ready' });
        const shipper = await shipFromOf(transaction, sellerId);
        let created;
        try {
          created = await carrier.createShipment({
            shipmentId: shipment.id,
            shipper,
            recipient: shipment.recipientAddress,
            packages: [labelPackageOf(shipment.weightOunces, lines.map((line) => line.orderItem.title))],
            serviceCode: shipment.serviceCode,
            reference: `Order ${shipment.orderId.slice(0, 8)}`,
          });
        } catch (error) {
          throw carrierFailure(error, 'Failed to process UPS shipment');
        }
        const now = clock.now();
        const updated = await updateShipment(transaction, shipment.id, {
          status: 'created',
          trackingNumber: created.trackingNumber,
          carrierShipmentId: created.carrierShipmentId,
          serviceCode: created.serviceCode,
          serviceDescription: created.serviceDescription || UPS_GROUND.description,
          labelFormat: created.label.format,
          labelBase64: created.label.base64,
          chargesCents: created.chargesCents,
          currency: created.currency,
          shipperAddress: shipper,
          labelCreatedAt: now,
          updatedAt: now,
        });
        await orderItemStates.transitionItems(transaction, { orderItemIds: lines.map((line) => line.orderItem.id), to: 'shipped', actor: 'system' });
        return {
          success: true as const,
          trackingNumber: created.trackingNumber,
          labelUrl: labelUrlOf(updated),
          message: SHIPMENT_MESSAGES.processed,
          shipment: await viewOf(transaction, updated),
        };
      });
    },

    /** What a pickup of this created shipment would cost and how the charge falls on its items; books nothing. */
    async quotePickup(sellerId: string, shipmentId: string, input: PickupFormInput) {
      const shipment = await findSellerShipment(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      assertNotVoided(shipment);
      if (shipment.status !== 'created' || shipment.pickupId) {
        throw conflict(`A pickup can only be quoted for a shipment in status created (this one is ${shipment.status})`, { code: 'pickup_not_available' });
      }
      return quotePickupOf([shipment], checkedWindow(normalizePickupInput(input)), false);
    },

    async schedulePickup(sellerId: string, shipmentId: string, input: PickupFormInput) {
      const requested = normalizePickupInput(input);
      return db.transaction(async (transaction) => {
        const shipment = await lockOwn(transaction, sellerId, shipmentId);
        assertNotVoided(shipment);
        if (shipment.status === 'pickup_scheduled' && shipment.pickupId) {
          const existing = (await findPickupsByIds(transaction, [shipment.pickupId])).get(shipment.pickupId);
          // A repeated request for the same pickup answers the one already booked; never a second one.
          if (existing && existing.pickupDate === requested.pickupDate) return pickupAnswer(existing);
          throw badRequest('A pickup is already scheduled for this shipment. Cancel it before choosing another date.');
        }
        if (shipment.status !== 'created') throw badRequest(`Pickup can only be scheduled for a shipment in status created (this one is ${shipment.status})`);
        const pickup = await bookPickup(transaction, sellerId, [shipment], checkedWindow(requested), false);
        return pickupAnswer(pickup);
      });
    },

    async cancelPickup(sellerId: string, shipmentId: string) {
      return db.transaction(async (transaction) => {
        const shipment = await lockOwn(transaction, sellerId, shipmentId);
        assertNotVoided(shipment);
        if (shipment.status !== 'pickup_scheduled' || !shipment.pickupId) {
          throw badRequest(`Only a scheduled pickup can be cancelled (this shipment is ${shipment.status})`);
        }
        const pickup = (await findPickupsByIds(transaction, [shipment.pickupId])).get(shipment.pickupId);
        if (!pickup) throw notFound('Pickup not found');
        try {
          await carrier.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
        } catch (error) {
          throw carrierFailure(error, 'Failed to cancel pickup');
        }
        const now = clock.now();
        await cancelPickupRow(transaction, pickup.id, now);
        // The carrier cancels the whole request, so every shipment it held is back to created.
        for (const held of await findShipmentsOfPickup(transaction, pickup.id)) {
          if (held.status === 'pickup_scheduled') await updateShipment(transaction, held.id, { status: 'created', pickupId: null, updatedAt: now });
        }
        return { success: true as const, message: SHIPMENT_MESSAGES.pickupCancelled, pickupRequestNumber: pickup.pickupRequestNumber };
      });
    },

    async consolidatedPickupStatus(callerId: string, userId: string, orderId: string) {
      assertSelf(callerId, userId);
      await assertSellerHasOrder(db, callerId, orderId);
      const rows = await findSellerShipments(db, callerId, { orderId });
      const facts = rows.map((row) => ({ status: row.status, pickupRequestNumber: row.pickupId }));
      const awaiting = facts.filter(isAwaitingPickupRequest).length;
      const possible = canConsolidate(facts);
      return {
        success: true as const,
        canConsolidate: possible,
        potentialSavings: centsToDollars(possible ? consolidationSavingsCents(awaiting) : 0),
        shipmentsCount: awaiting,
      };
    },

    /** The charge of one pickup for all the order's created shipments without one, and each item's share; books nothing. */
    async quoteConsolidatedPickup(callerId: string, userId: string, orderId: string, input: PickupFormInput) {
      assertSelf(callerId, userId);
      const requested = normalizePickupInput(input);
      await assertSellerHasOrder(db, callerId, orderId);
      // In id order, as scheduleConsolidatedPickup locks and books them.
      const awaiting = (await findSellerShipments(db, callerId, { orderId }))
        .filter((row) => isAwaitingPickupRequest({ status: row.status, pickupRequestNumber: row.pickupId }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      if (awaiting.length < 2) {
        throw badRequest(`A consolidated pickup needs at least 2 created shipments without a pickup (this order has ${awaiting.length})`, { code: 'too_few_shipments' });
      }
      return quotePickupOf(awaiting, checkedWindow(requested), true);
    },

    async scheduleConsolidatedPickup(callerId: string, userId: string, orderId: string, input: PickupFormInput) {
      assertSelf(callerId, userId);
      const requested = normalizePickupInput(input);
      await assertSellerHasOrder(db, callerId, orderId);
      return db.transaction(async (transaction) => {
        const rows = await lockSellerShipmentsOfOrder(transaction, callerId, orderId);
        const awaiting = rows.filter((row) => isAwaitingPickupRequest({ status: row.status, pickupRequestNumber: row.pickupId }));
        if (awaiting.length < 2) {
          throw badRequest(`A consolidated pickup needs at least 2 created shipments without a pickup (this order has ${awaiting.length})`, { code: 'too_few_shipments' });
        }
        const pickup = await bookPickup(transaction, callerId, awaiting, checkedWindow(requested), true);
        const savingsCents = pickup.consolidationDiscountCents > 0 ? pickup.consolidationDiscountCents : consolidationSavingsCents(awaiting.length);
        return {
          success: true as const,
          shipmentsCount: awaiting.length,
          savings: centsToDollars(savingsCents),
          pickupRequestNumber: pickup.pickupRequestNumber,
          pickupDate: pickup.pickupDate,
          rate: rateAnswer(pickup),
          message: SHIPMENT_MESSAGES.consolidated(awaiting.length, savingsCents),
        };
      });
    },

    async voidShipment(sellerId: string, shipmentId: string) {
      return db.transaction(async (transaction) => {
        const shipment = await lockOwn(transaction, sellerId, shipmentId);
        const eligibility = voidEligibility({ status: shipment.status, createdAt: shipment.labelCreatedAt ?? shipment.createdAt }, clock.now());
        if (!eligibility.allowed) throw conflict(eligibility.reason, { code: voidRefusalCodeOf(shipment, eligibility.reason) });
        if (shipment.carrierShipmentId && shipment.trackingNumber) {
          try {
            await carrier.voidShipment({ carrierShipmentId: shipment.carrierShipmentId, trackingNumbers: [shipment.trackingNumber] });
          } catch (error) {
            throw carrierFailure(error, 'Failed to void shipment');
          }
        }
        const now = clock.now();
        const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
        await updateShipment(transaction, shipment.id, { status: 'cancelled', voidedAt: now, updatedAt: now });
        await releaseShipmentItems(transaction, shipment.id);
        await orderItemStates.transitionItems(transaction, { orderItemIds: lines.map((line) => line.orderItem.id), to: 'approved', actor: 'system', onlyFrom: ['shipped'] });
        // A pickup left with no shipment is cancelled with the carrier too (best effort: the void stands).
        if (shipment.pickupId) {
          const remaining = (await findShipmentsOfPickup(transaction, shipment.pickupId)).filter((held) => held.status === 'pickup_scheduled');
          const pickup = (await findPickupsByIds(transaction, [shipment.pickupId])).get(shipment.pickupId);
          if (remaining.length === 0 && pickup && pickup.status === 'scheduled') {
            try {
              await carrier.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
              await cancelPickupRow(transaction, pickup.id, now);
            } catch {
              // The pickup stays recorded as scheduled; the seller can still cancel it with the carrier.
            }
          }
        }
        return { success: true as const, message: SHIPMENT_MESSAGES.voided, shipmentId: shipment.id, status: 'cancelled' as const };
      });
    },

    async track(sellerId: string, shipmentId: string, simulateStatus: string | undefined) {
      if (simulateStatus !== undefined) {
        if (isProduction) throw badRequest(SHIPMENT_MESSAGES.simulationProductionOnly);
        if (!(SIMULATION_STATUS_LIST as readonly string[]).includes(simulateStatus)) {
          throw badRequest(`Unknown simulation status '${simulateStatus}'; use one of: ${SIMULATION_STATUS_LIST.join(', ')}`);
        }
      }
      return db.transaction(async (transaction) => {
        const shipment = await lockOwn(transaction, sellerId, shipmentId);
        assertNotVoided(shipment);
        if (!shipment.trackingNumber) throw badRequest('This shipment has no tracking number yet');
        let result: TrackingResult;
        try {
          if (simulateStatus !== undefined) {
            result = await simulateOn(carrier, shipment.trackingNumber, simulateStatus as TrackingStatus, shipment.trackingEvents, clock.now());
          } else {
            result = await carrier.track({ trackingNumber: shipment.trackingNumber });
          }
        } catch (error) {
          // The carrier has no events for this number yet (UPS takes a while after a label is made; the
          // sandbox without its ledger file knows none from before): keep what we know rather than failing the seller.
          if (simulateStatus === undefined && error instanceof CarrierError && error.code === 'not_found') {
            return {
              success: true as const,
              status: shipment.status,
              trackingNumber: shipment.trackingNumber,
              estimatedDeliveryDate: null,
              events: shipment.trackingEvents ?? [],
              message: SHIPMENT_MESSAGES.noNewTracking,
            };
          }
          throw carrierFailure(error, 'Failed to track shipment');
        }
        const { updated, events } = await applyTracking(transaction, shipment, result, simulateStatus !== undefined ? (simulateStatus as ShipmentStatusValue) : null);
        return {
          success: true as const,
          status: updated.status,
          trackingNumber: shipment.trackingNumber,
          estimatedDeliveryDate: result.estimatedDeliveryDate ?? null,
          events,
          message: simulateStatus !== undefined ? SHIPMENT_MESSAGES.trackingSimulated(simulateStatus) : SHIPMENT_MESSAGES.trackingUpdated,
        };
      });
    },

    /**
     * Tracks every active shipment once (the background refresh); a failure on one shipment is
     * skipped so the others still move on. Returns how many were updated.
     */
    async refreshActiveShipments(limit = 100): Promise<number> {
      const candidates = await db.query.shipments.findMany({
        where: (table, { and, inArray: within, isNotNull }) => and(within(table.status, [...ACTIVE_FOR_TRACKING]), isNotNull(table.trackingNumber)),
        // Never-tracked first, then the longest untracked.
        orderBy: (table, { sql: raw }) => [raw`${table.lastTrackedAt} asc nulls first`],
        limit,
      });
      let updated = 0;
      for (const candidate of candidates) {
        if (!candidate.trackingNumber || !ACTIVE_FOR_TRACKING.has(candidate.status)) continue;
        try {
          const result = await carrier.track({ trackingNumber: candidate.trackingNumber });
          await db.transaction(async (transaction) => {
            const locked = await findSellerShipment(transaction, candidate.sellerId, candidate.id, { lock: true });
            if (!locked || !ACTIVE_FOR_TRACKING.has(locked.status)) return;
            await applyTracking(transaction, locked, result, null);
            updated += 1;
          });
        } catch {
          // Tried again on the next round.
        }
      }
      return updated;
    },

    /** SPEC §3 "pickup charge info" for one order item (issue #5 serves it to payouts). */
    async pickupChargeInfoFor(orderItemId: string): Promise<PickupChargeInfo> {
      const none: PickupChargeInfo = {
        hasPickup: false,
        pickupRequestNumber: null,
        isConsolidatedPickup: false,
        shipmentsCount: 0,
        packageCount: 0,
        totalPickupCharge: 0,
        currency: 'USD',
        source: null,
        rateDetails: null,
        consolidationDiscount: 0,
        allocation: null,
      };
      const line = await findActiveLineOfOrderItem(db, orderItemId);
      if (!line) return none;
      const shipment = await db.query.shipments.findFirst({ where: (table, { eq }) => eq(table.id, line.shipmentId) });
      if (!shipment?.pickupId) return none;
      const pickup = (await findPickupsByIds(db, [shipment.pickupId])).get(shipment.pickupId);
      if (!pickup || pickup.status !== 'scheduled') return none;
      const held = (await findShipmentsOfPickup(db, pickup.id)).filter((row) => row.status !== 'cancelled');
      const lines = (await findLinesOfShipments(db, held.map((row) => row.id))).filter((row) => row.isActive);
      const values = pickupItemValuesOf(lines);
      const allocation = pickupChargeAllocationFor(pickup.totalCents, values, orderItemId);
      const allocatedCents = allocatePickupCharge(pickup.totalCents, values).find((row) => row.id === orderItemId)?.allocatedPickupChargeCents ?? 0;
      return {
        hasPickup: true,
        pickupRequestNumber: pickup.pickupRequestNumber,
        isConsolidatedPickup: pickup.isConsolidated,
        shipmentsCount: held.length,
        packageCount: held.length,
        totalPickupCharge: centsToDollars(pickup.totalCents),
        currency: pickup.currency,
        source: pickup.source,
        rateDetails: {
          chargeDetails: pickup.chargeDetails.map((charge) => ({ description: charge.description, amount: centsToDollars(charge.amountCents) })),
          baseRate: centsToDollars(pickup.baseRateCents),
          additionalCharges: centsToDollars(pickup.additionalChargesCents),
          taxes: centsToDollars(pickup.taxesCents),
          incentives: centsToDollars(pickup.incentivesCents),
        },
        consolidationDiscount: centsToDollars(pickup.consolidationDiscountCents),
        allocation: { ...allocation, allocatedPickupChargeCents: allocatedCents },
      };
    },
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;

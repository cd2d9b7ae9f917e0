import { DEFAULT_SHIPMENT_PAGE_SIZE } from '@marketplace/contracts/shipping';
import { itemName } from '@marketplace/domain/variations';
import {
  ALREADY_PICKED_UP_CODE,
  ALREADY_PICKED_UP_MESSAGE,
  isVoidedShipment,
  SHIPMENT_STATUSES,
  VOID_PERIOD_EXPIRED_CODE,
  VOID_PERIOD_EXPIRED_MESSAGE,
  VOIDED_LABEL_MESSAGE,
  voidEligibility,
  type ShipmentStats,
} from '@marketplace/domain/shipment-rules';
import type { Executor } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import {
  CarrierError,
  type CarrierAddress,
  type CreatedShipment,
  type CreateShipmentRequest,
  type FoundShipment,
  type ShipmentRate,
} from '../../providers/carrier/port';
import {
  cancelPickupRow,
  countSellerShipments,
  countSellerShipmentsByStatus,
  findItemsOfOrder,
  findLinesOfShipments,
  findOrderItemIdsInActiveShipments,
  findOrderRow,
  findPickupsByIds,
  findSellerShipmentLabel,
  findSellerShipmentPage,
  findSellerShipment,
  findSellerShipments,
  findShipmentById,
  findShipmentsOfPickup,
  insertShipment,
  insertShipmentItems,
  lockOrderRow,
  lockSellerShipmentsOfOrder,
  releaseShipmentItems,
  updateShipment,
  type ShipmentListFilter,
  type ShipmentRecord,
  type ShipmentStatusValue,
  type ShippingAddressSnapshot,
} from './shipments.repository';
import { createLabelHooks, type LabelHooks } from './label-hooks';
import { shippingAddressOfOrder } from '../orders';
import { findShippingContactOf } from '../users';
import {
  SHIPMENT_MESSAGES,
  UPS_GROUND,
  assertNotVoided,
  assertSelf,
  byId,
  carrierFailure,
  loadOneShipmentDetails,
  loadShipmentDetails,
  lockOwnShipment,
  type ShipmentDetails,
  type ShipmentRow,
  type ShippingDependencies,
} from './shipments.shared';

// The seller's shipments and their labels: the list, making a shipment from an order's approved items,
// the label's quote, buying it, its file, and voiding it (docs/product/shipping.md).

/** The optional narrowing of the seller's list. */
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

export interface ShipmentPage {
  shipments: ShipmentDetails[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
  stats: ShipmentListStats;
}

/** What the label Create Shipment would buy costs, and what it is for. Buys nothing. */
export interface LabelQuote {
  orderId: string;
  /** The shipment waiting for its label, or null when Create Shipment makes a new one. */
  shipmentId: string | null;
  items: Array<{ orderItemId: string; title: string; quantity: number }>;
  weightOunces: number;
  rate: ShipmentRate;
}

/**
 * The stat cards' counts from per-status counts (docs/product/shipping.md "Counting on the cards"): the
 * same rules as the domain's countShipmentsForStats, which counts a list, applied to a grouped count.
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

/** The seller's ship-from address as a label has it (their default address), or a 400 asking for one. */
async function shipFromOf(executor: Executor, sellerId: string): Promise<ShippingAddressSnapshot> {
  const shipFrom = await findShippingContactOf(executor, sellerId);
  if (!shipFrom) throw badRequest(SHIPMENT_MESSAGES.noShipFrom, { code: 'no_ship_from' });
  return shipFrom;
}

/** The package a shipment's label is for: its weight (at least an ounce), described by its items. */
function labelPackageOf(weightOunces: number, titles: readonly string[]) {
  return { weightOunces: Math.max(1, weightOunces), description: titles.join(', ').slice(0, 35) };
}

/**
 * How long a label purchase's claim holds off another attempt: longer than an attempt can take, so a claim
 * older than this belongs to one that is over (its answer lost, or its process gone). UPS_TIMEOUT_MS is at
 * most 30 s a call, and a resumed attempt makes at most eight: the lookup and the purchase, each a token, the
 * call, and after a 401 a new token and the call again (4 minutes).
 */
export const LABEL_CLAIM_STALE_MS = 5 * 60 * 1000;

export function isLabelClaimStale(requestedAt: Date | null, now: Date): boolean {
  return requestedAt !== null && now.getTime() - requestedAt.getTime() >= LABEL_CLAIM_STALE_MS;
}

/** The code of a void the marketplace's own rule refuses: the same codes as the carrier's refusals. */
function voidRefusalCodeOf(shipment: Pick<ShipmentRecord, 'status'>, reason: string): string {
  if (isVoidedShipment(shipment)) return 'shipment_voided';
  if (reason === VOID_PERIOD_EXPIRED_MESSAGE) return VOID_PERIOD_EXPIRED_CODE;
  if (reason === ALREADY_PICKED_UP_MESSAGE) return ALREADY_PICKED_UP_CODE;
  return 'void_refused';
}

const moneyOf = (shipment: ShipmentRow) => ({ shipmentId: shipment.id, sellerId: shipment.sellerId, orderId: shipment.orderId });

export function createLabelsService({
  db,
  files,
  clock,
  carrier,
  orderItems: orderItemStates,
  labelHooks = createLabelHooks(),
}: Pick<ShippingDependencies, 'db' | 'files' | 'clock' | 'carrier' | 'orderItems'> & { labelHooks?: LabelHooks }) {
  const detailsOf = (executor: Executor, rows: readonly ShipmentRow[]) => loadShipmentDetails(executor, rows, { files, now: clock.now() });
  const detailsOfOne = (executor: Executor, row: ShipmentRow) => loadOneShipmentDetails(executor, row, { files, now: clock.now() });

  /** Gives a label claim up (the carrier refused: nothing was bought), unless another attempt holds it now. */
  async function releaseLabelClaim(shipmentId: string, claimedAt: Date): Promise<void> {
    await db.transaction(async (transaction) => {
      const shipment = await findShipmentById(transaction, shipmentId, { lock: true });
      if (shipment && !shipment.labelBase64 && shipment.labelRequestedAt?.getTime() === claimedAt.getTime()) {
        await updateShipment(transaction, shipmentId, { labelRequestedAt: null, updatedAt: clock.now() });
      }
    });
  }

  return {
    /**
     * A page of the seller's shipments, newest first, with the stat cards' counts over all the seller's
     * shipments (of the order, with `orderId`), whatever the page, status or search. Listed shipments
     * carry only whether they have a label; `label` answers the bytes.
     */
    async listSellerShipments(callerId: string, userId: string, query: ShipmentListQuery = {}): Promise<ShipmentPage> {
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
        shipments: await detailsOf(db, found.rows),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
        stats,
      };
    },

    /** The label of the seller's shipment (the list leaves the bytes out); a voided one is gone (410). */
    async label(sellerId: string, shipmentId: string): Promise<{ labelBase64: string; labelFormat: string | null }> {
      const shipment = await findSellerShipmentLabel(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      if (isVoidedShipment(shipment)) throw new HttpError(410, VOIDED_LABEL_MESSAGE, { code: 'label_voided' });
      if (!shipment.labelBase64) throw notFound(SHIPMENT_MESSAGES.noLabel, { code: 'no_label' });
      return { labelBase64: shipment.labelBase64, labelFormat: shipment.labelFormat };
    },

    /**
     * The rate of the label Create Shipment would buy for the order, before anything is made: the
     * seller's approved items not yet in a shipment (what createShipments puts in a new one), or else
     * the shipment already waiting for its label. Same addresses, weight and service as processLabel.
     */
    async quoteLabel(sellerId: string, orderId: string): Promise<LabelQuote> {
      const order = await findOrderRow(db, orderId);
      const mine = order ? (await findItemsOfOrder(db, orderId)).filter((item) => item.sellerId === sellerId) : [];
      if (!order || mine.length === 0) throw notFound(SHIPMENT_MESSAGES.orderNotFound);
      const approved = mine.filter((item) => item.status === 'approved');
      const taken = await findOrderItemIdsInActiveShipments(
        db,
        approved.map((item) => item.id),
      );
      const free = approved.filter((item) => !taken.has(item.id));
      let target: Omit<LabelQuote, 'orderId' | 'rate'> & { serviceCode: string; recipient: CarrierAddress };
      if (free.length > 0) {
        target = {
          shipmentId: null,
          items: free.map((item) => ({ orderItemId: item.id, title: itemName(item.title, item.variantLabel), quantity: item.quantity })),
          weightOunces: free.reduce((total, item) => total + item.weightOunces * item.quantity, 0),
          serviceCode: UPS_GROUND.code,
          recipient: shippingAddressOfOrder(order),
        };
      } else {
        // The one Create Shipment would label next: the first (by id, as createShipments answers them) still pending.
        const waiting = (await findSellerShipments(db, sellerId, { orderId }))
          .filter((shipment) => shipment.status === 'pending' && !shipment.labelBase64)
          .sort(byId)[0];
        if (!waiting) throw badRequest(SHIPMENT_MESSAGES.noItemsReady, { code: 'no_items_ready' });
        const lines = (await findLinesOfShipments(db, [waiting.id])).filter((line) => line.isActive);
        target = {
          shipmentId: waiting.id,
          items: lines.map((line) => ({
            orderItemId: line.orderItem.id,
            title: itemName(line.orderItem.title, line.orderItem.variantLabel),
            quantity: line.quantity,
          })),
          weightOunces: waiting.weightOunces,
          serviceCode: waiting.serviceCode,
          recipient: waiting.recipientAddress,
        };
      }
      const shipper = await shipFromOf(db, sellerId);
      let rate: ShipmentRate;
      try {
        rate = await carrier.rateShipment({
          shipper,
          recipient: target.recipient,
          packages: [
            labelPackageOf(
              target.weightOunces,
              target.items.map((item) => item.title),
            ),
          ],
          serviceCode: target.serviceCode,
          reference: `Order ${orderId.slice(0, 8)}`,
        });
      } catch (error) {
        throw carrierFailure(error, SHIPMENT_MESSAGES.rateQuoteFailed);
      }
      return { orderId, shipmentId: target.shipmentId, items: target.items, weightOunces: target.weightOunces, rate };
    },

    /** The seller's shipment of the order's approved items not yet in one; a repeat answers the ones already made (`isNew` false). */
    async createShipments(sellerId: string, orderId: string): Promise<{ shipments: ShipmentDetails[]; isNew: boolean }> {
      return db.transaction(async (transaction) => {
        // The order's lock makes two creates for the same order run one after the other.
        const order = await lockOrderRow(transaction, orderId);
        const allItems = order ? await findItemsOfOrder(transaction, orderId) : [];
        const mine = allItems.filter((item) => item.sellerId === sellerId);
        if (!order || mine.length === 0) throw notFound(SHIPMENT_MESSAGES.orderNotFound);
        const approved = mine.filter((item) => item.status === 'approved');
        const taken = await findOrderItemIdsInActiveShipments(
          transaction,
          approved.map((item) => item.id),
        );
        const free = approved.filter((item) => !taken.has(item.id));
        if (free.length === 0) {
          const existing = (await lockSellerShipmentsOfOrder(transaction, sellerId, orderId)).filter(
            (shipment) => shipment.status === 'pending' || shipment.status === 'created',
          );
          if (existing.length === 0) throw badRequest(SHIPMENT_MESSAGES.noItemsReady, { code: 'no_items_ready' });
          return { shipments: await detailsOf(transaction, existing), isNew: false };
        }
        const now = clock.now();
        const shipment = await insertShipment(transaction, {
          orderId,
          sellerId,
          status: 'pending',
          serviceCode: UPS_GROUND.code,
          serviceDescription: UPS_GROUND.description,
          weightOunces: free.reduce((total, item) => total + item.weightOunces * item.quantity, 0),
          recipientAddress: shippingAddressOfOrder(order),
          createdAt: now,
          updatedAt: now,
        });
        await insertShipmentItems(
          transaction,
          free.map((item) => ({ shipmentId: shipment.id, orderItemId: item.id, quantity: item.quantity })),
        );
        return { shipments: [await detailsOfOne(transaction, shipment)], isNew: true };
      });
    },

    /**
     * Buys the shipment's label once and marks its items shipped; a repeat answers the label already
     * bought (`isNew` false). Never a carrier call inside a transaction, never two labels:
     * 1. claim: with the shipment locked, `label_requested_at` is set (a fresh claim answers 409 label_in_progress);
     * 2. call: the carrier, outside any transaction; resuming a stale claim, it is first asked whether it
     *    already made this shipment's label (an answer lost, a crash before step 3), and only then buys;
     * 3. record: with the shipment locked again, the label is stored, unless another attempt stored it first.
     */
    async processLabel(sellerId: string, shipmentId: string): Promise<{ shipment: ShipmentDetails; trackingNumber: string; isNew: boolean }> {
      const claimed = await db.transaction(async (transaction) => {
        const shipment = await lockOwnShipment(transaction, sellerId, shipmentId);
        assertNotVoided(shipment);
        if (shipment.trackingNumber && shipment.labelBase64) {
          return {
            kind: 'done',
            answer: { shipment: await detailsOfOne(transaction, shipment), trackingNumber: shipment.trackingNumber, isNew: false },
          } as const;
        }
        if (shipment.status !== 'pending') throw badRequest(`A label can only be created for a pending shipment (this one is ${shipment.status})`);
        const now = clock.now();
        const isResuming = shipment.labelRequestedAt !== null;
        if (isResuming && !isLabelClaimStale(shipment.labelRequestedAt, now)) throw conflict(SHIPMENT_MESSAGES.labelInProgress, { code: 'label_in_progress' });
        const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
        if (lines.length === 0 || lines.some((line) => line.orderItem.status !== 'approved'))
          throw badRequest(SHIPMENT_MESSAGES.noItemsReady, { code: 'no_items_ready' });
        // A resumed claim asks with the addresses of its first attempt: the label it may have bought has them.
        const shipper = (isResuming ? shipment.shipperAddress : null) ?? (await shipFromOf(transaction, sellerId));
        await updateShipment(transaction, shipment.id, { labelRequestedAt: now, shipperAddress: shipper, updatedAt: now });
        const request: CreateShipmentRequest = {
          shipmentId: shipment.id,
          shipper,
          recipient: shipment.recipientAddress,
          packages: [
            labelPackageOf(
              shipment.weightOunces,
              lines.map((line) => itemName(line.orderItem.title, line.orderItem.variantLabel)),
            ),
          ],
          serviceCode: shipment.serviceCode,
          reference: `Order ${shipment.orderId.slice(0, 8)}`,
        };
        return { kind: 'claimed', request, isResuming, claimedAt: now } as const;
      });
      if (claimed.kind === 'done') return claimed.answer;

      let label: CreatedShipment | FoundShipment;
      let isLookedUp = !claimed.isResuming;
      try {
        const found = claimed.isResuming ? await carrier.findShipment(claimed.request) : null;
        isLookedUp = true;
        label = found ?? (await carrier.createShipment(claimed.request));
      } catch (error) {
        // A purchase refused bought nothing: the claim goes, so the seller may try again at once. Without an
        // answer (or with anything unexpected), or when the lookup itself failed, a label may exist: the claim
        // stays, and the try after the stale window asks the carrier first.
        if (isLookedUp && error instanceof CarrierError && !error.isOutcomeUnknown) await releaseLabelClaim(shipmentId, claimed.claimedAt);
        const failure = carrierFailure(error, 'Failed to process UPS shipment');
        if (!(error instanceof CarrierError && error.isOutcomeUnknown)) throw failure;
        throw new HttpError(failure.statusCode, `${failure.message}. ${SHIPMENT_MESSAGES.labelMayExist}`, { code: failure.code, ...failure.details });
      }

      return db.transaction(async (transaction) => {
        const shipment = await lockOwnShipment(transaction, sellerId, shipmentId);
        // Another attempt (a resumed claim) stored the same label first.
        if (shipment.trackingNumber && shipment.labelBase64) {
          return { shipment: await detailsOfOne(transaction, shipment), trackingNumber: shipment.trackingNumber, isNew: false };
        }
        const now = clock.now();
        const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
        const updated = await updateShipment(transaction, shipment.id, {
          status: shipment.status === 'pending' ? 'created' : shipment.status,
          trackingNumber: label.trackingNumber,
          carrierShipmentId: label.carrierShipmentId,
          serviceCode: label.serviceCode,
          serviceDescription: label.serviceDescription || UPS_GROUND.description,
          labelFormat: label.label.format,
          labelBase64: label.label.base64,
          chargesCents: label.chargesCents,
          currency: label.currency,
          shipperAddress: claimed.request.shipper,
          labelCreatedAt: now,
          labelRequestedAt: null,
          updatedAt: now,
        });
        await labelHooks.labelBought(transaction, { ...moneyOf(shipment), trackingNumber: label.trackingNumber, chargesCents: label.chargesCents, at: now });
        // The items still approved go out with the label (one changed meanwhile keeps its own state).
        await orderItemStates.transitionItems(transaction, {
          orderItemIds: lines.map((line) => line.orderItem.id),
          to: 'shipped',
          actor: 'system',
          onlyFrom: ['approved'],
        });
        return { shipment: await detailsOfOne(transaction, updated), trackingNumber: label.trackingNumber, isNew: true };
      });
    },

    /**
     * Voids the label (within 24 hours of buying it, before the parcel is picked up): its items go back
     * to approved, ready for a new shipment. A refusal carries a code (void_period_expired,
     * already_picked_up, shipment_voided, void_refused) beside the product's wording. The marketplace's
     * rule is checked with the shipment locked, the carrier asked outside any transaction, and the void
     * recorded in a second short transaction: the carrier's void is the truth, whatever changed meanwhile.
     */
    async voidShipment(sellerId: string, shipmentId: string): Promise<ShipmentRecord> {
      const checked = await db.transaction(async (transaction) => {
        const shipment = await lockOwnShipment(transaction, sellerId, shipmentId);
        const eligibility = voidEligibility({ status: shipment.status, createdAt: shipment.labelCreatedAt ?? shipment.createdAt }, clock.now());
        if (!eligibility.allowed) throw conflict(eligibility.reason, { code: voidRefusalCodeOf(shipment, eligibility.reason) });
        return shipment;
      });
      if (checked.carrierShipmentId && checked.trackingNumber) {
        try {
          await carrier.voidShipment({ carrierShipmentId: checked.carrierShipmentId, trackingNumbers: [checked.trackingNumber] });
        } catch (error) {
          // A void running beside this one got there first: its answer is this one's.
          const now = await findSellerShipment(db, sellerId, shipmentId);
          if (now && isVoidedShipment(now)) return now;
          throw carrierFailure(error, 'Failed to void shipment');
        }
      }
      const recorded = await db.transaction(async (transaction) => {
        const shipment = await lockOwnShipment(transaction, sellerId, shipmentId);
        if (isVoidedShipment(shipment)) return { voided: shipment, emptiedPickup: null };
        const now = clock.now();
        const lines = (await findLinesOfShipments(transaction, [shipment.id])).filter((line) => line.isActive);
        const voided = await updateShipment(transaction, shipment.id, { status: 'cancelled', voidedAt: now, updatedAt: now });
        await labelHooks.labelVoided(transaction, {
          ...moneyOf(shipment),
          trackingNumber: shipment.trackingNumber,
          chargesCents: shipment.chargesCents,
          at: now,
        });
        await releaseShipmentItems(transaction, shipment.id);
        await orderItemStates.transitionItems(transaction, {
          orderItemIds: lines.map((line) => line.orderItem.id),
          to: 'approved',
          actor: 'system',
          onlyFrom: ['shipped'],
        });
        if (!shipment.pickupId) return { voided, emptiedPickup: null };
        const remaining = (await findShipmentsOfPickup(transaction, shipment.pickupId)).filter((held) => held.status === 'pickup_scheduled');
        const pickup = (await findPickupsByIds(transaction, [shipment.pickupId])).get(shipment.pickupId);
        return { voided, emptiedPickup: remaining.length === 0 && pickup && pickup.status === 'scheduled' ? pickup : null };
      });
      // A pickup left with no shipment is cancelled with the carrier too (best effort: the void stands).
      const pickup = recorded.emptiedPickup;
      if (pickup) {
        try {
          await carrier.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
          await db.transaction(async (transaction) => {
            const current = (await findPickupsByIds(transaction, [pickup.id])).get(pickup.id);
            if (current?.status === 'scheduled') await cancelPickupRow(transaction, pickup.id, clock.now());
          });
        } catch {
          // The pickup stays recorded as scheduled; the seller can still cancel it with the carrier.
        }
      }
      return recorded.voided;
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;

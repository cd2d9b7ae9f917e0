import type { OpenReturnFields, OrderItemReturnInfo, ReturnPolicy, ReturnRequestView, ReturnsFilter } from '@marketplace/contracts/returns';
import { RETURN_MAX_PHOTOS } from '@marketplace/contracts/returns';
import { lineTotalCents, stillRefundableCents } from '@marketplace/domain/item-paid';
import { centsToDollars } from '@marketplace/domain/money';
import {
  DEFAULT_RESTOCKING_FEE_BASIS_POINTS,
  DEFAULT_RETURN_WINDOW_DAYS,
  RETURNABLE_ITEM_STATES,
  basisPointsToPercent,
  isOpenReturn,
  isWithinReturnWindow,
  percentToBasisPoints,
  returnActions,
  returnRefund,
  returnStatusFromTracking,
  returnWindowEndsAt,
  type ReturnStatus,
} from '@marketplace/domain/returns';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { mapWithConcurrency } from '../../lib/concurrency';
import { HttpError } from '../../lib/http-errors';
import { processImage, type IncomingFile } from '../../lib/image-processing';
import {
  CarrierError,
  type CarrierProvider,
  type CreatedReturnShipment,
  type CreateReturnShipmentRequest,
  type FoundReturnShipment,
  type TrackingResult,
  type TrackingStatus,
} from '../../providers/carrier/port';
import { SIMULATION_STATUSES } from '../../providers/carrier/sandbox';
import type { FileStore } from '../../providers/files/port';
import { findCoverImageKeys } from '../catalog';
import { findItemsWithOpenDispute } from '../disputes';
import { shippingAddressOfOrder } from '../orders';
import { findPeople, findShippingContactOf } from '../users';
import {
  findLatestReturnsOfItems,
  findOpenReturnOfItem,
  findPoliciesOf,
  findReturn,
  findReturnLines,
  findReturnStatusesOfItems,
  findReturnsAwaitingRefund,
  findReturnsToTrack,
  insertReturn,
  listReturns,
  savePolicy,
  updateReturn,
  type PolicyRecord,
  type ReturnLine,
  type ReturnPhotoRecord,
  type ReturnRecord,
  type ShipmentTrackingEvent,
} from './returns.repository';

// Returns (docs/product/returns.md): requested → accepted (a UPS Print Return Label) | refused;
// accepted → in_transit → delivered → refunded as the carrier reports the parcel; requested or accepted →
// cancelled by the buyer while the parcel has not moved. The label is bought and voided outside any
// database transaction; the refund goes through the orders service (its key `return:<id>` makes it once).

/** Carrier calls the background refresh of return parcels makes at once. */
const RETURN_TRACKING_CONCURRENCY = 5;

/** The orders service's refund: outside any transaction; the same key never refunds twice. */
export type RefundOrderItem = (input: { orderItemId: string; amountCents: number; refundKey: string; reason: string; actor: 'system' }) => Promise<{ refundedCents: number; itemStatus: string }>;

export interface ReturnsServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  carrier: CarrierProvider;
  environment: Config['environment'];
  refundOrderItem: RefundOrderItem;
  /** Where a refund that did not go through is reported (it is tried again on the next tracking round). */
  warn?: (message: string, error: unknown) => void;
}

export interface ReturnCaller {
  id: string;
  role: 'buyer' | 'seller' | 'admin';
}

export const RETURN_MESSAGES = {
  notFound: 'Return not found',
  itemNotFound: 'Order item not found',
  opened: 'Return requested. The seller will answer your request.',
  accepted: 'Return accepted. The buyer can now print the return label.',
  refused: 'Return refused. The buyer has been told why.',
  cancelled: 'Your return was cancelled.',
  alreadyDecided: 'This return has already been answered.',
  alreadyOpen: 'This item already has a return in progress.',
  alreadyReturned: 'This item was already returned.',
  refusedBefore: 'The seller refused the return of this item. If you disagree, open a dispute.',
  notDelivered: 'Only a delivered item can be returned.',
  notReturnable: 'This item can no longer be returned.',
  noReturns: 'The seller does not take returns for this item.',
  openDispute: 'This item has an open dispute: it can be returned once the dispute is resolved.',
  nothingToRefund: 'Nothing is left to refund for this item.',
  tooManyPhotos: `Attach at most ${RETURN_MAX_PHOTOS} photos.`,
  noReturnAddress: 'Add your ship-from address (Settings) before accepting a return: the return label is addressed to it.',
  labelPending: 'The return label is being created. Try again in a moment.',
  labelInProgress: 'The return label is being created right now. If it does not show up, try again in 5 minutes.',
  labelMayExist: 'UPS may have made the label all the same: try again in 5 minutes, and UPS will be asked before anything is bought again.',
  noLabel: 'This return has no label yet.',
  labelVoided: 'This return was cancelled and its label voided: it can no longer be used.',
  alreadyOnItsWay: 'The parcel is already on its way back and the return can no longer be cancelled.',
  trackingUpdated: 'Tracking information updated.',
  noNewTracking: 'No new tracking information from UPS yet.',
  simulationProductionOnly: 'Tracking simulation is only available in development mode',
  notTracked: 'This return has no parcel to track.',
  refundIssued: (dollars: string) => `The return arrived: ${dollars} is on its way back to the buyer.`,
  refundPending: 'The return arrived; the refund did not go through yet and will be tried again shortly.',
} as const;

const fail = (status: number, message: string, code: string, details: Record<string, unknown> = {}) => new HttpError(status, message, { code, ...details });

const DEFAULT_POLICY: PolicyRecord = { windowDays: DEFAULT_RETURN_WINDOW_DAYS, restockingFeeBasisPoints: DEFAULT_RESTOCKING_FEE_BASIS_POINTS };
const UPS_GROUND = '03';
const SIMULATION_STATUS_LIST: readonly string[] = [...SIMULATION_STATUSES];

type SimulatingCarrier = CarrierProvider & { simulate(trackingNumber: string, status: TrackingStatus): Promise<unknown> };
const canSimulate = (carrier: CarrierProvider): carrier is SimulatingCarrier => typeof (carrier as Partial<SimulatingCarrier>).simulate === 'function';

/** What may still be refunded for the line, and its line total (the restocking fee's base). */
function moneyOf(line: ReturnLine) {
  return { lineTotalCents: lineTotalCents(line.item), remainingRefundableCents: stillRefundableCents(line.order, line.lines, line.item) };
}

function estimateOf(line: ReturnLine, feeBasisPoints: number) {
  const money = moneyOf(line);
  return returnRefund({ ...money, restockingFeeBasisPoints: feeBasisPoints });
}

interface Eligibility {
  canReturn: boolean;
  refusal: { status: number; message: string; code: string } | null;
  windowEndsAt: Date | null;
}

/**
 * Whether the line can be returned now, and if not the answer the request gets. An item is returned at
 * most once: a refunded or refused return closes the question (a dispute remains); a cancelled one does not.
 */
function eligibilityOf(line: ReturnLine, policy: PolicyRecord, facts: { returnStatuses: readonly ReturnStatus[]; hasOpenDispute: boolean }, now: Date): Eligibility {
  const deliveredAt = line.item.deliveredAt;
  const windowEndsAt = deliveredAt ? returnWindowEndsAt(deliveredAt, policy.windowDays) : null;
  const refuse = (message: string, code: string, status = 409): Eligibility => ({ canReturn: false, refusal: { status, message, code }, windowEndsAt });
  if (!deliveredAt) return refuse(RETURN_MESSAGES.notDelivered, 'not_delivered');
  if (!(RETURNABLE_ITEM_STATES as readonly string[]).includes(line.item.status)) return refuse(RETURN_MESSAGES.notReturnable, 'not_returnable');
  if (facts.returnStatuses.some(isOpenReturn)) return refuse(RETURN_MESSAGES.alreadyOpen, 'return_already_open');
  if (facts.returnStatuses.includes('refunded')) return refuse(RETURN_MESSAGES.alreadyReturned, 'already_returned');
  if (facts.returnStatuses.includes('refused')) return refuse(RETURN_MESSAGES.refusedBefore, 'return_refused');
  if (policy.windowDays === 0) return refuse(RETURN_MESSAGES.noReturns, 'returns_not_accepted');
  if (!isWithinReturnWindow(deliveredAt, policy.windowDays, now)) {
    return refuse(`The return window closed on ${windowEndsAt!.toISOString().slice(0, 10)}.`, 'return_window_closed');
  }
  if (facts.hasOpenDispute) return refuse(RETURN_MESSAGES.openDispute, 'open_dispute');
  if (moneyOf(line).remainingRefundableCents === 0) return refuse(RETURN_MESSAGES.nothingToRefund, 'nothing_to_refund');
  return { canReturn: true, refusal: null, windowEndsAt };
}

function carrierFailure(error: unknown, action: string): HttpError {
  if (error instanceof CarrierError) {
    if (error.code === 'invalid_request') return fail(400, `${action}: UPS refused the request (${error.message})`, 'carrier_refused');
    if (error.code === 'timeout') return fail(504, `${action}: ${error.message}. Please try again.`, 'carrier_unavailable');
    return fail(502, `${action}: UPS did not answer (${error.message}). Nothing changed; please try again.`, 'carrier_unavailable');
  }
  return fail(502, `${action}: the carrier did not answer. Nothing changed; please try again.`, 'carrier_unavailable');
}

/**
 * How long an accept's claim on the return label holds off another: longer than an accept can take (the
 * lookup and the purchase, each a token and a call, again after a 401; at most 30 s a call), so a claim older
 * than this belongs to an attempt that is over (its answer lost, or its process gone).
 */
export const RETURN_LABEL_CLAIM_STALE_MS = 5 * 60 * 1000;

/** Accepted with no label yet: an accept holds the return (its `updatedAt` is when it claimed it). */
const isLabelClaimed = (row: ReturnRecord) => row.status === 'accepted' && row.labelBase64 === null;

export function isReturnLabelClaimStale(claimedAt: Date, now: Date): boolean {
  return now.getTime() - claimedAt.getTime() >= RETURN_LABEL_CLAIM_STALE_MS;
}

/** A label worth printing: bought, not voided, and the parcel not yet back with the seller. */
const isLabelUsable = (row: ReturnRecord) => row.labelBase64 !== null && row.voidedAt === null && (row.status === 'accepted' || row.status === 'in_transit');

const roleIn = (row: ReturnRecord, caller: ReturnCaller): 'buyer' | 'seller' | 'admin' | null =>
  row.buyerId === caller.id ? 'buyer' : row.sellerId === caller.id ? 'seller' : caller.role === 'admin' ? 'admin' : null;

export function createReturnsService(deps: ReturnsServiceDependencies) {
  const { db, files, clock, carrier } = deps;
  const isProduction = deps.environment === 'production';

  async function policyOf(executor: Executor, sellerId: string): Promise<PolicyRecord> {
    return (await findPoliciesOf(executor, [sellerId])).get(sellerId) ?? DEFAULT_POLICY;
  }

  /** The return if the caller is one of its two parties (or, when allowed, an admin); otherwise 404. */
  async function load(executor: Executor, caller: ReturnCaller, id: string, options: { lock?: boolean; admin?: boolean } = {}) {
    const row = await findReturn(executor, id, { lock: options.lock ?? false });
    const role = row ? roleIn(row, caller) : null;
    if (!row || !role || (role === 'admin' && !options.admin)) throw fail(404, RETURN_MESSAGES.notFound, 'not_found');
    return { row, role };
  }

  async function views(rows: readonly ReturnRecord[], caller: ReturnCaller): Promise<ReturnRequestView[]> {
    if (rows.length === 0) return [];
    const [people, lines] = await Promise.all([findPeople(db, rows.flatMap((row) => [row.buyerId, row.sellerId])), findReturnLines(db, rows.map((row) => row.orderItemId))]);
    const covers = await findCoverImageKeys(db, [...lines.values()].map((line) => line.item.productId));
    const person = (id: string) => {
      const row = people.get(id);
      return { id, name: row ? `${row.firstName} ${row.lastName}`.trim() : 'Unknown user', email: row?.email ?? '', companyName: row?.companyName ?? null };
    };
    const photoView = (photo: ReturnPhotoRecord) => ({ id: photo.id, url: files.urlFor(photo.fileKey), thumbnailUrl: files.urlFor(photo.thumbnailKey), name: photo.name });
    return rows.map((row) => {
      const line = lines.get(row.orderItemId);
      const estimate = line ? estimateOf(line, row.restockingFeeBasisPoints) : { refundCents: 0, restockingFeeCents: 0 };
      const usable = isLabelUsable(row);
      const role = roleIn(row, caller) ?? 'admin';
      const cover = line ? covers.get(line.item.productId) : undefined;
      const returnTo = row.recipientAddress;
      return {
        id: row.id,
        status: row.status,
        reason: row.reason,
        description: row.description,
        photos: row.photos.map(photoView),
        orderId: row.orderId,
        orderItemId: row.orderItemId,
        item: {
          title: line?.item.title ?? '',
          quantity: line?.item.quantity ?? 0,
          price: centsToDollars(line?.item.priceCents ?? 0),
          lineTotal: centsToDollars(line ? lineTotalCents(line.item) : 0),
          image: cover ? files.urlFor(cover) : null,
        },
        buyer: person(row.buyerId),
        seller: person(row.sellerId),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        refusalReason: row.refusalReason,
        restockingFeePercent: basisPointsToPercent(row.restockingFeeBasisPoints),
        // Fixed once the parcel arrived; until then what it would be with today's figures.
        restockingFee: centsToDollars(row.restockingFeeCents ?? estimate.restockingFeeCents),
        refundAmount: centsToDollars(row.refundCents ?? estimate.refundCents),
        refundedAt: row.refundedAt?.toISOString() ?? null,
        shipment: row.trackingNumber
          ? {
              carrier: 'UPS',
              trackingNumber: row.trackingNumber,
              serviceDescription: row.serviceDescription,
              labelAvailable: usable,
              returnTo: returnTo
                ? { name: returnTo.companyName || returnTo.name, line1: returnTo.line1, line2: returnTo.line2 ?? null, city: returnTo.city, state: returnTo.state, postalCode: returnTo.postalCode }
                : null,
              events: row.trackingEvents.map((event) => ({ status: event.status, description: event.description, occurredAt: event.occurredAt, location: event.location ?? null })),
              lastTrackedAt: row.lastTrackedAt?.toISOString() ?? null,
              deliveredAt: row.deliveredAt?.toISOString() ?? null,
            }
          : null,
        // An accept whose label never came may be tried again (it asks UPS before buying anything).
        actions: { ...returnActions({ status: row.status, hasLabel: usable, role }), ...(role === 'seller' && isLabelClaimed(row) ? { accept: true } : {}) },
      };
    });
  }

  async function viewOf(row: ReturnRecord, caller: ReturnCaller): Promise<ReturnRequestView> {
    const [view] = await views([row], caller);
    return view!;
  }

  /** Fixes the refund when the parcel is delivered back: what may still be refunded, less the fee. */
  async function markDelivered(executor: Executor, row: ReturnRecord, now: Date, events: ShipmentTrackingEvent[]): Promise<ReturnRecord> {
    const line = (await findReturnLines(executor, [row.orderItemId])).get(row.orderItemId);
    const refund = line ? estimateOf(line, row.restockingFeeBasisPoints) : { refundCents: 0, restockingFeeCents: 0 };
    return updateReturn(executor, row.id, {
      status: 'delivered',
      deliveredAt: now,
      refundCents: refund.refundCents,
      restockingFeeCents: refund.restockingFeeCents,
      trackingEvents: events,
      lastTrackedAt: now,
      updatedAt: now,
    });
  }

  /**
   * Issues the refund of a return delivered back, once: the orders service refunds under the key
   * `return:<id>` (a retry after a crash finds the same refund), then the return is closed as refunded.
   * A refund that does not go through leaves the return delivered, to be tried again.
   */
  async function issueRefund(row: ReturnRecord): Promise<ReturnRecord> {
    if (row.status !== 'delivered') return row;
    const amountCents = row.refundCents ?? 0;
    if (amountCents > 0) {
      try {
        await deps.refundOrderItem({ orderItemId: row.orderItemId, amountCents, refundKey: `return:${row.id}`, reason: `Return #${row.id.slice(0, 8)} received by the seller`, actor: 'system' });
      } catch (error) {
        deps.warn?.(`refund of return ${row.id} did not go through`, error);
        return updateReturn(db, row.id, { refundFailure: error instanceof Error ? error.message.slice(0, 500) : 'The refund did not go through', updatedAt: clock.now() });
      }
    }
    return db.transaction(async (transaction) => {
      const locked = await findReturn(transaction, row.id, { lock: true });
      if (!locked || locked.status !== 'delivered') return locked ?? row;
      const now = clock.now();
      return updateReturn(transaction, row.id, { status: 'refunded', refundedAt: now, refundFailure: null, updatedAt: now });
    });
  }

  /** Applies a carrier's answer to a return whose label is out; a delivery fixes the refund. */
  async function applyTracking(id: string, result: TrackingResult): Promise<ReturnRecord | null> {
    return db.transaction(async (transaction) => {
      const row = await findReturn(transaction, id, { lock: true });
      if (!row || (row.status !== 'accepted' && row.status !== 'in_transit')) return row;
      const now = clock.now();
      const events: ShipmentTrackingEvent[] = result.events.map((event) => ({ status: event.status, description: event.description, occurredAt: event.occurredAt, location: event.location ?? null }));
      const next = returnStatusFromTracking(row.status, result.status);
      if (next === 'delivered') return markDelivered(transaction, row, now, events);
      return updateReturn(transaction, row.id, { status: next, trackingEvents: events, lastTrackedAt: now, updatedAt: now });
    });
  }

  /** Moves the sandbox parcel (development), or records the simulated event here only for another carrier. */
  async function simulate(row: ReturnRecord & { trackingNumber: string }, status: TrackingStatus): Promise<TrackingResult> {
    if (canSimulate(carrier)) {
      await carrier.simulate(row.trackingNumber, status);
      return carrier.track({ trackingNumber: row.trackingNumber });
    }
    const previous = row.trackingEvents.map((event) => ({ ...event, status: event.status as TrackingStatus }));
    return { trackingNumber: row.trackingNumber, status, events: [...previous, { status, description: `Simulated: ${status.replaceAll('_', ' ')}`, occurredAt: clock.now().toISOString(), location: null }] };
  }

  return {
    // ── the seller's policy ──────────────────────────────────────────────────────────────────

    async policy(sellerId: string): Promise<ReturnPolicy> {
      const policy = await policyOf(db, sellerId);
      return { windowDays: policy.windowDays, restockingFeePercent: basisPointsToPercent(policy.restockingFeeBasisPoints) };
    },

    async updatePolicy(sellerId: string, input: ReturnPolicy): Promise<ReturnPolicy> {
      // A return already asked for keeps the terms the buyer was shown (copied onto the return).
      const saved = await savePolicy(db, sellerId, { windowDays: input.windowDays, restockingFeeBasisPoints: percentToBasisPoints(input.restockingFeePercent) }, clock.now());
      return { windowDays: saved.windowDays, restockingFeePercent: basisPointsToPercent(saved.restockingFeeBasisPoints) };
    },

    // ── the buyer asks ───────────────────────────────────────────────────────────────────────

    async eligibility(caller: ReturnCaller, orderItemId: string) {
      const line = (await findReturnLines(db, [orderItemId])).get(orderItemId);
      if (!line || line.order.buyerId !== caller.id) throw fail(404, RETURN_MESSAGES.itemNotFound, 'not_found');
      const policy = await policyOf(db, line.item.sellerId);
      const [statuses, disputed] = await Promise.all([findReturnStatusesOfItems(db, [orderItemId]), findItemsWithOpenDispute(db, [orderItemId])]);
      const checked = eligibilityOf(line, policy, { returnStatuses: statuses.get(orderItemId) ?? [], hasOpenDispute: disputed.has(orderItemId) }, clock.now());
      const estimate = estimateOf(line, policy.restockingFeeBasisPoints);
      return {
        canReturn: checked.canReturn,
        reason: checked.refusal?.message ?? null,
        returnWindowDays: policy.windowDays,
        returnWindowEndsAt: checked.windowEndsAt?.toISOString() ?? null,
        restockingFeePercent: basisPointsToPercent(policy.restockingFeeBasisPoints),
        restockingFee: centsToDollars(estimate.restockingFeeCents),
        estimatedRefund: centsToDollars(estimate.refundCents),
      };
    },

    async open(caller: ReturnCaller, fields: OpenReturnFields, photos: IncomingFile[]) {
      if (caller.role !== 'buyer') throw fail(403, 'Only buyers ask for returns', 'forbidden');
      if (photos.length > RETURN_MAX_PHOTOS) throw fail(400, RETURN_MESSAGES.tooManyPhotos, 'too_many_photos');
      const line = (await findReturnLines(db, [fields.orderItemId])).get(fields.orderItemId);
      if (!line || line.order.buyerId !== caller.id) throw fail(404, RETURN_MESSAGES.itemNotFound, 'not_found');
      const policy = await policyOf(db, line.item.sellerId);
      const [open, statuses, disputed] = await Promise.all([findOpenReturnOfItem(db, line.item.id), findReturnStatusesOfItems(db, [line.item.id]), findItemsWithOpenDispute(db, [line.item.id])]);
      const checked = eligibilityOf(line, policy, { returnStatuses: statuses.get(line.item.id) ?? [], hasOpenDispute: disputed.has(line.item.id) }, clock.now());
      if (checked.refusal) throw fail(checked.refusal.status, checked.refusal.message, checked.refusal.code, open ? { returnId: open.id } : {});
      // Photos are judged by their bytes (as disputes do) before anything is stored.
      const processed = await Promise.all(photos.map((photo) => processImage(photo)));
      const now = clock.now();
      const folder = `returns/${line.item.id}-${now.getTime()}`;
      const stored: ReturnPhotoRecord[] = [];
      for (const [index, image] of processed.entries()) {
        const id = `${index + 1}`;
        const fileKey = `${folder}/${id}.webp`;
        const thumbnailKey = `${folder}/${id}-thumb.webp`;
        await files.put(fileKey, image.image);
        await files.put(thumbnailKey, image.thumbnail);
        stored.push({ id, fileKey, thumbnailKey, name: image.name });
      }
      let row: ReturnRecord;
      try {
        row = await insertReturn(db, {
          orderItemId: line.item.id,
          orderId: line.order.id,
          buyerId: caller.id,
          sellerId: line.item.sellerId,
          reason: fields.reason,
          description: fields.description,
          photos: stored,
          windowDays: policy.windowDays,
          restockingFeeBasisPoints: policy.restockingFeeBasisPoints,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Two requests racing for one item: the unique index lets one through.
        const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (code === '23505') throw fail(409, RETURN_MESSAGES.alreadyOpen, 'return_already_open');
        throw error;
      }
      return { success: true as const, message: RETURN_MESSAGES.opened, return: await viewOf(row, caller) };
    },

    async list(caller: ReturnCaller, query: { page: number; limit: number; status?: ReturnsFilter | undefined }) {
      const scope = caller.role === 'admin' ? {} : caller.role === 'seller' ? { sellerId: caller.id } : { buyerId: caller.id };
      const { rows, totalItems } = await listReturns(db, { ...scope, ...(query.status ? { status: query.status } : {}) }, query);
      return { success: true as const, returns: await views(rows, caller), pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) } };
    },

    async get(caller: ReturnCaller, id: string) {
      const { row } = await load(db, caller, id, { admin: true });
      return { success: true as const, return: await viewOf(row, caller) };
    },

    // ── the seller answers ───────────────────────────────────────────────────────────────────

    /**
     * Accepts and buys the return label once, whatever is retried or lost:
     * 1. claim: with the return locked, it becomes accepted with no label yet (its `updatedAt` is the claim's
     *    time; a fresh claim answers 409 return_label_in_progress);
     * 2. call: the carrier, outside any transaction, keyed on the return id; resuming a stale claim (an answer
     *    lost, a crash before step 3), it is first asked whether it already made this return's label;
     * 3. record: with the return locked again, the label is stored, unless another attempt stored it first.
     * A refusal puts the request back (nothing was bought: the seller may simply accept again); no answer, or
     * an unknown failure, keeps the claim for the try after the stale window.
     */
    async accept(caller: ReturnCaller, id: string) {
      const claimed = await db.transaction(async (transaction) => {
        const { row, role } = await load(transaction, caller, id, { lock: true });
        if (role !== 'seller') throw fail(403, 'Only the seller of this item can answer the return', 'forbidden');
        const now = clock.now();
        // A claim whose label never came (an answer lost, a crash between the steps) is resumed once stale.
        const resuming = isLabelClaimed(row);
        if (row.status !== 'requested' && !resuming) throw fail(409, RETURN_MESSAGES.alreadyDecided, 'already_decided', { status: row.status });
        if (resuming && !isReturnLabelClaimStale(row.updatedAt, now)) throw fail(409, RETURN_MESSAGES.labelInProgress, 'return_label_in_progress');
        const line = (await findReturnLines(transaction, [row.orderItemId])).get(row.orderItemId);
        if (!line) throw fail(404, RETURN_MESSAGES.itemNotFound, 'not_found');
        const returnTo = row.recipientAddress ?? (await findShippingContactOf(transaction, row.sellerId));
        if (!returnTo) throw fail(409, RETURN_MESSAGES.noReturnAddress, 'no_return_address');
        const { order } = line;
        const returnFrom = shippingAddressOfOrder(order);
        // A resumed claim keeps the addresses of its first attempt: the label it may have bought has them.
        const updated = await updateReturn(transaction, row.id, {
          status: 'accepted',
          decidedAt: row.decidedAt ?? now,
          shipperAddress: row.shipperAddress ?? returnFrom,
          recipientAddress: returnTo,
          updatedAt: now,
        });
        return { row: updated, line, resuming, claimedAt: now };
      });

      const { row, line } = claimed;
      const request: CreateReturnShipmentRequest = {
        returnId: row.id,
        shipper: row.shipperAddress!,
        recipient: row.recipientAddress!,
        package: { weightOunces: Math.max(1, line.weightOunces * line.item.quantity), description: line.item.title.slice(0, 35) || 'Returned item' },
        serviceCode: UPS_GROUND,
        reference: `Return ${row.id.slice(0, 8)}`,
      };
      let created: CreatedReturnShipment | FoundReturnShipment;
      let isLookedUp = !claimed.resuming;
      try {
        const found = claimed.resuming ? await carrier.findReturnShipment(request) : null;
        isLookedUp = true;
        created = found ?? (await carrier.createReturnShipment(request));
      } catch (error) {
        const failure = carrierFailure(error, 'The return label could not be created');
        // Only a purchase the carrier refused bought nothing: then the request waits for the seller again.
        if (isLookedUp && error instanceof CarrierError && !error.isOutcomeUnknown) {
          await db.transaction(async (transaction) => {
            const locked = await findReturn(transaction, row.id, { lock: true });
            if (locked && isLabelClaimed(locked) && locked.updatedAt.getTime() === claimed.claimedAt.getTime()) {
              await updateReturn(transaction, row.id, { status: 'requested', decidedAt: null, updatedAt: clock.now() });
            }
          });
          throw failure;
        }
        // No answer: UPS may have made the label; the claim stays and the next accept asks UPS first.
        throw fail(failure.statusCode, `The return label could not be created: ${error instanceof CarrierError ? error.message : 'the carrier did not answer'}. ${RETURN_MESSAGES.labelMayExist}`, 'carrier_unavailable');
      }

      const stored = await db.transaction(async (transaction) => {
        const locked = await findReturn(transaction, row.id, { lock: true });
        if (!locked) throw fail(404, RETURN_MESSAGES.notFound, 'not_found');
        // A concurrent accept stored the same label already.
        if (locked.labelBase64 !== null) return locked;
        const now = clock.now();
        return updateReturn(transaction, row.id, {
          status: locked.status === 'requested' ? 'accepted' : locked.status,
          decidedAt: locked.decidedAt ?? now,
          trackingNumber: created.trackingNumber,
          carrierShipmentId: created.carrierShipmentId,
          serviceDescription: created.serviceDescription,
          labelFormat: created.label.format,
          labelBase64: created.label.base64,
          // A label found again does not say what it cost (null).
          labelChargesCents: created.chargesCents,
          labelCreatedAt: now,
          updatedAt: now,
        });
      });
      return { success: true as const, message: RETURN_MESSAGES.accepted, return: await viewOf(stored, caller) };
    },

    async refuse(caller: ReturnCaller, id: string, reason: string) {
      const row = await db.transaction(async (transaction) => {
        const { row: found, role } = await load(transaction, caller, id, { lock: true });
        if (role !== 'seller') throw fail(403, 'Only the seller of this item can answer the return', 'forbidden');
        if (found.status !== 'requested') throw fail(409, RETURN_MESSAGES.alreadyDecided, 'already_decided', { status: found.status });
        const now = clock.now();
        return updateReturn(transaction, found.id, { status: 'refused', refusalReason: reason.trim(), decidedAt: now, updatedAt: now });
      });
      return { success: true as const, message: RETURN_MESSAGES.refused, return: await viewOf(row, caller) };
    },

    /** The buyer withdraws: before any answer, or after acceptance while the parcel has not moved (its label is voided). */
    async cancel(caller: ReturnCaller, id: string) {
      const { row, role } = await load(db, caller, id);
      if (role !== 'buyer') throw fail(403, 'Only the buyer who asked can cancel the return', 'forbidden');
      if (row.status === 'accepted' && row.labelBase64 === null) throw fail(409, RETURN_MESSAGES.labelPending, 'label_pending');
      if (row.status !== 'requested' && row.status !== 'accepted') {
        throw fail(409, row.status === 'in_transit' || row.status === 'delivered' ? RETURN_MESSAGES.alreadyOnItsWay : `This return cannot be cancelled (it is ${row.status.replaceAll('_', ' ')}).`, 'wrong_state', { status: row.status });
      }
      let voided = false;
      if (row.status === 'accepted' && row.trackingNumber && row.carrierShipmentId) {
        try {
          await carrier.voidShipment({ carrierShipmentId: row.carrierShipmentId, trackingNumbers: [row.trackingNumber] });
          voided = true;
        } catch (error) {
          if (error instanceof CarrierError && error.code === 'already_picked_up') throw fail(409, RETURN_MESSAGES.alreadyOnItsWay, 'already_picked_up');
          // Past the carrier's void window an unused return label simply stays unused (UPS bills it only once
          // scanned); anything else is worth another try.
          if (!(error instanceof CarrierError && error.code === 'void_period_expired')) throw carrierFailure(error, 'The return label could not be voided');
        }
      }
      const updated = await db.transaction(async (transaction) => {
        const locked = await findReturn(transaction, row.id, { lock: true });
        if (!locked || locked.status !== row.status) throw fail(409, 'The return changed meanwhile; reload it and try again.', 'wrong_state');
        const now = clock.now();
        return updateReturn(transaction, row.id, { status: 'cancelled', cancelledAt: now, ...(voided ? { voidedAt: now } : {}), updatedAt: now });
      });
      return { success: true as const, message: RETURN_MESSAGES.cancelled, return: await viewOf(updated, caller) };
    },

    /** The label's bytes for the return's buyer or seller; 410 once the return was cancelled (its label voided). */
    async label(caller: ReturnCaller, id: string): Promise<{ bytes: Buffer; mediaType: string; fileName: string }> {
      const { row } = await load(db, caller, id);
      if (row.status === 'cancelled' || row.voidedAt !== null) throw fail(410, RETURN_MESSAGES.labelVoided, 'label_voided');
      if (!row.labelBase64) throw fail(404, RETURN_MESSAGES.noLabel, 'no_label');
      const format = (row.labelFormat ?? 'GIF').toUpperCase();
      const mediaType = { GIF: 'image/gif', PNG: 'image/png', PDF: 'application/pdf' }[format] ?? 'application/octet-stream';
      return { bytes: Buffer.from(row.labelBase64, 'base64'), mediaType, fileName: `return-label-${row.trackingNumber ?? row.id}.${format.toLowerCase()}` };
    },

    /**
     * Asks the carrier where the return parcel is (or, in development, moves the sandbox parcel to
     * `simulateStatus`); a delivery back issues the refund.
     */
    async track(caller: ReturnCaller, id: string, simulateStatus: string | undefined) {
      if (simulateStatus !== undefined) {
        if (isProduction) throw fail(400, RETURN_MESSAGES.simulationProductionOnly, 'simulation_unavailable');
        if (!SIMULATION_STATUS_LIST.includes(simulateStatus)) throw fail(400, `Unknown simulation status '${simulateStatus}'; use one of: ${SIMULATION_STATUS_LIST.join(', ')}`, 'bad_request');
      }
      const { row } = await load(db, caller, id);
      if (row.status === 'cancelled') throw fail(410, RETURN_MESSAGES.labelVoided, 'label_voided');
      if (!row.trackingNumber) throw fail(409, RETURN_MESSAGES.notTracked, 'no_label');
      let current: ReturnRecord = row;
      let message: string = RETURN_MESSAGES.trackingUpdated;
      if (row.status === 'accepted' || row.status === 'in_transit') {
        let result: TrackingResult | null = null;
        try {
          result = simulateStatus !== undefined ? await simulate({ ...row, trackingNumber: row.trackingNumber }, simulateStatus as TrackingStatus) : await carrier.track({ trackingNumber: row.trackingNumber });
        } catch (error) {
          // UPS knows a label only a while after it is made: keep what we know.
          if (!(simulateStatus === undefined && error instanceof CarrierError && error.code === 'not_found')) throw carrierFailure(error, 'The return could not be tracked');
          message = RETURN_MESSAGES.noNewTracking;
        }
        if (result) current = (await applyTracking(row.id, result)) ?? row;
      }
      if (current.status === 'delivered') {
        current = await issueRefund(current);
        message = current.status === 'refunded' ? RETURN_MESSAGES.refundIssued(`$${centsToDollars(current.refundCents ?? 0).toFixed(2)}`) : RETURN_MESSAGES.refundPending;
      }
      return { success: true as const, message, return: await viewOf(current, caller) };
    },

    /**
     * The background round (beside the shipments' tracking refresh): tracks every return parcel on its
     * way, least recently tracked first, and retries refunds that did not go through. Returns how many moved.
     */
    async refreshReturns(limit = 100): Promise<number> {
      let moved = 0;
      // Like the shipments' refresh: a few carrier calls at a time, never all at once.
      const candidates = (await findReturnsToTrack(db, limit)).filter((candidate) => candidate.trackingNumber);
      await mapWithConcurrency(candidates, RETURN_TRACKING_CONCURRENCY, async (candidate) => {
        try {
          const result = await carrier.track({ trackingNumber: candidate.trackingNumber! });
          const updated = await applyTracking(candidate.id, result);
          if (updated && updated.status !== candidate.status) moved += 1;
        } catch {
          // Tried again on the next round.
        }
      });
      for (const delivered of await findReturnsAwaitingRefund(db, limit)) {
        const after = await issueRefund(delivered);
        if (after.status === 'refunded') moved += 1;
      }
      return moved;
    },

    /**
     * For the buyer's order page (the orders service asks): per item, whether a return can be asked for
     * now and until when, and its latest return. Items that do not exist are left out.
     */
    async returnsOf(orderItemIds: string[]): Promise<Map<string, OrderItemReturnInfo>> {
      const lines = await findReturnLines(db, orderItemIds);
      if (lines.size === 0) return new Map();
      const ids = [...lines.keys()];
      const [policies, latest, statuses, disputed] = await Promise.all([
        findPoliciesOf(db, [...lines.values()].map((line) => line.item.sellerId)),
        findLatestReturnsOfItems(db, ids),
        findReturnStatusesOfItems(db, ids),
        findItemsWithOpenDispute(db, ids),
      ]);
      const now = clock.now();
      const answer = new Map<string, OrderItemReturnInfo>();
      for (const [id, line] of lines) {
        const policy = policies.get(line.item.sellerId) ?? DEFAULT_POLICY;
        const last = latest.get(id) ?? null;
        const checked = eligibilityOf(line, policy, { returnStatuses: statuses.get(id) ?? [], hasOpenDispute: disputed.has(id) }, now);
        const estimate = last ? estimateOf(line, last.restockingFeeBasisPoints) : null;
        answer.set(id, {
          canReturn: checked.canReturn,
          returnWindowEndsAt: checked.windowEndsAt?.toISOString() ?? null,
          returnRequest: last
            ? {
                id: last.id,
                status: last.status,
                reason: last.reason,
                createdAt: last.createdAt.toISOString(),
                labelAvailable: isLabelUsable(last),
                refundAmount: last.status === 'refused' || last.status === 'cancelled' ? null : centsToDollars(last.refundCents ?? estimate?.refundCents ?? 0),
                restockingFee: last.status === 'refused' || last.status === 'cancelled' ? null : centsToDollars(last.restockingFeeCents ?? estimate?.restockingFeeCents ?? 0),
              }
            : null,
        });
      }
      return answer;
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;

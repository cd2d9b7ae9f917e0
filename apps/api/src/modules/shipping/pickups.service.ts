import { createHash, randomUUID } from 'node:crypto';
import { itemName } from '@marketplace/domain/variations';
import { allocatePickupCharge } from '@marketplace/domain/pickup-charge-allocation';
import type { PickupWindow } from '@marketplace/domain/pickup-schedule';
import { canConsolidate, consolidationSavingsCents, isAwaitingPickupRequest } from '@marketplace/domain/shipment-rules';
import type { Executor } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { CarrierError, type CarrierAddress, type FoundPickup, type PickupRate, type ScheduledPickup } from '../../providers/carrier/port';
import { checkedPickupWindow, normalizePickupInput, type PickupFormInput } from './pickup-input';
import {
  cancelPickupRow,
  findLinesOfShipments,
  findPickupsByIds,
  findSellerShipment,
  findSellerShipments,
  findShipmentsOfPickup,
  insertPickup,
  updateShipment,
  type PickupRecord,
  type ShipmentRecord,
} from './shipments.repository';
import {
  SHIPMENT_MESSAGES,
  assertNotVoided,
  assertSelf,
  assertSellerHasOrder,
  byId,
  carrierFailure,
  pickupItemValuesOf,
  type ShippingDependencies,
} from './shipments.shared';

// Carrier pickups of labelled shipments: what one would cost and how its charge falls on the items,
// booking one (for a shipment, or one visit for all of an order's labelled shipments), cancelling it.

/** What a pickup of these shipments would cost and each item's share of it (the payouts deduct that share). Books nothing. */
export interface PickupQuoteDetails {
  isConsolidatedPickup: boolean;
  shipmentsCount: number;
  window: PickupWindow;
  source: PickupRecord['source'];
  rate: PickupRate;
  totalOrderItemsInPickup: number;
  totalOrderValueInPickupCents: number;
  shares: Array<{
    orderItemId: string;
    shipmentId: string;
    title: string;
    quantity: number;
    valueCents: number;
    allocatedPickupChargeCents: number;
    pickupChargeRatio: number;
  }>;
}

export interface ConsolidationStatus {
  canConsolidate: boolean;
  /** What the product claims one visit saves: up to $3.00 per additional shipment (0 when it cannot). */
  potentialSavingsCents: number;
  /** Created shipments of the order without a pickup. */
  shipmentsCount: number;
}

/** The rate columns a pickup row keeps, from the carrier's rate. */
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

/**
 * How long a pickup booking's claim holds off another booking of its shipments: longer than a booking can
 * take, so a claim older than this belongs to one that is over (its answer lost, or its process gone).
 * UPS_TIMEOUT_MS is at most 30 s a call; a resumed booking makes at most three UPS calls (the lookup, a
 * cancellation or the rate, the booking), each with up to four requests (a token and the call, and after a
 * 401 a new token and the call again): 6 minutes.
 */
export const PICKUP_CLAIM_STALE_MS = 10 * 60 * 1000;

export function isPickupClaimStale(requestedAt: Date | null, now: Date): boolean {
  return requestedAt !== null && now.getTime() - requestedAt.getTime() >= PICKUP_CLAIM_STALE_MS;
}

/**
 * The carrier's key for the booking a claim makes (32 characters, within UPS's 35 for a pickup's reference):
 * from the seller, the order (every booking is of one order's shipments) and the claim's time, so a later
 * try finds what this claim booked, and a new claim books anew.
 */
export function pickupRequestKeyOf(sellerId: string, orderId: string, claimedAt: Date): string {
  return `p${createHash('sha256').update(`${sellerId}|${orderId}|${claimedAt.toISOString()}`).digest('hex').slice(0, 31)}`;
}

export const PICKUP_MESSAGES = {
  inProgress: 'A pickup for this shipment is being booked right now. If it does not show up, try again in 10 minutes.',
  mayExist: 'UPS may have booked the pickup all the same: try again in 10 minutes, and UPS will be asked before anything is booked again.',
} as const;

const tooFewShipments = (count: number) =>
  badRequest(`A consolidated pickup needs at least 2 created shipments without a pickup (this order has ${count})`, { code: 'too_few_shipments' });

const isAwaiting = (row: ShipmentRecord) => isAwaitingPickupRequest({ status: row.status, pickupRequestNumber: row.pickupId });

export function createPickupsService({ db, clock, carrier }: Pick<ShippingDependencies, 'db' | 'clock' | 'carrier'>) {
  const pickupSource: PickupRecord['source'] = carrier.name === 'ups' ? 'carrier real-time API' : 'carrier API';
  const checkedWindow = (input: PickupFormInput) => checkedPickupWindow(normalizePickupInput(input), clock.now());

  /** The pickup the carrier is asked to rate or book for these shipments: the quote and the booking send the same. */
  function pickupRequestOf(shipments: readonly ShipmentRecord[], form: PickupWindow) {
    const address: CarrierAddress | null | undefined = shipments[0]?.shipperAddress;
    if (!address) throw badRequest(SHIPMENT_MESSAGES.noShipFrom);
    return {
      address,
      pickupDate: form.pickupDate,
      readyTime: form.readyTime,
      closeTime: form.closeTime,
      trackingNumbers: shipments.map((shipment) => shipment.trackingNumber).filter((number): number is string => number !== null),
      totalWeightOunces: shipments.reduce((total, shipment) => total + shipment.weightOunces, 0),
    };
  }

  /**
   * What a pickup of these shipments would cost, and each item's share of it (the allocation rule of
   * packages/domain), as the items' payouts will deduct it once the pickup is booked. Books nothing.
   */
  async function quotePickupOf(shipments: readonly ShipmentRecord[], form: PickupWindow, consolidated: boolean): Promise<PickupQuoteDetails> {
    let rate: PickupRate;
    try {
      rate = await carrier.ratePickup(pickupRequestOf(shipments, form));
    } catch (error) {
      throw carrierFailure(error, SHIPMENT_MESSAGES.pickupQuoteFailed);
    }
    const lines = (
      await findLinesOfShipments(
        db,
        shipments.map((shipment) => shipment.id),
      )
    ).filter((line) => line.isActive);
    const values = pickupItemValuesOf(lines);
    const shares = values.length > 0 ? allocatePickupCharge(rate.totalCents, values) : [];
    return {
      isConsolidatedPickup: consolidated,
      shipmentsCount: shipments.length,
      window: form,
      source: pickupSource,
      rate,
      totalOrderItemsInPickup: values.length,
      totalOrderValueInPickupCents: values.reduce((sum, value) => sum + value.valueCents, 0),
      shares: shares.map((share, index) => {
        const line = lines[index]!;
        return {
          orderItemId: share.id,
          shipmentId: line.shipmentId,
          title: itemName(line.orderItem.title, line.orderItem.variantLabel),
          quantity: line.quantity,
          valueCents: share.valueCents,
          allocatedPickupChargeCents: share.allocatedPickupChargeCents,
          pickupChargeRatio: share.pickupChargeRatio,
        };
      }),
    };
  }

  /**
   * Gives a booking's claim up on the shipments it still holds (nothing was booked under it): cleared, or put
   * back to the claims it had resumed (`previous`, by shipment id), whose pickups are still to be looked for.
   */
  async function releasePickupClaim(
    sellerId: string,
    shipments: readonly ShipmentRecord[],
    claimedAt: Date,
    previous?: ReadonlyMap<string, Date | null>,
  ): Promise<void> {
    await db.transaction(async (transaction) => {
      for (const shipment of await lockShipments(transaction, sellerId, shipments)) {
        if (shipment.pickupRequestedAt?.getTime() === claimedAt.getTime() && !shipment.pickupId) {
          await updateShipment(transaction, shipment.id, { pickupRequestedAt: previous?.get(shipment.id) ?? null, updatedAt: clock.now() });
        }
      }
    });
  }

  /**
   * Books a pickup of these shipments once, whatever is retried or lost:
   * 1. claim: with the shipments locked, `pickup_requested_at` is set on each (a fresh claim on any of them
   *    answers 409 pickup_in_progress);
   * 2. call: the carrier, outside any transaction, with a request key derived from the claim; resuming a
   *    stale claim, the carrier is first asked for the pickup that claim may have booked (its answer lost):
   *    the same date is adopted, another one is cancelled, and only then is a pickup booked;
   * 3. record: with the shipments locked again, the pickup is stored and the claims cleared. When they
   *    changed meanwhile, the pickup just booked is cancelled with the carrier and `onTaken` answers from
   *    what is recorded.
   * A refusal clears the claim at once; no answer (or an unknown failure) keeps it for the next try.
   */
  async function bookPickup(
    sellerId: string,
    shipments: readonly ShipmentRecord[],
    form: PickupWindow,
    consolidated: boolean,
    onTaken: (transaction: Executor, current: readonly ShipmentRecord[]) => Promise<PickupRecord>,
  ): Promise<PickupRecord> {
    const claimed = await db.transaction(async (transaction) => {
      const current = await lockShipments(transaction, sellerId, shipments);
      if (current.length !== shipments.length || !current.every(isAwaiting)) return { kind: 'taken' as const, pickup: await onTaken(transaction, current) };
      const now = clock.now();
      if (current.some((shipment) => shipment.pickupRequestedAt !== null && !isPickupClaimStale(shipment.pickupRequestedAt, now))) {
        throw conflict(PICKUP_MESSAGES.inProgress, { code: 'pickup_in_progress' });
      }
      // The stale claims being resumed: each may have booked a pickup whose answer never came.
      const staleClaims = [
        ...new Set(current.map((shipment) => shipment.pickupRequestedAt?.getTime()).filter((time): time is number => time !== undefined)),
      ].map((time) => new Date(time));
      const claimedTogether = staleClaims.length === 1 && current.every((shipment) => shipment.pickupRequestedAt !== null);
      // What the carrier is asked (a 400 without a ship-from address, before anything is claimed).
      const details = pickupRequestOf(current, form);
      for (const shipment of current) await updateShipment(transaction, shipment.id, { pickupRequestedAt: now, updatedAt: now });
      return { kind: 'claimed' as const, current, details, claimedAt: now, staleClaims, claimedTogether };
    });
    if (claimed.kind === 'taken') return claimed.pickup;

    const { current, details, claimedAt } = claimed;
    const orderId = current[0]!.orderId;
    const failureMessage = consolidated ? 'Failed to schedule consolidated pickup' : 'Failed to schedule pickup';
    let scheduled: ScheduledPickup;
    let phase: 'lookup' | 'booking' | 'rating' = 'lookup';
    try {
      let adopted: FoundPickup | null = null;
      for (const staleClaim of claimed.staleClaims) {
        const found = await carrier.findPickup({ ...details, requestKey: pickupRequestKeyOf(sellerId, orderId, staleClaim) });
        if (!found) continue;
        // The pickup the lost answer booked, for the date asked now and these very shipments: it is this booking.
        if (!adopted && claimed.claimedTogether && found.pickupDate === form.pickupDate) adopted = found;
        // Booked for another date or other shipments: it goes first, so the parcels never have two pickups.
        else await carrier.cancelPickup({ pickupRequestNumber: found.pickupRequestNumber });
      }
      if (adopted) {
        // The carrier's pending list does not say what the pickup costs: its charge is the one quoted for it.
        phase = 'rating';
        scheduled = { pickupRequestNumber: adopted.pickupRequestNumber, rate: await carrier.ratePickup(details) };
      } else {
        phase = 'booking';
        scheduled = await carrier.schedulePickup({ requestKey: pickupRequestKeyOf(sellerId, orderId, claimedAt), ...details });
      }
    } catch (error) {
      // A booking refused booked nothing: the claim goes, so the seller may try again at once. Without an answer
      // (or with anything unexpected), or when the lookup failed, a pickup may exist: the claim stays, and the try
      // after the stale window asks the carrier first.
      const isRefusal = error instanceof CarrierError && !error.isOutcomeUnknown;
      if (phase === 'booking' && isRefusal) await releasePickupClaim(sellerId, current, claimedAt);
      // Nothing was booked under this claim (the lookup or the rate failed): the claims it resumed are put back,
      // so the next try looks for their pickups again.
      if (phase !== 'booking')
        await releasePickupClaim(sellerId, current, claimedAt, new Map(current.map((shipment) => [shipment.id, shipment.pickupRequestedAt])));
      const failure = carrierFailure(error, failureMessage);
      if (phase === 'booking' && isRefusal) throw failure;
      throw new HttpError(failure.statusCode, `${failure.message}. ${PICKUP_MESSAGES.mayExist}`, { code: failure.code, ...failure.details });
    }
    const recorded = await db.transaction(async (transaction) => {
      const locked = await lockShipments(transaction, sellerId, current);
      if (locked.length !== current.length || !locked.every(isAwaiting)) return { taken: true as const, current: locked };
      const pickup = await insertPickup(transaction, {
        id: randomUUID(),
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
      for (const shipment of locked) {
        await updateShipment(transaction, shipment.id, { status: 'pickup_scheduled', pickupId: pickup.id, pickupRequestedAt: null, updatedAt: now });
      }
      return { taken: false as const, pickup };
    });
    if (!recorded.taken) return recorded.pickup;
    // Never two pickups for one parcel: the one this call booked goes (unless the carrier answered both with one).
    const answer = await db
      .transaction((transaction) => onTaken(transaction, recorded.current))
      .then(
        (pickup) => ({ pickup, failure: null }),
        (failure: unknown) => ({ pickup: null, failure }),
      );
    if (answer.pickup?.pickupRequestNumber !== scheduled.pickupRequestNumber) {
      // Best effort, as a void's pickup cancellation: one that fails stays booked with the carrier only.
      await carrier.cancelPickup({ pickupRequestNumber: scheduled.pickupRequestNumber }).catch(() => undefined);
    }
    if (!answer.pickup) throw answer.failure;
    return answer.pickup;
  }

  /** These shipments locked, in id order (as every booking locks them), as they are now. */
  async function lockShipments(transaction: Executor, sellerId: string, shipments: readonly ShipmentRecord[]): Promise<ShipmentRecord[]> {
    const locked: ShipmentRecord[] = [];
    for (const shipment of [...shipments].sort(byId)) {
      const row = await findSellerShipment(transaction, sellerId, shipment.id, { lock: true });
      if (row) locked.push(row);
    }
    return locked;
  }

  /** The order's created shipments without a pickup, in id order (as they are locked and booked). */
  async function awaitingShipmentsOf(sellerId: string, orderId: string): Promise<ShipmentRecord[]> {
    return (await findSellerShipments(db, sellerId, { orderId })).filter(isAwaiting).sort(byId);
  }

  return {
    /** What a pickup of this created shipment would cost and how the charge falls on its items; books nothing. */
    async quotePickup(sellerId: string, shipmentId: string, input: PickupFormInput): Promise<PickupQuoteDetails> {
      const shipment = await findSellerShipment(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      assertNotVoided(shipment);
      if (shipment.status !== 'created' || shipment.pickupId) {
        throw conflict(`A pickup can only be quoted for a shipment in status created (this one is ${shipment.status})`, { code: 'pickup_not_available' });
      }
      return quotePickupOf([shipment], checkedWindow(input), false);
    },

    /** Books a pickup for a created shipment; a repeat for the same date answers the pickup already booked. */
    async schedulePickup(sellerId: string, shipmentId: string, input: PickupFormInput): Promise<PickupRecord> {
      const requested = normalizePickupInput(input);
      /** The pickup already booked for the shipment when it is the one asked for (same date); else a refusal. */
      const bookedAlready = async (executor: Executor, shipment: ShipmentRecord): Promise<PickupRecord> => {
        const existing = shipment.pickupId ? (await findPickupsByIds(executor, [shipment.pickupId])).get(shipment.pickupId) : undefined;
        // A repeated request for the same pickup answers the one already booked; never a second one.
        if (existing && existing.pickupDate === requested.pickupDate) return existing;
        throw badRequest('A pickup is already scheduled for this shipment. Cancel it before choosing another date.');
      };
      const shipment = await findSellerShipment(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      assertNotVoided(shipment);
      if (shipment.status === 'pickup_scheduled' && shipment.pickupId) return bookedAlready(db, shipment);
      if (shipment.status !== 'created') throw badRequest(`Pickup can only be scheduled for a shipment in status created (this one is ${shipment.status})`);
      return bookPickup(sellerId, [shipment], checkedPickupWindow(requested, clock.now()), false, async (transaction, [current]) => {
        if (current?.status === 'pickup_scheduled' && current.pickupId) return bookedAlready(transaction, current);
        throw conflict('The shipment changed while its pickup was being booked; reload it and try again.', { code: 'pickup_not_available' });
      });
    },

    /**
     * Cancels the shipment's pickup with the carrier: every shipment it held is back to created. Answers
     * the cancelled pickup. The carrier is asked outside any transaction; the cancellation is recorded after.
     */
    async cancelPickup(sellerId: string, shipmentId: string): Promise<PickupRecord> {
      const shipment = await findSellerShipment(db, sellerId, shipmentId);
      if (!shipment) throw notFound(SHIPMENT_MESSAGES.shipmentNotFound);
      assertNotVoided(shipment);
      if (shipment.status !== 'pickup_scheduled' || !shipment.pickupId) {
        throw badRequest(`Only a scheduled pickup can be cancelled (this shipment is ${shipment.status})`);
      }
      const pickupId = shipment.pickupId;
      const pickup = (await findPickupsByIds(db, [pickupId])).get(pickupId);
      if (!pickup) throw notFound('Pickup not found');
      try {
        await carrier.cancelPickup({ pickupRequestNumber: pickup.pickupRequestNumber });
      } catch (error) {
        // A cancellation beside this one got there first: its answer is this one's.
        const now = (await findPickupsByIds(db, [pickupId])).get(pickupId);
        if (now?.status === 'cancelled') return now;
        throw carrierFailure(error, 'Failed to cancel pickup');
      }
      return db.transaction(async (transaction) => {
        const now = clock.now();
        // The carrier cancels the whole request, so every shipment it held is back to created.
        for (const held of await findShipmentsOfPickup(transaction, pickupId)) {
          const locked = await findSellerShipment(transaction, held.sellerId, held.id, { lock: true });
          if (locked?.status === 'pickup_scheduled' && locked.pickupId === pickupId)
            await updateShipment(transaction, held.id, { status: 'created', pickupId: null, updatedAt: now });
        }
        const current = (await findPickupsByIds(transaction, [pickupId])).get(pickupId) ?? pickup;
        if (current.status === 'cancelled') return current;
        await cancelPickupRow(transaction, pickupId, now);
        return current;
      });
    },

    async consolidatedPickupStatus(callerId: string, userId: string, orderId: string): Promise<ConsolidationStatus> {
      assertSelf(callerId, userId);
      await assertSellerHasOrder(db, callerId, orderId);
      const rows = await findSellerShipments(db, callerId, { orderId });
      const facts = rows.map((row) => ({ status: row.status, pickupRequestNumber: row.pickupId }));
      const awaiting = facts.filter(isAwaitingPickupRequest).length;
      const possible = canConsolidate(facts);
      return { canConsolidate: possible, potentialSavingsCents: possible ? consolidationSavingsCents(awaiting) : 0, shipmentsCount: awaiting };
    },

    /** The charge of one pickup for all the order's created shipments without one, and each item's share; books nothing. */
    async quoteConsolidatedPickup(callerId: string, userId: string, orderId: string, input: PickupFormInput): Promise<PickupQuoteDetails> {
      assertSelf(callerId, userId);
      const requested = normalizePickupInput(input);
      await assertSellerHasOrder(db, callerId, orderId);
      const awaiting = await awaitingShipmentsOf(callerId, orderId);
      if (awaiting.length < 2) throw tooFewShipments(awaiting.length);
      return quotePickupOf(awaiting, checkedPickupWindow(requested, clock.now()), true);
    },

    /** One pickup for all the order's created shipments without one, and what that saved. */
    async scheduleConsolidatedPickup(
      callerId: string,
      userId: string,
      orderId: string,
      input: PickupFormInput,
    ): Promise<{ pickup: PickupRecord; shipmentsCount: number; savingsCents: number }> {
      assertSelf(callerId, userId);
      const requested = normalizePickupInput(input);
      await assertSellerHasOrder(db, callerId, orderId);
      const awaiting = await awaitingShipmentsOf(callerId, orderId);
      if (awaiting.length < 2) throw tooFewShipments(awaiting.length);
      const pickup = await bookPickup(callerId, awaiting, checkedPickupWindow(requested, clock.now()), true, async () => {
        throw conflict('The order’s shipments changed while their pickup was being booked; reload them and try again.', { code: 'pickup_not_available' });
      });
      const savingsCents = pickup.consolidationDiscountCents > 0 ? pickup.consolidationDiscountCents : consolidationSavingsCents(awaiting.length);
      return { pickup, shipmentsCount: awaiting.length, savingsCents };
    },
  };
}

export type PickupsService = ReturnType<typeof createPickupsService>;

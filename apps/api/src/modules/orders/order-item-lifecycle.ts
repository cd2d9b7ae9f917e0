// The one way an order item changes: its status (the transition table in packages/domain/src/order-item-state.ts),
// its refunds and its seller-paid flag. Checkout creates items; seller approval, shipping, disputes, returns
// and payouts all come through here, and the order's own status is derived here after every change.
//
// A refund is a saga, never a provider call inside a transaction:
//   1. claim: with the order and the item locked, check the amount fits and write the refund as pending;
//   2. ask the payment provider, outside any transaction, with the claim's id as the idempotency key;
//   3. record: mark it succeeded, add it to the item and the payment, and move the item.
// A retry with the same refund key resumes a pending claim (same idempotency key, so the provider never
// pays twice) and answers a finished one without asking again.
//
// Each change is published as a domain event once its transaction commits (lib/domain-events.ts):
// `order-item.moved` for every move, `order-item.shipped` / `.delivered`, `refund.issued`, and
// `listing.changed` when units go back on the shelf. The events carry what mail and the bell say about
// them (order-facts.ts), read once the whole change is written: a parcel's news names every item of it
// that reached the stage in the same transaction.

import { deriveOrderStatus } from '@marketplace/domain/order-status';
import {
  OrderItemTransitionError,
  REFUNDABLE_STATES,
  assertTransition,
  labelOfItemState,
  stateAfterRefund,
  type OrderItemActor,
  type OrderItemState,
} from '@marketplace/domain/order-item-state';
import { centsToDollars } from '@marketplace/domain/money';
import { ORDER_MESSAGES } from '@marketplace/contracts/orders';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NO_DOMAIN_EVENTS, type DomainEventPublisher } from '../../lib/domain-events';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { PaymentValidationError, type PaymentProvider } from '../../providers/payment/port';
import { findMovedItems, findParcelNews, type ParcelTrackingOf } from './order-facts';
import {
  addOrderItemLateShippingRefundCents,
  addOrderItemRefundedCents,
  addRefundedCents,
  findItemsOfOrders,
  findOrderById,
  findOrderItem,
  findRefundByKey,
  findRefundsOfItems,
  findStalePendingRefunds,
  insertPendingRefund,
  lockOrder,
  lockOrderItems,
  lockPaymentOfOrder,
  markRefundFailed,
  markRefundSucceeded,
  restoreStock,
  setOrderItemDeliveredAt,
  setOrderItemSellerPaid,
  setOrderItemState,
  sumPendingRefundsOfPayment,
  touchRefund,
  updateOrderStatus,
  type OrderItemRecord,
  type OrderRecord,
  type RefundRecord,
} from './orders.repository';
import { isLateShippingRefund } from '@marketplace/domain/shop-shipping-money';
import { refundableOfItem } from './order-item-refundable';

export interface TransitionInput {
  orderItemIds: readonly string[];
  to: OrderItemState;
  actor: OrderItemActor;
  /** Move only the items now in one of these states and leave the others (a voided label returns only its shipped items). */
  onlyFrom?: readonly OrderItemState[];
  rejectionReason?: string | null;
}

export interface RefundOrderItemInput {
  orderItemId: string;
  /** Cents to give back, or 'rest' for everything not yet refunded. */
  amountCents: number | 'rest';
  /** What asks for the money back, once: `dispute:<id>`, `return:<id>`, `rejection:<item>`, `cancellation:<item>`. */
  refundKey: string;
  reason: string | null;
  actor: OrderItemActor;
  /** A seller's rejection or a buyer's cancellation: the item closes with that status once the money is back, and its units go back on the shelf. */
  closeAs?: { status: 'rejected' | 'cancelled'; rejectionReason?: string | null };
  /** The background sweep: finish this key's pending claim, never start a new refund. */
  resumeOnly?: boolean;
}

export interface RefundOutcome {
  amountCents: number;
  /** Everything refunded for the item after this refund. */
  refundedCents: number;
  itemStatus: OrderItemState;
  /** True when this refund key had already been paid back: nothing new happened. */
  alreadyDone: boolean;
}

/** How a move is made: recordDelivered tells of its parcels itself, once every item of them is delivered. */
interface TransitionOptions {
  isPartOfDelivery?: boolean;
}

/** Called inside the transaction that records a refund (payouts claw back what an already-paid seller owes). */
export type RefundRecordedHook = (
  executor: Executor,
  event: { item: OrderItemRecord; order: OrderRecord; amountCents: number; refundedCentsAfter: number; refundableCents: number; refundKey: string },
) => Promise<void>;

export const LIFECYCLE_MESSAGES = {
  itemNotFound: 'Order item not found',
  refundInProgress: 'A refund for this item is in progress. Try again in a moment.',
  noPayment: 'This order has no payment to refund',
  providerDown: 'The payment provider did not answer; nothing was lost. Please try again to finish the refund.',
} as const;

/** States an item reaches only when money goes back to the buyer. */
const MONEY_BACK_STATES: readonly OrderItemState[] = ['rejected', 'cancelled', 'partially_refunded', 'refunded'];

/** A pending refund claim nobody is finishing (its request died mid-way) may be resumed after this. */
const STALE_REFUND_CLAIM_MS = 60_000;

function transitionConflict(error: OrderItemTransitionError): HttpError {
  const message =
    error.reason === 'not_allowed' ? ORDER_MESSAGES.transitionNotAllowed(labelOfItemState(error.from), labelOfItemState(error.to)) : error.message;
  return conflict(message, { from: error.from, to: error.to });
}

export function createOrderItemLifecycle(deps: {
  db: Database;
  clock: Clock;
  payments: PaymentProvider;
  /** Where item moves, deliveries, refunds and restocked listings are published, each after its transaction commits. */
  events?: DomainEventPublisher;
  /** The parcel each item travels in (the shipping module's labels), for the news of a shipped or delivered one; none without it. */
  parcelTrackingOf?: ParcelTrackingOf;
}) {
  const { db, clock, payments } = deps;
  const events = deps.events ?? NO_DOMAIN_EVENTS;
  const parcelTrackingOf: ParcelTrackingOf = deps.parcelTrackingOf ?? (async () => new Map());
  const refundHooks: RefundRecordedHook[] = [];

  /** Tells of items that reached the buyer's parcel news: `order-item.shipped` or `.delivered`, each with its parcel. */
  async function announceParcels(executor: Executor, items: readonly OrderItemRecord[], stage: 'shipped' | 'delivered'): Promise<void> {
    for (const news of await findParcelNews(executor, items, stage, parcelTrackingOf)) {
      events.publishAfterCommit(executor, stage === 'shipped' ? { type: 'order-item.shipped', ...news } : { type: 'order-item.delivered', ...news });
    }
  }

  /** The order's status, derived again from all its items. */
  async function refreshOrderStatus(executor: Executor, orderId: string, now: Date): Promise<void> {
    const items = await findItemsOfOrders(executor, [orderId]);
    await updateOrderStatus(executor, orderId, deriveOrderStatus(items.map((item) => ({ status: item.status, delivered: item.deliveredAt !== null }))), now);
  }

  async function pendingRefundedItemIds(executor: Executor, ids: readonly string[]): Promise<Set<string>> {
    const rows = await findRefundsOfItems(executor, ids);
    return new Set(rows.filter((row) => row.status === 'pending').map((row) => row.orderItemId));
  }

  /**
   * Moves items to `to`, checking each move against the table for `actor`; the caller's transaction
   * (or a new one) holds the items' locks. Refuses while a refund of the item is being paid.
   */
  async function transitionItems(executor: Executor | null, input: TransitionInput): Promise<OrderItemRecord[]> {
    // Moves that give money back are made only by refundOrderItem, which pays the buyer first.
    if (MONEY_BACK_STATES.includes(input.to)) throw conflict(`An item becomes ${labelOfItemState(input.to)} only through its refund`);
    return applyTransition(executor, input);
  }

  async function applyTransition(executor: Executor | null, input: TransitionInput, options: TransitionOptions = {}): Promise<OrderItemRecord[]> {
    const run = async (transaction: Executor) => {
      const now = clock.now();
      const items = await lockOrderItems(transaction, input.orderItemIds);
      if (items.length !== new Set(input.orderItemIds).size) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
      const moving = items.filter((item) => !input.onlyFrom || input.onlyFrom.includes(item.status));
      const refunding = await pendingRefundedItemIds(
        transaction,
        moving.map((item) => item.id),
      );
      for (const item of moving) {
        try {
          assertTransition(item.status, input.to, input.actor);
        } catch (error) {
          if (error instanceof OrderItemTransitionError) throw transitionConflict(error);
          throw error;
        }
        if (refunding.has(item.id)) throw conflict(LIFECYCLE_MESSAGES.refundInProgress);
        await setOrderItemState(transaction, item.id, {
          status: input.to,
          ...(input.rejectionReason !== undefined ? { rejectionReason: input.rejectionReason } : {}),
          ...(input.to === 'delivered' ? { deliveredAt: now } : {}),
          now,
        });
      }
      for (const orderId of new Set(moving.map((item) => item.orderId))) await refreshOrderStatus(transaction, orderId, now);
      // Published with the items as they now are.
      const moved = await findMovedItems(
        transaction,
        moving.map((item) => item.id),
      );
      for (const item of moving) {
        const facts = moved.get(item.id)!;
        events.publishAfterCommit(transaction, {
          type: 'order-item.moved',
          orderItemId: item.id,
          orderId: item.orderId,
          sellerId: item.sellerId,
          productId: item.productId,
          from: item.status,
          to: input.to,
          actor: input.actor,
          ...facts,
        });
      }
      const after = moving.map((item) => ({ ...item, status: input.to }));
      if (input.to === 'shipped' || (input.to === 'delivered' && !options.isPartOfDelivery)) await announceParcels(transaction, after, input.to);
      return after;
    };
    return executor ? run(executor) : db.transaction(run);
  }

  /**
   * The carrier reports items delivered: shipped items become delivered; a partly refunded item keeps
   * its status and records the date (returns are counted from it). Others are left alone.
   */
  async function recordDelivered(executor: Executor, orderItemIds: readonly string[]): Promise<void> {
    const now = clock.now();
    const items = await lockOrderItems(executor, orderItemIds);
    const shipped = items.filter((item) => item.status === 'shipped');
    const delivered =
      shipped.length > 0
        ? await applyTransition(executor, { orderItemIds: shipped.map((item) => item.id), to: 'delivered', actor: 'system' }, { isPartOfDelivery: true })
        : [];
    const partlyRefunded = items.filter((candidate) => candidate.status === 'partially_refunded' && candidate.deliveredAt === null);
    for (const item of partlyRefunded) {
      await setOrderItemDeliveredAt(executor, item.id, now);
      await refreshOrderStatus(executor, item.orderId, now);
    }
    // One parcel's news names all of its items delivered now, so it is told once they all are.
    await announceParcels(executor, [...delivered, ...partlyRefunded], 'delivered');
  }

  async function setSellerPaid(executor: Executor, orderItemId: string, paid: boolean): Promise<void> {
    await setOrderItemSellerPaid(executor, orderItemId, paid, clock.now());
  }

  /** What may still go back for the item, with its order locked (order-item-refundable.ts). */
  async function refundableOf(executor: Executor, item: OrderItemRecord) {
    const order = await lockOrder(executor, item.orderId);
    if (!order) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
    return { order, ...(await refundableOfItem(executor, order, item)) };
  }

  async function closeWithoutMoney(
    transaction: Executor,
    item: OrderItemRecord,
    input: RefundOrderItemInput & { closeAs: NonNullable<RefundOrderItemInput['closeAs']> },
  ) {
    const now = clock.now();
    await applyTransition(transaction, {
      orderItemIds: [item.id],
      to: input.closeAs.status,
      actor: input.actor,
      ...(input.closeAs.rejectionReason !== undefined ? { rejectionReason: input.closeAs.rejectionReason } : {}),
    });
    await restoreStock(transaction, item, now);
    events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: [item.productId] });
  }

  /** Gives money back for an item, once per refund key. Must not be called inside a transaction. */
  async function refundOrderItem(input: RefundOrderItemInput): Promise<RefundOutcome> {
    if (input.amountCents !== 'rest' && (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0))
      throw badRequest('The refund must be a positive amount');

    // 1. Claim.
    const claimed = await db.transaction(async (transaction) => {
      const found = await findOrderItem(transaction, input.orderItemId);
      if (!found) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
      const shippingOnly = isLateShippingRefund(input.refundKey);
      const refundable = await refundableOf(transaction, found);
      const { order, refundableCents } = refundable;
      const remainingCents = shippingOnly ? refundable.shippingDueCents : refundable.remainingCents;
      const [item] = await lockOrderItems(transaction, [found.id]);
      if (!item) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
      const existing = await findRefundByKey(transaction, input.refundKey);
      if (existing?.status === 'succeeded') {
        return {
          kind: 'done' as const,
          outcome: { amountCents: existing.amountCents, refundedCents: item.refundedCents, itemStatus: item.status, alreadyDone: true },
        };
      }
      if (existing?.status === 'pending') {
        if (input.amountCents !== 'rest' && input.amountCents !== existing.amountCents) throw conflict('A different refund for this is already in progress');
        // Another request is asking the provider right now: answer that. A claim whose provider call got no
        // answer (or whose request died) is resumed, with the same key, so the provider still pays once.
        const isStale = existing.failureReason !== null || clock.now().getTime() - existing.updatedAt.getTime() >= STALE_REFUND_CLAIM_MS;
        if (!isStale) throw conflict(LIFECYCLE_MESSAGES.refundInProgress);
        const payment = await lockPaymentOfOrder(transaction, order.id);
        if (!payment) throw conflict(LIFECYCLE_MESSAGES.noPayment);
        return { kind: 'claim' as const, claim: existing, payment, refundableCents };
      }
      if (input.resumeOnly) throw conflict('This refund is no longer pending');
      if (shippingOnly) {
        // The shipping only: the item keeps its state (a delivered item stays delivered).
        if ((await pendingRefundedItemIds(transaction, [item.id])).size > 0) throw conflict(LIFECYCLE_MESSAGES.refundInProgress);
      } else if (input.closeAs) {
        try {
          assertTransition(item.status, input.closeAs.status, input.actor);
        } catch (error) {
          if (error instanceof OrderItemTransitionError) throw transitionConflict(error);
          throw error;
        }
      } else if (!REFUNDABLE_STATES.includes(item.status)) {
        throw conflict(`This item cannot be refunded (it is ${labelOfItemState(item.status)})`);
      } else if ((await pendingRefundedItemIds(transaction, [item.id])).size > 0) {
        throw conflict(LIFECYCLE_MESSAGES.refundInProgress);
      }
      const amountCents = input.amountCents === 'rest' ? remainingCents : input.amountCents;
      if (!shippingOnly && !input.closeAs && amountCents > 0 && amountCents <= remainingCents) {
        // Who may refund is checked before any money moves, not when the refund is recorded.
        try {
          const next = stateAfterRefund(item.refundedCents + amountCents, refundableCents);
          assertTransition(item.status, next, input.actor);
        } catch (error) {
          if (error instanceof OrderItemTransitionError) throw transitionConflict(error);
          throw error;
        }
      }
      if (amountCents > remainingCents) {
        throw badRequest(`The refund can be at most ${centsToDollars(remainingCents).toFixed(2)} dollars, what the buyer paid for the item less any refund`, {
          refundableCents: remainingCents,
        });
      }
      const payment = await lockPaymentOfOrder(transaction, order.id);
      if (amountCents === 0 || !payment) {
        // Nothing (left) to pay back: a rejection or cancellation still closes the item.
        if (input.closeAs) {
          await closeWithoutMoney(transaction, item, { ...input, closeAs: input.closeAs });
          const [after] = await lockOrderItems(transaction, [item.id]);
          return {
            kind: 'done' as const,
            outcome: { amountCents: 0, refundedCents: item.refundedCents, itemStatus: after?.status ?? input.closeAs.status, alreadyDone: false },
          };
        }
        if (!payment) throw conflict(LIFECYCLE_MESSAGES.noPayment);
        throw conflict('Nothing is left to refund for this item');
      }
      const paymentRemaining = payment.amountCents - payment.refundedCents - (await sumPendingRefundsOfPayment(transaction, payment.id));
      if (amountCents > paymentRemaining) throw conflict('The payment has less left to refund than this amount');
      const now = clock.now();
      let claim;
      try {
        claim = await insertPendingRefund(transaction, {
          paymentId: payment.id,
          orderItemId: item.id,
          refundKey: input.refundKey,
          amountCents,
          reason: input.reason,
          now,
        });
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (code === '23505') throw conflict(LIFECYCLE_MESSAGES.refundInProgress);
        throw error;
      }
      return { kind: 'claim' as const, claim, payment, refundableCents };
    });
    if (claimed.kind === 'done') return claimed.outcome;

    // 2. Ask the provider, outside any transaction.
    const { claim, payment, refundableCents } = claimed;
    let providerRefundId: string;
    try {
      ({ id: providerRefundId } = await payments.refund({
        paymentId: payment.providerPaymentId,
        amountCents: claim.amountCents,
        idempotencyKey: `refund-${claim.id}`,
      }));
    } catch (error) {
      if (error instanceof PaymentValidationError) {
        await markRefundFailed(db, claim.id, error.message, clock.now());
        throw conflict(`The refund was refused: ${error.message}`);
      }
      await touchRefund(db, claim.id, error instanceof Error ? error.message : 'No answer', clock.now());
      throw new HttpError(502, LIFECYCLE_MESSAGES.providerDown, { refundKey: input.refundKey });
    }

    // 3. Record.
    const outcome = await db.transaction(async (transaction) => {
      const now = clock.now();
      const found = await findOrderItem(transaction, claim.orderItemId);
      const order = found ? await lockOrder(transaction, found.orderId) : null;
      const [item] = await lockOrderItems(transaction, [claim.orderItemId]);
      if (!item || !order) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
      const fresh = await markRefundSucceeded(transaction, claim.id, providerRefundId, now);
      if (!fresh) return { amountCents: claim.amountCents, refundedCents: item.refundedCents, itemStatus: item.status, alreadyDone: true };
      await lockPaymentOfOrder(transaction, order.id);
      await addRefundedCents(transaction, payment.id, claim.amountCents, now);
      const shippingOnly = isLateShippingRefund(claim.refundKey);
      if (shippingOnly) await addOrderItemLateShippingRefundCents(transaction, item.id, claim.amountCents, now);
      else await addOrderItemRefundedCents(transaction, item.id, claim.amountCents, now);
      const refundedCentsAfter = item.refundedCents + (shippingOnly ? 0 : claim.amountCents);
      const lateShippingRefundCents = item.lateShippingRefundCents + (shippingOnly ? claim.amountCents : 0);
      // A late parcel's shipping refund leaves the item's state as it is.
      let itemStatus: OrderItemState = item.status;
      if (input.closeAs && !shippingOnly) {
        await closeWithoutMoney(transaction, item, { ...input, closeAs: input.closeAs });
        itemStatus = input.closeAs.status;
      } else if (!shippingOnly) {
        const next = stateAfterRefund(refundedCentsAfter, refundableCents);
        if (next !== item.status) await applyTransition(transaction, { orderItemIds: [item.id], to: next, actor: input.actor });
        itemStatus = next;
      }
      for (const hook of refundHooks) {
        await hook(transaction, {
          item: { ...item, refundedCents: refundedCentsAfter, lateShippingRefundCents, status: itemStatus },
          order,
          amountCents: claim.amountCents,
          refundedCentsAfter,
          refundableCents,
          refundKey: input.refundKey,
        });
      }
      await refreshOrderStatus(transaction, order.id, now);
      // A late parcel's refund is told by its own news (why, and how much for the whole shop's part).
      if (!shippingOnly)
        events.publishAfterCommit(transaction, {
          type: 'refund.issued',
          orderItemId: item.id,
          orderId: order.id,
          sellerId: item.sellerId,
          buyerId: order.buyerId,
          title: item.title,
          refundKey: input.refundKey,
          amountCents: claim.amountCents,
          refundedCents: refundedCentsAfter,
        });
      return { amountCents: claim.amountCents, refundedCents: refundedCentsAfter, itemStatus, alreadyDone: false };
    });
    return outcome;
  }

  /**
   * The request a pending refund came from, read back from its key (docs/product/money.md): a seller's
   * rejection and a buyer's cancellation close the item as they would have; a dispute's or a return's
   * refund moves the item by what came back, as the marketplace ('system').
   */
  function resumptionOf(claim: RefundRecord): RefundOrderItemInput {
    const base = { orderItemId: claim.orderItemId, amountCents: claim.amountCents, refundKey: claim.refundKey, reason: claim.reason, resumeOnly: true };
    const kind = claim.refundKey.split(':')[0];
    if (kind === 'rejection') return { ...base, actor: 'seller', closeAs: { status: 'rejected', rejectionReason: claim.reason } };
    if (kind === 'cancellation') return { ...base, actor: 'buyer', closeAs: { status: 'cancelled' } };
    return { ...base, actor: 'system' };
  }

  /**
   * The scheduled job's sweep: every pending refund claim whose provider call got no answer (or whose
   * request died) is finished as a retry of its request would finish it, with the same idempotency key,
   * so the provider pays once. One claim's trouble never stops the others.
   */
  async function resumeStaleRefunds(limit = 50): Promise<{ found: number; finished: number; unfinished: number }> {
    const stale = await findStalePendingRefunds(db, new Date(clock.now().getTime() - STALE_REFUND_CLAIM_MS), limit);
    const outcome = { found: stale.length, finished: 0, unfinished: 0 };
    for (const claim of stale) {
      try {
        await refundOrderItem(resumptionOf(claim));
        outcome.finished += 1;
      } catch {
        outcome.unfinished += 1;
      }
    }
    return outcome;
  }

  return {
    transitionItems,
    recordDelivered,
    setSellerPaid,
    refundOrderItem,
    resumeStaleRefunds,
    /** Payouts register here to claw back what an already-paid seller owes, in the refund's own transaction (money: not an after-commit event). */
    onRefundRecorded(hook: RefundRecordedHook) {
      refundHooks.push(hook);
    },
    /** What may still be refunded for an item (cents), for the dispute and return screens. */
    async remainingRefundableCents(
      executor: Executor,
      orderItemId: string,
    ): Promise<{ refundableCents: number; remainingCents: number; refundedCents: number }> {
      const item = await findOrderItem(executor, orderItemId);
      if (!item) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
      const order = await findOrderById(executor, item.orderId);
      if (!order) throw notFound(LIFECYCLE_MESSAGES.itemNotFound);
      const { refundableCents, remainingCents } = await refundableOfItem(executor, order, item);
      return { refundableCents, refundedCents: item.refundedCents, remainingCents };
    },
  };
}

export type OrderItemLifecycle = ReturnType<typeof createOrderItemLifecycle>;

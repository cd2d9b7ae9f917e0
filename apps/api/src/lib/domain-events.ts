// Domain events: how one module reacts to what another did, without the two knowing each other.
//
// A service publishes a fact ("a listing changed", "an order was placed", "a refund was issued"); each
// module subscribes its reactions as it registers (its <module>.module.ts: dropping caches, e-mail, in-app
// notifications). The rules:
//
// - Published after commit. A fact written inside a transaction is held until that transaction commits
//   and dropped if it rolls back (`publishAfterCommit(executor, event)`), so nobody reacts to something
//   that never happened. Every transaction opened on the database given to `createDomainEvents` — by any
//   module, savepoints included — keeps its events that way; a write outside a transaction has already
//   committed, so `publish(event)` sends at once.
// - Dispatched in-process and synchronously, right after the commit and before the publishing service
//   returns: a cache is dropped before the response that changed it goes out, so the next request reads
//   afresh. A handler must therefore be quick; slow work (sending mail) is queued by its handler, not done
//   in it. A handler that returns a promise is not awaited.
// - A handler that throws (or whose promise rejects) is logged; the publisher and the other handlers go on.
// - At most once: an event is lost if the process dies between the commit and the publish. Caches are
//   bounded by their lifetimes anyway; a reaction that must never be lost writes its own row (an outbox) in
//   the same transaction instead.
// - Other API instances hear nothing of this bus: what they cache is dropped through lib/cache-bus.ts,
//   which the modules' cache handlers announce to.
//
// One exception stays a hook on purpose: payouts' clawback (`orderItems.onRefundRecorded`) runs inside the
// refund's own transaction, because the seller's debt and the refund must be written together or not at
// all. A reaction that moves money belongs in the same transaction, not after it.

import type { Role } from '@marketplace/contracts/auth';
import type { OrderItemActor, OrderItemState } from '@marketplace/domain/order-item-state';
import type { Database, Executor } from '../db/client';
import type { ShippingAddressSnapshot } from '../db/columns';

/**
 * Every fact a module publishes. Add a member when a module really publishes a new one. An event carries
 * what its readers need to know of what happened (an item's title, an order's lines, a parcel), read by the
 * publisher inside its own transaction: mail and notifications, leaves at the top of the modules' layers
 * (modules/layers.ts), are fed by events and look up only the people they write to.
 */
export type DomainEvent =
  /** What a listing shows changed: its fields, status, photos or stock. No ids: any listing may have. */
  | { type: 'listing.changed'; productIds?: readonly string[] }
  /** Someone signed up. */
  | { type: 'user.registered'; userId: string; role: Role }
  /** A user row changed: their profile (names, phone, company), password, status (suspended/active), sessions (all ended) or verified e-mail address. */
  | { type: 'user.changed'; userId: string; change: 'profile' | 'password' | 'status' | 'session' | 'email' }
  /** A user's e-mail address became verified: a verification link was opened, or a reset link proved an unverified address. */
  | { type: 'user.email-verified'; userId: string }
  /** A checkout committed: the order is paid and its units are off the shelf. */
  | {
      type: 'order.placed';
      orderId: string;
      buyerId: string;
      sellerIds: readonly string[];
      productIds: readonly string[];
      totalCents: number;
      order: PlacedOrder;
    }
  /** Any change of an order item's status (order-item-lifecycle.ts), including those the events below name. */
  | {
      type: 'order-item.moved';
      orderItemId: string;
      orderId: string;
      sellerId: string;
      productId: string;
      from: OrderItemState;
      to: OrderItemState;
      actor: OrderItemActor;
      buyerId: string;
      item: MovedItem;
    }
  /** A label was bought for the item: it is on its way to the buyer, in `parcel`. */
  | ({ type: 'order-item.shipped' } & ParcelNews)
  /** The carrier (or the seller) reports the item delivered; a partly refunded item is delivered without moving. */
  | ({ type: 'order-item.delivered' } & ParcelNews)
  /** Money went back to the buyer for an item (once per refund key). */
  | {
      type: 'refund.issued';
      orderItemId: string;
      orderId: string;
      sellerId: string;
      buyerId: string;
      title: string;
      refundKey: string;
      amountCents: number;
      refundedCents: number;
    }
  /** A seller was paid for an item (once per payout), with the figures the payout rule computed. */
  | { type: 'payout.sent'; payoutId: string; orderItemId: string; orderId: string; sellerId: string; line: EventLine; breakdown: PayoutSentBreakdown }
  /** The seller voided a label: its items are back to approved, waiting for a new one (once per label). */
  | {
      type: 'label.voided';
      shipmentId: string;
      orderId: string;
      sellerId: string;
      buyerId: string;
      trackingNumber: string | null;
      lines: readonly EventLine[];
    }
  /** A shop's parcel came after the last day promised: its shipping went back to the buyer (once per shop part). */
  | {
      type: 'delivery.late-credited';
      orderId: string;
      sellerId: string;
      buyerId: string;
      shopName: string;
      amountCents: number;
      /** YYYY-MM-DD: the last day promised, and the day it came. */
      arrivesLatest: string;
      deliveredOn: string;
      paidBy: 'seller' | 'marketplace';
    }
  /** The carrier reports the item's parcel out for delivery (once per parcel and item). */
  | ({ type: 'order-item.out-for-delivery' } & ParcelNews)
  /** A buyer opened a dispute about an item (`title`, the order line's). */
  | {
      type: 'dispute.opened';
      disputeId: string;
      orderItemId: string;
      orderId: string;
      buyerId: string;
      sellerId: string;
      title: string;
      reason: string;
      description: string;
    }
  /** The seller answered a dispute: offered a refund of `offerCents`, or contested it; `statement` is what they wrote. */
  | {
      type: 'dispute.answered';
      disputeId: string;
      orderItemId: string;
      orderId: string;
      buyerId: string;
      sellerId: string;
      title: string;
      action: 'offer_refund' | 'contest';
      offerCents: number | null;
      statement: string | null;
    }
  /** A dispute ended: refunded (`refundCents`, by the admin or by the buyer accepting the seller's offer) or rejected by the admin. */
  | {
      type: 'dispute.resolved';
      disputeId: string;
      orderItemId: string;
      orderId: string;
      buyerId: string;
      sellerId: string;
      title: string;
      outcome: 'refunded' | 'rejected';
      refundCents: number | null;
      note: string | null;
      byBuyerAcceptingOffer: boolean;
    }
  /** A chat message was stored (sent by `senderId` to `recipientId`, in the chat `buyerId` started), with its words and how many photos. */
  | {
      type: 'chat.message-sent';
      chatId: string;
      messageId: string;
      senderId: string;
      recipientId: string;
      buyerId: string;
      content: string;
      photoCount: number;
    }
  /** Someone sent the marketplace a support request (Help page). */
  | { type: 'support.requested'; requestId: string; userId: string | null; name: string; email: string; subject: string }
  /** A buyer reviewed an item delivered to them (`title` is the review's, `itemTitle` the order line's). */
  | {
      type: 'review.created';
      reviewId: string;
      productId: string;
      orderItemId: string;
      buyerId: string;
      sellerId: string;
      rating: number;
      title: string;
      itemTitle: string;
    }
  /** The item's seller replied to a review (once), with `reply`. */
  | { type: 'review.replied'; reviewId: string; productId: string; orderItemId: string; buyerId: string; sellerId: string; reply: string; itemTitle: string }
  /** An admin hid a review (`hiddenAt` tells one hiding from a later one); its author is told the reason. */
  | {
      type: 'review.hidden';
      reviewId: string;
      productId: string;
      orderItemId: string;
      orderId: string;
      buyerId: string;
      title: string;
      itemTitle: string;
      reason: string;
      hiddenAt: string;
    }
  /** A delivered item is due for its buyer to be asked for a review (the review-request job; once per item by the reactions' dedupe keys). */
  | { type: 'review.requested'; orderItemId: string; orderId: string; productId: string; buyerId: string; title: string };

/** An order line as the messages about a sale name it ("2 × Mug"); `title` is the line's, as bought. */
export interface EventLine {
  orderItemId: string;
  title: string;
  quantity: number;
}

/** An order as its checkout wrote it: the receipt's lines, totals and address. */
export interface PlacedOrder {
  itemsTotalCents: number;
  shippingCents: number;
  retipTotalCents: number;
  shippingAddress: Required<Omit<ShippingAddressSnapshot, 'companyName'>>;
  /** In the order's own order (as its page lists them). */
  lines: ReadonlyArray<EventLine & { sellerId: string; priceCents: number; retipAdded: boolean; retipPriceCents: number }>;
  /** Each shop's part as promised at checkout (docs/product/shipping.md); [] for an order placed before. */
  shops: ReadonlyArray<{ sellerId: string; shopName: string; shippingCents: number; shipBy: string; arrivesBy: { earliest: string; latest: string } }>;
}

/** The moved item as it is after the move, and what the buyer paid for it (line, add-on, share of shipping). */
export interface MovedItem {
  title: string;
  quantity: number;
  rejectionReason: string | null;
  paidCents: number;
}

/** News of a parcel, told once per item in it: the buyer, and the order's lines travelling with the item. */
export interface ParcelNews {
  orderItemId: string;
  orderId: string;
  sellerId: string;
  buyerId: string;
  parcel: {
    lines: readonly EventLine[];
    /** The label's carrier and tracking number; null for an item reported without one. */
    tracking: { carrier: string; trackingNumber: string } | null;
  };
}

/** A paid payout's figures, in cents (packages/domain/src/payout.ts computes them). */
export interface PayoutSentBreakdown {
  itemTotalCents: number;
  commissionRateBasisPoints: number;
  commissionCents: number;
  pickupChargeCents: number;
  feeCents: number;
  adjustmentCents: number;
  /** The item's shipping credited (≥ 0) and the seller's label lines settled (labels bought less voided ones). */
  shippingCreditCents: number;
  labelChargeCents: number;
  netCents: number;
}

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<Type extends DomainEventType> = Extract<DomainEvent, { type: Type }>;
export type DomainEventHandler<Type extends DomainEventType> = (event: DomainEventOf<Type>) => void | Promise<void>;

/** What a publishing service needs. */
export interface DomainEventPublisher {
  /** Publishes at once: for a write outside any transaction (it has committed already). */
  publish(event: DomainEvent): void;
  /**
   * Publishes once `executor`'s transaction commits, or drops the event if it rolls back; at once when
   * `executor` is the database itself. Throws for a transaction (or database) the bus does not watch.
   */
  publishAfterCommit(executor: Executor, event: DomainEvent): void;
}

export interface DomainEvents extends DomainEventPublisher {
  /** Runs `handler` for every event of `type` from now on; the returned function stops it. */
  subscribe<Type extends DomainEventType>(type: Type, handler: DomainEventHandler<Type>): () => void;
}

/**
 * Background reactions (e-mail, in-app notifications): `react(type, handler)` subscribes a handler whose
 * promise is remembered until it is done, and whose failure goes to `onError`, never to the publisher;
 * `settled()` resolves once every reaction started so far has finished (tests, shutdown).
 */
export function createReactions(events: Pick<DomainEvents, 'subscribe'>, onError: (error: unknown, event: DomainEventType) => void) {
  const running = new Set<Promise<void>>();
  return {
    react<Type extends DomainEventType>(type: Type, handler: (event: DomainEventOf<Type>) => Promise<void>): void {
      events.subscribe(type, (event) => {
        const work = handler(event).catch((error: unknown) => onError(error, type));
        running.add(work);
        void work.finally(() => running.delete(work));
      });
    },
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** For code built without a bus (unit tests of one module): publishes nowhere. */
export const NO_DOMAIN_EVENTS: DomainEventPublisher = { publish: () => undefined, publishAfterCommit: () => undefined };

export function createDomainEvents(options: {
  /** The database whose transactions hold their events until commit. */
  database: Database;
  /** Where a failing handler is reported (the app's logger). */
  onHandlerError?: (error: unknown, event: DomainEvent) => void;
}): DomainEvents {
  const onHandlerError = options.onHandlerError ?? ((error, event) => console.error(`domain event ${event.type}: a handler failed`, error));
  const handlers = new Map<DomainEventType, Set<(event: DomainEvent) => void | Promise<void>>>();
  watchTransactions(options.database);

  const publish = (event: DomainEvent) => {
    for (const handler of [...(handlers.get(event.type) ?? [])]) {
      try {
        const result = handler(event);
        if (result instanceof Promise) result.catch((error: unknown) => onHandlerError(error, event));
      } catch (error) {
        onHandlerError(error, event);
      }
    }
  };

  return {
    publish,
    publishAfterCommit(executor, event) {
      const queue = commitQueues.get(executor);
      if (queue) queue.push(() => publish(event));
      else if (watchedDatabases.has(executor)) publish(event);
      else throw new Error(`Event ${event.type} raised in a transaction no domain-event bus watches: it could never be published after commit`);
    },
    subscribe(type, handler) {
      const registered = handler as (event: DomainEvent) => void | Promise<void>;
      const forType = handlers.get(type) ?? new Set();
      forType.add(registered);
      handlers.set(type, forType);
      return () => {
        forType.delete(registered);
      };
    },
  };
}

// ── after-commit bookkeeping ──

type AfterCommit = () => void;
interface Transactional {
  transaction: Database['transaction'];
}

/** Work to run when an open transaction commits, by transaction (or savepoint) object. */
const commitQueues = new WeakMap<object, AfterCommit[]>();
/** Databases whose transactions are watched: a write on one outside a transaction has committed already. */
const watchedDatabases = new WeakSet<object>();

/** Makes every transaction opened on `database` keep a queue that runs once the transaction commits. */
function watchTransactions(database: Database): void {
  if (watchedDatabases.has(database)) return;
  watchedDatabases.add(database);
  queueUntilDone(database, (queue) => {
    for (const run of queue) run();
  });
}

/**
 * Wraps `owner.transaction` so each transaction it opens has its own queue; `whenDone` gets the queue once
 * the transaction has succeeded. For a savepoint inside a transaction, success means only that the queue
 * joins its parent's, which still waits for the real commit; a transaction that throws loses its queue.
 */
function queueUntilDone(owner: Transactional, whenDone: (queue: AfterCommit[]) => void): void {
  const open = owner.transaction.bind(owner);
  const transaction: Database['transaction'] = async (work, config) => {
    const queue: AfterCommit[] = [];
    const result = await open(async (tx) => {
      commitQueues.set(tx, queue);
      queueUntilDone(tx, (inner) => queue.push(...inner));
      return work(tx);
    }, config);
    whenDone(queue);
    return result;
  };
  Object.defineProperty(owner, 'transaction', { value: transaction, configurable: true, writable: true });
}

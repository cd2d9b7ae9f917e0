import type { Database } from '../../db/client';
import { createReactions, type DomainEvents } from '../../lib/domain-events';
import { findOrderLines, findOrderWithLines, type OrderLineItem } from '../orders';
import { findTrackingOfOrderItems } from '../shipping';
import { findActiveAdmins, findPeople } from '../users';
import {
  disputeAnsweredForAdmin,
  disputeAnsweredForBuyer,
  disputeOpenedForAdmin,
  disputeOpenedForSeller,
  disputeResolvedForBuyer,
  disputeResolvedForSeller,
  itemApprovedForBuyer,
  itemDeliveredForBuyer,
  itemOutForDeliveryForBuyer,
  itemRejectedForBuyer,
  itemShippedForBuyer,
  newOrderForSeller,
  orderPlacedForBuyer,
  payoutSentForSeller,
  personName,
  refundIssuedForBuyer,
  reviewHiddenForBuyer,
  reviewReplyForBuyer,
  reviewRequestForBuyer,
  newReviewForSeller,
  supportRequestForAdmin,
  type ParcelFacts,
} from './notification-texts';
import type { NotificationsService } from './notifications.service';

// The bell's reactions to what other modules did (docs/product/notifications.md): each domain event,
// published after its commit, becomes a notification for each person it concerns. Every one has a
// dedupe key (unique per person), so an event handled twice, or on two instances, writes one row and
// pushes once. Unlike the e-mails, the bell shows everything: a seller's e-mail preferences do not
// apply here. The reactions only gather the facts; what each notification says, where it leads and its
// dedupe key come from notification-texts.ts, which the demo seed's history uses too.

export interface NotificationReactions {
  /** Resolves once every reaction started so far has written its rows (tests, shutdown). */
  settled(): Promise<void>;
}

export function createNotificationReactions(deps: {
  db: Database;
  events: Pick<DomainEvents, 'subscribe'>;
  notifications: Pick<NotificationsService, 'notify'>;
  onError: (error: unknown, event: string) => void;
}): NotificationReactions {
  const { db, notifications } = deps;
  const { react, settled } = createReactions(deps.events, deps.onError);


  // Order placed: the buyer's confirmation; each seller, their items to approve.
  react('order.placed', async (event) => {
    const found = await findOrderWithLines(db, event.orderId);
    if (!found) return;
    const { order, lines } = found;
    await notifications.notify({ userId: order.buyerId, ...orderPlacedForBuyer({ orderId: order.id, totalCents: order.totalCents, lines }) });
    for (const sellerId of new Set(lines.map((line) => line.sellerId))) {
      await notifications.notify({ userId: sellerId, ...newOrderForSeller({ orderId: order.id, lines: lines.filter((line) => line.sellerId === sellerId) }) });
    }
  });

  // The seller's answer to a pending item: approved or rejected (a rejection's refund is told by refund.issued).
  react('order-item.moved', async (event) => {
    if (event.from !== 'pending' || (event.to !== 'approved' && event.to !== 'rejected')) return;
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    const { item, order } = line;
    const facts = { orderId: order.id, orderItemId: item.id, title: item.title };
    const text = event.to === 'approved' ? itemApprovedForBuyer(facts) : itemRejectedForBuyer({ ...facts, rejectionReason: item.rejectionReason });
    await notifications.notify({ userId: order.buyerId, ...text });
  });

  /** The order, and the parcel of `orderItemId`: its items travelling under the same tracking number (or just that item). */
  async function parcelOf(orderId: string, orderItemId: string, isIncluded: (line: OrderLineItem) => boolean): Promise<{ buyerId: string; parcel: ParcelFacts } | null> {
    const found = await findOrderWithLines(db, orderId);
    if (!found) return null;
    const tracking = await findTrackingOfOrderItems(db, found.lines.map((line) => line.id));
    const own = tracking.get(orderItemId) ?? null;
    const lines = found.lines.filter((line) => line.id === orderItemId || (own !== null && tracking.get(line.id)?.trackingNumber === own.trackingNumber && isIncluded(line)));
    if (!lines.some((line) => line.id === orderItemId)) return null;
    return {
      buyerId: found.order.buyerId,
      parcel: { orderId, orderItemId, lines, tracking: own ? { carrier: own.carrier, trackingNumber: own.trackingNumber } : null },
    };
  }

  // Shipped: one notification per parcel, with its tracking number.
  react('order-item.shipped', async (event) => {
    const found = await parcelOf(event.orderId, event.orderItemId, (line) => line.status !== 'pending' && line.status !== 'rejected');
    if (found) await notifications.notify({ userId: found.buyerId, ...itemShippedForBuyer(found.parcel) });
  });

  // Out for delivery: one notification per parcel.
  react('order-item.out-for-delivery', async (event) => {
    const found = await parcelOf(event.orderId, event.orderItemId, (line) => line.status === 'shipped');
    if (found) await notifications.notify({ userId: found.buyerId, ...itemOutForDeliveryForBuyer(found.parcel) });
  });

  // Delivered: one notification per parcel.
  react('order-item.delivered', async (event) => {
    const found = await parcelOf(event.orderId, event.orderItemId, (line) => line.deliveredAt !== null);
    if (found) await notifications.notify({ userId: found.buyerId, ...itemDeliveredForBuyer(found.parcel) });
  });

  // Refund issued: the buyer, once per refund.
  react('refund.issued', async (event) => {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    await notifications.notify({
      userId: line.order.buyerId,
      ...refundIssuedForBuyer({ orderId: line.order.id, title: line.item.title, amountCents: event.amountCents, refundKey: event.refundKey }),
    });
  });

  // Payout sent: the seller, once per payout, with what reached them.
  react('payout.sent', async (event) => {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    await notifications.notify({
      userId: event.sellerId,
      ...payoutSentForSeller({ payoutId: event.payoutId, orderId: line.order.id, netCents: event.breakdown.netCents, line: line.item }),
    });
  });

  /** The disputed item's title and the buyer's name, for the dispute texts. */
  async function disputeFacts(event: { disputeId: string; orderId: string; orderItemId: string; buyerId: string }) {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    const buyer = (await findPeople(db, [event.buyerId])).get(event.buyerId);
    return { disputeId: event.disputeId, orderId: event.orderId, title: line?.item.title ?? 'an item', buyerName: buyer ? personName(buyer) : 'The buyer' };
  }

  // Dispute opened: the seller, who answers first, and every active admin (the buyer opened it).
  react('dispute.opened', async (event) => {
    const facts = { ...(await disputeFacts(event)), reason: event.reason };
    await notifications.notify({ userId: event.sellerId, ...disputeOpenedForSeller(facts) });
    for (const admin of await findActiveAdmins(db)) await notifications.notify({ userId: admin.id, ...disputeOpenedForAdmin(facts) });
  });

  // Dispute answered by the seller: the buyer, to accept, decline or escalate; and every active admin.
  react('dispute.answered', async (event) => {
    const facts = { ...(await disputeFacts(event)), offerCents: event.action === 'offer_refund' ? event.offerCents : null };
    await notifications.notify({ userId: event.buyerId, ...disputeAnsweredForBuyer(facts) });
    for (const admin of await findActiveAdmins(db)) await notifications.notify({ userId: admin.id, ...disputeAnsweredForAdmin(facts) });
  });

  // Dispute resolved: the buyer and the seller.
  react('dispute.resolved', async (event) => {
    const facts = { ...(await disputeFacts(event)), outcome: event.outcome, refundCents: event.refundCents, note: event.note };
    await notifications.notify({ userId: event.buyerId, ...disputeResolvedForBuyer(facts) });
    await notifications.notify({ userId: event.sellerId, ...disputeResolvedForSeller(facts) });
  });

  // Support request: every active admin.
  react('support.requested', async (event) => {
    for (const admin of await findActiveAdmins(db)) {
      await notifications.notify({ userId: admin.id, ...supportRequestForAdmin({ requestId: event.requestId, name: event.name, subject: event.subject }) });
    }
  });

  // Reviews (docs/product/reviews.md): the item's title is the order line's, as the buyer bought it.
  const lineOf = async (orderItemId: string) => (await findOrderLines(db, [orderItemId])).get(orderItemId) ?? null;

  // A review request (the review-request job): the buyer, once per order item.
  react('review.requested', async (event) => {
    const line = await lineOf(event.orderItemId);
    if (line) await notifications.notify({ userId: event.buyerId, ...reviewRequestForBuyer({ orderId: line.order.id, orderItemId: line.item.id, title: line.item.title }) });
  });

  // A new review: the item's seller, who may reply.
  react('review.created', async (event) => {
    const line = await lineOf(event.orderItemId);
    if (!line) return;
    await notifications.notify({ userId: event.sellerId, ...newReviewForSeller({ reviewId: event.reviewId, productId: event.productId, itemTitle: line.item.title, rating: event.rating, reviewTitle: event.title }) });
  });

  // The seller's reply: the review's author.
  react('review.replied', async (event) => {
    const line = await lineOf(event.orderItemId);
    if (!line) return;
    await notifications.notify({ userId: event.buyerId, ...reviewReplyForBuyer({ reviewId: event.reviewId, productId: event.productId, itemTitle: line.item.title, reply: event.reply }) });
  });

  // An admin hid a review: its author, with the reason.
  react('review.hidden', async (event) => {
    const line = await lineOf(event.orderItemId);
    if (!line) return;
    await notifications.notify({
      userId: event.buyerId,
      ...reviewHiddenForBuyer({ reviewId: event.reviewId, orderId: line.order.id, orderItemId: line.item.id, itemTitle: line.item.title, reason: event.reason, hiddenAt: event.hiddenAt }),
    });
  });

  return {
    settled,
  };
}

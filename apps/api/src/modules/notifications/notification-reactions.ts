import type { Database } from '../../db/client';
import { createReactions, type DomainEvents, type ParcelNews } from '../../lib/domain-events';
import { findActiveAdmins, findPeople } from '../users';
import {
  disputeAnsweredForAdmin,
  disputeAnsweredForBuyer,
  disputeOpenedForAdmin,
  disputeOpenedForSeller,
  disputeResolvedForBuyer,
  disputeResolvedForSeller,
  itemApprovedForBuyer,
  lateDeliveryChargeForSeller,
  itemDeliveredForBuyer,
  itemOutForDeliveryForBuyer,
  itemCancelledForSeller,
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
  labelVoidedForBuyer,
  lateDeliveryCreditForBuyer,
} from './notification-texts';
import type { NotificationsService } from './notifications.service';

// The bell's reactions to what other modules did (docs/product/notifications.md): each domain event,
// published after its commit, becomes a notification for each person it concerns. Every one has a
// dedupe key (unique per person), so an event handled twice, or on two instances, writes one row and
// pushes once. Unlike the e-mails, the bell shows everything: a seller's e-mail preferences do not
// apply here. The reactions only gather the facts; what each notification says, where it leads and its
// dedupe key come from notification-texts.ts, which the demo seed's history uses too.
//
// The facts come in the events (an order's lines, a parcel, an item's title): notifications is a leaf at
// the top of the modules' layers (modules/layers.ts) and looks up only people (a buyer's name, the admins).

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
    const { lines } = event.order;
    await notifications.notify({ userId: event.buyerId, ...orderPlacedForBuyer({ orderId: event.orderId, totalCents: event.totalCents, lines }) });
    for (const sellerId of new Set(lines.map((line) => line.sellerId))) {
      await notifications.notify({
        userId: sellerId,
        ...newOrderForSeller({ orderId: event.orderId, lines: lines.filter((line) => line.sellerId === sellerId) }),
      });
    }
  });

  // The seller's answer to a pending item: approved or rejected (a rejection's refund is told by refund.issued);
  // the buyer's cancellation of a pending item: its seller, who no longer has it to approve.
  react('order-item.moved', async (event) => {
    if (event.from !== 'pending') return;
    if (event.to === 'cancelled') {
      await notifications.notify({
        userId: event.sellerId,
        ...itemCancelledForSeller({ orderId: event.orderId, orderItemId: event.orderItemId, title: event.item.title }),
      });
      return;
    }
    if (event.to !== 'approved' && event.to !== 'rejected') return;
    const facts = { orderId: event.orderId, orderItemId: event.orderItemId, title: event.item.title };
    const text = event.to === 'approved' ? itemApprovedForBuyer(facts) : itemRejectedForBuyer({ ...facts, rejectionReason: event.item.rejectionReason });
    await notifications.notify({ userId: event.buyerId, ...text });
  });

  /** The parcel of the event's item, as the texts name it. */
  const parcelOf = (event: ParcelNews): ParcelFacts => ({
    orderId: event.orderId,
    orderItemId: event.orderItemId,
    lines: event.parcel.lines,
    tracking: event.parcel.tracking,
  });

  // Shipped: one notification per parcel, with its tracking number.
  react('order-item.shipped', async (event) => {
    await notifications.notify({ userId: event.buyerId, ...itemShippedForBuyer(parcelOf(event)) });
  });

  // Out for delivery: one notification per parcel.
  react('order-item.out-for-delivery', async (event) => {
    await notifications.notify({ userId: event.buyerId, ...itemOutForDeliveryForBuyer(parcelOf(event)) });
  });

  // Delivered: one notification per parcel.
  react('order-item.delivered', async (event) => {
    await notifications.notify({ userId: event.buyerId, ...itemDeliveredForBuyer(parcelOf(event)) });
  });

  // Refund issued: the buyer, once per refund.
  react('refund.issued', async (event) => {
    await notifications.notify({
      userId: event.buyerId,
      ...refundIssuedForBuyer({ orderId: event.orderId, title: event.title, amountCents: event.amountCents, refundKey: event.refundKey }),
    });
  });

  // A voided label: the buyer, once per label, so the order never says "on its way" beside a dead tracking number.
  react('label.voided', async (event) => {
    await notifications.notify({ userId: event.buyerId, ...labelVoidedForBuyer(event) });
  });

  // A late parcel's shipping back: the buyer, once per shop part, told why; the seller too when it comes off their credit.
  react('delivery.late-credited', async (event) => {
    await notifications.notify({ userId: event.buyerId, ...lateDeliveryCreditForBuyer(event) });
    if (event.paidBy === 'seller') await notifications.notify({ userId: event.sellerId, ...lateDeliveryChargeForSeller(event) });
  });

  // Payout sent: the seller, once per payout, with what reached them.
  react('payout.sent', async (event) => {
    await notifications.notify({
      userId: event.sellerId,
      ...payoutSentForSeller({ payoutId: event.payoutId, orderId: event.orderId, netCents: event.breakdown.netCents, line: event.line }),
    });
  });

  /** The disputed item's title and the buyer's name, for the dispute texts. */
  async function disputeFacts(event: { disputeId: string; orderId: string; title: string; buyerId: string }) {
    const buyer = (await findPeople(db, [event.buyerId])).get(event.buyerId);
    return { disputeId: event.disputeId, orderId: event.orderId, title: event.title, buyerName: buyer ? personName(buyer) : 'The buyer' };
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

  // A review request (the review-request job): the buyer, once per order item.
  react('review.requested', async (event) => {
    await notifications.notify({
      userId: event.buyerId,
      ...reviewRequestForBuyer({ orderId: event.orderId, orderItemId: event.orderItemId, title: event.title }),
    });
  });

  // A new review: the item's seller, who may reply.
  react('review.created', async (event) => {
    await notifications.notify({
      userId: event.sellerId,
      ...newReviewForSeller({
        reviewId: event.reviewId,
        productId: event.productId,
        itemTitle: event.itemTitle,
        rating: event.rating,
        reviewTitle: event.title,
      }),
    });
  });

  // The seller's reply: the review's author.
  react('review.replied', async (event) => {
    await notifications.notify({
      userId: event.buyerId,
      ...reviewReplyForBuyer({ reviewId: event.reviewId, productId: event.productId, itemTitle: event.itemTitle, reply: event.reply }),
    });
  });

  // An admin hid a review: its author, with the reason.
  react('review.hidden', async (event) => {
    await notifications.notify({
      userId: event.buyerId,
      ...reviewHiddenForBuyer({
        reviewId: event.reviewId,
        orderId: event.orderId,
        orderItemId: event.orderItemId,
        itemTitle: event.itemTitle,
        reason: event.reason,
        hiddenAt: event.hiddenAt,
      }),
    });
  });

  return {
    settled,
  };
}

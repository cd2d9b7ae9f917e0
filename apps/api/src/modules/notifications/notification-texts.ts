import { DISPUTE_REASON_LABELS } from '@marketplace/contracts/disputes';
import { formatDay } from '@marketplace/domain/delivery-dates';
import { formatCents } from '@marketplace/domain/money';
import { shortId } from '@marketplace/domain/short-id';
import { REVIEW_REQUEST_DEDUPE_PREFIX } from '../reviews';
import type { NotifyInput } from './notifications.service';

// The one definition of what each notification says, where it leads and its dedupe key
// (docs/product/notifications.md, "What each kind says"). Pure: the reactions call these with what they
// read for a domain event, and the demo seed with the rows it wrote, so a notification the seed put in
// someone's bell is the very one the event would have written, and a later real event for the same
// thing finds its dedupe key taken. Texts are plain (the web app renders them as text); the service or
// the seed cuts them to length.

/** A notification for one person, without the person. */
export type NotificationText = Omit<NotifyInput, 'userId'>;

/** An order line as the texts name it: "2 × Mug". */
export interface LineFacts {
  quantity: number;
  title: string;
}

/** A parcel: the item an event is about, the lines travelling with it and its label's tracking, if any. */
export interface ParcelFacts {
  orderId: string;
  orderItemId: string;
  lines: readonly LineFacts[];
  tracking: { carrier: string; trackingNumber: string } | null;
}

/** The disputed item, for the dispute texts. */
export interface DisputeFacts {
  disputeId: string;
  orderId: string;
  /** The disputed item's title (the reactions say "an item" when it is gone). */
  title: string;
}

/** How a person is named in a notification: their full name, else their e-mail. */
export const personName = (person: { firstName: string; lastName: string; email: string }) => `${person.firstName} ${person.lastName}`.trim() || person.email;

const orderNumber = (orderId: string) => `#${shortId(orderId)}`;
const lineLabel = (line: LineFacts) => `${line.quantity} × ${line.title}`;
/** "2 × Mug, 1 × Lamp" */
const linesLabel = (lines: readonly LineFacts[]) => lines.map(lineLabel).join(', ');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const quoted = (title: string) => `“${title}”`;
const carrierName = (carrier: string) => (carrier.toLowerCase() === 'ups' ? 'UPS' : carrier);

const buyerOrderPath = (orderId: string) => `/myorders/${orderId}`;
const sellerOrderPath = (orderId: string) => `/seller/orders/items/${orderId}`;
const disputePath = {
  buyer: (id: string) => `/orderDisputes/${id}`,
  seller: (id: string) => `/seller/disputes/${id}`,
  admin: (id: string) => `/admin/disputes/${id}`,
} as const;
/** Support requests are answered on the admin's Settings page. */
const ADMIN_SUPPORT_PATH = '/admin/settings';

/** One notification per parcel: its tracking number, else the item (an item reported without a label). */
const parcelKey = (parcel: ParcelFacts) => `${parcel.orderId}:${parcel.tracking?.trackingNumber ?? parcel.orderItemId}`;

// ── orders ──────────────────────────────────────────────────────────────────────────────────

export function orderPlacedForBuyer(order: { orderId: string; totalCents: number; lines: readonly Pick<LineFacts, 'quantity'>[] }): NotificationText {
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    kind: 'order_placed',
    title: 'Your order is placed',
    body: `Order ${orderNumber(order.orderId)}: ${plural(units, 'item', 'items')}, ${formatCents(order.totalCents)} paid.`,
    link: buyerOrderPath(order.orderId),
    dedupeKey: `order-placed:${order.orderId}`,
  };
}

/** `lines` are the seller's own lines of the order. */
export function newOrderForSeller(order: { orderId: string; lines: readonly LineFacts[] }): NotificationText {
  return {
    kind: 'new_order',
    title: 'You have a new order',
    body: `Order ${orderNumber(order.orderId)}: ${linesLabel(order.lines)}. Approve or reject the items.`,
    link: sellerOrderPath(order.orderId),
    dedupeKey: `new-order:${order.orderId}`,
  };
}

export function itemApprovedForBuyer(item: { orderId: string; orderItemId: string; title: string }): NotificationText {
  return {
    kind: 'item_approved',
    title: 'The seller accepted your item',
    body: `${quoted(item.title)} (order ${orderNumber(item.orderId)}) is being prepared for shipping.`,
    link: buyerOrderPath(item.orderId),
    dedupeKey: `item-approved:${item.orderItemId}`,
  };
}

/** The buyer cancelled one of the seller's items while it waited for them (docs/product/orders.md "Cancelling"). */
export function itemCancelledForSeller(item: { orderId: string; orderItemId: string; title: string }): NotificationText {
  return {
    kind: 'item_cancelled',
    title: 'The buyer cancelled an item',
    body: `${quoted(item.title)} (order ${orderNumber(item.orderId)}) was cancelled before you acted on it. The buyer was refunded and its units are back in stock.`,
    link: sellerOrderPath(item.orderId),
    dedupeKey: `item-cancelled:${item.orderItemId}`,
  };
}

export function itemRejectedForBuyer(item: { orderId: string; orderItemId: string; title: string; rejectionReason: string | null }): NotificationText {
  const reason = item.rejectionReason?.trim();
  return {
    kind: 'item_rejected',
    title: 'The seller declined your item',
    body: `${quoted(item.title)} (order ${orderNumber(item.orderId)}) was declined${reason ? `: ${reason}` : ''}. You are refunded in full.`,
    link: buyerOrderPath(item.orderId),
    dedupeKey: `item-rejected:${item.orderItemId}`,
  };
}

// ── parcels ─────────────────────────────────────────────────────────────────────────────────

export function itemShippedForBuyer(parcel: ParcelFacts): NotificationText {
  const tracking = parcel.tracking ? ` ${carrierName(parcel.tracking.carrier)} tracking number ${parcel.tracking.trackingNumber}.` : '';
  return {
    kind: 'item_shipped',
    title: 'Your order is on its way',
    body: `Order ${orderNumber(parcel.orderId)}: ${linesLabel(parcel.lines)}.${tracking}`,
    link: buyerOrderPath(parcel.orderId),
    dedupeKey: `item-shipped:${parcelKey(parcel)}`,
  };
}

export function itemOutForDeliveryForBuyer(parcel: ParcelFacts): NotificationText {
  return {
    kind: 'item_out_for_delivery',
    title: 'Your parcel is out for delivery',
    body: `Order ${orderNumber(parcel.orderId)}: ${linesLabel(parcel.lines)} should arrive today.`,
    link: buyerOrderPath(parcel.orderId),
    dedupeKey: `item-out-for-delivery:${parcelKey(parcel)}`,
  };
}

export function itemDeliveredForBuyer(parcel: ParcelFacts): NotificationText {
  return {
    kind: 'item_delivered',
    title: 'Your parcel was delivered',
    body: `Order ${orderNumber(parcel.orderId)}: ${linesLabel(parcel.lines)}.`,
    link: buyerOrderPath(parcel.orderId),
    dedupeKey: `item-delivered:${parcelKey(parcel)}`,
  };
}

// ── money ───────────────────────────────────────────────────────────────────────────────────

export function refundIssuedForBuyer(refund: { orderId: string; title: string; amountCents: number; refundKey: string }): NotificationText {
  return {
    kind: 'refund_issued',
    title: `You were refunded ${formatCents(refund.amountCents)}`,
    body: `For ${quoted(refund.title)} (order ${orderNumber(refund.orderId)}), back to your card. Banks usually show it within 5 to 10 business days.`,
    link: buyerOrderPath(refund.orderId),
    dedupeKey: `refund-issued:${refund.refundKey}`,
  };
}

/** The seller voided the label of a parcel: not on its way after all; a new tracking number comes when it ships. */
export function labelVoidedForBuyer(news: {
  shipmentId: string;
  orderId: string;
  trackingNumber: string | null;
  lines: readonly LineFacts[];
}): NotificationText {
  const tracking = news.trackingNumber ? ` UPS tracking number ${news.trackingNumber} will not be used.` : '';
  return {
    kind: 'item_shipped',
    title: 'Your parcel is not on its way yet',
    body: `Order ${orderNumber(news.orderId)}: the seller cancelled the shipping label for ${linesLabel(news.lines)}.${tracking} You will get a new tracking number when it ships.`,
    link: buyerOrderPath(news.orderId),
    dedupeKey: `label-voided:${news.shipmentId}`,
  };
}

/** A shop part's late delivery: its order and shop, the shipping given back, the last day promised and the day it came. */
interface LateDeliveryFacts {
  orderId: string;
  sellerId: string;
  amountCents: number;
  arrivesLatest: string;
  deliveredOn: string;
}

/** A late part whose first carrier scan came after the day to ship by: its shipping comes off the seller's credit. */
export function lateDeliveryChargeForSeller(credit: LateDeliveryFacts): NotificationText {
  return {
    kind: 'refund_issued',
    title: `A late parcel: ${formatCents(credit.amountCents)} of shipping went back to the buyer`,
    body: `Order ${orderNumber(credit.orderId)} was promised by ${formatDay(credit.arrivesLatest)} and came ${formatDay(credit.deliveredOn)}. UPS first scanned it after your day to ship by, so its shipping comes off your shipping credit.`,
    link: sellerOrderPath(credit.orderId),
    dedupeKey: `late-delivery-seller:${credit.orderId}:${credit.sellerId}`,
  };
}

/** A shop's parcel came after the last day promised: its shipping went back to the buyer's card. */
export function lateDeliveryCreditForBuyer(credit: LateDeliveryFacts & { shopName: string }): NotificationText {
  return {
    kind: 'refund_issued',
    title: `Your parcel was late: ${formatCents(credit.amountCents)} of shipping refunded`,
    body: `${credit.shopName}'s parcel of order ${orderNumber(credit.orderId)} was promised by ${formatDay(credit.arrivesLatest)} and came ${formatDay(credit.deliveredOn)}, so its shipping is back on your card.`,
    link: buyerOrderPath(credit.orderId),
    dedupeKey: `late-delivery:${credit.orderId}:${credit.sellerId}`,
  };
}

/** `netCents` is what reached the seller after commission and fees. */
export function payoutSentForSeller(payout: { payoutId: string; orderId: string; netCents: number; line: LineFacts }): NotificationText {
  return {
    kind: 'payout_sent',
    title: `You were paid ${formatCents(payout.netCents)}`,
    body: `For ${lineLabel(payout.line)} (order ${orderNumber(payout.orderId)}), after commission and fees, sent to your Stripe account.`,
    link: sellerOrderPath(payout.orderId),
    dedupeKey: `payout-sent:${payout.payoutId}`,
  };
}

// ── disputes ────────────────────────────────────────────────────────────────────────────────

const disputedItem = (dispute: DisputeFacts) => `${quoted(dispute.title)} (order ${orderNumber(dispute.orderId)})`;
const reasonLabel = (reason: string) => DISPUTE_REASON_LABELS[reason as keyof typeof DISPUTE_REASON_LABELS] ?? reason;

/** The seller answers first. */
export function disputeOpenedForSeller(dispute: DisputeFacts & { reason: string }): NotificationText {
  return {
    kind: 'dispute_opened',
    title: 'A buyer opened a dispute',
    body: `${disputedItem(dispute)}: ${reasonLabel(dispute.reason)}. Answer it with a statement or a refund offer.`,
    link: disputePath.seller(dispute.disputeId),
    dedupeKey: `dispute-opened:${dispute.disputeId}`,
  };
}

export function disputeOpenedForAdmin(dispute: DisputeFacts & { reason: string; buyerName: string }): NotificationText {
  return {
    kind: 'dispute_opened',
    title: 'A dispute was opened',
    body: `${dispute.buyerName} about ${disputedItem(dispute)}: ${reasonLabel(dispute.reason)}.`,
    link: disputePath.admin(dispute.disputeId),
    dedupeKey: `dispute-opened:${dispute.disputeId}`,
  };
}

/** `offerCents` is the seller's refund offer; null when they contested. */
export function disputeAnsweredForBuyer(dispute: DisputeFacts & { offerCents: number | null }): NotificationText {
  const about = disputedItem(dispute);
  const offer = dispute.offerCents !== null ? formatCents(dispute.offerCents) : null;
  return {
    kind: 'dispute_answered',
    title: offer ? `The seller offered a refund of ${offer}` : 'The seller contested your dispute',
    body: offer
      ? `For ${about}. Accept or decline the offer on the dispute page.`
      : `About ${about}. Read their answer; you can ask the marketplace to review it.`,
    link: disputePath.buyer(dispute.disputeId),
    dedupeKey: `dispute-answered:${dispute.disputeId}`,
  };
}

/** `offerCents` is the seller's refund offer; null when they contested. */
export function disputeAnsweredForAdmin(dispute: DisputeFacts & { offerCents: number | null }): NotificationText {
  const about = disputedItem(dispute);
  const offer = dispute.offerCents !== null ? formatCents(dispute.offerCents) : null;
  return {
    kind: 'dispute_answered',
    title: 'A seller answered a dispute',
    body: offer ? `They offered ${offer} for ${about}.` : `They contested the dispute about ${about}.`,
    link: disputePath.admin(dispute.disputeId),
    dedupeKey: `dispute-answered:${dispute.disputeId}`,
  };
}

interface DisputeOutcome extends DisputeFacts {
  outcome: 'refunded' | 'rejected';
  refundCents: number | null;
  note: string | null;
}

function outcomeParts(dispute: DisputeOutcome) {
  const refunded = dispute.outcome === 'refunded';
  return {
    refunded,
    about: disputedItem(dispute),
    amount: refunded && dispute.refundCents !== null ? ` of ${formatCents(dispute.refundCents)}` : '',
    note: dispute.note?.trim() ? ` Note: ${dispute.note.trim()}` : '',
  };
}

export function disputeResolvedForBuyer(dispute: DisputeOutcome): NotificationText {
  const { refunded, about, amount, note } = outcomeParts(dispute);
  return {
    kind: 'dispute_resolved',
    title: refunded ? 'Your dispute was resolved with a refund' : 'Your dispute was closed without a refund',
    body: refunded ? `You get a refund${amount} for ${about}.${note}` : `About ${about}.${note}`,
    link: disputePath.buyer(dispute.disputeId),
    dedupeKey: `dispute-resolved:${dispute.disputeId}`,
  };
}

export function disputeResolvedForSeller(dispute: DisputeOutcome): NotificationText {
  const { refunded, about, amount, note } = outcomeParts(dispute);
  return {
    kind: 'dispute_resolved',
    title: refunded ? 'A dispute was resolved with a refund' : 'A dispute was closed without a refund',
    body: refunded ? `The buyer gets a refund${amount} for ${about}.${note}` : `About ${about}.${note}`,
    link: disputePath.seller(dispute.disputeId),
    dedupeKey: `dispute-resolved:${dispute.disputeId}`,
  };
}

// ── support ─────────────────────────────────────────────────────────────────────────────────

/** `name` is who wrote (personName of the seller). */
export function supportRequestForAdmin(request: { requestId: string; name: string; subject: string }): NotificationText {
  return {
    kind: 'support_request',
    title: 'New support request',
    body: `${request.name}: ${request.subject}`,
    link: ADMIN_SUPPORT_PATH,
    dedupeKey: `support-request:${request.requestId}`,
  };
}

// ── reviews (docs/product/reviews.md) ───────────────────────────────────────────────────────

/** Where a buyer writes (or reads back) their review of an order item: the order page opens the form. */
export const reviewFormPath = (orderId: string, orderItemId: string) => `${buyerOrderPath(orderId)}?review=${orderItemId}`;
/** A review on its product page. */
const reviewOnProductPath = (productId: string, reviewId: string) => `/products/${productId}?review=${reviewId}`;
const stars = (rating: number) => `${rating} of 5 stars`;

/** A few days after delivery, once per order item; the key starts with the prefix the reviews module's job looks for. */
export function reviewRequestForBuyer(item: { orderId: string; orderItemId: string; title: string }): NotificationText {
  return {
    kind: 'review_request',
    title: 'How was your item?',
    body: `Tell other buyers what you think of ${quoted(item.title)} (order ${orderNumber(item.orderId)}).`,
    link: reviewFormPath(item.orderId, item.orderItemId),
    dedupeKey: `${REVIEW_REQUEST_DEDUPE_PREFIX}${item.orderItemId}`,
  };
}

/** `itemTitle` is the order line's title; `reviewTitle` what the buyer wrote. */
export function newReviewForSeller(review: { reviewId: string; productId: string; itemTitle: string; rating: number; reviewTitle: string }): NotificationText {
  return {
    kind: 'new_review',
    title: 'A buyer reviewed your item',
    body: `${stars(review.rating)} for ${quoted(review.itemTitle)}: ${quoted(review.reviewTitle)}. You can reply once, publicly.`,
    link: reviewOnProductPath(review.productId, review.reviewId),
    dedupeKey: `new-review:${review.reviewId}`,
  };
}

export function reviewReplyForBuyer(review: { reviewId: string; productId: string; itemTitle: string; reply: string }): NotificationText {
  return {
    kind: 'review_reply',
    title: 'The seller replied to your review',
    body: `About ${quoted(review.itemTitle)}: ${review.reply}`,
    link: reviewOnProductPath(review.productId, review.reviewId),
    dedupeKey: `review-reply:${review.reviewId}`,
  };
}

/** `hiddenAt` keeps a later hiding of the same review (after it was shown again) a notification of its own. */
export function reviewHiddenForBuyer(review: {
  reviewId: string;
  orderId: string;
  orderItemId: string;
  itemTitle: string;
  reason: string;
  hiddenAt: string;
}): NotificationText {
  return {
    kind: 'review_hidden',
    title: 'Your review was hidden',
    body: `Your review of ${quoted(review.itemTitle)} is no longer shown. Reason: ${review.reason}`,
    link: reviewFormPath(review.orderId, review.orderItemId),
    dedupeKey: `review-hidden:${review.reviewId}:${review.hiddenAt}`,
  };
}

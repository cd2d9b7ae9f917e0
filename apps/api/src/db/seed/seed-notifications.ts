/**
 * Seed step: the bell's history ("In-app notifications"). The other steps write their rows directly, so
 * no domain event fires and nobody would have a notification; this step writes, from those rows, the
 * notifications their events would have written (orders, parcels, refunds, payouts, disputes, support requests
 * and reviews): the same texts, links and dedupe keys (the
 * notifications module's own builders), so a real event about the same thing later finds its key taken
 * and adds nothing. Each is dated when its thing happened (the order placed, the label bought, the
 * parcel's scan, the payout paid …); what is older than UNREAD_FOR_MS was read a little after it came,
 * so every demo account opens the bell on a few unread ones and a longer read history. Only what the
 * clean-up job would still keep is written (read ones go after READ_NOTIFICATION_KEPT_MS).
 * Written in bulk, with no live push. Deterministic: ids and read times come from forks keyed by the
 * person and the dedupe key.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { capText, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, notificationTexts as texts, READ_NOTIFICATION_KEPT_MS } from '../../modules/notifications';
import { disputeEvents, disputes, notifications, orderItems, orders, payouts, refunds, reviews, shipmentItems, shipments, supportRequests } from '../schema';
import type { SeedContext, SeededUser, SeededUsers } from './seed-demo-marketplace';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Newer than this, a seeded notification is still unread. */
export const UNREAD_FOR_MS = 3 * 24 * HOUR_MS;
/** Rows a single insert carries (PostgreSQL takes at most 65,535 parameters a statement). */
const INSERT_CHUNK = 1000;

type ItemRow = typeof orderItems.$inferSelect;

interface Planned {
  userId: string;
  at: Date;
  text: texts.NotificationText;
}

export async function seedNotifications(context: SeedContext, earlier: { users: SeededUsers }): Promise<{ notifications: number }> {
  const { executor, now } = context;
  const [orderRows, itemRows, shipmentRows, refundRows, payoutRows, disputeRows, answerRows, supportRows, reviewRows] = await Promise.all([
    executor.select().from(orders),
    // As the orders module lists an order's lines: by creation, then id.
    executor.select().from(orderItems).orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
    executor
      .select({
        orderItemId: shipmentItems.orderItemId,
        isActive: shipmentItems.isActive,
        status: shipments.status,
        carrier: shipments.carrier,
        trackingNumber: shipments.trackingNumber,
        labelCreatedAt: shipments.labelCreatedAt,
        createdAt: shipments.createdAt,
        events: shipments.trackingEvents,
      })
      .from(shipmentItems)
      .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId)),
    executor.select().from(refunds).where(eq(refunds.status, 'succeeded')),
    executor
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, 'paid'), isNotNull(payouts.paidAt))),
    executor.select().from(disputes),
    executor.select().from(disputeEvents).orderBy(asc(disputeEvents.createdAt)),
    executor.select().from(supportRequests),
    executor.select().from(reviews),
  ]);

  const people = new Map<string, SeededUser>(
    [earlier.users.admin, ...Object.values(earlier.users.sellers), ...earlier.users.buyers].map((user) => [user.id, user]),
  );
  const orderOf = new Map(orderRows.map((order) => [order.id, order]));
  const itemOf = new Map(itemRows.map((item) => [item.id, item]));
  const linesOf = new Map<string, ItemRow[]>();
  for (const item of itemRows) linesOf.set(item.orderId, [...(linesOf.get(item.orderId) ?? []), item]);
  /** When each item's first label was bought, voided ones too (the item was approved before it). */
  const firstLabelAt = new Map<string, number>();
  /** The live parcel of each item: a label that was not voided, as the shipping module reports it. */
  const parcelRowOf = new Map<string, (typeof shipmentRows)[number] & { trackingNumber: string }>();
  for (const row of shipmentRows) {
    const labelAt = (row.labelCreatedAt ?? row.createdAt).getTime();
    firstLabelAt.set(row.orderItemId, Math.min(labelAt, firstLabelAt.get(row.orderItemId) ?? Infinity));
    if (row.isActive && row.status !== 'cancelled' && row.trackingNumber) parcelRowOf.set(row.orderItemId, { ...row, trackingNumber: row.trackingNumber });
  }

  const planned: Planned[] = [];
  const add = (userId: string, at: Date | null, text: texts.NotificationText) => {
    if (at) planned.push({ userId, at, text });
  };

  /** The parcel of an item: the order's lines travelling under its tracking number, or the item alone. */
  const parcelOf = (item: ItemRow): texts.ParcelFacts => {
    const own = parcelRowOf.get(item.id);
    const lines = own ? (linesOf.get(item.orderId) ?? []).filter((line) => parcelRowOf.get(line.id)?.trackingNumber === own.trackingNumber) : [item];
    return { orderId: item.orderId, orderItemId: item.id, lines, tracking: own ? { carrier: own.carrier, trackingNumber: own.trackingNumber } : null };
  };

  // Orders placed: the buyer, and each seller their own lines.
  for (const order of orderRows) {
    const lines = linesOf.get(order.id) ?? [];
    add(order.buyerId, order.createdAt, texts.orderPlacedForBuyer({ orderId: order.id, totalCents: order.totalCents, lines }));
    for (const sellerId of new Set(lines.map((line) => line.sellerId))) {
      add(sellerId, order.createdAt, texts.newOrderForSeller({ orderId: order.id, lines: lines.filter((line) => line.sellerId === sellerId) }));
    }
  }

  for (const item of itemRows) {
    const order = orderOf.get(item.orderId);
    if (!order) continue;
    const facts = { orderId: item.orderId, orderItemId: item.id, title: item.title };
    // Accepted: every item that went on from pending towards shipping, between the order and its next step.
    if (item.status === 'approved' || item.status === 'shipped' || item.status === 'delivered' || item.status === 'completed') {
      add(order.buyerId, approvedAt(context, item, order.createdAt, firstLabelAt.get(item.id) ?? null), texts.itemApprovedForBuyer(facts));
    }
    if (item.status === 'rejected') add(order.buyerId, item.updatedAt, texts.itemRejectedForBuyer({ ...facts, rejectionReason: item.rejectionReason }));

    const parcel = parcelRowOf.get(item.id);
    if (parcel) {
      add(order.buyerId, parcel.labelCreatedAt ?? parcel.createdAt, texts.itemShippedForBuyer(parcelOf(item)));
      const outForDelivery = parcel.events.find((event) => event.status === 'out_for_delivery');
      if (outForDelivery) add(order.buyerId, new Date(outForDelivery.occurredAt), texts.itemOutForDeliveryForBuyer(parcelOf(item)));
    }
    if (item.deliveredAt) add(order.buyerId, item.deliveredAt, texts.itemDeliveredForBuyer(parcelOf(item)));
  }

  for (const refund of refundRows) {
    const item = itemOf.get(refund.orderItemId);
    const order = item && orderOf.get(item.orderId);
    if (!item || !order) continue;
    add(
      order.buyerId,
      refund.createdAt,
      texts.refundIssuedForBuyer({ orderId: order.id, title: item.title, amountCents: refund.amountCents, refundKey: refund.refundKey }),
    );
  }

  for (const payout of payoutRows) {
    const item = itemOf.get(payout.orderItemId);
    if (!item) continue;
    add(payout.sellerId, payout.paidAt, texts.payoutSentForSeller({ payoutId: payout.id, orderId: item.orderId, netCents: payout.netCents, line: item }));
  }

  const admin = earlier.users.admin;
  for (const dispute of disputeRows) {
    const buyer = people.get(dispute.buyerId);
    const facts = { disputeId: dispute.id, orderId: dispute.orderId, title: itemOf.get(dispute.orderItemId)?.title ?? 'an item' };
    const opened = { ...facts, reason: dispute.reason, buyerName: buyer ? texts.personName(buyer) : 'The buyer' };
    add(dispute.sellerId, dispute.createdAt, texts.disputeOpenedForSeller(opened));
    add(admin.id, dispute.createdAt, texts.disputeOpenedForAdmin(opened));
    const answer = answerRows.find((event) => event.disputeId === dispute.id && (event.type === 'seller_offered_refund' || event.type === 'seller_contested'));
    if (answer) {
      const answered = { ...facts, offerCents: answer.type === 'seller_offered_refund' ? answer.amountCents : null };
      add(dispute.buyerId, answer.createdAt, texts.disputeAnsweredForBuyer(answered));
      add(admin.id, answer.createdAt, texts.disputeAnsweredForAdmin(answered));
    }
    if (dispute.status === 'resolved_refunded' || dispute.status === 'resolved_rejected') {
      const refunded = dispute.status === 'resolved_refunded';
      const resolved = {
        ...facts,
        outcome: refunded ? ('refunded' as const) : ('rejected' as const),
        refundCents: refunded ? dispute.refundCents : null,
        note: dispute.resolutionNote,
      };
      add(dispute.buyerId, dispute.resolvedAt, texts.disputeResolvedForBuyer(resolved));
      add(dispute.sellerId, dispute.resolvedAt, texts.disputeResolvedForSeller(resolved));
    }
  }

  for (const request of supportRows) {
    const seller = people.get(request.userId);
    add(
      admin.id,
      request.createdAt,
      texts.supportRequestForAdmin({ requestId: request.id, name: seller ? texts.personName(seller) : 'A seller', subject: request.subject }),
    );
  }

  // Reviews (docs/product/reviews.md): the seller is told of each, the author of the reply and of the hiding.
  // The item is named by its order line's title, as the reactions do.
  for (const review of reviewRows) {
    const item = itemOf.get(review.orderItemId);
    if (!item) continue;
    const about = { reviewId: review.id, productId: review.productId, itemTitle: item.title };
    add(review.sellerId, review.createdAt, texts.newReviewForSeller({ ...about, rating: review.rating, reviewTitle: review.title }));
    if (review.sellerReply !== null) add(review.buyerId, review.sellerRepliedAt, texts.reviewReplyForBuyer({ ...about, reply: review.sellerReply }));
    if (review.hiddenAt !== null && review.hiddenReason !== null) {
      add(
        review.buyerId,
        review.hiddenAt,
        texts.reviewHiddenForBuyer({
          ...about,
          orderId: item.orderId,
          orderItemId: item.id,
          reason: review.hiddenReason,
          hiddenAt: review.hiddenAt.toISOString(),
        }),
      );
    }
  }

  const keptFrom = now.getTime() - READ_NOTIFICATION_KEPT_MS;
  const unreadFrom = now.getTime() - UNREAD_FOR_MS;
  const rows = planned
    .filter(({ at }) => at.getTime() >= keptFrom && at.getTime() <= now.getTime())
    .map(({ userId, at, text }) => {
      const random = context.random.fork(`notifications/${userId}/${text.dedupeKey}`);
      const id = random.uuid();
      // Read a little after it came, and never after now.
      const readAt = at.getTime() < unreadFrom ? new Date(Math.min(now.getTime(), at.getTime() + random.integerBetween(5, 16 * 60) * MINUTE_MS)) : null;
      return {
        id,
        userId,
        kind: text.kind,
        title: capText(text.title, NOTIFICATION_TITLE_MAX),
        body: capText(text.body, NOTIFICATION_BODY_MAX),
        link: text.link,
        dedupeKey: text.dedupeKey,
        createdAt: at,
        readAt,
      };
    });
  let written = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await executor
      .insert(notifications)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    written += inserted.length;
  }
  return { notifications: written };
}

/**
 * When the seller accepted an item: a few hours after the order, before its first label (or delivery,
 * or last change); an item still waiting to ship was last changed by that answer.
 */
function approvedAt(context: SeedContext, item: ItemRow, orderedAt: Date, labelAt: number | null): Date {
  const next = labelAt ?? item.deliveredAt?.getTime() ?? (item.status === 'approved' ? null : item.updatedAt.getTime());
  if (next === null) return item.updatedAt;
  const random = context.random.fork(`notifications/approved/${item.id}`);
  const gap = Math.max(next - orderedAt.getTime(), 0);
  return new Date(orderedAt.getTime() + Math.min(gap / 2, random.integerBetween(30, 8 * 60) * MINUTE_MS));
}

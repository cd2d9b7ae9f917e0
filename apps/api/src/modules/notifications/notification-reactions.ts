import { DISPUTE_REASON_LABELS } from '@marketplace/contracts/disputes';
import { formatCents } from '@marketplace/domain/money';
import { shortId } from '@marketplace/domain/short-id';
import type { Database } from '../../db/client';
import type { DomainEventOf, DomainEvents } from '../../lib/domain-events';
import { findOrderLines, findOrderWithLines, type OrderLineItem } from '../orders';
import { findTrackingOfOrderItems } from '../shipping';
import { findActiveAdmins, findPeople, type PersonRecord } from '../users';
import type { NotificationsService } from './notifications.service';

// The bell's reactions to what other modules did (docs/product/notifications.md): each domain event,
// published after its commit, becomes a notification for each person it concerns. Every one has a
// dedupe key (unique per person), so an event handled twice, or on two instances, writes one row and
// pushes once. Unlike the e-mails, the bell shows everything: a seller's e-mail preferences do not
// apply here. Texts are plain (the web app renders them as text), cut to length by the service.

export interface NotificationReactions {
  /** Resolves once every reaction started so far has written its rows (tests, shutdown). */
  settled(): Promise<void>;
}

const fullName = (person: Pick<PersonRecord, 'firstName' | 'lastName' | 'email'>) => `${person.firstName} ${person.lastName}`.trim() || person.email;
const orderNumber = (orderId: string) => `#${shortId(orderId)}`;
const lineLabel = (line: Pick<OrderLineItem, 'quantity' | 'title'>) => `${line.quantity} × ${line.title}`;
/** "2 × Mug, 1 × Lamp" */
const linesLabel = (lines: readonly Pick<OrderLineItem, 'quantity' | 'title'>[]) => lines.map(lineLabel).join(', ');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const quoted = (title: string) => `“${title}”`;

const buyerOrderPath = (orderId: string) => `/myorders/${orderId}`;
const sellerOrderPath = (orderId: string) => `/seller/orders/items/${orderId}`;
const disputePath = { buyer: (id: string) => `/orderDisputes/${id}`, seller: (id: string) => `/seller/disputes/${id}`, admin: (id: string) => `/admin/disputes/${id}` } as const;
/** Support requests are answered on the admin's Settings page. */
const ADMIN_SUPPORT_PATH = '/admin/settings';

export function createNotificationReactions(deps: {
  db: Database;
  events: Pick<DomainEvents, 'subscribe'>;
  notifications: Pick<NotificationsService, 'notify'>;
  onError: (error: unknown, event: string) => void;
}): NotificationReactions {
  const { db, notifications } = deps;
  const running = new Set<Promise<void>>();

  /** Runs a reaction in the background, remembered until it is done; a failure is logged, never thrown at the publisher. */
  function react<Type extends Parameters<DomainEvents['subscribe']>[0]>(type: Type, handler: (event: DomainEventOf<Type>) => Promise<void>) {
    deps.events.subscribe(type, (event) => {
      const work = handler(event).catch((error: unknown) => deps.onError(error, type));
      running.add(work);
      void work.finally(() => running.delete(work));
    });
  }

  // Order placed: the buyer's confirmation; each seller, their items to approve.
  react('order.placed', async (event) => {
    const found = await findOrderWithLines(db, event.orderId);
    if (!found) return;
    const { order, lines } = found;
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    await notifications.notify({
      userId: order.buyerId,
      kind: 'order_placed',
      title: 'Your order is placed',
      body: `Order ${orderNumber(order.id)}: ${plural(units, 'item', 'items')}, ${formatCents(order.totalCents)} paid.`,
      link: buyerOrderPath(order.id),
      dedupeKey: `order-placed:${order.id}`,
    });
    for (const sellerId of new Set(lines.map((line) => line.sellerId))) {
      const own = lines.filter((line) => line.sellerId === sellerId);
      await notifications.notify({
        userId: sellerId,
        kind: 'new_order',
        title: 'You have a new order',
        body: `Order ${orderNumber(order.id)}: ${linesLabel(own)}. Approve or reject the items.`,
        link: sellerOrderPath(order.id),
        dedupeKey: `new-order:${order.id}`,
      });
    }
  });

  // The seller's answer to a pending item: approved or rejected (a rejection's refund is told by refund.issued).
  react('order-item.moved', async (event) => {
    if (event.from !== 'pending' || (event.to !== 'approved' && event.to !== 'rejected')) return;
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    const { item, order } = line;
    if (event.to === 'approved') {
      await notifications.notify({
        userId: order.buyerId,
        kind: 'item_approved',
        title: 'The seller accepted your item',
        body: `${quoted(item.title)} (order ${orderNumber(order.id)}) is being prepared for shipping.`,
        link: buyerOrderPath(order.id),
        dedupeKey: `item-approved:${item.id}`,
      });
      return;
    }
    const reason = item.rejectionReason?.trim();
    await notifications.notify({
      userId: order.buyerId,
      kind: 'item_rejected',
      title: 'The seller declined your item',
      body: `${quoted(item.title)} (order ${orderNumber(order.id)}) was declined${reason ? `: ${reason}` : ''}. You are refunded in full.`,
      link: buyerOrderPath(order.id),
      dedupeKey: `item-rejected:${item.id}`,
    });
  });

  /** The order, and its items travelling in the same parcel as `orderItemId` (or just that item). */
  async function parcelOf(orderId: string, orderItemId: string, isIncluded: (line: OrderLineItem) => boolean) {
    const found = await findOrderWithLines(db, orderId);
    if (!found) return null;
    const tracking = await findTrackingOfOrderItems(db, found.lines.map((line) => line.id));
    const own = tracking.get(orderItemId) ?? null;
    const lines = found.lines.filter((line) => line.id === orderItemId || (own !== null && tracking.get(line.id)?.trackingNumber === own.trackingNumber && isIncluded(line)));
    if (!lines.some((line) => line.id === orderItemId)) return null;
    /** One notification per parcel: its tracking number, else the item (an item reported without a label). */
    const parcelKey = `${orderId}:${own?.trackingNumber ?? orderItemId}`;
    return { order: found.order, lines, tracking: own, parcelKey };
  }

  const carrierName = (carrier: string) => (carrier.toLowerCase() === 'ups' ? 'UPS' : carrier);

  // Shipped: one notification per parcel, with its tracking number.
  react('order-item.shipped', async (event) => {
    const parcel = await parcelOf(event.orderId, event.orderItemId, (line) => line.status !== 'pending' && line.status !== 'rejected');
    if (!parcel) return;
    const tracking = parcel.tracking ? ` ${carrierName(parcel.tracking.carrier)} tracking number ${parcel.tracking.trackingNumber}.` : '';
    await notifications.notify({
      userId: parcel.order.buyerId,
      kind: 'item_shipped',
      title: 'Your order is on its way',
      body: `Order ${orderNumber(parcel.order.id)}: ${linesLabel(parcel.lines)}.${tracking}`,
      link: buyerOrderPath(parcel.order.id),
      dedupeKey: `item-shipped:${parcel.parcelKey}`,
    });
  });

  // Out for delivery: one notification per parcel.
  react('order-item.out-for-delivery', async (event) => {
    const parcel = await parcelOf(event.orderId, event.orderItemId, (line) => line.status === 'shipped');
    if (!parcel) return;
    await notifications.notify({
      userId: parcel.order.buyerId,
      kind: 'item_out_for_delivery',
      title: 'Your parcel is out for delivery',
      body: `Order ${orderNumber(parcel.order.id)}: ${linesLabel(parcel.lines)} should arrive today.`,
      link: buyerOrderPath(parcel.order.id),
      dedupeKey: `item-out-for-delivery:${parcel.parcelKey}`,
    });
  });

  // Delivered: one notification per parcel.
  react('order-item.delivered', async (event) => {
    const parcel = await parcelOf(event.orderId, event.orderItemId, (line) => line.deliveredAt !== null);
    if (!parcel) return;
    await notifications.notify({
      userId: parcel.order.buyerId,
      kind: 'item_delivered',
      title: 'Your parcel was delivered',
      body: `Order ${orderNumber(parcel.order.id)}: ${linesLabel(parcel.lines)}.`,
      link: buyerOrderPath(parcel.order.id),
      dedupeKey: `item-delivered:${parcel.parcelKey}`,
    });
  });

  // Refund issued: the buyer, once per refund.
  react('refund.issued', async (event) => {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    await notifications.notify({
      userId: line.order.buyerId,
      kind: 'refund_issued',
      title: `You were refunded ${formatCents(event.amountCents)}`,
      body: `For ${quoted(line.item.title)} (order ${orderNumber(line.order.id)}), back to your card. Banks usually show it within 5 to 10 business days.`,
      link: buyerOrderPath(line.order.id),
      dedupeKey: `refund-issued:${event.refundKey}`,
    });
  });

  // Payout sent: the seller, once per payout, with what reached them.
  react('payout.sent', async (event) => {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    await notifications.notify({
      userId: event.sellerId,
      kind: 'payout_sent',
      title: `You were paid ${formatCents(event.breakdown.netCents)}`,
      body: `For ${lineLabel(line.item)} (order ${orderNumber(line.order.id)}), after commission and fees, sent to your Stripe account.`,
      link: sellerOrderPath(line.order.id),
      dedupeKey: `payout-sent:${event.payoutId}`,
    });
  });

  /** The disputed item's title and the buyer's name, for the dispute texts. */
  async function disputeFacts(event: { orderItemId: string; buyerId: string }) {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    const buyer = (await findPeople(db, [event.buyerId])).get(event.buyerId);
    return { title: line?.item.title ?? 'an item', buyerName: buyer ? fullName(buyer) : 'The buyer' };
  }

  // Dispute opened: the seller, who answers first, and every active admin (the buyer opened it).
  react('dispute.opened', async (event) => {
    const { title, buyerName } = await disputeFacts(event);
    const reason = DISPUTE_REASON_LABELS[event.reason as keyof typeof DISPUTE_REASON_LABELS] ?? event.reason;
    const about = `${quoted(title)} (order ${orderNumber(event.orderId)}): ${reason}.`;
    const dedupeKey = `dispute-opened:${event.disputeId}`;
    await notifications.notify({
      userId: event.sellerId,
      kind: 'dispute_opened',
      title: 'A buyer opened a dispute',
      body: `${about} Answer it with a statement or a refund offer.`,
      link: disputePath.seller(event.disputeId),
      dedupeKey,
    });
    for (const admin of await findActiveAdmins(db)) {
      await notifications.notify({ userId: admin.id, kind: 'dispute_opened', title: 'A dispute was opened', body: `${buyerName} about ${about}`, link: disputePath.admin(event.disputeId), dedupeKey });
    }
  });

  // Dispute answered by the seller: the buyer, to accept, decline or escalate; and every active admin.
  react('dispute.answered', async (event) => {
    const { title } = await disputeFacts(event);
    const about = `${quoted(title)} (order ${orderNumber(event.orderId)})`;
    const offer = event.action === 'offer_refund' && event.offerCents !== null ? formatCents(event.offerCents) : null;
    const dedupeKey = `dispute-answered:${event.disputeId}`;
    await notifications.notify({
      userId: event.buyerId,
      kind: 'dispute_answered',
      title: offer ? `The seller offered a refund of ${offer}` : 'The seller contested your dispute',
      body: offer ? `For ${about}. Accept or decline the offer on the dispute page.` : `About ${about}. Read their answer; you can ask the marketplace to review it.`,
      link: disputePath.buyer(event.disputeId),
      dedupeKey,
    });
    for (const admin of await findActiveAdmins(db)) {
      await notifications.notify({
        userId: admin.id,
        kind: 'dispute_answered',
        title: 'A seller answered a dispute',
        body: offer ? `They offered ${offer} for ${about}.` : `They contested the dispute about ${about}.`,
        link: disputePath.admin(event.disputeId),
        dedupeKey,
      });
    }
  });

  // Dispute resolved: the buyer and the seller.
  react('dispute.resolved', async (event) => {
    const { title } = await disputeFacts(event);
    const about = `${quoted(title)} (order ${orderNumber(event.orderId)})`;
    const refunded = event.outcome === 'refunded';
    const amount = refunded && event.refundCents !== null ? ` of ${formatCents(event.refundCents)}` : '';
    const note = event.note?.trim() ? ` Note: ${event.note.trim()}` : '';
    const dedupeKey = `dispute-resolved:${event.disputeId}`;
    await notifications.notify({
      userId: event.buyerId,
      kind: 'dispute_resolved',
      title: refunded ? 'Your dispute was resolved with a refund' : 'Your dispute was closed without a refund',
      body: refunded ? `You get a refund${amount} for ${about}.${note}` : `About ${about}.${note}`,
      link: disputePath.buyer(event.disputeId),
      dedupeKey,
    });
    await notifications.notify({
      userId: event.sellerId,
      kind: 'dispute_resolved',
      title: refunded ? 'A dispute was resolved with a refund' : 'A dispute was closed without a refund',
      body: refunded ? `The buyer gets a refund${amount} for ${about}.${note}` : `About ${about}.${note}`,
      link: disputePath.seller(event.disputeId),
      dedupeKey,
    });
  });

  // Support request: every active admin.
  react('support.requested', async (event) => {
    for (const admin of await findActiveAdmins(db)) {
      await notifications.notify({
        userId: admin.id,
        kind: 'support_request',
        title: 'New support request',
        body: `${event.name}: ${event.subject}`,
        link: ADMIN_SUPPORT_PATH,
        dedupeKey: `support-request:${event.requestId}`,
      });
    }
  });

  return {
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

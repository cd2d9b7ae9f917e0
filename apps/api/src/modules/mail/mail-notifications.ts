import type { NotificationPreferenceKey } from '@marketplace/contracts/workspace';
import type { Database } from '../../db/client';
import type { DomainEventOf, DomainEvents } from '../../lib/domain-events';
import { findOrderLines, findOrderWithLines, shippingAddressOfOrder, type OrderLineItem } from '../orders';
import { findTrackingOfOrderItems } from '../shipping';
import { findActiveAdmins, findPeople, type PersonRecord } from '../users';
import type { WorkspaceService } from '../workspace';
import * as templates from './mail-templates';
import type { MailService } from './mail.types';
import type { UnsubscribeLinks } from './unsubscribe-links';

// The mail reactions to what other modules did (docs/product/notifications.md): each domain event,
// published after its commit, becomes outbox rows. A handler only reads and writes rows (the mail job
// sends them), and each message has a dedupe key, so an event handled twice still sends once. A
// seller's optional e-mails follow their notification preferences (workspace module).

export interface MailNotifications {
  /** Resolves once every reaction started so far has written its rows (tests, shutdown). */
  settled(): Promise<void>;
}

const fullName = (person: Pick<PersonRecord, 'firstName' | 'lastName' | 'email'>) => `${person.firstName} ${person.lastName}`.trim() || person.email;

function mailLine(item: OrderLineItem): templates.MailLine {
  return { id: item.id, title: item.title, priceCents: item.priceCents, quantity: item.quantity, retipAdded: item.retipAdded, retipPriceCents: item.retipPriceCents };
}

export function createMailNotifications(deps: {
  db: Database;
  events: Pick<DomainEvents, 'subscribe'>;
  mail: MailService;
  workspace: Pick<WorkspaceService, 'publicSettings' | 'notificationPreferences'>;
  unsubscribeLinks: UnsubscribeLinks;
  publicUrl: string;
  onError: (error: unknown, event: string) => void;
}): MailNotifications {
  const { db, mail, workspace, unsubscribeLinks } = deps;
  const running = new Set<Promise<void>>();

  async function brand(): Promise<templates.Brand> {
    const settings = await workspace.publicSettings();
    return { name: settings.marketplaceName, publicUrl: deps.publicUrl.replace(/\/+$/, '') };
  }

  async function wants(userId: string, preference: NotificationPreferenceKey): Promise<boolean> {
    return (await workspace.notificationPreferences(userId))[preference];
  }

  /** Runs a reaction in the background, remembered until it is done; a failure is logged, never thrown at the publisher. */
  function react<Type extends Parameters<DomainEvents['subscribe']>[0]>(type: Type, handler: (event: DomainEventOf<Type>) => Promise<void>) {
    deps.events.subscribe(type, (event) => {
      const work = handler(event).catch((error: unknown) => deps.onError(error, type));
      running.add(work);
      void work.finally(() => running.delete(work));
    });
  }

  // Order placed: the buyer's receipt; each seller, the items to approve (optional: newOrder).
  react('order.placed', async (event) => {
    const found = await findOrderWithLines(db, event.orderId);
    if (!found) return;
    const { order, lines } = found;
    const people = await findPeople(db, [order.buyerId, ...new Set(lines.map((line) => line.sellerId))]);
    const look = await brand();
    const buyer = people.get(order.buyerId);
    if (buyer) {
      const rendered = templates.orderPlacedBuyer(look, {
        buyerName: fullName(buyer),
        orderId: order.id,
        lines: lines.map(mailLine),
        totals: { itemsTotalCents: order.itemsTotalCents, shippingCents: order.shippingCents, retipTotalCents: order.retipTotalCents, totalCents: order.totalCents },
        address: shippingAddressOfOrder(order),
      });
      await mail.send({ to: buyer.email, toUserId: buyer.id, template: 'order-placed-buyer', category: 'transactional', dedupeKey: `order-placed-buyer:${order.id}`, ...rendered });
    }
    for (const sellerId of new Set(lines.map((line) => line.sellerId))) {
      const seller = people.get(sellerId);
      if (!seller || !(await wants(sellerId, 'newOrder'))) continue;
      const unsubscribeUrl = unsubscribeLinks.urlFor(sellerId, 'newOrder');
      const rendered = templates.orderPlacedSeller(look, {
        sellerName: fullName(seller),
        orderId: order.id,
        buyerName: buyer ? fullName(buyer) : order.shippingName,
        lines: lines.filter((line) => line.sellerId === sellerId).map(mailLine),
        unsubscribeUrl,
      });
      await mail.send({ to: seller.email, toUserId: seller.id, template: 'order-placed-seller', category: 'notification', dedupeKey: `order-placed-seller:${order.id}:${sellerId}`, unsubscribeUrl, ...rendered });
    }
  });

  /** The buyer, and the order's items travelling in the same parcel as `orderItemId` (or just that item). */
  async function parcelOf(orderId: string, orderItemId: string, isIncluded: (line: OrderLineItem) => boolean) {
    const found = await findOrderWithLines(db, orderId);
    if (!found) return null;
    const tracking = await findTrackingOfOrderItems(db, found.lines.map((line) => line.id));
    const own = tracking.get(orderItemId) ?? null;
    const inParcel = found.lines.filter((line) => line.id === orderItemId || (own !== null && tracking.get(line.id)?.trackingNumber === own.trackingNumber && isIncluded(line)));
    const buyer = (await findPeople(db, [found.order.buyerId])).get(found.order.buyerId) ?? null;
    return { order: found.order, lines: inParcel, tracking: own, buyer };
  }

  // Shipped: one e-mail per parcel, with its tracking number (transactional: the buyer's own purchase).
  react('order-item.shipped', async (event) => {
    const parcel = await parcelOf(event.orderId, event.orderItemId, (line) => line.status !== 'pending' && line.status !== 'rejected');
    if (!parcel?.buyer) return;
    const rendered = templates.itemsShipped(await brand(), {
      buyerName: fullName(parcel.buyer),
      orderId: parcel.order.id,
      titles: parcel.lines.map((line) => `${line.quantity} × ${line.title}`),
      carrier: parcel.tracking?.carrier ?? 'ups',
      trackingNumber: parcel.tracking?.trackingNumber ?? null,
    });
    const dedupeKey = `items-shipped:${parcel.order.id}:${parcel.tracking?.trackingNumber ?? event.orderItemId}`;
    await mail.send({ to: parcel.buyer.email, toUserId: parcel.buyer.id, template: 'items-shipped', category: 'transactional', dedupeKey, ...rendered });
  });

  // Delivered: one e-mail per parcel (transactional).
  react('order-item.delivered', async (event) => {
    const parcel = await parcelOf(event.orderId, event.orderItemId, (line) => line.deliveredAt !== null);
    if (!parcel?.buyer) return;
    const rendered = templates.itemsDelivered(await brand(), { buyerName: fullName(parcel.buyer), orderId: parcel.order.id, titles: parcel.lines.map((line) => `${line.quantity} × ${line.title}`) });
    const dedupeKey = `items-delivered:${parcel.order.id}:${parcel.tracking?.trackingNumber ?? event.orderItemId}`;
    await mail.send({ to: parcel.buyer.email, toUserId: parcel.buyer.id, template: 'items-delivered', category: 'transactional', dedupeKey, ...rendered });
  });

  // Refund issued: the buyer, once per refund (transactional).
  react('refund.issued', async (event) => {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    const buyer = (await findPeople(db, [line.order.buyerId])).get(line.order.buyerId);
    if (!buyer) return;
    const rendered = templates.refundIssued(await brand(), { buyerName: fullName(buyer), orderId: line.order.id, title: line.item.title, amountCents: event.amountCents, refundedCents: event.refundedCents });
    await mail.send({ to: buyer.email, toUserId: buyer.id, template: 'refund-issued', category: 'transactional', dedupeKey: `refund-issued:${event.refundKey}`, ...rendered });
  });

  // Payout sent: the seller, with the breakdown (optional: payoutSent).
  react('payout.sent', async (event) => {
    if (!(await wants(event.sellerId, 'payoutSent'))) return;
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    const seller = (await findPeople(db, [event.sellerId])).get(event.sellerId);
    if (!line || !seller) return;
    const unsubscribeUrl = unsubscribeLinks.urlFor(seller.id, 'payoutSent');
    const rendered = templates.payoutSent(await brand(), { sellerName: fullName(seller), orderId: line.order.id, title: line.item.title, quantity: line.item.quantity, breakdown: event.breakdown, unsubscribeUrl });
    await mail.send({ to: seller.email, toUserId: seller.id, template: 'payout-sent', category: 'notification', dedupeKey: `payout-sent:${event.payoutId}`, unsubscribeUrl, ...rendered });
  });

  // Dispute opened: the buyer (their copy), the seller (optional: disputeOpened) and every active admin.
  react('dispute.opened', async (event) => {
    const line = (await findOrderLines(db, [event.orderItemId])).get(event.orderItemId);
    if (!line) return;
    const people = await findPeople(db, [event.buyerId, event.sellerId]);
    const buyer = people.get(event.buyerId);
    const seller = people.get(event.sellerId);
    const look = await brand();
    const base = { disputeId: event.disputeId, orderId: event.orderId, title: line.item.title, reason: event.reason, description: event.description, buyerName: buyer ? fullName(buyer) : 'The buyer' };
    if (buyer) {
      const rendered = templates.disputeOpened(look, { ...base, audience: 'buyer', recipientName: fullName(buyer) });
      await mail.send({ to: buyer.email, toUserId: buyer.id, template: 'dispute-opened-buyer', category: 'transactional', dedupeKey: `dispute-opened-buyer:${event.disputeId}`, ...rendered });
    }
    if (seller && (await wants(seller.id, 'disputeOpened'))) {
      const unsubscribeUrl = unsubscribeLinks.urlFor(seller.id, 'disputeOpened');
      const rendered = templates.disputeOpened(look, { ...base, audience: 'seller', recipientName: fullName(seller), unsubscribeUrl });
      await mail.send({ to: seller.email, toUserId: seller.id, template: 'dispute-opened-seller', category: 'notification', dedupeKey: `dispute-opened-seller:${event.disputeId}`, unsubscribeUrl, ...rendered });
    }
    for (const admin of await findActiveAdmins(db)) {
      const rendered = templates.disputeOpened(look, { ...base, audience: 'admin', recipientName: fullName(admin) });
      await mail.send({ to: admin.email, toUserId: admin.id, template: 'dispute-opened-admin', category: 'transactional', dedupeKey: `dispute-opened-admin:${event.disputeId}:${admin.id}`, ...rendered });
    }
  });

  return {
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

import type { NotificationPreferenceKey } from '@marketplace/contracts/workspace';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createReactions, type DomainEvents, type PlacedOrder } from '../../lib/domain-events';
import { findActiveAdmins, findPeople, type PersonRecord } from '../users';
import type { WorkspaceService } from '../workspace';
import * as templates from './mail-templates';
import { findOutboxIdByDedupeKey } from './mail.repository';
import type { MailService, OutgoingMail } from './mail.types';
import type { UnsubscribeLinks } from './unsubscribe-links';
import { isoDay, lastDayOf, weekDueAt } from './weekly-summary';

// The mail reactions to what other modules did (docs/product/notifications.md): each domain event,
// published after its commit, becomes outbox rows. A handler only reads and writes rows (the mail job
// sends them), and each message has a dedupe key, so an event handled twice still sends once. A
// seller's optional e-mails follow their notification preferences (workspace module).
//
// Mail is a leaf at the top of the modules' layers (modules/layers.ts): what happened comes in the
// event (an order's lines, a parcel, a dispute's statement, a message's words); it looks up only the
// people it writes to (users) and the marketplace's settings (workspace). The weekly figures are the
// analytics module's, handed in at boot.

export interface MailNotifications {
  /** Resolves once every reaction started so far has written its rows (tests, shutdown). */
  settled(): Promise<void>;
  /**
   * The weekly summary's round (an hourly job): on Monday from 06:00 UTC, writes last week's summary for
   * every active seller who wants it, once per seller and ISO week; at other times it does nothing.
   */
  sendWeeklySummaries(): Promise<{ sent: number; alreadySent: number }>;
}

/** A chat's e-mails to one person: at most one per this long, counted from the last one written. */
export const CHAT_MAIL_INTERVAL_MS = 15 * 60 * 1000;
/** How much of a message the chat e-mail quotes. */
export const CHAT_EXCERPT_LENGTH = 160;

const fullName = (person: Pick<PersonRecord, 'firstName' | 'lastName' | 'email'>) => `${person.firstName} ${person.lastName}`.trim() || person.email;
/** How a seller is named to buyers: their company, else their name. */
const sellerNameOf = (person: PersonRecord | undefined) => (person ? person.companyName?.trim() || fullName(person) : 'The seller');

/** The start of a message, on one line, cut at a word near `length`. */
export function excerptOf(content: string, length = CHAT_EXCERPT_LENGTH): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function mailLine(line: PlacedOrder['lines'][number]): templates.MailLine {
  return {
    id: line.orderItemId,
    title: line.title,
    priceCents: line.priceCents,
    quantity: line.quantity,
    retipAdded: line.retipAdded,
    retipPriceCents: line.retipPriceCents,
  };
}

const parcelTitles = (parcel: { lines: ReadonlyArray<{ quantity: number; title: string }> }) => parcel.lines.map((line) => `${line.quantity} × ${line.title}`);

export function createMailNotifications(deps: {
  db: Database;
  events: Pick<DomainEvents, 'subscribe'>;
  mail: MailService;
  workspace: Pick<WorkspaceService, 'publicSettings' | 'notificationPreferences' | 'activeSellersWanting'>;
  unsubscribeLinks: UnsubscribeLinks;
  publicUrl: string;
  clock: Clock;
  /** Whether the user has the app open somewhere (a live socket on any instance): then a chat message needs no e-mail. */
  isOnline: (userId: string) => Promise<boolean>;
  /** A seller's figures for [from, to): the dashboard's sales and the payout stats' paid payouts (the analytics module). */
  weeklyFiguresOf: (sellerId: string, from: Date, to: Date) => Promise<templates.WeeklyFigures>;
  onError: (error: unknown, event: string) => void;
}): MailNotifications {
  const { db, mail, workspace, unsubscribeLinks, clock } = deps;
  const { react, settled } = createReactions(deps.events, deps.onError);

  async function brand(): Promise<templates.Brand> {
    const settings = await workspace.publicSettings();
    return { name: settings.marketplaceName, publicUrl: deps.publicUrl.replace(/\/+$/, '') };
  }

  async function wants(userId: string, preference: NotificationPreferenceKey): Promise<boolean> {
    return (await workspace.notificationPreferences(userId))[preference];
  }

  // Order placed: the buyer's receipt; each seller, the items to approve (optional: newOrder).
  react('order.placed', async (event) => {
    const { order } = event;
    const sellerIds = [...new Set(order.lines.map((line) => line.sellerId))];
    const people = await findPeople(db, [event.buyerId, ...sellerIds]);
    const look = await brand();
    const buyer = people.get(event.buyerId);
    if (buyer) {
      const rendered = templates.orderPlacedBuyer(look, {
        buyerName: fullName(buyer),
        orderId: event.orderId,
        lines: order.lines.map(mailLine),
        totals: {
          itemsTotalCents: order.itemsTotalCents,
          shippingCents: order.shippingCents,
          retipTotalCents: order.retipTotalCents,
          totalCents: event.totalCents,
        },
        address: order.shippingAddress,
        shops: order.shops,
      });
      await mail.send({
        to: buyer.email,
        toUserId: buyer.id,
        template: 'order-placed-buyer',
        category: 'transactional',
        dedupeKey: `order-placed-buyer:${event.orderId}`,
        ...rendered,
      });
    }
    for (const sellerId of sellerIds) {
      const seller = people.get(sellerId);
      if (!seller || !(await wants(sellerId, 'newOrder'))) continue;
      const unsubscribeUrl = unsubscribeLinks.urlFor(sellerId, 'newOrder');
      const rendered = templates.orderPlacedSeller(look, {
        sellerName: fullName(seller),
        orderId: event.orderId,
        buyerName: buyer ? fullName(buyer) : order.shippingAddress.name,
        lines: order.lines.filter((line) => line.sellerId === sellerId).map(mailLine),
        unsubscribeUrl,
        promise: order.shops.find((shop) => shop.sellerId === sellerId) ?? null,
      });
      await mail.send({
        to: seller.email,
        toUserId: seller.id,
        template: 'order-placed-seller',
        category: 'notification',
        dedupeKey: `order-placed-seller:${event.orderId}:${sellerId}`,
        unsubscribeUrl,
        ...rendered,
      });
    }
  });

  const personOf = async (userId: string) => (await findPeople(db, [userId])).get(userId) ?? null;

  /** A transactional e-mail to an event's buyer (their own purchase or money), rendered with their name, once per key. */
  async function mailBuyer(
    buyerId: string,
    message: { template: OutgoingMail['template']; dedupeKey: string },
    render: (buyerName: string, brand: templates.Brand) => Pick<OutgoingMail, 'subject' | 'html' | 'text'>,
  ): Promise<void> {
    const buyer = await personOf(buyerId);
    if (!buyer) return;
    const rendered = render(fullName(buyer), await brand());
    await mail.send({ to: buyer.email, toUserId: buyer.id, category: 'transactional', ...message, ...rendered });
  }

  // Shipped: one e-mail per parcel, with its tracking number (transactional: the buyer's own purchase).
  react('order-item.shipped', async (event) => {
    const buyer = await personOf(event.buyerId);
    if (!buyer) return;
    const { parcel } = event;
    const rendered = templates.itemsShipped(await brand(), {
      buyerName: fullName(buyer),
      orderId: event.orderId,
      titles: parcelTitles(parcel),
      carrier: parcel.tracking?.carrier ?? 'ups',
      trackingNumber: parcel.tracking?.trackingNumber ?? null,
    });
    const dedupeKey = `items-shipped:${event.orderId}:${parcel.tracking?.trackingNumber ?? event.orderItemId}`;
    await mail.send({ to: buyer.email, toUserId: buyer.id, template: 'items-shipped', category: 'transactional', dedupeKey, ...rendered });
  });

  // Delivered: one e-mail per parcel (transactional).
  react('order-item.delivered', async (event) => {
    const buyer = await personOf(event.buyerId);
    if (!buyer) return;
    const rendered = templates.itemsDelivered(await brand(), { buyerName: fullName(buyer), orderId: event.orderId, titles: parcelTitles(event.parcel) });
    const dedupeKey = `items-delivered:${event.orderId}:${event.parcel.tracking?.trackingNumber ?? event.orderItemId}`;
    await mail.send({ to: buyer.email, toUserId: buyer.id, template: 'items-delivered', category: 'transactional', dedupeKey, ...rendered });
  });

  // Refund issued: the buyer, once per refund (transactional).
  react('refund.issued', async (event) => {
    await mailBuyer(event.buyerId, { template: 'refund-issued', dedupeKey: `refund-issued:${event.refundKey}` }, (buyerName, brand) =>
      templates.refundIssued(brand, {
        buyerName,
        orderId: event.orderId,
        title: event.title,
        amountCents: event.amountCents,
        refundedCents: event.refundedCents,
      }),
    );
  });

  // A voided label: the buyer, once per label (transactional: it is about their parcel).
  react('label.voided', async (event) => {
    await mailBuyer(event.buyerId, { template: 'label-voided', dedupeKey: `label-voided:${event.shipmentId}` }, (buyerName, brand) =>
      templates.labelVoided(brand, {
        buyerName,
        orderId: event.orderId,
        trackingNumber: event.trackingNumber,
        titles: event.lines.map((line) => `${line.quantity} × ${line.title}`),
      }),
    );
  });

  // A late parcel's shipping back: the buyer, once per shop part, told why (transactional: it is about their money).
  react('delivery.late-credited', async (event) => {
    await mailBuyer(event.buyerId, { template: 'late-delivery-credit', dedupeKey: `late-delivery:${event.orderId}:${event.sellerId}` }, (buyerName, brand) =>
      templates.lateDeliveryCredit(brand, { buyerName, ...event }),
    );
  });

  // Payout sent: the seller, with the breakdown (optional: payoutSent).
  react('payout.sent', async (event) => {
    if (!(await wants(event.sellerId, 'payoutSent'))) return;
    const seller = await personOf(event.sellerId);
    if (!seller) return;
    const unsubscribeUrl = unsubscribeLinks.urlFor(seller.id, 'payoutSent');
    const rendered = templates.payoutSent(await brand(), {
      sellerName: fullName(seller),
      orderId: event.orderId,
      title: event.line.title,
      quantity: event.line.quantity,
      breakdown: event.breakdown,
      unsubscribeUrl,
    });
    await mail.send({
      to: seller.email,
      toUserId: seller.id,
      template: 'payout-sent',
      category: 'notification',
      dedupeKey: `payout-sent:${event.payoutId}`,
      unsubscribeUrl,
      ...rendered,
    });
  });

  // Dispute opened: the buyer (their copy), the seller (optional: disputeOpened) and every active admin.
  react('dispute.opened', async (event) => {
    const people = await findPeople(db, [event.buyerId, event.sellerId]);
    const buyer = people.get(event.buyerId);
    const seller = people.get(event.sellerId);
    const look = await brand();
    const base = {
      disputeId: event.disputeId,
      orderId: event.orderId,
      title: event.title,
      reason: event.reason,
      description: event.description,
      buyerName: buyer ? fullName(buyer) : 'The buyer',
    };
    if (buyer) {
      const rendered = templates.disputeOpened(look, { ...base, audience: 'buyer', recipientName: fullName(buyer) });
      await mail.send({
        to: buyer.email,
        toUserId: buyer.id,
        template: 'dispute-opened-buyer',
        category: 'transactional',
        dedupeKey: `dispute-opened-buyer:${event.disputeId}`,
        ...rendered,
      });
    }
    if (seller && (await wants(seller.id, 'disputeOpened'))) {
      const unsubscribeUrl = unsubscribeLinks.urlFor(seller.id, 'disputeOpened');
      const rendered = templates.disputeOpened(look, { ...base, audience: 'seller', recipientName: fullName(seller), unsubscribeUrl });
      await mail.send({
        to: seller.email,
        toUserId: seller.id,
        template: 'dispute-opened-seller',
        category: 'notification',
        dedupeKey: `dispute-opened-seller:${event.disputeId}`,
        unsubscribeUrl,
        ...rendered,
      });
    }
    for (const admin of await findActiveAdmins(db)) {
      const rendered = templates.disputeOpened(look, { ...base, audience: 'admin', recipientName: fullName(admin) });
      await mail.send({
        to: admin.email,
        toUserId: admin.id,
        template: 'dispute-opened-admin',
        category: 'transactional',
        dedupeKey: `dispute-opened-admin:${event.disputeId}:${admin.id}`,
        ...rendered,
      });
    }
  });

  // The seller confirmed or declined a pending item: the buyer hears which (transactional). A voided
  // label moves a shipped item back to approved: that is no news for the buyer.
  react('order-item.moved', async (event) => {
    if (event.from !== 'pending' || (event.to !== 'approved' && event.to !== 'rejected')) return;
    const { item } = event;
    const people = await findPeople(db, [event.buyerId, event.sellerId]);
    const buyer = people.get(event.buyerId);
    if (!buyer) return;
    const base = {
      buyerName: fullName(buyer),
      orderId: event.orderId,
      title: item.title,
      quantity: item.quantity,
      sellerName: sellerNameOf(people.get(event.sellerId)),
    };
    const look = await brand();
    if (event.to === 'approved') {
      const rendered = templates.itemApproved(look, base);
      await mail.send({
        to: buyer.email,
        toUserId: buyer.id,
        template: 'item-approved',
        category: 'transactional',
        dedupeKey: `item-approved:${event.orderItemId}`,
        ...rendered,
      });
      return;
    }
    // A pending item had nothing refunded yet: the rejection gives back all the buyer paid for it.
    const rendered = templates.itemRejected(look, { ...base, reason: item.rejectionReason, refundCents: item.paidCents });
    await mail.send({
      to: buyer.email,
      toUserId: buyer.id,
      template: 'item-rejected',
      category: 'transactional',
      dedupeKey: `item-rejected:${event.orderItemId}`,
      ...rendered,
    });
  });

  // Out for delivery: one e-mail per parcel (transactional); each item of it announces itself, the key keeps one.
  react('order-item.out-for-delivery', async (event) => {
    const buyer = await personOf(event.buyerId);
    if (!buyer) return;
    const { parcel } = event;
    const rendered = templates.itemsOutForDelivery(await brand(), {
      buyerName: fullName(buyer),
      orderId: event.orderId,
      titles: parcelTitles(parcel),
      carrier: parcel.tracking?.carrier ?? 'ups',
      trackingNumber: parcel.tracking?.trackingNumber ?? null,
    });
    const dedupeKey = `items-out-for-delivery:${event.orderId}:${parcel.tracking?.trackingNumber ?? event.orderItemId}`;
    await mail.send({ to: buyer.email, toUserId: buyer.id, template: 'items-out-for-delivery', category: 'transactional', dedupeKey, ...rendered });
  });

  // The seller answered a dispute (once: only an open dispute can be answered): the buyer and every active admin.
  react('dispute.answered', async (event) => {
    const people = await findPeople(db, [event.buyerId, event.sellerId]);
    const buyer = people.get(event.buyerId);
    const look = await brand();
    const base = {
      disputeId: event.disputeId,
      orderId: event.orderId,
      title: event.title,
      sellerName: sellerNameOf(people.get(event.sellerId)),
      action: event.action,
      offerCents: event.offerCents,
      statement: event.statement,
    };
    if (buyer) {
      const rendered = templates.disputeAnswered(look, { ...base, audience: 'buyer', recipientName: fullName(buyer) });
      await mail.send({
        to: buyer.email,
        toUserId: buyer.id,
        template: 'dispute-answered-buyer',
        category: 'transactional',
        dedupeKey: `dispute-answered-buyer:${event.disputeId}`,
        ...rendered,
      });
    }
    for (const admin of await findActiveAdmins(db)) {
      const rendered = templates.disputeAnswered(look, { ...base, audience: 'admin', recipientName: fullName(admin) });
      await mail.send({
        to: admin.email,
        toUserId: admin.id,
        template: 'dispute-answered-admin',
        category: 'transactional',
        dedupeKey: `dispute-answered-admin:${event.disputeId}:${admin.id}`,
        ...rendered,
      });
    }
  });

  // A dispute ended: the buyer and the seller, with the outcome and the refund. Both are transactional: the
  // seller's copy is the decision about their own sale and money (a refund may come out of their next
  // payout), not an alert they chose, so the disputeOpened preference does not hold it back.
  react('dispute.resolved', async (event) => {
    const people = await findPeople(db, [event.buyerId, event.sellerId]);
    const look = await brand();
    const base = {
      disputeId: event.disputeId,
      orderId: event.orderId,
      title: event.title,
      outcome: event.outcome,
      refundCents: event.refundCents,
      byBuyerAcceptingOffer: event.byBuyerAcceptingOffer,
      note: event.note,
    };
    for (const audience of ['buyer', 'seller'] as const) {
      const recipient = people.get(audience === 'buyer' ? event.buyerId : event.sellerId);
      if (!recipient) continue;
      const rendered = templates.disputeResolved(look, { ...base, audience, recipientName: fullName(recipient) });
      await mail.send({
        to: recipient.email,
        toUserId: recipient.id,
        template: `dispute-resolved-${audience}`,
        category: 'transactional',
        dedupeKey: `dispute-resolved-${audience}:${event.disputeId}`,
        ...rendered,
      });
    }
  });

  // A chat message to someone who is not here (no open socket on any instance): one e-mail per chat and
  // recipient per CHAT_MAIL_INTERVAL_MS, counted from the last one written; the messages in between are
  // waiting in the chat. Optional (newMessage) for sellers and buyers alike: a buyer never saved preferences,
  // so the default (on) holds until the e-mail's own unsubscribe link turns it off. Two instances cannot
  // both write one: the "last one within the interval" check and the write hold the series' lock, and the
  // dedupe key names the interval's slot as well.
  react('chat.message-sent', async (event) => {
    if (await deps.isOnline(event.recipientId)) return;
    if (!(await wants(event.recipientId, 'newMessage'))) return;
    const people = await findPeople(db, [event.recipientId, event.senderId]);
    const recipient = people.get(event.recipientId);
    const sender = people.get(event.senderId);
    if (!recipient || recipient.status !== 'active' || !sender) return;
    const audience = recipient.id === event.buyerId ? 'buyer' : 'seller';
    const now = clock.now();
    const prefix = `chat-message:${event.chatId}:${recipient.id}:`;
    const slot = new Date(Math.floor(now.getTime() / CHAT_MAIL_INTERVAL_MS) * CHAT_MAIL_INTERVAL_MS);
    const unsubscribeUrl = unsubscribeLinks.urlFor(recipient.id, 'newMessage');
    const photos = event.photoCount;
    const excerpt = event.content.trim() !== '' ? excerptOf(event.content) : `Sent ${photos === 1 ? 'a photo' : `${photos} photos`}.`;
    const rendered = templates.chatMessage(await brand(), {
      audience,
      recipientName: fullName(recipient),
      senderName: audience === 'buyer' ? sellerNameOf(sender) : fullName(sender),
      excerpt,
      chatId: event.chatId,
      unsubscribeUrl,
    });
    await mail.sendUnlessRecent(
      {
        to: recipient.email,
        toUserId: recipient.id,
        template: 'chat-message',
        category: 'notification',
        dedupeKey: `${prefix}${slot.toISOString()}`,
        unsubscribeUrl,
        ...rendered,
      },
      { prefix, since: new Date(now.getTime() - CHAT_MAIL_INTERVAL_MS) },
    );
  });

  // A seller wrote to support: every active admin (transactional: the team's work queue).
  react('support.requested', async (event) => {
    const look = await brand();
    for (const admin of await findActiveAdmins(db)) {
      const rendered = templates.supportRequested(look, { requesterName: event.name, requesterEmail: event.email, subject: event.subject });
      await mail.send({
        to: admin.email,
        toUserId: admin.id,
        template: 'support-requested',
        category: 'transactional',
        dedupeKey: `support-requested:${event.requestId}:${admin.id}`,
        ...rendered,
      });
    }
  });

  // A few days after delivery (the review-request job): the buyer is asked to review the item, once per
  // order item. Transactional: it is about their own purchase, sent once, and there is no preference for it.
  react('review.requested', async (event) => {
    const buyer = await personOf(event.buyerId);
    if (!buyer || buyer.status !== 'active') return;
    const rendered = templates.reviewRequest(await brand(), {
      buyerName: fullName(buyer),
      orderId: event.orderId,
      orderItemId: event.orderItemId,
      title: event.title,
    });
    await mail.send({
      to: buyer.email,
      toUserId: buyer.id,
      template: 'review-request',
      category: 'transactional',
      dedupeKey: `review-request:${event.orderItemId}`,
      ...rendered,
    });
  });

  // An admin hid a review: its author, with the reason (transactional: a decision about what they wrote).
  react('review.hidden', async (event) => {
    const buyer = await personOf(event.buyerId);
    if (!buyer) return;
    const rendered = templates.reviewHidden(await brand(), {
      buyerName: fullName(buyer),
      orderId: event.orderId,
      orderItemId: event.orderItemId,
      itemTitle: event.itemTitle,
      reviewTitle: event.title,
      reason: event.reason,
    });
    await mail.send({
      to: buyer.email,
      toUserId: buyer.id,
      template: 'review-hidden',
      category: 'transactional',
      dedupeKey: `review-hidden:${event.reviewId}:${event.hiddenAt}`,
      ...rendered,
    });
  });

  return {
    settled,

    async sendWeeklySummaries() {
      const outcome = { sent: 0, alreadySent: 0 };
      const week = weekDueAt(clock.now());
      if (!week) return outcome;
      const sellerIds = await workspace.activeSellersWanting('weeklySummary');
      const people = await findPeople(db, sellerIds);
      const look = await brand();
      for (const sellerId of sellerIds) {
        const seller = people.get(sellerId);
        if (!seller) continue;
        const dedupeKey = `weekly-summary:${seller.id}:${week.isoWeek}`;
        // The hourly rounds after the first find it written: no figures to compute again.
        if (await findOutboxIdByDedupeKey(db, dedupeKey)) {
          outcome.alreadySent += 1;
          continue;
        }
        const unsubscribeUrl = unsubscribeLinks.urlFor(seller.id, 'weeklySummary');
        const rendered = templates.weeklySummary(look, {
          sellerName: fullName(seller),
          isoWeek: week.isoWeek,
          firstDay: isoDay(week.from),
          lastDay: isoDay(lastDayOf(week.to)),
          figures: await deps.weeklyFiguresOf(seller.id, week.from, week.to),
          unsubscribeUrl,
        });
        const written = await mail.send({
          to: seller.email,
          toUserId: seller.id,
          template: 'weekly-summary',
          category: 'notification',
          dedupeKey,
          unsubscribeUrl,
          ...rendered,
        });
        if (written.duplicate) outcome.alreadySent += 1;
        else outcome.sent += 1;
      }
      return outcome;
    },
  };
}

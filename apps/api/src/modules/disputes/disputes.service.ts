import type { Role } from '@marketplace/contracts/auth';
import { itemName } from '@marketplace/domain/variations';
import type { DisputeCase, DisputeStatus, DisputeSummary, OpenDisputeFields, ResolveDisputeBody, RespondDisputeBody } from '@marketplace/contracts/disputes';
import { DISPUTE_MAX_PHOTOS } from '@marketplace/contracts/disputes';
import { refundCentsOf, stillRefundableCents } from '@marketplace/domain/item-paid';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NO_DOMAIN_EVENTS, type DomainEventPublisher } from '../../lib/domain-events';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { processImage, storeCasePhotos, type IncomingFile } from '../../lib/image-processing';
import type { FileStore } from '../../providers/files/port';
import { findCoverImageKeys } from '../catalog';
import { findBuyerOrderItem, findEventLine, findOrderLines, type OrdersService } from '../orders';
import { findActiveShipmentOfOrderItem } from '../shipping';
import { findPeople } from '../users';
import {
  RESOLVED_DISPUTE_STATUSES,
  findDispute,
  findEventsOfDispute,
  findLastEventAt,
  findOpenDisputeOfItem,
  hasOpenDispute,
  insertDispute,
  insertDisputeEvent,
  listDisputes,
  updateDispute,
  type DisputePhotoRecord,
  type DisputeRecord,
} from './disputes.repository';

// Disputes: open → seller_responded → under_review → resolved_refunded | resolved_rejected
// (docs/product/disputes.md). Buyers open them on items they bought; the item's seller responds with an
// offer or a statement; the buyer accepts the offer (refunded at once) or declines it, and then an admin
// decides. Every step is an event (who, when, what). The refund goes through the orders service, once per
// dispute (its refund key is the dispute's); if the seller was already paid, the payouts module records
// what they owe back in the same transaction.

type DisputeRow = DisputeRecord;
export interface DisputeCaller {
  id: string;
  role: Role;
}

const RESOLVED: readonly DisputeStatus[] = RESOLVED_DISPUTE_STATUSES;
const DISPUTABLE_ITEM_STATUSES = ['shipped', 'delivered', 'completed', 'partially_refunded'] as const;

export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found',
  itemNotFound: 'Order item not found',
  alreadyOpen: 'This item already has an open dispute.',
  opened: 'Dispute opened. The seller has been asked to respond.',
  responded: 'Your response has been sent.',
  escalated: 'The marketplace team will review this dispute.',
  reviewing: 'You are reviewing this dispute.',
  refunded: 'Dispute resolved: the refund is on its way to the buyer.',
  offerAccepted: "You accepted the seller's offer: the refund is on its way to you.",
  offerDeclined: 'You declined the offer. The marketplace team will review this dispute.',
  noOffer: 'There is no refund offer to answer on this dispute.',
  returnOpen: 'This item has a return in progress. It can be disputed once the return is settled.',
  rejected: 'Dispute resolved: the claim was rejected.',
  alreadyResolved: 'This dispute has already been resolved.',
} as const;

export function createDisputesService(deps: {
  db: Database;
  files: FileStore;
  clock: Clock;
  orderItems: Pick<OrdersService, 'refundOrderItem' | 'remainingRefundableCents'>;
  /** Announces `dispute.opened`, `.answered` and `.resolved` after their commits (e-mails, in-app notifications). */
  events?: DomainEventPublisher;
  // What a dispute reads of modules that import disputes themselves (returns, payouts) or sit above it
  // (chat), handed in at boot by disputes.module.ts so no import goes up or round (modules/layers.ts).
  /** Whether the item has a return in progress (the returns module). */
  hasOpenReturn: (orderItemId: string) => Promise<boolean>;
  /** What the seller owes back because of this dispute, if anything (the payouts module). */
  adjustmentOfDispute: (disputeId: string) => Promise<{ amountCents: number; settledAt: Date | null } | null>;
  /** The buyer's and seller's latest messages, oldest first (the chat module). */
  recentMessagesBetween: (
    pair: { buyerId: string; sellerId: string },
    limit: number,
  ) => Promise<ReadonlyArray<{ id: string; senderId: string; content: string; createdAt: Date }>>;
}) {
  const { db, files, clock } = deps;
  const events = deps.events ?? NO_DOMAIN_EVENTS;
  const partiesOf = (dispute: DisputeRow) => ({
    disputeId: dispute.id,
    orderItemId: dispute.orderItemId,
    orderId: dispute.orderId,
    buyerId: dispute.buyerId,
    sellerId: dispute.sellerId,
  });
  /** Who a dispute is between and the disputed item's title (the order line's), as its events carry them. */
  const aboutOf = async (executor: Executor, dispute: DisputeRow) => ({
    ...partiesOf(dispute),
    title: (await findEventLine(executor, dispute.orderItemId))?.line.title ?? '',
  });

  /** The seller offered a refund and the buyer has not answered it (declining sends the case to the admin). */
  const hasStandingOffer = (dispute: DisputeRow) => dispute.status === 'seller_responded' && dispute.sellerOfferCents !== null && dispute.sellerOfferCents > 0;

  const canSee = (dispute: DisputeRow, caller: DisputeCaller) => caller.role === 'admin' || dispute.buyerId === caller.id || dispute.sellerId === caller.id;

  async function load(executor: Executor, caller: DisputeCaller, id: string, options: { lock?: boolean } = {}) {
    const row = await findDispute(executor, id, options);
    if (!row || !canSee(row, caller)) throw notFound(DISPUTE_MESSAGES.notFound);
    return row;
  }

  async function record(
    executor: Executor,
    dispute: { id: string },
    caller: DisputeCaller,
    type: string,
    note: string | null = null,
    amountCents: number | null = null,
  ) {
    // Steps keep their order even when the clock has not moved between them.
    const last = await findLastEventAt(executor, dispute.id);
    const now = clock.now();
    const createdAt = last && last.getTime() >= now.getTime() ? new Date(last.getTime() + 1) : now;
    await insertDisputeEvent(executor, { disputeId: dispute.id, actorId: caller.id, actorRole: caller.role, type, note, amountCents, createdAt });
  }

  /** The most a refund can still be: what the buyer paid for the line less what already went back. */
  async function refundableNowOf(executor: Executor, dispute: Pick<DisputeRow, 'orderItemId'>): Promise<number> {
    return (await deps.orderItems.remainingRefundableCents(executor, dispute.orderItemId)).remainingCents;
  }

  async function summaries(rows: DisputeRow[]): Promise<DisputeSummary[]> {
    if (rows.length === 0) return [];
    // Who they are and what each line's buyer paid, from one read each (never one per dispute).
    const [personOf, lineOf] = await Promise.all([
      findPeople(
        db,
        rows.flatMap((row) => [row.buyerId, row.sellerId]),
      ),
      findOrderLines(
        db,
        rows.map((row) => row.orderItemId),
      ),
    ]);
    const person = (id: string) => {
      const row = personOf.get(id);
      return { id, name: row ? `${row.firstName} ${row.lastName}` : 'Unknown user', email: row?.email ?? '', companyName: row?.companyName ?? null };
    };
    return rows.map((row) => {
      const line = lineOf.get(row.orderItemId);
      return {
        id: row.id,
        status: row.status,
        reason: row.reason,
        orderId: row.orderId,
        orderItemId: row.orderItemId,
        itemTitle: line ? itemName(line.item.title, line.item.variantLabel) : '',
        refundable: centsToDollars(line ? refundCentsOf(line.order, line.lines, line.item) : 0),
        alreadyRefunded: centsToDollars(line?.item.refundedCents ?? 0),
        refundableNow: centsToDollars(line ? stillRefundableCents(line.order, line.lines, line.item) : 0),
        refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
        buyer: person(row.buyerId),
        seller: person(row.sellerId),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  const photoView = (photo: DisputePhotoRecord) => ({
    id: photo.id,
    url: files.urlFor(photo.fileKey),
    thumbnailUrl: files.urlFor(photo.thumbnailKey),
    name: photo.name,
  });

  async function caseOf(row: DisputeRow, caller: DisputeCaller): Promise<DisputeCase> {
    const [summary] = await summaries([row]);
    const line = (await findOrderLines(db, [row.orderItemId])).get(row.orderItemId);
    const item = line?.item;
    const order = line?.order;
    const cover = item ? (await findCoverImageKeys(db, [item.productId])).get(item.productId) : undefined;
    const shipment = await findActiveShipmentOfOrderItem(db, row.orderItemId);
    const messages = await deps.recentMessagesBetween({ buyerId: row.buyerId, sellerId: row.sellerId }, 50);
    const events = await findEventsOfDispute(db, row.id);
    const actorOf = await findPeople(
      db,
      events.map((event) => event.actorId),
    );
    const adjustment = await deps.adjustmentOfDispute(row.id);
    const resolved = RESOLVED.includes(row.status);
    return {
      ...summary!,
      description: row.description,
      photos: row.photos.map(photoView),
      sellerResponse: row.sellerResponse,
      sellerOffer: row.sellerOfferCents === null ? null : centsToDollars(row.sellerOfferCents),
      resolutionNote: row.resolutionNote,
      item: {
        title: item?.title ?? '',
        quantity: item?.quantity ?? 0,
        price: centsToDollars(item?.priceCents ?? 0),
        status: item?.status ?? '',
        image: cover ? files.urlFor(cover) : null,
      },
      order: { id: row.orderId, createdAt: order?.createdAt.toISOString() ?? '', status: order?.status ?? '', total: centsToDollars(order?.totalCents ?? 0) },
      shipment: shipment
        ? {
            id: shipment.id,
            status: shipment.status,
            trackingNumber: shipment.trackingNumber,
            carrier: shipment.carrier,
            events: shipment.trackingEvents.map((event) => ({
              status: event.status,
              description: event.description,
              occurredAt: event.occurredAt,
              location: event.location ?? null,
            })),
          }
        : null,
      messages: messages.map((message) => ({
        id: message.id,
        senderId: message.senderId,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
      })),
      timeline: events.map((event) => {
        const actor = actorOf.get(event.actorId);
        return {
          id: event.id,
          type: event.type,
          actor: { id: event.actorId, name: actor ? `${actor.firstName} ${actor.lastName}` : 'Unknown user', role: event.actorRole },
          note: event.note,
          amount: event.amountCents === null ? null : centsToDollars(event.amountCents),
          createdAt: event.createdAt.toISOString(),
        };
      }),
      adjustment: adjustment
        ? { amount: centsToDollars(adjustment.amountCents), settled: adjustment.settledAt !== null, settledAt: adjustment.settledAt?.toISOString() ?? null }
        : null,
      actions: {
        respond: caller.id === row.sellerId && row.status === 'open',
        escalate: caller.id === row.buyerId && (row.status === 'open' || row.status === 'seller_responded'),
        review: caller.role === 'admin' && (row.status === 'open' || row.status === 'seller_responded'),
        resolve: caller.role === 'admin' && !resolved,
        acceptOffer: hasStandingOffer(row) && caller.id === row.buyerId,
        declineOffer: hasStandingOffer(row) && caller.id === row.buyerId,
      },
    };
  }

  /**
   * Refunds `refundCents` for the dispute and resolves it. The refund goes through the orders service
   * outside any transaction, keyed by the dispute, so a retry (or a buyer and an admin at once) never
   * refunds twice; the dispute is then resolved by whoever's refund it was, and anyone later gets 409.
   */
  async function settleWithRefund(
    caller: DisputeCaller,
    id: string,
    refundCents: number,
    note: string | null,
    eventType: 'resolved_refunded' | 'buyer_accepted_offer',
  ): Promise<DisputeRow> {
    const dispute = await load(db, caller, id);
    if (RESOLVED.includes(dispute.status)) throw conflict(DISPUTE_MESSAGES.alreadyResolved);
    const refundKey = `dispute:${dispute.id}`;
    const outcome = await deps.orderItems.refundOrderItem({
      orderItemId: dispute.orderItemId,
      amountCents: refundCents,
      refundKey,
      reason: `Dispute #${dispute.id.slice(0, 8)}${note ? `: ${note}` : ''}`,
      actor: caller.role === 'admin' ? 'admin' : 'buyer',
    });
    return db.transaction(async (transaction) => {
      const locked = await load(transaction, caller, id, { lock: true });
      if (RESOLVED.includes(locked.status)) throw conflict(DISPUTE_MESSAGES.alreadyResolved);
      const now = clock.now();
      const updated = await updateDispute(transaction, locked.id, {
        status: 'resolved_refunded',
        refundCents: outcome.amountCents,
        resolutionNote: note,
        resolvedBy: caller.id,
        resolvedAt: now,
        updatedAt: now,
      });
      await record(transaction, locked, caller, eventType, note, outcome.amountCents);
      events.publishAfterCommit(transaction, {
        type: 'dispute.resolved',
        ...(await aboutOf(transaction, locked)),
        outcome: 'refunded',
        refundCents: outcome.amountCents,
        note,
        byBuyerAcceptingOffer: caller.id === locked.buyerId,
      });
      return updated;
    });
  }

  return {
    async open(caller: DisputeCaller, fields: OpenDisputeFields, photos: IncomingFile[]) {
      if (caller.role !== 'buyer') throw forbidden('Only buyers open disputes');
      if (photos.length > DISPUTE_MAX_PHOTOS) throw badRequest(`Attach at most ${DISPUTE_MAX_PHOTOS} photos.`);
      const line = await findBuyerOrderItem(db, caller.id, fields.orderItemId);
      if (!line) throw notFound(DISPUTE_MESSAGES.itemNotFound);
      if (!(DISPUTABLE_ITEM_STATUSES as readonly string[]).includes(line.item.status)) {
        throw badRequest(`Only shipped or delivered items can be disputed (this item is ${line.item.status})`);
      }
      // A return settles the item's money on its own; one claim at a time (returns refuse an open dispute too).
      if (await deps.hasOpenReturn(line.item.id)) throw conflict(DISPUTE_MESSAGES.returnOpen);
      const open = await findOpenDisputeOfItem(db, line.item.id);
      if (open) throw conflict(DISPUTE_MESSAGES.alreadyOpen, { disputeId: open.id });
      // Photos are checked by their bytes before anything is stored.
      const processed = await Promise.all(photos.map((photo) => processImage(photo)));
      const now = clock.now();
      const stored: DisputePhotoRecord[] = await storeCasePhotos(files, `disputes/${line.item.id}-${now.getTime()}`, processed);
      let row: DisputeRow | undefined;
      try {
        row = await db.transaction(async (transaction) => {
          const created = await insertDispute(transaction, {
            orderItemId: line.item.id,
            orderId: line.order.id,
            buyerId: caller.id,
            sellerId: line.item.sellerId,
            reason: fields.reason,
            description: fields.description,
            photos: stored,
            createdAt: now,
            updatedAt: now,
          });
          if (!created) throw new HttpError(500, 'Failed to open the dispute');
          await record(transaction, created, caller, 'opened', fields.description);
          events.publishAfterCommit(transaction, {
            type: 'dispute.opened',
            disputeId: created.id,
            orderItemId: created.orderItemId,
            orderId: created.orderId,
            buyerId: created.buyerId,
            sellerId: created.sellerId,
            title: itemName(line.item.title, line.item.variantLabel),
            reason: created.reason,
            description: created.description,
          });
          return created;
        });
      } catch (error) {
        // The photos were stored for a dispute that was not written: nothing would ever point at them.
        for (const photo of stored) for (const key of [photo.fileKey, photo.thumbnailKey]) await files.delete(key).catch(() => undefined);
        // Two opens racing for one item: the unique index lets one through.
        if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505')
          throw conflict(DISPUTE_MESSAGES.alreadyOpen);
        throw error;
      }
      return { success: true as const, message: DISPUTE_MESSAGES.opened, dispute: await caseOf(row, caller) };
    },

    async list(caller: DisputeCaller, query: { page: number; limit: number; status?: DisputeStatus | 'active' | 'resolved' }) {
      const scope = caller.role === 'admin' ? {} : caller.role === 'seller' ? { sellerId: caller.id } : { buyerId: caller.id };
      const { rows, totalItems } = await listDisputes(db, { ...scope, ...(query.status ? { status: query.status } : {}) }, query);
      return {
        success: true as const,
        disputes: await summaries(rows),
        pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) },
      };
    },

    async get(caller: DisputeCaller, id: string) {
      return { success: true as const, dispute: await caseOf(await load(db, caller, id), caller) };
    },

    async respond(caller: DisputeCaller, id: string, body: RespondDisputeBody) {
      const row = await db.transaction(async (transaction) => {
        const dispute = await load(transaction, caller, id, { lock: true });
        if (dispute.sellerId !== caller.id) throw forbidden('Only the seller of this item can respond');
        if (dispute.status !== 'open') throw conflict(`Only an open dispute can be answered (this one is ${dispute.status.replaceAll('_', ' ')})`);
        let offerCents: number | null = null;
        if (body.action === 'offer_refund') {
          offerCents = dollarsToCents(body.amount);
          const refundable = await refundableNowOf(transaction, dispute);
          if (offerCents > refundable)
            throw badRequest(`The offer can be at most ${centsToDollars(refundable).toFixed(2)} dollars, what the buyer paid for the item less any refund`);
        }
        const statement = body.statement?.trim() || null;
        const updated = await updateDispute(transaction, dispute.id, {
          status: 'seller_responded',
          sellerResponse: statement,
          sellerOfferCents: offerCents,
          updatedAt: clock.now(),
        });
        await record(transaction, dispute, caller, body.action === 'offer_refund' ? 'seller_offered_refund' : 'seller_contested', statement, offerCents);
        events.publishAfterCommit(transaction, {
          type: 'dispute.answered',
          ...(await aboutOf(transaction, dispute)),
          action: body.action,
          offerCents,
          statement,
        });
        return updated;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.responded, dispute: await caseOf(row, caller) };
    },

    async escalate(caller: DisputeCaller, id: string, note: string | undefined) {
      const row = await db.transaction(async (transaction) => {
        const dispute = await load(transaction, caller, id, { lock: true });
        if (dispute.buyerId !== caller.id) throw forbidden('Only the buyer who opened the dispute can escalate it');
        if (dispute.status !== 'open' && dispute.status !== 'seller_responded')
          throw conflict(`This dispute cannot be escalated (it is ${dispute.status.replaceAll('_', ' ')})`);
        const updated = await updateDispute(transaction, dispute.id, { status: 'under_review', updatedAt: clock.now() });
        await record(transaction, dispute, caller, 'escalated', note?.trim() || null);
        return updated;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.escalated, dispute: await caseOf(row, caller) };
    },

    async review(caller: DisputeCaller, id: string) {
      if (caller.role !== 'admin') throw forbidden('Only an admin reviews disputes');
      const row = await db.transaction(async (transaction) => {
        const dispute = await load(transaction, caller, id, { lock: true });
        if (dispute.status !== 'open' && dispute.status !== 'seller_responded')
          throw conflict(`This dispute cannot be put under review (it is ${dispute.status.replaceAll('_', ' ')})`);
        const updated = await updateDispute(transaction, dispute.id, { status: 'under_review', updatedAt: clock.now() });
        await record(transaction, dispute, caller, 'review_started');
        return updated;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.reviewing, dispute: await caseOf(row, caller) };
    },

    async resolve(caller: DisputeCaller, id: string, body: ResolveDisputeBody) {
      if (caller.role !== 'admin') throw forbidden('Only an admin resolves disputes');
      if (body.outcome === 'reject') {
        const row = await db.transaction(async (transaction) => {
          const dispute = await load(transaction, caller, id, { lock: true });
          if (RESOLVED.includes(dispute.status)) throw conflict(DISPUTE_MESSAGES.alreadyResolved);
          const now = clock.now();
          const updated = await updateDispute(transaction, dispute.id, {
            status: 'resolved_rejected',
            resolutionNote: body.note,
            resolvedBy: caller.id,
            resolvedAt: now,
            updatedAt: now,
          });
          await record(transaction, dispute, caller, 'resolved_rejected', body.note);
          events.publishAfterCommit(transaction, {
            type: 'dispute.resolved',
            ...(await aboutOf(transaction, dispute)),
            outcome: 'rejected',
            refundCents: null,
            note: body.note,
            byBuyerAcceptingOffer: false,
          });
          return updated;
        });
        return { success: true as const, message: DISPUTE_MESSAGES.rejected, dispute: await caseOf(row, caller) };
      }
      const row = await settleWithRefund(caller, id, dollarsToCents(body.amount), body.note ?? null, 'resolved_refunded');
      return { success: true as const, message: DISPUTE_MESSAGES.refunded, dispute: await caseOf(row, caller) };
    },

    async acceptOffer(caller: DisputeCaller, id: string) {
      const dispute = await load(db, caller, id);
      if (dispute.buyerId !== caller.id) throw forbidden('Only the buyer who opened the dispute can answer the offer');
      if (RESOLVED.includes(dispute.status)) throw conflict(DISPUTE_MESSAGES.alreadyResolved);
      if (!hasStandingOffer(dispute)) throw conflict(DISPUTE_MESSAGES.noOffer);
      const row = await settleWithRefund(caller, id, dispute.sellerOfferCents!, null, 'buyer_accepted_offer');
      return { success: true as const, message: DISPUTE_MESSAGES.offerAccepted, dispute: await caseOf(row, caller) };
    },

    async declineOffer(caller: DisputeCaller, id: string, note: string | undefined) {
      const row = await db.transaction(async (transaction) => {
        const dispute = await load(transaction, caller, id, { lock: true });
        if (dispute.buyerId !== caller.id) throw forbidden('Only the buyer who opened the dispute can answer the offer');
        if (RESOLVED.includes(dispute.status)) throw conflict(DISPUTE_MESSAGES.alreadyResolved);
        if (!hasStandingOffer(dispute)) throw conflict(DISPUTE_MESSAGES.noOffer);
        const updated = await updateDispute(transaction, dispute.id, { status: 'under_review', updatedAt: clock.now() });
        await record(transaction, dispute, caller, 'buyer_declined_offer', note?.trim() || null, dispute.sellerOfferCents);
        return updated;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.offerDeclined, dispute: await caseOf(row, caller) };
    },

    /** Whether an item has a dispute that is not resolved (payouts wait for it). */
    hasOpenDispute: (executor: Executor, orderItemId: string): Promise<boolean> => hasOpenDispute(executor, orderItemId),
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;

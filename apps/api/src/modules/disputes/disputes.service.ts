import { and, asc, count, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import type { DisputeCase, DisputeStatus, DisputeSummary, OpenDisputeFields, ResolveDisputeBody, RespondDisputeBody } from '@marketplace/contracts/disputes';
import { DISPUTE_MAX_PHOTOS } from '@marketplace/contracts/disputes';
import type { Database, Executor } from '../../db/client';
import {
  chatMessages,
  chats,
  disputeEvents,
  disputes,
  orderItems,
  orders,
  payoutAdjustments,
  productImages,
  shipmentItems,
  shipments,
  users,
  type DisputePhotoRecord,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { refundCentsOf, type OrdersService } from '../orders/orders.service';
import { processImage, type IncomingFile } from '../uploads/image-processing';
import { hasOpenReturn } from '../returns/returns.service';

// Disputes: open → seller_responded → under_review → resolved_refunded | resolved_rejected
// (docs/product/disputes.md). Buyers open them on items they bought; the item's seller responds with an
// offer or a statement; the buyer accepts the offer (refunded at once) or declines it, and then an admin
// decides. Every step is an event (who, when, what). The refund goes through the orders service, once per
// dispute (its refund key is the dispute's); if the seller was already paid, the payouts module records
// what they owe back in the same transaction.

type DisputeRow = typeof disputes.$inferSelect;
type UserRow = typeof users.$inferSelect;
export interface DisputeCaller {
  id: string;
  role: UserRow['role'];
}

const RESOLVED: DisputeStatus[] = ['resolved_refunded', 'resolved_rejected'];
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

export function createDisputesService(deps: { db: Database; files: FileStore; clock: Clock; orderItems: Pick<OrdersService, 'refundOrderItem' | 'remainingRefundableCents'> }) {
  const { db, files, clock } = deps;

  /** The seller offered a refund and the buyer has not answered it (declining sends the case to the admin). */
  const hasStandingOffer = (dispute: DisputeRow) => dispute.status === 'seller_responded' && dispute.sellerOfferCents !== null && dispute.sellerOfferCents > 0;

  const canSee = (dispute: DisputeRow, caller: DisputeCaller) => caller.role === 'admin' || dispute.buyerId === caller.id || dispute.sellerId === caller.id;

  async function load(executor: Executor, caller: DisputeCaller, id: string, options: { lock?: boolean } = {}) {
    const query = executor.select().from(disputes).where(eq(disputes.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    if (!row || !canSee(row, caller)) throw notFound(DISPUTE_MESSAGES.notFound);
    return row;
  }

  async function record(executor: Executor, dispute: { id: string }, caller: DisputeCaller, type: string, note: string | null = null, amountCents: number | null = null) {
    // Steps keep their order even when the clock has not moved between them.
    const [last] = await executor.select({ at: disputeEvents.createdAt }).from(disputeEvents).where(eq(disputeEvents.disputeId, dispute.id)).orderBy(desc(disputeEvents.createdAt)).limit(1);
    const now = clock.now();
    const createdAt = last && last.at.getTime() >= now.getTime() ? new Date(last.at.getTime() + 1) : now;
    await executor.insert(disputeEvents).values({ disputeId: dispute.id, actorId: caller.id, actorRole: caller.role, type, note, amountCents, createdAt });
  }

  /** The most a refund can still be: what the buyer paid for the line less what already went back. */
  async function refundableNowOf(executor: Executor, dispute: Pick<DisputeRow, 'orderItemId'>): Promise<number> {
    return (await deps.orderItems.remainingRefundableCents(executor, dispute.orderItemId)).remainingCents;
  }

  async function summaries(rows: DisputeRow[]): Promise<DisputeSummary[]> {
    if (rows.length === 0) return [];
    const people = await db.select().from(users).where(inArray(users.id, [...new Set(rows.flatMap((row) => [row.buyerId, row.sellerId]))]));
    const personOf = new Map(people.map((person) => [person.id, person]));

    const person = (id: string) => {
      const row = personOf.get(id);
      return { id, name: row ? `${row.firstName} ${row.lastName}` : 'Unknown user', email: row?.email ?? '', companyName: row?.companyName ?? null };
    };
    // What each line's buyer paid, from one read of the orders and their items (never one per dispute).
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const [orderRows, lineRows] = await Promise.all([
      db.select().from(orders).where(inArray(orders.id, orderIds)),
      db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
    ]);
    const refundables = rows.map((row) => {
      const order = orderRows.find((candidate) => candidate.id === row.orderId);
      const lines = lineRows.filter((line) => line.orderId === row.orderId);
      const line = lines.find((candidate) => candidate.id === row.orderItemId);
      return order && line ? refundCentsOf(order, lines, line) : 0;
    });
    const refundedOf = (row: DisputeRow) => lineRows.find((line) => line.id === row.orderItemId)?.refundedCents ?? 0;
    return rows.map((row, index) => ({
      id: row.id,
      status: row.status,
      reason: row.reason,
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      itemTitle: lineRows.find((line) => line.id === row.orderItemId)?.title ?? '',
      refundable: centsToDollars(refundables[index] ?? 0),
      alreadyRefunded: centsToDollars(refundedOf(row)),
      refundableNow: centsToDollars(Math.max((refundables[index] ?? 0) - refundedOf(row), 0)),
      refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
      buyer: person(row.buyerId),
      seller: person(row.sellerId),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  const photoView = (photo: DisputePhotoRecord) => ({ id: photo.id, url: files.urlFor(photo.fileKey), thumbnailUrl: files.urlFor(photo.thumbnailKey), name: photo.name });

  async function caseOf(row: DisputeRow, caller: DisputeCaller): Promise<DisputeCase> {
    const [summary] = await summaries([row]);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, row.orderItemId));
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    const [cover] = item ? await db.select().from(productImages).where(eq(productImages.productId, item.productId)).orderBy(asc(productImages.position)).limit(1) : [];
    const [shipment] = await db
      .select({ shipment: shipments })
      .from(shipmentItems)
      .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
      .where(and(eq(shipmentItems.orderItemId, row.orderItemId), eq(shipmentItems.isActive, true)))
      .limit(1);
    const [chat] = await db.select().from(chats).where(and(eq(chats.buyerId, row.buyerId), eq(chats.sellerId, row.sellerId)));
    const messages = chat ? (await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id)).orderBy(desc(chatMessages.createdAt)).limit(50)).reverse() : [];
    const events = await db.select().from(disputeEvents).where(eq(disputeEvents.disputeId, row.id)).orderBy(asc(disputeEvents.createdAt), asc(disputeEvents.id));
    const actors = events.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, [...new Set(events.map((event) => event.actorId))]));
    const actorOf = new Map(actors.map((actor) => [actor.id, actor]));
    const [adjustment] = await db.select().from(payoutAdjustments).where(eq(payoutAdjustments.disputeId, row.id));
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
        image: cover ? files.urlFor(cover.thumbnailKey ?? cover.fileKey) : null,
      },
      order: { id: row.orderId, createdAt: order?.createdAt.toISOString() ?? '', status: order?.status ?? '', total: centsToDollars(order?.totalCents ?? 0) },
      shipment: shipment
        ? {
            id: shipment.shipment.id,
            status: shipment.shipment.status,
            trackingNumber: shipment.shipment.trackingNumber,
            carrier: shipment.shipment.carrier,
            events: shipment.shipment.trackingEvents.map((event) => ({ status: event.status, description: event.description, occurredAt: event.occurredAt, location: event.location ?? null })),
          }
        : null,
      messages: messages.map((message) => ({ id: message.id, senderId: message.senderId, content: message.content, createdAt: message.createdAt.toISOString() })),
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
      adjustment: adjustment ? { amount: centsToDollars(adjustment.amountCents), settled: adjustment.settledAt !== null, settledAt: adjustment.settledAt?.toISOString() ?? null } : null,
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
  async function settleWithRefund(caller: DisputeCaller, id: string, refundCents: number, note: string | null, eventType: 'resolved_refunded' | 'buyer_accepted_offer'): Promise<DisputeRow> {
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
      const [updated] = await transaction
        .update(disputes)
        .set({ status: 'resolved_refunded', refundCents: outcome.amountCents, resolutionNote: note, resolvedBy: caller.id, resolvedAt: now, updatedAt: now })
        .where(eq(disputes.id, locked.id))
        .returning();
      await record(transaction, locked, caller, eventType, note, outcome.amountCents);
      return updated!;
    });
  }

  return {
    async open(caller: DisputeCaller, fields: OpenDisputeFields, photos: IncomingFile[]) {
      if (caller.role !== 'buyer') throw forbidden('Only buyers open disputes');
      if (photos.length > DISPUTE_MAX_PHOTOS) throw badRequest(`Attach at most ${DISPUTE_MAX_PHOTOS} photos.`);
      const [line] = await db
        .select({ item: orderItems, order: orders })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.id, fields.orderItemId), eq(orders.buyerId, caller.id)));
      if (!line) throw notFound(DISPUTE_MESSAGES.itemNotFound);
      if (!(DISPUTABLE_ITEM_STATUSES as readonly string[]).includes(line.item.status)) {
        throw badRequest(`Only shipped or delivered items can be disputed (this item is ${line.item.status})`);
      }
      // A return settles the item's money on its own; one claim at a time (returns refuse an open dispute too).
      if (await hasOpenReturn(db, line.item.id)) throw conflict(DISPUTE_MESSAGES.returnOpen);
      const open = await db.query.disputes.findFirst({ where: and(eq(disputes.orderItemId, line.item.id), notInArray(disputes.status, RESOLVED)) });
      if (open) throw conflict(DISPUTE_MESSAGES.alreadyOpen, { disputeId: open.id });
      // Photos are checked by their bytes before anything is stored.
      const processed = await Promise.all(photos.map((photo) => processImage(photo)));
      const now = clock.now();
      const stored: DisputePhotoRecord[] = [];
      const folder = `disputes/${line.item.id}-${now.getTime()}`;
      for (const [index, image] of processed.entries()) {
        const id = `${index + 1}`;
        const fileKey = `${folder}/${id}.webp`;
        const thumbnailKey = `${folder}/${id}-thumb.webp`;
        await files.put(fileKey, image.image);
        await files.put(thumbnailKey, image.thumbnail);
        stored.push({ id, fileKey, thumbnailKey, name: image.name });
      }
      let row: DisputeRow | undefined;
      try {
        row = await db.transaction(async (transaction) => {
          const [created] = await transaction
            .insert(disputes)
            .values({
              orderItemId: line.item.id,
              orderId: line.order.id,
              buyerId: caller.id,
              sellerId: line.item.sellerId,
              reason: fields.reason,
              description: fields.description,
              photos: stored,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!created) throw new HttpError(500, 'Failed to open the dispute');
          await record(transaction, created, caller, 'opened', fields.description);
          return created;
        });
      } catch (error) {
        // Two opens racing for one item: the unique index lets one through.
        if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') throw conflict(DISPUTE_MESSAGES.alreadyOpen);
        throw error;
      }
      return { success: true as const, message: DISPUTE_MESSAGES.opened, dispute: await caseOf(row, caller) };
    },

    async list(caller: DisputeCaller, query: { page: number; limit: number; status?: DisputeStatus | 'active' | 'resolved' }) {
      const scope = caller.role === 'admin' ? undefined : caller.role === 'seller' ? eq(disputes.sellerId, caller.id) : eq(disputes.buyerId, caller.id);
      const status =
        query.status === 'active' ? notInArray(disputes.status, RESOLVED) : query.status === 'resolved' ? inArray(disputes.status, RESOLVED) : query.status ? eq(disputes.status, query.status) : undefined;
      const where = and(scope, status);
      const [total] = await db.select({ value: count() }).from(disputes).where(where);
      const rows = await db
        .select()
        .from(disputes)
        .where(where)
        .orderBy(desc(disputes.updatedAt), desc(disputes.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const totalItems = total?.value ?? 0;
      return { success: true as const, disputes: await summaries(rows), pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) } };
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
          if (offerCents > refundable) throw badRequest(`The offer can be at most ${centsToDollars(refundable).toFixed(2)} dollars, what the buyer paid for the item less any refund`);
        }
        const statement = body.statement?.trim() || null;
        const [updated] = await transaction
          .update(disputes)
          .set({ status: 'seller_responded', sellerResponse: statement, sellerOfferCents: offerCents, updatedAt: clock.now() })
          .where(eq(disputes.id, dispute.id))
          .returning();
        await record(transaction, dispute, caller, body.action === 'offer_refund' ? 'seller_offered_refund' : 'seller_contested', statement, offerCents);
        return updated!;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.responded, dispute: await caseOf(row, caller) };
    },

    async escalate(caller: DisputeCaller, id: string, note: string | undefined) {
      const row = await db.transaction(async (transaction) => {
        const dispute = await load(transaction, caller, id, { lock: true });
        if (dispute.buyerId !== caller.id) throw forbidden('Only the buyer who opened the dispute can escalate it');
        if (dispute.status !== 'open' && dispute.status !== 'seller_responded') throw conflict(`This dispute cannot be escalated (it is ${dispute.status.replaceAll('_', ' ')})`);
        const [updated] = await transaction.update(disputes).set({ status: 'under_review', updatedAt: clock.now() }).where(eq(disputes.id, dispute.id)).returning();
        await record(transaction, dispute, caller, 'escalated', note?.trim() || null);
        return updated!;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.escalated, dispute: await caseOf(row, caller) };
    },

    async review(caller: DisputeCaller, id: string) {
      if (caller.role !== 'admin') throw forbidden('Only an admin reviews disputes');
      const row = await db.transaction(async (transaction) => {
        const dispute = await load(transaction, caller, id, { lock: true });
        if (dispute.status !== 'open' && dispute.status !== 'seller_responded') throw conflict(`This dispute cannot be put under review (it is ${dispute.status.replaceAll('_', ' ')})`);
        const [updated] = await transaction.update(disputes).set({ status: 'under_review', updatedAt: clock.now() }).where(eq(disputes.id, dispute.id)).returning();
        await record(transaction, dispute, caller, 'review_started');
        return updated!;
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
          const [updated] = await transaction
            .update(disputes)
            .set({ status: 'resolved_rejected', resolutionNote: body.note, resolvedBy: caller.id, resolvedAt: now, updatedAt: now })
            .where(eq(disputes.id, dispute.id))
            .returning();
          await record(transaction, dispute, caller, 'resolved_rejected', body.note);
          return updated!;
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
        const [updated] = await transaction.update(disputes).set({ status: 'under_review', updatedAt: clock.now() }).where(eq(disputes.id, dispute.id)).returning();
        await record(transaction, dispute, caller, 'buyer_declined_offer', note?.trim() || null, dispute.sellerOfferCents);
        return updated!;
      });
      return { success: true as const, message: DISPUTE_MESSAGES.offerDeclined, dispute: await caseOf(row, caller) };
    },

    /** Whether an item has a dispute that is not resolved (payouts wait for it). */
    async hasOpenDispute(executor: Executor, orderItemId: string): Promise<boolean> {
      const [row] = await executor
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.orderItemId, orderItemId), notInArray(disputes.status, RESOLVED)))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;

/** Unsettled adjustments of a seller, oldest first (payouts deduct them); locked when asked. */
export async function pendingAdjustmentsOf(executor: Executor, sellerId: string, options: { lock?: boolean } = {}) {
  const query = executor
    .select()
    .from(payoutAdjustments)
    .where(and(eq(payoutAdjustments.sellerId, sellerId), isNull(payoutAdjustments.settledAt)))
    .orderBy(asc(payoutAdjustments.createdAt), asc(payoutAdjustments.id));
  return options.lock ? query.for('update') : query;
}


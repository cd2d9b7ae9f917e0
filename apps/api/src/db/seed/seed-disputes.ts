/**
 * Seed step: a few disputes about seller@example.com's items, so the dispute pages have
 * cases in several states on first start: one open, one the seller answered with a refund offer, and
 * one the marketplace rejected. Items with a payout are left alone (their money is settled).
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { disputeEvents, disputes, orderItems, orders, payouts, shipmentItems, shipments } from '../schema';
import type { SeedContext, SeededUsers } from './seed-demo-marketplace';

const HOUR_MS = 60 * 60 * 1000;

export async function seedDisputes(context: SeedContext, earlier: { users: SeededUsers }): Promise<{ disputes: number }> {
  const seller = earlier.users.sellers.northwind;
  const paidOut = context.executor.select({ id: payouts.orderItemId }).from(payouts);
  const candidates = await context.executor
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, seller.id), inArray(orderItems.status, ['delivered', 'completed', 'shipped']), notInArray(orderItems.id, paidOut)))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  // Delivered items first; then the longest-shipped ones (long in transit, the likeliest "not received").
  candidates.sort((a, b) => Number(a.item.status === 'shipped') - Number(b.item.status === 'shipped'));
  const plans = [
    {
      status: 'open' as const,
      reason: 'damaged' as const,
      description: 'The box was crushed and one corner of the item is cracked. Photos of the parcel are below.',
    },
    { status: 'seller_responded' as const, reason: 'not_as_described' as const, description: 'The colour is much darker than in the listing photos.' },
    { status: 'resolved_rejected' as const, reason: 'not_received' as const, description: 'Tracking says delivered but nothing was at my door.' },
  ];
  const admin = earlier.users.admin;
  let count = 0;
  for (const [index, plan] of plans.entries()) {
    const candidate = candidates[index];
    if (!candidate) break;
    const random = context.random.fork(`disputes/${index}`);
    const id = random.uuid();
    // After the parcel's last tracking event (a claim about a parcel comes once it has moved), spread
    // between then and now so the case's steps never lie in the future.
    const [line] = await context.executor
      .select({ events: shipments.trackingEvents })
      .from(shipmentItems)
      .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
      .where(and(eq(shipmentItems.orderItemId, candidate.item.id), eq(shipmentItems.isActive, true)))
      .limit(1);
    const lastEventAt = Math.max(candidate.order.createdAt.getTime(), ...(line?.events ?? []).map((event) => Date.parse(event.occurredAt)));
    const latest = context.now.getTime() - 10 * 60_000;
    const openedAt = new Date(Math.min(latest - 3 * 60_000, Math.max(lastEventAt + 30 * 60_000, latest - (index + 1) * 20 * HOUR_MS)));
    const span = latest - openedAt.getTime();
    const respondedAt = new Date(openedAt.getTime() + Math.min(5 * HOUR_MS, span / 3));
    const resolvedAt = new Date(openedAt.getTime() + Math.min(9 * HOUR_MS, (span * 2) / 3));
    const offerCents = plan.status === 'seller_responded' ? Math.round((candidate.item.priceCents * candidate.item.quantity) / 4) : null;
    await context.executor.insert(disputes).values({
      id,
      orderItemId: candidate.item.id,
      orderId: candidate.order.id,
      buyerId: candidate.order.buyerId,
      sellerId: seller.id,
      reason: plan.reason,
      description: plan.description,
      status: plan.status,
      sellerResponse:
        plan.status === 'seller_responded'
          ? 'Sorry about that — screens vary, but I am happy to refund a quarter of the price.'
          : plan.status === 'resolved_rejected'
            ? 'UPS has a delivery photo at the front door.'
            : null,
      sellerOfferCents: offerCents,
      resolutionNote: plan.status === 'resolved_rejected' ? 'The carrier’s delivery photo shows the parcel at the buyer’s door.' : null,
      resolvedBy: plan.status === 'resolved_rejected' ? admin.id : null,
      resolvedAt: plan.status === 'resolved_rejected' ? resolvedAt : null,
      createdAt: openedAt,
      updatedAt: plan.status === 'open' ? openedAt : plan.status === 'seller_responded' ? respondedAt : resolvedAt,
    });
    const events: Array<typeof disputeEvents.$inferInsert> = [
      { disputeId: id, actorId: candidate.order.buyerId, actorRole: 'buyer', type: 'opened', note: plan.description, createdAt: openedAt },
    ];
    if (plan.status !== 'open') {
      events.push({
        disputeId: id,
        actorId: seller.id,
        actorRole: 'seller',
        type: plan.status === 'seller_responded' ? 'seller_offered_refund' : 'seller_contested',
        note:
          plan.status === 'seller_responded'
            ? 'Sorry about that — screens vary, but I am happy to refund a quarter of the price.'
            : 'UPS has a delivery photo at the front door.',
        amountCents: offerCents,
        createdAt: respondedAt,
      });
    }
    if (plan.status === 'resolved_rejected') {
      events.push({
        disputeId: id,
        actorId: admin.id,
        actorRole: 'admin',
        type: 'resolved_rejected',
        note: 'The carrier’s delivery photo shows the parcel at the buyer’s door.',
        createdAt: resolvedAt,
      });
    }
    await context.executor.insert(disputeEvents).values(events);
    count += 1;
  }
  return { disputes: count };
}

import { formatDay, isLateDelivery, lateRefundPayerOf } from '@marketplace/domain/delivery-dates';
import { itemShippingOf, lateDeliveryRefundKey, lateRefundDueCents } from '@marketplace/domain/shop-shipping-money';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { HttpError } from '../../lib/http-errors';
import { claimLatePayer, findLatePartsToCredit, findShopItemsOfOrder, lockShopPart, markLateRefunded, recordShopPartScans } from './late-deliveries.repository';
import type { OrderItemLifecycle } from './order-item-lifecycle';

// A late parcel refunds its shop's shipping (docs/product/shipping.md "A late parcel refunds its shipping"): when the
// carrier delivers a shop's parcel after the last day the checkout promised, the buyer gets that shop's shipping back,
// once, by itself, and is told why; the seller pays it when the carrier's first scan came after the day it should have
// been handed over by, the marketplace otherwise. Each line's shipping goes back as a refund of the shipping only
// (`late-delivery:<item>`, order-item-lifecycle.ts), through the provider outside any transaction; the part is marked
// credited only when every line's refund went through, and the sweep finishes what a crash or a provider down left.

export type LateCreditOutcome = 'not_delivered' | 'on_time' | 'credited' | 'already_credited' | 'waiting_for_provider';

export function createLateDeliveries(deps: {
  db: Database;
  clock: Clock;
  events: DomainEventPublisher;
  refundOrderItem: OrderItemLifecycle['refundOrderItem'];
}) {
  const { db, clock } = deps;

  async function creditLateDelivery(orderId: string, sellerId: string): Promise<LateCreditOutcome> {
    // 1. With the part locked: late or not, and who pays (claimed once, so a retry never changes it).
    const claimed = await db.transaction(async (transaction) => {
      const part = await lockShopPart(transaction, orderId, sellerId);
      if (!part?.deliveredOn) return { outcome: 'not_delivered' as const };
      if (!isLateDelivery(part.deliveredOn, part.arrivesLatest)) return { outcome: 'on_time' as const };
      if (part.lateRefundedAt) return { outcome: 'already_credited' as const };
      const paidBy = part.lateRefundPaidBy ?? lateRefundPayerOf(part.firstScanAt, part.shipBy);
      if (!part.lateRefundPaidBy) await claimLatePayer(transaction, orderId, sellerId, paidBy, clock.now());
      return { outcome: 'late' as const, part, paidBy };
    });
    if (claimed.outcome !== 'late') return claimed.outcome;

    // 2. Each line's shipping back, outside any transaction, once per line (the refund key).
    const items = await findShopItemsOfOrder(db, orderId, sellerId);
    for (const item of items) {
      const due = lateRefundDueCents(itemShippingOf(item));
      if (due <= 0) continue;
      try {
        await deps.refundOrderItem({
          orderItemId: item.id,
          amountCents: 'rest',
          refundKey: lateDeliveryRefundKey(item.id),
          reason: `Late delivery: promised by ${formatDay(claimed.part.arrivesLatest)}, so its shipping is refunded`,
          actor: 'system',
        });
      } catch (error) {
        // The provider did not answer, or a claim is under way: the sweep finishes it with the same key.
        if (error instanceof HttpError && (error.statusCode === 502 || error.statusCode === 409)) return 'waiting_for_provider';
        throw error;
      }
    }

    // 3. Every line is done: the part is credited, and the buyer told, once.
    return db.transaction(async (transaction) => {
      const done = await markLateRefunded(transaction, orderId, sellerId, clock.now());
      if (!done) return 'already_credited';
      // Nothing was left to give back (the buyer already had the whole part back): no news.
      if (done.lateRefundCents === 0) return 'credited';
      deps.events.publishAfterCommit(transaction, {
        type: 'delivery.late-credited',
        orderId,
        sellerId,
        buyerId: done.buyerId,
        shopName: done.shopName,
        amountCents: done.lateRefundCents,
        arrivesLatest: done.arrivesLatest,
        deliveredOn: done.deliveredOn,
        paidBy: claimed.paidBy,
      });
      return 'credited';
    });
  }

  return {
    /** In the tracking transaction: the carrier's first scan of a parcel of the part, and the day one was delivered. */
    recordShopPartScans(executor: Executor, scans: { orderId: string; sellerId: string; firstScanAt: Date | null; deliveredOn: string | null }): Promise<void> {
      return recordShopPartScans(executor, { ...scans, now: clock.now() });
    },

    /** After a parcel's delivery is recorded: refunds the part's shipping when it came late (at most once). */
    creditLateDelivery,

    /** The scheduled sweep: late parts not yet credited (a crash, the provider down), oldest first. */
    async creditLateDeliveries(limit = 50): Promise<{ found: number; credited: number }> {
      const parts = await findLatePartsToCredit(db, limit);
      let credited = 0;
      for (const part of parts) {
        try {
          if ((await creditLateDelivery(part.orderId, part.sellerId)) === 'credited') credited += 1;
        } catch {
          // Tried again next round; one part's trouble never stops the others.
        }
      }
      return { found: parts.length, credited };
    },
  };
}

export type LateDeliveries = ReturnType<typeof createLateDeliveries>;

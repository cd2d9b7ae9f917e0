import { deliveredDueBefore, type PayoutSchedule } from '@marketplace/domain/earnings';
import { centsToDollars } from '@marketplace/domain/money';
import { applyPayoutAdjustments } from '@marketplace/domain/dispute-money';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import { PAYABLE_STATES } from '@marketplace/domain/order-item-state';
import { clawbackAfterRefundCents } from '@marketplace/domain/payout-ledger';
import { applyLabelLedger, itemShippingOf, shippingCreditCents } from '@marketplace/domain/shop-shipping-money';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { crashPoint } from '../../lib/fault-injection';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import { ConnectError, type ConnectProvider } from '../../providers/payment/connect-port';
import { findOpenDisputeOfItem } from '../disputes';
import { findEventLine, findProviderPaymentIdOfOrderItem, type OrdersService } from '../orders';
import { hasOpenReturn } from '../returns';
import type { LabelHooks, PickupChargeInfo } from '../shipping';
import { insertLabelChargeOnce, openLabelChargesOf, releaseLabelChargesOf, settleLabelCharges } from './label-charges.repository';
import { PAYOUT_MESSAGES } from './payout-messages';
import {
  findAccountOfSeller,
  findCommissionOfCategory,
  findItemsDueForAutomaticPayout,
  findLatePayerOfItem,
  findPaidPayoutOfItem,
  findPayoutOfItem,
  findStalePendingPayouts,
  insertAdjustment,
  insertPayout,
  lockOrderItem,
  orderItemExists,
  pendingAdjustmentsOf,
  releaseAdjustmentsOf,
  settleAdjustments,
  sumAdjustmentsOfItem,
  updatePayout,
  withSellers,
  type PayoutRecord,
  type PayoutWithSeller,
} from './payouts.repository';

// Paying a seller for an order item (docs/product/payouts.md, docs/product/money.md), at most once: the
// unique payout row, the order item's lock while it is claimed, and the provider's idempotency key, which
// is derived from the order item and the attempt and is reused whenever the outcome of a transfer is
// unknown. A payout is a saga: claim (one transaction) → transfer (no transaction) → record (one
// transaction); a crash or a lost answer between the steps is resumed by the next request.

/** A claimed payout whose transfer call never answered may be resumed (with the same key) after this. */
export const DEFAULT_CLAIM_STALE_AFTER_MS = 120_000;

/** How many due items one round of the automatic payout takes (the next round takes the rest). */
export const AUTOMATIC_PAYOUTS_PER_ROUND = 100;

/** Where the item's pickup charge comes from (the shipping module). */
export interface PickupChargeSource {
  pickupChargeInfoFor(orderItemId: string): Promise<PickupChargeInfo>;
}

/** What one round of payout on delivery did. */
export interface AutomaticPayoutRound {
  /** Items due this round whose sellers can be paid. */
  due: number;
  paid: number;
  /** Refused by the claim (paid or claimed meanwhile, a dispute or return opened): looked at again next round. */
  skipped: number;
  /** The provider refused the transfer: the payout is failed, and the admin decides (Process Payout). */
  failed: number;
  /** The provider did not answer: the payout stays pending, and the stale sweep finishes it with the same key. */
  stillPending: number;
  /** Due items whose sellers have no complete payout account yet: paid in a later round, once they have. */
  waitingForAccount: number;
}

export function createPayoutsService(deps: {
  db: Database;
  clock: Clock;
  connect: ConnectProvider;
  pickupCharges: PickupChargeSource;
  /** The orders service: an item's seller-paid flag, and refunds as they are recorded. */
  orderItems: Pick<OrdersService, 'setSellerPaid' | 'onRefundRecorded'>;
  /** How long a pending claim whose transfer never answered waits before a retry resumes it. */
  claimStaleAfterMs?: number;
  /** Payouts were written: the admin's payout stats are out of date. */
  onPayoutsChanged?: () => void;
  /** Announces `payout.sent` after the payout's commit (the seller's e-mail). */
  events?: DomainEventPublisher;
  /** The marketplace's payout mode (the workspace's settings); without it, payout on delivery is off. */
  payoutSchedule?: () => Promise<PayoutSchedule>;
  /** Where the automatic payout tells what it skipped. */
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** The shipping module's labels: each one bought is charged to its seller, each one voided credited back. */
  labelAccount?: Pick<LabelHooks, 'onLabelBought' | 'onLabelVoided'>;
}) {
  const { db, clock, connect } = deps;
  const claimStaleAfterMs = deps.claimStaleAfterMs ?? DEFAULT_CLAIM_STALE_AFTER_MS;
  const payoutsChanged = () => deps.onPayoutsChanged?.();

  // A seller's label account (docs/product/money.md): written in the label's own transaction, once per label and kind.
  deps.labelAccount?.onLabelBought(async (executor, label) => {
    if (!label.chargesCents || label.chargesCents <= 0) return;
    const { shipmentId, sellerId, orderId, trackingNumber, chargesCents, at } = label;
    await insertLabelChargeOnce(executor, { shipmentId, sellerId, orderId, trackingNumber, kind: 'label', amountCents: -chargesCents, createdAt: at });
  });
  deps.labelAccount?.onLabelVoided(async (executor, label) => {
    if (!label.chargesCents || label.chargesCents <= 0) return;
    const { shipmentId, sellerId, orderId, trackingNumber, chargesCents, at } = label;
    await insertLabelChargeOnce(executor, { shipmentId, sellerId, orderId, trackingNumber, kind: 'void_credit', amountCents: chargesCents, createdAt: at });
  });

  // A refund of an item whose seller was already paid: what the item's payout lost is owed back, deducted
  // from the seller's next payout. Recorded in the refund's own transaction, so it is never lost or doubled.
  deps.orderItems.onRefundRecorded(async (executor, { item, order, amountCents, refundableCents, refundedCentsAfter, refundKey }) => {
    const paid = await findPaidPayoutOfItem(executor, item.id);
    if (!paid) return;
    const owed = clawbackAfterRefundCents({
      unitPriceCents: item.priceCents,
      quantity: item.quantity,
      // What the buyer paid for the item: the lifecycle's refundable is that less a late parcel's shipping back.
      refundableCents: refundableCents + item.lateShippingRefundCents,
      refundedCentsAfter,
      shippingCents: item.shippingCents,
      lateShippingRefundCents: item.lateShippingRefundCents,
      lateRefundPaidBy: await findLatePayerOfItem(executor, item.id),
      payout: {
        netCents: paid.netCents,
        adjustmentCents: paid.adjustmentCents,
        shippingCreditCents: paid.shippingCreditCents,
        labelChargeCents: paid.labelChargeCents,
        commissionRateBasisPoints: paid.commissionRateBps,
        pickupChargeCents: paid.pickupChargeCents,
      },
      owedBeforeCents: await sumAdjustmentsOfItem(executor, item.id),
    });
    if (owed >= 0) return;
    await insertAdjustment(executor, {
      sellerId: item.sellerId,
      disputeId: refundKey.startsWith('dispute:') ? refundKey.slice('dispute:'.length) : null,
      orderItemId: item.id,
      amountCents: owed,
      reason: `Refund of ${centsToDollars(amountCents).toFixed(2)} dollars on order #${order.id.slice(0, 8)} after the payout`,
      createdAt: clock.now(),
    });
  });

  /** Step 1. With the order item locked, check everything and write the payout as pending. */
  function claim(
    adminId: string | null,
    orderItemId: string,
    allocatedPickupChargeCents: number,
    options: { resumeOnly?: boolean; firstAttemptOnly?: boolean } = {},
  ): Promise<PayoutRecord> {
    return db.transaction(async (transaction) => {
      const item = await lockOrderItem(transaction, orderItemId);
      if (!item) throw notFound(PAYOUT_MESSAGES.itemNotFound);
      if (!(PAYABLE_STATES as readonly string[]).includes(item.status)) {
        throw badRequest(`Only shipped, delivered or partly refunded items can be paid out (this item is ${item.status.replaceAll('_', ' ')})`);
      }
      const existing = await findPayoutOfItem(transaction, item.id);
      if (existing?.status === 'paid' || item.sellerPaid) throw conflict(PAYOUT_MESSAGES.alreadyPaid);
      // Payout on delivery makes first attempts only: a claim under way is the stale sweep's, a refused one the admin's.
      if (options.firstAttemptOnly && existing)
        throw conflict(existing.status === 'pending' ? PAYOUT_MESSAGES.inProgress : 'This payout failed; an admin pays it with Process Payout');
      const now = clock.now();
      // A claim whose transfer never answered is resumed with the same key after a while, so a
      // transfer that did happen is found again by the provider instead of being made twice.
      if (existing?.status === 'pending') {
        const stale = now.getTime() - existing.updatedAt.getTime() >= claimStaleAfterMs || existing.failureReason !== null;
        if (!stale) throw conflict(PAYOUT_MESSAGES.inProgress);
        return (await updatePayout(transaction, existing.id, { updatedAt: now, failureReason: null })) ?? existing;
      }
      // The background sweep only finishes what was started; a new attempt is the admin's decision.
      if (options.resumeOnly) throw conflict('This payout is no longer pending');
      const account = await findAccountOfSeller(transaction, item.sellerId);
      if (!account) throw badRequest('The seller has not set up a Stripe account yet, so they cannot be paid.');
      if (account.status !== 'complete') {
        throw badRequest(`The seller has not completed Stripe onboarding (account status: ${account.status}), so they cannot be paid yet.`);
      }
      const dispute = await findOpenDisputeOfItem(transaction, item.id);
      if (dispute) throw conflict(PAYOUT_MESSAGES.openDispute, { disputeId: dispute.id });
      // The buyer may get the money back: the seller is paid once the return is settled.
      if (await hasOpenReturn(transaction, item.id)) throw conflict(PAYOUT_MESSAGES.openReturn);
      const category = await findCommissionOfCategory(transaction, item.categoryId);
      // The payout rule on what the buyer kept paying for the line (refunds come out of it first).
      const breakdown = payoutAfterRefunds(
        {
          unitPriceCents: item.priceCents,
          quantity: item.quantity,
          refundedCents: item.refundedCents,
          commissionRateBasisPoints: category?.commissionRateBasisPoints ?? null,
          allocatedPickupChargeCents,
        },
        category?.name,
      );
      // The item's share of its shop's shipping the buyer kept paying is the seller's, beside the payout rule.
      const shippingCredit = shippingCreditCents(itemShippingOf(item, await findLatePayerOfItem(transaction, item.id)));
      // Then the seller's label lines (labels bought, voided ones credited back), then what they owe back from
      // refunds after earlier payouts: each oldest first and whole, never below 0.
      const labels = applyLabelLedger(
        breakdown.payoutCents + shippingCredit,
        (await openLabelChargesOf(transaction, item.sellerId, { lock: true })).map((row) => ({ id: row.id, amountCents: row.amountCents })),
      );
      const pending = await pendingAdjustmentsOf(transaction, item.sellerId, { lock: true });
      const adjusted = applyPayoutAdjustments(
        labels.netCents,
        pending.map((row) => ({ id: row.id, amountCents: row.amountCents })),
      );
      const values = {
        sellerId: item.sellerId,
        accountId: account.accountId,
        status: 'pending' as const,
        itemTotalCents: breakdown.itemTotalCents,
        commissionRateBps: breakdown.commissionRateBasisPoints,
        commissionCents: breakdown.commissionCents,
        pickupChargeCents: breakdown.pickupChargeCents,
        grossCents: breakdown.grossCents,
        feeCents: breakdown.feeCents,
        netCents: adjusted.netCents,
        adjustmentCents: adjusted.adjustmentCents,
        shippingCreditCents: shippingCredit,
        labelChargeCents: labels.labelChargeCents,
        failureReason: null,
        transferId: null,
        description: `Payout for ${item.quantity} × ${item.title} (order #${item.orderId.slice(0, 8)})`,
        createdBy: adminId,
        updatedAt: now,
      };
      // A failed payout is retried as the next attempt: a new key, since the provider refused the last.
      const claimed = existing
        ? await updatePayout(transaction, existing.id, { ...values, attempt: existing.attempt + 1 })
        : await insertPayout(transaction, { ...values, orderItemId: item.id, attempt: 1, createdAt: now });
      if (!claimed) throw new HttpError(500, 'Failed to create payout');
      await settleAdjustments(transaction, adjusted.settledIds, claimed.id, now);
      await settleLabelCharges(transaction, labels.settledIds, claimed.id, now);
      return claimed;
    });
  }

  /** Step 2. The transfer, outside any transaction, with the key of this attempt. */
  async function transfer(claimed: PayoutRecord): Promise<string | null> {
    if (claimed.netCents <= 0) return null;
    // The buyer's charge for the item, when this provider made it: the transfer draws on it.
    const sourcePaymentId = await findProviderPaymentIdOfOrderItem(db, claimed.orderItemId, connect.name);
    try {
      const result = await connect.transfer({
        sourcePaymentId,
        accountId: claimed.accountId,
        amountCents: claimed.netCents,
        currency: 'usd',
        idempotencyKey: `payout-${claimed.orderItemId}-attempt-${claimed.attempt}`,
        description: claimed.description ?? 'Marketplace payout',
        transferGroup: `order-item-${claimed.orderItemId}`,
        metadata: { orderItemId: claimed.orderItemId, payoutId: claimed.id },
      });
      crashPoint('payout-after-transfer');
      return result.id;
    } catch (error) {
      const definite = error instanceof ConnectError && !error.retryable;
      const reason = error instanceof Error ? error.message : 'Unknown error';
      // A refusal fails the attempt (the next one gets a new key); an unknown outcome keeps the
      // claim pending with the same key, so a retry finds the transfer if it was made.
      await db.transaction(async (transaction) => {
        await updatePayout(transaction, claimed.id, {
          status: definite ? 'failed' : 'pending',
          failureReason: definite ? reason : `Stripe did not answer: ${reason}`,
          updatedAt: clock.now(),
        });
        if (definite) {
          await releaseAdjustmentsOf(transaction, claimed.id);
          await releaseLabelChargesOf(transaction, claimed.id);
        }
      });
      payoutsChanged();
      if (definite) throw new HttpError(400, `Failed to create payout: ${reason}`, { payoutId: claimed.id });
      throw new HttpError(502, 'Failed to create payout: Stripe did not answer. The payout is pending; try again to complete it.', { payoutId: claimed.id });
    }
  }

  /** Step 3. Paid, and the item shows seller_paid. */
  function record(claimed: PayoutRecord, transferId: string | null): Promise<PayoutRecord> {
    return db.transaction(async (transaction) => {
      const now = clock.now();
      const row = await updatePayout(transaction, claimed.id, { status: 'paid', transferId, failureReason: null, paidAt: now, updatedAt: now });
      await deps.orderItems.setSellerPaid(transaction, claimed.orderItemId, true);
      const paid = row ?? claimed;
      // The item as the seller's news names it (always there: a payout's item is never deleted).
      const sold = await findEventLine(transaction, paid.orderItemId);
      if (sold)
        deps.events?.publishAfterCommit(transaction, {
          type: 'payout.sent',
          payoutId: paid.id,
          orderItemId: paid.orderItemId,
          orderId: sold.orderId,
          sellerId: paid.sellerId,
          line: sold.line,
          breakdown: {
            itemTotalCents: paid.itemTotalCents,
            commissionRateBasisPoints: paid.commissionRateBps,
            commissionCents: paid.commissionCents,
            pickupChargeCents: paid.pickupChargeCents,
            feeCents: paid.feeCents,
            adjustmentCents: paid.adjustmentCents,
            shippingCreditCents: paid.shippingCreditCents,
            labelChargeCents: paid.labelChargeCents,
            netCents: paid.netCents,
          },
        });
      return row ?? claimed;
    });
  }

  /**
   * Process Payout's path, for the admin (`adminId`) and for payout on delivery (null): the item's share of
   * its pickup charge, then claim → transfer → record. Every check and the idempotency key are the claim's.
   */
  async function payItem(adminId: string | null, orderItemId: string, options: { firstAttemptOnly?: boolean } = {}): Promise<PayoutRecord> {
    // Read outside the claim: the carrier's charge allocation never changes once shipped.
    const allocatedCents = (await deps.pickupCharges.pickupChargeInfoFor(orderItemId)).allocation?.allocatedPickupChargeCents ?? 0;
    const claimed = await claim(adminId, orderItemId, allocatedCents, options);
    // A new or retried claim is a pending payout in the stats' status distribution.
    payoutsChanged();
    const transferId = await transfer(claimed);
    const paid = await record(claimed, transferId);
    payoutsChanged();
    return paid;
  }

  return {
    /** The item's pickup charge and its share of it (no pickup: none). */
    async pickupChargeOf(orderItemId: string): Promise<PickupChargeInfo> {
      if (!(await orderItemExists(db, orderItemId))) throw notFound(PAYOUT_MESSAGES.itemNotFound);
      return deps.pickupCharges.pickupChargeInfoFor(orderItemId);
    },

    /** Pays the seller of a shipped item once; the amount is computed here, never taken from the client. */
    async createPayout(adminId: string, orderItemId: string): Promise<PayoutWithSeller> {
      const paid = await payItem(adminId, orderItemId);
      const [view] = await withSellers(db, [paid]);
      if (!view) throw new HttpError(500, 'Failed to create payout');
      return view;
    },

    /**
     * Payout on delivery (docs/product/payouts.md): when the admin turned it on, pays each item delivered
     * at least the delay ago, not paid, with no dispute or return open and a seller who can be paid,
     * through Process Payout's own path (payItem): the claim locks the item and refuses one already paid
     * or claimed, so two rounds at once, a retried round or an admin clicking at the same moment still pay
     * once, with one idempotency key per attempt. Off, it does nothing. One item's trouble never stops the others.
     */
    async payDeliveredItems(limit = AUTOMATIC_PAYOUTS_PER_ROUND): Promise<AutomaticPayoutRound> {
      const outcome: AutomaticPayoutRound = { due: 0, paid: 0, skipped: 0, failed: 0, stillPending: 0, waitingForAccount: 0 };
      const schedule = deps.payoutSchedule ? await deps.payoutSchedule() : null;
      if (!schedule?.payoutOnDelivery) return outcome;
      const { orderItemIds, waitingForAccount } = await findItemsDueForAutomaticPayout(db, deliveredDueBefore(clock.now(), schedule.delayDays), limit);
      outcome.due = orderItemIds.length;
      outcome.waitingForAccount = waitingForAccount;
      if (waitingForAccount > 0) deps.log?.info({ waitingForAccount }, 'payout on delivery: items due wait for their sellers to finish Stripe onboarding');
      for (const orderItemId of orderItemIds) {
        try {
          await payItem(null, orderItemId, { firstAttemptOnly: true });
          outcome.paid += 1;
        } catch (error) {
          const status = error instanceof HttpError ? error.statusCode : 500;
          const reason = error instanceof Error ? error.message : 'Unknown error';
          // A failed transfer answers 400 with the payout id; the claim's own refusals carry none.
          const payoutId = error instanceof HttpError ? error.details.payoutId : undefined;
          if (status === 400 && payoutId) outcome.failed += 1;
          else if (status === 502) outcome.stillPending += 1;
          else outcome.skipped += 1;
          deps.log?.warn({ orderItemId, status, reason }, 'payout on delivery: item not paid this round');
        }
      }
      return outcome;
    },

    /**
     * The scheduled job's sweep: every pending payout whose transfer never answered (or whose request
     * died) and that waited the stale time is resumed as Process Payout would resume it: the same claim,
     * the same idempotency key, the transfer outside any transaction. A refusal fails it (the admin pays
     * again); no answer leaves it pending for the next sweep. One payout's trouble never stops the others.
     */
    async resumeStalePayouts(limit = 50): Promise<{ resumed: number; paid: number; stillPending: number; failed: number }> {
      const stale = await findStalePendingPayouts(db, new Date(clock.now().getTime() - claimStaleAfterMs), limit);
      const outcome = { resumed: 0, paid: 0, stillPending: 0, failed: 0 };
      for (const pending of stale) {
        let claimed: PayoutRecord;
        try {
          // The claim checks staleness again with the item locked: an admin's request that got there first wins.
          claimed = await claim(pending.createdBy, pending.orderItemId, 0, { resumeOnly: true });
        } catch {
          continue;
        }
        outcome.resumed += 1;
        payoutsChanged();
        try {
          const transferId = await transfer(claimed);
          await record(claimed, transferId);
          payoutsChanged();
          outcome.paid += 1;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 400) outcome.failed += 1;
          else outcome.stillPending += 1;
        }
      }
      return outcome;
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

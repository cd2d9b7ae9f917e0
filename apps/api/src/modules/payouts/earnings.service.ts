import type { EarningRow, EarningsMonthTotals, EarningsResponse, LabelLine } from '@marketplace/contracts/earnings';
import { EARNINGS_CSV_MAX_ROWS, EARNINGS_LABEL_LINES } from '@marketplace/contracts/earnings';
import { describeEarningState, earningStatusOf, monthRange, thisAndLastMonth, type EarningState, type PayoutSchedule } from '@marketplace/domain/earnings';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import { describeLabelLine, shippingCreditCents } from '@marketplace/domain/shop-shipping-money';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { earningsCsv } from './earnings-csv';
import { countSellerEarnings, findSellerEarnings, type EarningLine, type SoldBetween } from './earnings.repository';
import { paidInTwoMonths } from './payout-reports.repository';
import { openLabelBalanceOf, recentLabelChargesOf, type LabelChargeRecord } from './label-charges.repository';
import { findAccountOfSeller, pendingAdjustmentsOf } from './payouts.repository';

// A seller's earnings (docs/product/payouts.md, "Earnings page"): each item they sold with its payout laid
// out and where it stands, this month's and last month's totals, and the same rows as a CSV file.
//
// Every figure comes from packages/domain: an item already paid (or being paid) shows what its payout
// recorded, which the payout computed with payoutAfterRefunds; any other item shows payoutAfterRefunds on
// the same inputs the payout would use now (what the buyer kept paying, the category's rate, the item's
// share of its pickup charge from the shipping module).

/** The states whose money is still to come: they make a month's pending total. */
const PENDING_STATES: ReadonlySet<EarningState> = new Set(['waiting_for_delivery', 'on_hold', 'scheduled', 'ready', 'processing', 'failed']);

/** How many rows the CSV export reads at a time. */
const CSV_CHUNK = 500;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Where each item's share of its pickup charge comes from (the shipping module's pickup charges). */
export interface PickupShares {
  allocatedPickupChargesOf(orderItemIds: readonly string[]): Promise<Map<string, number>>;
}

export type EarningsService = ReturnType<typeof createEarningsService>;

function labelLineOf(row: LabelChargeRecord): LabelLine {
  return {
    id: row.id,
    orderId: row.orderId,
    shipmentId: row.shipmentId,
    trackingNumber: row.trackingNumber,
    kind: row.kind,
    amountCents: row.amountCents,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    text: describeLabelLine(row, isoDate),
  };
}

export function createEarningsService(deps: { db: Database; clock: Clock; pickupCharges: PickupShares; payoutSchedule: () => Promise<PayoutSchedule> }) {
  const { db, clock } = deps;

  /** The figures of one line: what was paid, or what the payout rule gives now. */
  function figuresOf(line: EarningLine, allocatedPickupChargeCents: number) {
    const payout = line.payout;
    if (payout && payout.status !== 'failed') {
      return {
        itemTotalCents: payout.itemTotalCents,
        commissionRateBasisPoints: payout.commissionRateBps,
        commissionCents: payout.commissionCents,
        pickupChargeCents: payout.pickupChargeCents,
        grossCents: payout.grossCents,
        feeCents: payout.feeCents,
        // The payout rule's result; the transfer adds the shipping credited and takes the label lines and
        // what earlier refunds took off it.
        payoutCents: payout.netCents - payout.adjustmentCents - payout.labelChargeCents - payout.shippingCreditCents,
        shippingCreditCents: payout.shippingCreditCents,
        labelChargeCents: payout.labelChargeCents,
        adjustmentCents: payout.adjustmentCents,
        netCents: payout.netCents,
        commissionWarning: null,
      };
    }
    const breakdown = payoutAfterRefunds(
      {
        unitPriceCents: line.priceCents,
        quantity: line.quantity,
        refundedCents: line.refundedCents,
        commissionRateBasisPoints: line.commissionRateBasisPoints,
        allocatedPickupChargeCents,
      },
      line.categoryName,
    );
    const shippingCredit = shippingCreditCents({
      lineCents: line.priceCents * line.quantity,
      addOnCents: line.addOnCents,
      shippingCents: line.shippingCents,
      refundedCents: line.refundedCents,
      lateRefundCents: line.lateShippingRefundCents,
      lateRefundPaidBy: line.latePayer,
    });
    return {
      itemTotalCents: breakdown.itemTotalCents,
      commissionRateBasisPoints: breakdown.commissionRateBasisPoints,
      commissionCents: breakdown.commissionCents,
      pickupChargeCents: breakdown.pickupChargeCents,
      grossCents: breakdown.grossCents,
      feeCents: breakdown.feeCents,
      payoutCents: breakdown.payoutCents,
      shippingCreditCents: shippingCredit,
      labelChargeCents: 0,
      adjustmentCents: 0,
      netCents: breakdown.payoutCents + shippingCredit,
      commissionWarning: breakdown.warning,
    };
  }

  /** The lines as rows: one read of the pickup shares for the lines whose payout is still to be computed. */
  async function rowsOf(lines: readonly EarningLine[], schedule: PayoutSchedule): Promise<EarningRow[]> {
    const toCompute = lines.filter((line) => !line.payout || line.payout.status === 'failed').map((line) => line.orderItemId);
    const shares = toCompute.length > 0 ? await deps.pickupCharges.allocatedPickupChargesOf(toCompute) : new Map<string, number>();
    return lines.map((line) => {
      const status = earningStatusOf({
        itemStatus: line.status,
        deliveredAt: line.deliveredAt,
        payout: line.payout ? { status: line.payout.status } : null,
        clawbackCents: line.clawbackCents,
        hasOpenDispute: line.hasOpenDispute,
        hasOpenReturn: line.hasOpenReturn,
        schedule,
      });
      const paidAt = line.payout?.status === 'paid' ? line.payout.paidAt : null;
      const transferId = line.payout?.status === 'paid' ? line.payout.transferId : null;
      return {
        orderItemId: line.orderItemId,
        orderId: line.orderId,
        title: line.title,
        quantity: line.quantity,
        unitPriceCents: line.priceCents,
        soldAt: line.soldAt.toISOString(),
        itemStatus: line.status,
        deliveredAt: line.deliveredAt?.toISOString() ?? null,
        refundedCents: line.refundedCents,
        categoryName: line.categoryName,
        ...figuresOf(line, shares.get(line.orderItemId) ?? 0),
        clawbackCents: line.clawbackCents,
        clawbackSettled: line.clawbackCents < 0 && line.clawbackUnsettledCents === 0,
        state: status.state,
        holdReason: status.holdReason,
        notPayableReason: status.notPayableReason,
        scheduledFor: status.scheduledFor?.toISOString() ?? null,
        paidAt: paidAt?.toISOString() ?? null,
        transferId,
        stateText: describeEarningState({ ...status, paidAt, transferId, clawbackCents: line.clawbackCents }, isoDate),
      };
    });
  }

  const soldIn = (month: string | undefined): SoldBetween | undefined => {
    if (!month) return undefined;
    const { start, end } = monthRange(month);
    return { from: start, to: end };
  };

  /**
   * This month and last month (UTC), in one pass: paid = what was transferred in the month (by the day it
   * was paid, as the admin's payout stats count it); pending = what the payout rule gives the items sold in
   * the month whose money is still to come.
   */
  async function monthTotals(sellerId: string, schedule: PayoutSchedule): Promise<{ thisMonth: EarningsMonthTotals; lastMonth: EarningsMonthTotals }> {
    const { thisMonth, lastMonth } = thisAndLastMonth(clock.now());
    const current = monthRange(thisMonth);
    const previous = monthRange(lastMonth);
    const [paid, lines] = await Promise.all([
      paidInTwoMonths(db, { previousStart: previous.start, currentStart: current.start, nextStart: current.end }, sellerId),
      findSellerEarnings(db, sellerId, { from: previous.start, to: current.end }),
    ]);
    const pending = { thisMonth: 0, lastMonth: 0 };
    for (const row of await rowsOf(lines, schedule)) {
      if (!PENDING_STATES.has(row.state)) continue;
      if (new Date(row.soldAt) >= current.start) pending.thisMonth += row.netCents;
      else pending.lastMonth += row.netCents;
    }
    return {
      thisMonth: { month: thisMonth, paidNetCents: paid.current.amountCents, pendingNetCents: pending.thisMonth },
      lastMonth: { month: lastMonth, paidNetCents: paid.previous.amountCents, pendingNetCents: pending.lastMonth },
    };
  }

  return {
    /** One page of the seller's own items, newest sale first, with the totals and the payout mode. */
    async listEarnings(sellerId: string, query: { page: number; limit: number; month?: string | undefined }): Promise<EarningsResponse> {
      const schedule = await deps.payoutSchedule();
      const soldBetween = soldIn(query.month);
      const [totalItems, lines, totals, account, owed, labelsOpenCents, labels] = await Promise.all([
        countSellerEarnings(db, sellerId, soldBetween),
        findSellerEarnings(db, sellerId, soldBetween, { limit: query.limit, offset: (query.page - 1) * query.limit }),
        monthTotals(sellerId, schedule),
        findAccountOfSeller(db, sellerId),
        pendingAdjustmentsOf(db, sellerId),
        openLabelBalanceOf(db, sellerId),
        recentLabelChargesOf(db, sellerId, soldBetween, EARNINGS_LABEL_LINES),
      ]);
      return {
        success: true,
        schedule,
        payoutAccountReady: account?.status === 'complete',
        owedBackCents: owed.reduce((sum, adjustment) => sum + adjustment.amountCents, 0),
        labelsOpenCents,
        labels: labels.map(labelLineOf),
        totals,
        items: await rowsOf(lines, schedule),
        pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) },
      };
    },

    /** The same rows, every page (the newest EARNINGS_CSV_MAX_ROWS at most), as CSV text. */
    async earningsCsv(sellerId: string, query: { month?: string | undefined }): Promise<{ csv: string; truncated: boolean; fileName: string }> {
      const schedule = await deps.payoutSchedule();
      const soldBetween = soldIn(query.month);
      const rows: EarningRow[] = [];
      for (let offset = 0; offset < EARNINGS_CSV_MAX_ROWS; offset += CSV_CHUNK) {
        const lines = await findSellerEarnings(db, sellerId, soldBetween, { limit: Math.min(CSV_CHUNK, EARNINGS_CSV_MAX_ROWS - offset), offset });
        rows.push(...(await rowsOf(lines, schedule)));
        if (lines.length < CSV_CHUNK) break;
      }
      const truncated = rows.length >= EARNINGS_CSV_MAX_ROWS && (await countSellerEarnings(db, sellerId, soldBetween)) > rows.length;
      // The label lines are lines of their own, after the items (never netted into an item's row).
      const labels = (await recentLabelChargesOf(db, sellerId, soldBetween, EARNINGS_CSV_MAX_ROWS)).map(labelLineOf);
      return { csv: earningsCsv(rows, labels), truncated, fileName: `earnings-${query.month ?? 'all'}.csv` };
    },
  };
}

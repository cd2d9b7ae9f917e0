import type {
  CheckAccountResponse,
  Payout,
  PayoutStats,
  PickupChargeInfo as PickupChargeAnswer,
  QuickStats,
  SellerListEntry,
  ShippedOrderItem,
} from '@marketplace/contracts/payouts';
import { lineWithAddOnCents } from '@marketplace/domain/item-settlement';
import { centsToDollars } from '@marketplace/domain/money';
import { itemShippingOf, shippingCreditCents } from '@marketplace/domain/shop-shipping-money';
import type { PickupChargeInfo } from '../shipping';
import type { MonthComparison, PayoutStatsReport, QuickStatsReport } from './payout-reports.service';
import type { SellerSummary, ShippedOrderLine } from './payout-reports.repository';
import type { PaymentAccountRecord, PayoutWithSeller } from './payouts.repository';

// The payouts module's answers, as packages/contracts/src/payouts.ts describes them: what the services
// return (cents, records) shaped for the client (dollars, the spec's field names).

const dollars = (cents: number) => centsToDollars(cents);

export function paginationOf(page: number, limit: number, totalItems: number) {
  return { page, limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / limit)) };
}

export function accountCheckAnswer(account: PaymentAccountRecord | null): CheckAccountResponse {
  return { success: true, hasAccount: Boolean(account), accountId: account?.accountId ?? null, status: account?.status ?? 'none' };
}

export function sellerEntryAnswer(seller: SellerSummary): SellerListEntry {
  return { id: seller.id, first_name: seller.firstName, last_name: seller.lastName, company_name: seller.companyName };
}

export function payoutAnswer(payout: PayoutWithSeller): Payout {
  return {
    id: payout.id,
    status: payout.status,
    amount: dollars(payout.grossCents),
    net_amount: dollars(payout.netCents),
    fee_amount: dollars(payout.feeCents),
    shipping_credit_amount: dollars(payout.shippingCreditCents),
    label_charge_amount: dollars(payout.labelChargeCents),
    adjustment_amount: dollars(payout.adjustmentCents),
    description: payout.description,
    failure_reason: payout.failureReason,
    order_item_id: payout.orderItemId,
    transfer_id: payout.transferId,
    created_at: payout.createdAt.toISOString(),
    seller: {
      id: payout.seller.id,
      first_name: payout.seller.firstName,
      last_name: payout.seller.lastName,
      email: payout.seller.email,
      company_name: payout.seller.companyName,
    },
  };
}

function monthsAnswer(months: MonthComparison) {
  return {
    this_month: { amount: dollars(months.current.amountCents), count: months.current.count },
    last_month: { amount: dollars(months.previous.amountCents), count: months.previous.count },
    percentage_changes: { amount_change: months.amountChange, count_change: months.countChange },
  };
}

export function payoutStatsAnswer(report: PayoutStatsReport): PayoutStats {
  return {
    time_series: report.days.map((day) => ({ date: day.date, amount: dollars(day.amountCents), count: day.count })),
    top_sellers: report.topSellers.map((row) => ({
      seller_id: row.sellerId,
      seller_name: row.companyName ? `${row.firstName} ${row.lastName} (${row.companyName})` : `${row.firstName} ${row.lastName}`,
      total_amount: dollars(row.amountCents),
      payout_count: row.count,
    })),
    status_distribution: report.statusCounts,
    ...monthsAnswer(report.months),
    active_sellers: report.activeSellers,
  };
}

export function quickStatsAnswer(report: QuickStatsReport): QuickStats {
  return { ...monthsAnswer(report.months), active_sellers: report.activeSellers };
}

export function shippedOrderItemAnswer(line: ShippedOrderLine): ShippedOrderItem {
  const { item, order, category, buyer, seller, accountStatus, payout, openDisputeId, owedCents, openLabelCents, latePayer } = line;
  return {
    orderId: order.id,
    orderItemId: item.id,
    itemTitle: item.title,
    category: category.name,
    categorySlug: category.slug,
    quantity: item.quantity,
    price: dollars(item.priceCents),
    grandTotal: dollars(
      lineWithAddOnCents({ unitPriceCents: item.priceCents, quantity: item.quantity, addOnCents: item.retipAdded ? item.retipPriceCents : 0 }),
    ),
    refunded_cents: item.refundedCents,
    refunded: dollars(item.refundedCents),
    orderStatus: item.status,
    seller_paid: item.sellerPaid,
    orderDate: order.createdAt.toISOString(),
    buyer: { fullName: `${buyer.firstName} ${buyer.lastName}`, email: buyer.email, phone: buyer.phone ?? order.shippingPhone },
    seller: { id: seller.id, fullName: `${seller.firstName} ${seller.lastName}`, companyName: seller.companyName, email: seller.email, phone: seller.phone },
    sellerAccountStatus: accountStatus ?? 'none',
    shippingAddress: {
      name: order.shippingName,
      email: order.shippingEmail,
      address: {
        line1: order.shippingLine1,
        line2: order.shippingLine2,
        city: order.shippingCity,
        state: order.shippingState,
        postal_code: order.shippingPostalCode,
        country: order.shippingCountry,
      },
    },
    hasOpenDispute: openDisputeId !== null,
    sellerPendingAdjustments: owedCents.map(dollars),
    shippingCreditCents: shippingCreditCents(itemShippingOf(item, latePayer)),
    sellerOpenLabelCents: openLabelCents,
    payout: payout ? { id: payout.id, status: payout.status, net_amount: dollars(payout.netCents), failure_reason: payout.failureReason } : null,
  };
}

/** The pickup charge info in dollars; without a pickup, an allocation of zeros. */
export function pickupChargeAnswer(info: PickupChargeInfo): PickupChargeAnswer {
  const { allocation, ...rest } = info;
  return {
    ...rest,
    allocation: allocation
      ? {
          allocatedPickupCharge: allocation.allocatedPickupCharge,
          totalOrderItemsInPickup: allocation.totalOrderItemsInPickup,
          totalOrderValueInPickup: allocation.totalOrderValueInPickup,
          currentItemValue: allocation.currentItemValue,
          pickupChargeRatio: allocation.pickupChargeRatio,
        }
      : { allocatedPickupCharge: 0, totalOrderItemsInPickup: 0, totalOrderValueInPickup: 0, currentItemValue: 0, pickupChargeRatio: 0 },
  };
}

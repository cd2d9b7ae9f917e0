import type { OrderBooksResponse, OrderBooksShop } from '@marketplace/contracts/payouts';
import { shippingSharesOf } from '@marketplace/domain/item-paid';
import { shopBooks, type BookLine } from '@marketplace/domain/order-books';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { labelChargesOfOrders } from './label-charges.repository';
import { findBookLinesOfOrder, findOrderShipping, type BookLineRow } from './order-books.repository';
import type { PickupShares } from './earnings.service';

// The books of one order for the admin (docs/product/money.md "The books of an order"): every line settled as its
// payout is (or would be) made — the rate and pickup share a payout recorded, else the category's rate and the
// item's share of its pickup now — each shop's labels from its seller's label account, all through
// packages/domain/src/order-books.ts, so the books say what the payouts, the earnings page and the property test say.

export type OrderBooksService = ReturnType<typeof createOrderBooksService>;

export function createOrderBooksService(deps: { db: Database; pickupCharges: PickupShares }) {
  const { db } = deps;

  return {
    async booksOf(orderId: string): Promise<OrderBooksResponse> {
      const order = await findOrderShipping(db, orderId);
      if (!order) throw notFound('Order not found');
      const [rows, labelLines] = await Promise.all([findBookLinesOfOrder(db, orderId), labelChargesOfOrders(db, [orderId])]);
      const unpaid = rows.filter((row) => row.payoutStatus === null || row.payoutStatus === 'failed').map((row) => row.orderItemId);
      const pickupShares = unpaid.length > 0 ? await deps.pickupCharges.allocatedPickupChargesOf(unpaid) : new Map<string, number>();
      // An older order's one shipping, split as its refunds split it (item-paid.ts): the platform's.
      const shares = shippingSharesOf(
        order,
        rows.map((row) => ({ ...row, id: row.orderItemId })),
      );
      const recorded = (row: BookLineRow) => row.payoutStatus === 'paid' || row.payoutStatus === 'pending';
      const lineOf = (row: BookLineRow): BookLine => ({
        unitPriceCents: row.priceCents,
        quantity: row.quantity,
        addOnCents: row.retipAdded ? row.retipPriceCents : 0,
        shippingCents: row.shippingCents,
        ...(row.shippingCents === null ? { legacyShippingCents: shares.get(row.orderItemId) ?? 0 } : {}),
        refundedCents: row.refundedCents,
        lateShippingRefundCents: row.lateShippingRefundCents,
        lateRefundPaidBy: row.latePayer,
        commissionRateBasisPoints: recorded(row) ? row.payoutRateBps : row.categoryRateBps,
        allocatedPickupChargeCents: recorded(row) ? (row.payoutPickupCents ?? 0) : (pickupShares.get(row.orderItemId) ?? 0),
      });
      const sellerIds = [...new Set(rows.map((row) => row.sellerId))];
      const shops: OrderBooksShop[] = sellerIds.map((sellerId) => {
        const own = rows.filter((row) => row.sellerId === sellerId);
        const first = own[0]!;
        const lines = own.map(lineOf);
        const bought = labelLines.filter((line) => line.sellerId === sellerId && line.kind === 'label');
        const voided = new Set(labelLines.filter((line) => line.kind === 'void_credit').map((line) => line.shipmentId));
        const labels = bought.map((line) => ({
          shipmentId: line.shipmentId,
          trackingNumber: line.trackingNumber,
          chargesCents: -line.amountCents,
          voided: voided.has(line.shipmentId),
        }));
        const books = shopBooks({ sellerId, lines, labels });
        return {
          sellerId,
          shopName: first.shopName ?? `${first.firstName} ${first.lastName}`.trim(),
          paidCents: books.paidCents,
          refundedCents: books.refundedCents,
          payoutsCents: books.payoutsCents,
          shippingCreditedCents: books.shippingCreditedCents,
          labelsChargedCents: books.labelsChargedCents,
          platformCents: books.platformCents,
          transferredCents: own.reduce((sum, row) => sum + (row.payoutStatus === 'paid' ? (row.payoutNetCents ?? 0) : 0), 0),
          items: own.map((row, index) => ({
            orderItemId: row.orderItemId,
            title: row.title,
            ...books.lines[index]!,
            payoutStatus: row.payoutStatus,
          })),
          labels,
        };
      });
      const sum = (pick: (shop: OrderBooksShop) => number) => shops.reduce((total, shop) => total + pick(shop), 0);
      return {
        orderId,
        shops,
        totals: {
          paidCents: sum((shop) => shop.paidCents),
          refundedCents: sum((shop) => shop.refundedCents),
          payoutsCents: sum((shop) => shop.payoutsCents),
          shippingCreditedCents: sum((shop) => shop.shippingCreditedCents),
          labelsChargedCents: sum((shop) => shop.labelsChargedCents),
          platformCents: sum((shop) => shop.platformCents),
        },
      };
    },
  };
}

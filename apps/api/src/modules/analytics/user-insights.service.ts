import type { UserInsightsResponse } from '@marketplace/contracts/users';
import { centsToDollars } from '@marketplace/domain/money';
import type { Database } from '../../db/client';
import { fullNameOf, type UserActivity } from '../users';
import { findBuyerTotals, findRecentOrdersOfBuyer, findRecentSalesOfSeller, findSellerTotals } from './user-insights.repository';

// What a person bought and sold, for the admin's user insights page (GET /api/admin/users/:id/insights).
// The users module answers that route but sits in the lowest layer (modules/layers.ts), below the orders
// and the catalogue these figures sum; analytics.module.ts fills its `activity` port with this report.

/** How many recent orders and sales the insights page shows. */
export const INSIGHTS_RECENT_LIMIT = 5;

export function createUserInsightsService(deps: { db: Database }): UserActivity {
  const { db } = deps;
  return {
    async ofBuyer(buyerId): Promise<UserInsightsResponse['buyer']> {
      const [totals, recentOrders] = await Promise.all([findBuyerTotals(db, buyerId), findRecentOrdersOfBuyer(db, buyerId, INSIGHTS_RECENT_LIMIT)]);
      return {
        ordersCount: totals.ordersCount,
        // Net of refunds: what the buyer actually paid and kept paid.
        totalSpent: centsToDollars(totals.orderedCents - totals.refundedCents),
        lastOrderAt: totals.lastOrderAt ? new Date(totals.lastOrderAt).toISOString() : null,
        recentOrders: recentOrders.map((order) => ({
          id: order.id,
          createdAt: order.createdAt.toISOString(),
          status: order.status,
          total: centsToDollars(order.totalCents),
          itemsCount: order.itemsCount,
        })),
      };
    },

    async ofSeller(sellerId): Promise<UserInsightsResponse['seller']> {
      const [totals, recentSales] = await Promise.all([findSellerTotals(db, sellerId), findRecentSalesOfSeller(db, sellerId, INSIGHTS_RECENT_LIMIT)]);
      return {
        listingsCount: totals.listingsCount,
        activeListings: totals.activeListings,
        itemsSold: totals.itemsSold,
        revenue: centsToDollars(totals.revenueCents),
        recentSales: recentSales.map((sale) => ({
          orderItemId: sale.orderItemId,
          orderId: sale.orderId,
          title: sale.title,
          quantity: sale.quantity,
          total: centsToDollars(sale.totalCents),
          status: sale.status,
          createdAt: sale.createdAt.toISOString(),
          buyer: { fullName: fullNameOf({ firstName: sale.buyerFirstName, lastName: sale.buyerLastName }) },
        })),
      };
    },
  };
}

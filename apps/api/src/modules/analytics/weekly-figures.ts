import type { Executor } from '../../db/client';
import { paidPerDay } from '../payouts';
import { sumSales } from './analytics.repository';

// A seller's figures for a week's summary e-mail. They are not a definition of their own: sales, orders
// and items sold are the seller dashboard's summary (sumSales over the sales every screen counts), and
// payouts are the payout stats' paid payouts per day, added up. Mail, a leaf above analytics
// (modules/layers.ts), is handed this at boot.

export interface SellerWeekFigures {
  orders: number;
  itemsSold: number;
  revenueCents: number;
  payoutCount: number;
  payoutCents: number;
}

/** A seller's figures for [from, to): the dashboard's sales totals and the payout stats' paid payouts. */
export async function findSellerWeekFigures(executor: Executor, sellerId: string, from: Date, to: Date): Promise<SellerWeekFigures> {
  const [sales, paidDays] = await Promise.all([sumSales(executor, { sellerId }, from, to), paidPerDay(executor, from, to, sellerId)]);
  return {
    orders: sales.orders,
    itemsSold: sales.units,
    revenueCents: sales.revenueCents,
    payoutCount: paidDays.reduce((total, day) => total + day.count, 0),
    payoutCents: paidDays.reduce((total, day) => total + day.amountCents, 0),
  };
}

import type { SellerListEntry } from '@marketplace/contracts/payouts';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';

/** "First Last (Company)", as the seller filters list them (docs/product/payouts.md). */
export function sellerOptionLabel(seller: SellerListEntry): string {
  const name = `${seller.first_name} ${seller.last_name}`.trim();
  return seller.company_name ? `${name} (${seller.company_name})` : name;
}

/** Sums dollar amounts in cents so a long series never drifts, then formats once. */
export function formatDollarTotal(amounts: readonly number[]): string {
  return formatCents(amounts.reduce((total, amount) => total + dollarsToCents(amount), 0));
}

/** "+12.5%" / "-8%": the month-on-month change, one decimal at most. */
export function formatPercentageChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Time-series points are calendar days ("2026-11-22"); read them as UTC so no time zone shifts the day. */
export function formatSeriesDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

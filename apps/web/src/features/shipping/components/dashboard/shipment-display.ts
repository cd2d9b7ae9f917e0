import { formatDate } from '../../../../lib/format';

/** Toasts on the shipment screens stay 4 seconds (docs/product/limits.md). */
export const SHIPMENT_TOAST_MS = 4000;

/** The service a shipment shows when it has none (docs/product/shipping.md). */
export const DEFAULT_SERVICE = 'UPS Ground';

/** The first `shown` entries and how many more there are. */
export function firstOf<T>(values: readonly T[], shown: number): { shown: T[]; more: number } {
  return { shown: values.slice(0, shown), more: Math.max(values.length - shown, 0) };
}

/** "Desk lamp, Enamel mug +2 more" (docs/product/shipping.md: the first two names, then '+N more'). */
export function itemNamesSummary(names: readonly string[]): string {
  const { shown, more } = firstOf(names, 2);
  return more > 0 ? `${shown.join(', ')} +${more} more` : shown.join(', ');
}

/** A pickup date as the API stores it (YYYY-MM-DD, or UPS's YYYYMMDD) → "Mar 4, 2025". */
export function formatPickupDate(value: string): string {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const calendar = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : value;
  // Noon keeps the calendar day whatever the browser's time zone.
  return /^\d{4}-\d{2}-\d{2}$/.test(calendar) ? formatDate(`${calendar}T12:00:00`) : formatDate(value);
}

/** "12.5 lbs" */
export function formatWeight(pounds: number): string {
  return `${Number.isInteger(pounds) ? pounds : pounds.toFixed(2).replace(/0$/, '')} lbs`;
}

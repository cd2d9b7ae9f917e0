import { dollarsToCents, formatCents } from '@marketplace/domain/money';

/** API answers carry dollars (≤ 2 decimals); convert to cents once so formatting never sees a float sum. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 22, 2025" */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Nov 22, 2025, 3:04 PM" */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "Nov 3" within the current year, "Nov 3, 2024" otherwise. */
export function formatShortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return date.getFullYear() === now.getFullYear() ? shortDateFormat.format(date) : dateFormat.format(date);
}

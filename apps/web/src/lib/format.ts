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

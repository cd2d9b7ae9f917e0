import { dollarsToCents, formatCents } from '@marketplace/domain/money';

/** API answers carry dollars (≤ 2 decimals); convert to cents once so formatting never sees a float sum. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

// Dates on the public pages are written by hand, as Intl's en-US formats write them, in the visitor's time
// zone as Intl would: the first Intl formatter a page makes costs a phone 90–270 ms (decision 0042).
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function readDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const shortMonth = (date: Date) => MONTHS[date.getMonth()]!.slice(0, 3);

/** "Nov 22, 2025" */
export function formatDate(iso: string): string {
  const date = readDate(iso);
  return `${shortMonth(date)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "November 2025" */
export function formatMonthYear(iso: string): string {
  const date = readDate(iso);
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "Nov 22, 2025, 3:04 PM" (signed-in pages only: its formatter is made on first use). */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return dateTimeFormat.format(new Date(iso));
}

/** "Nov 3" within the current year, "Nov 3, 2024" otherwise. */
export function formatShortDate(iso: string, now: Date = new Date()): string {
  const date = readDate(iso);
  return date.getFullYear() === now.getFullYear() ? `${shortMonth(date)} ${date.getDate()}` : formatDate(iso);
}

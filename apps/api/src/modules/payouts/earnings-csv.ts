import { EARNINGS_CSV_COLUMNS, type EarningRow } from '@marketplace/contracts/earnings';

// The earnings page as a CSV file (RFC 4180): a header row, one line per item, CRLF line ends. Money is
// dollars with 2 decimals and no currency sign, so a spreadsheet reads it as a number; dates are
// YYYY-MM-DD (UTC). Text a seller or buyer wrote (the item's title, the category) is quoted when it holds
// a comma, quote or line break, and never starts a formula in a spreadsheet.

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (titles may hold any character). */
export const CSV_BOM = '\uFEFF';

/** Quoted when it holds a comma, a quote or a line break; quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Written text: quoted as needed, and a leading = + - @ (or tab, carriage return) kept from being read as a formula. */
export function csvText(text: string): string {
  return quoted(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
}

/** Cents as plain dollars with 2 decimals: 123456 → 1234.56, -5 → -0.05. */
export function csvDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Basis points as a percent with 2 decimals: 1250 → 12.50. */
function csvPercent(basisPoints: number): string {
  return csvDollars(basisPoints);
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function lineOf(row: EarningRow): string[] {
  return [
    day(row.soldAt),
    row.orderId,
    row.orderItemId,
    csvText(row.title),
    String(row.quantity),
    csvDollars(row.unitPriceCents),
    csvDollars(row.refundedCents),
    csvText(row.categoryName),
    csvDollars(row.itemTotalCents),
    csvPercent(row.commissionRateBasisPoints),
    csvDollars(row.commissionCents),
    csvDollars(row.pickupChargeCents),
    csvDollars(row.feeCents),
    csvDollars(row.payoutCents),
    csvDollars(row.adjustmentCents),
    csvDollars(row.netCents),
    csvDollars(row.clawbackCents),
    csvText(row.stateText),
    day(row.scheduledFor),
    day(row.paidAt),
    row.transferId ? csvText(row.transferId) : '',
  ];
}

export function earningsCsv(rows: readonly EarningRow[]): string {
  return CSV_BOM + [EARNINGS_CSV_COLUMNS.map(quoted), ...rows.map(lineOf)].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

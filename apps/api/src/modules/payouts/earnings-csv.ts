import { CSV_BOM, csvDollars, csvLines, csvText, csvValue } from '@marketplace/domain/csv';
import { EARNINGS_CSV_COLUMNS, type EarningRow } from '@marketplace/contracts/earnings';

// The earnings page as a CSV file, written with the shared CSV cells (@marketplace/domain/csv): a header
// row, one line per item, CRLF line ends. Money is dollars with 2 decimals and no currency sign, so a
// spreadsheet reads it as a number (a negative amount too); dates are YYYY-MM-DD (UTC). Text a seller or
// buyer wrote (the item's title, the category) is quoted when it holds a comma, quote or line break, and
// never starts a formula in a spreadsheet.

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
  return CSV_BOM + csvLines([EARNINGS_CSV_COLUMNS.map(csvValue), ...rows.map(lineOf)]);
}

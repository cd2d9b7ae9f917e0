import { CSV_BOM, csvDollars, csvLines, csvText, csvValue } from '@marketplace/domain/csv';
import { EARNINGS_CSV_COLUMNS, type EarningRow, type LabelLine } from '@marketplace/contracts/earnings';

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
    csvDollars(row.shippingCreditCents),
    csvDollars(row.labelChargeCents),
    csvDollars(row.adjustmentCents),
    csvDollars(row.netCents),
    '',
    csvDollars(row.clawbackCents),
    csvText(row.stateText),
    day(row.scheduledFor),
    day(row.paidAt),
    row.transferId ? csvText(row.transferId) : '',
  ];
}

/**
 * A label line: its date, its order, the label in words, and its amount under "Labels charged" only. An item's row
 * shows under "Labels settled" the lines its payout took, already in its "Net": so "Net" sums the transfers and
 * "Labels charged" the label account, and neither counts a label twice.
 */
function labelLineCells(line: LabelLine): string[] {
  const cells = EARNINGS_CSV_COLUMNS.map((column): string => {
    switch (column) {
      case 'Sold on':
        return day(line.createdAt);
      case 'Order':
        return line.orderId;
      case 'Item':
        return csvText(line.kind === 'label' ? 'Shipping label' : 'Voided shipping label');
      case 'Labels charged':
        return csvDollars(line.amountCents);
      case 'State':
        return csvText(line.text);
      case 'Paid on':
        return day(line.settledAt);
      default:
        return '';
    }
  });
  return cells;
}

export function earningsCsv(rows: readonly EarningRow[], labels: readonly LabelLine[] = []): string {
  return CSV_BOM + csvLines([EARNINGS_CSV_COLUMNS.map(csvValue), ...rows.map(lineOf), ...labels.map(labelLineCells)]);
}

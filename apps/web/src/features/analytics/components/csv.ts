import { csvText, csvValue } from '@marketplace/domain/csv';
import { dollarsToCents } from '@marketplace/domain/money';

export type CsvCell = string | number;

/** A number the program wrote (an amount like -12.50, a count): left as a number a spreadsheet can add up. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell as CSV text (RFC 4180), the one way of packages/domain's csv: written text never reads as a formula. */
function csvCell(value: CsvCell): string {
  return typeof value === 'number' || PLAIN_NUMBER.test(value) ? csvValue(value) : csvText(value);
}

/** Header line plus one line per row, CRLF-separated as RFC 4180 asks. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Dollars as plain 2-decimal text ("12.50"): spreadsheets read it as a number. */
export function csvDollars(dollars: number): string {
  const cents = dollarsToCents(dollars);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Hands the CSV to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

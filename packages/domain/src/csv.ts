// CSV files people open in a spreadsheet (RFC 4180), written the one way every export writes them: the
// API's (the seller's earnings) and the web's (the analytics tables). Two kinds of cell:
// - text someone wrote (a listing's title, a person's or a shop's name, a category, a reference): it may
//   start like a formula (= + - @, or a tab or carriage return before one), which a spreadsheet would run
//   (=HYPERLINK(…), =cmd|…). Such a cell gets a leading single quote (the OWASP rule), shown as text. A text
//   that already starts with quotes before such a sign gets one more, so a file read back (the listings' CSV
//   import, csvCellText) loses exactly the quote the writer added;
// - values the program writes itself (amounts like -12.50, counts, dates, ids): left as they are, so a
//   negative amount stays a number a spreadsheet can add up.
// Both are quoted when they hold a comma, a quote or a line break (docs/product/payouts.md, analytics.md).

/**
 * What makes a spreadsheet read a cell as a formula when it comes first, after any single quotes (those are
 * the writer's own prefix once written, so a text made of them and a sign is prefixed again).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Quoted when it holds a comma, a quote or a line break; quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell of text someone wrote: quoted as needed, and never read as a formula. */
export function csvText(text: string): string {
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/**
 * The text a person wrote, from a cell `csvText` wrote (a spreadsheet keeps the leading quote when it saves the
 * file again): the one quote added before a formula sign is taken off, anything else is left as it is.
 */
export function csvCellText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A cell the program writes itself (a number, a date, an id, a header): only quoted as needed. */
export function csvValue(value: string | number): string {
  return quoted(String(value));
}

/** Cents as plain dollars with 2 decimals, no currency sign (a spreadsheet reads a number): 123456 → 1234.56, -5 → -0.05. */
export function csvDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Lines of cells already written with the helpers above, CRLF after each line as RFC 4180 asks. */
export function csvLines(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (names may hold any character). */
export const CSV_BOM = '\uFEFF';

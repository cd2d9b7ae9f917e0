import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import {
  LISTINGS_CSV_COLUMNS,
  LISTINGS_CSV_ERROR_CODES,
  MAX_IMPORT_ROWS,
  type ImportRowError,
  type ListingsCsvColumn,
} from '@marketplace/contracts/listings-csv';
import { csvCellText } from '@marketplace/domain/csv';
import { HttpError } from '../../lib/http-errors';

// The listings' CSV file read into rows (docs/product/listings.md "CSV import and export", decision 0044): the
// header's columns by name, each data row's cells by column, and the rows of one listing grouped. A file that
// cannot be read as a whole (not text, a quote left open, an unknown column, too many rows) is refused with a
// 400 and its code; what is wrong with one row is said on that row.

/** A data row: its number as a spreadsheet shows it (the header is row 1) and its cells, trimmed, by column. */
export interface CsvRow {
  row: number;
  cells: Partial<Record<ListingsCsvColumn, string>>;
  /** What is wrong with the row as written (more cells than columns); the listing's checks add theirs. */
  errors: ImportRowError[];
}

export interface CsvSheet {
  /** The columns the header names: an absent column leaves that field of an existing listing as it is. */
  columns: ReadonlySet<ListingsCsvColumn>;
  /** The rows with at least one cell filled in, in the file's order. */
  rows: CsvRow[];
}

const refused = (code: string, message: string) => new HttpError(400, message, { code });

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(LISTINGS_CSV_COLUMNS);

/** "Product ID", "product-id" and "PRODUCT_ID" all name `product_id`. */
const normalizedColumn = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A spreadsheet's letter for a column: 0 → A, 26 → AA. */
function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** The file's text: UTF-8 (a byte-order mark is dropped), with no binary content. */
function textOf(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw refused(LISTINGS_CSV_ERROR_CODES.unreadable, 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.');
  }
  if (text.includes('\u0000')) {
    throw refused(LISTINGS_CSV_ERROR_CODES.unreadable, 'The file is not a CSV file (it holds binary data). Save it from your spreadsheet as "CSV UTF-8".');
  }
  return text;
}

function recordsOf(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = /line (\d+)/.exec(error.message)?.[1];
    const where = line ? ` (line ${line})` : '';
    const reason =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `a quoted cell is never closed${where}`
        : error.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? `a quoted cell has text after its closing quote${where}`
          : `it is not valid CSV${where}`;
    throw refused(LISTINGS_CSV_ERROR_CODES.unreadable, `The file could not be read: ${reason}.`);
  }
}

/** The header's columns by position (null: an unnamed column, allowed only while it is empty in every row). */
function headerOf(header: readonly string[], records: readonly string[][]): (ListingsCsvColumn | null)[] {
  const columns = header.map((name, index) => {
    const column = normalizedColumn(name);
    if (column === '') {
      if (records.some((record) => (record[index] ?? '').trim() !== '')) {
        throw refused(LISTINGS_CSV_ERROR_CODES.badHeader, `Column ${columnLetter(index)} has values but no name in the header row.`);
      }
      return null;
    }
    if (!KNOWN_COLUMNS.has(column)) {
      const hint = name.includes(';') ? ' Columns must be separated by commas.' : '';
      throw refused(
        LISTINGS_CSV_ERROR_CODES.badHeader,
        `Unknown column "${name.trim()}" (column ${columnLetter(index)}).${hint} The columns are: ${LISTINGS_CSV_COLUMNS.join(', ')}.`,
      );
    }
    return column as ListingsCsvColumn;
  });
  const named = columns.filter((column): column is ListingsCsvColumn => column !== null);
  if (named.length === 0) throw refused(LISTINGS_CSV_ERROR_CODES.badHeader, `The first row must name the columns: ${LISTINGS_CSV_COLUMNS.join(', ')}.`);
  const twice = named.find((column, index) => named.indexOf(column) !== index);
  if (twice) throw refused(LISTINGS_CSV_ERROR_CODES.badHeader, `The column "${twice}" is named twice in the header row.`);
  for (const variation of ['variation_1', 'variation_2'] as const) {
    if (named.includes(`${variation}_name`) !== named.includes(`${variation}_option`)) {
      throw refused(LISTINGS_CSV_ERROR_CODES.badHeader, `The columns ${variation}_name and ${variation}_option go together: add the missing one.`);
    }
  }
  return columns;
}

/** Reads the file, or refuses it as a whole (400 with one of LISTINGS_CSV_ERROR_CODES). */
export function readListingsCsv(data: Buffer): CsvSheet {
  const records = recordsOf(textOf(data));
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw refused(LISTINGS_CSV_ERROR_CODES.empty, 'The file is empty: its first row names the columns, and each row after it is a listing or a variant.');
  }
  const columns = headerOf(header, body);
  const rows: CsvRow[] = [];
  for (const [index, record] of body.entries()) {
    // A blank line keeps its number (a spreadsheet shows it as an empty row) and is skipped.
    if (record.every((cell) => cell.trim() === '')) continue;
    const cells: CsvRow['cells'] = {};
    for (const [position, column] of columns.entries()) if (column !== null) cells[column] = csvCellText((record[position] ?? '').trim());
    const hasExtraCells = record.slice(columns.length).some((cell) => cell.trim() !== '');
    rows.push({
      row: index + 2,
      cells,
      errors: hasExtraCells ? [{ column: null, reason: `This row has ${record.length} cells, more than the ${columns.length} columns the header names.` }] : [],
    });
  }
  if (rows.length === 0) throw refused(LISTINGS_CSV_ERROR_CODES.empty, 'The file has a header row but no listings under it.');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw refused(
      LISTINGS_CSV_ERROR_CODES.tooManyRows,
      `The file has ${rows.length.toLocaleString('en-US')} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')}. Split it into smaller files.`,
    );
  }
  return { columns: new Set(columns.filter((column): column is ListingsCsvColumn => column !== null)), rows };
}

/** The rows of one listing: those sharing a `product_id`, or (for new listings) a `handle`; else a row alone. */
export interface RowGroup {
  /** As written in the file (trimmed), or null for a new listing. */
  productId: string | null;
  rows: CsvRow[];
}

export function groupRows(rows: readonly CsvRow[]): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const row of rows) {
    const productId = row.cells.product_id ?? '';
    const handle = row.cells.handle ?? '';
    // Ids and handles are matched ignoring case (a spreadsheet may change neither, but a person typing may).
    const key = productId !== '' ? `id:${productId.toLowerCase()}` : handle !== '' ? `handle:${handle.toLowerCase()}` : `row:${row.row}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { productId: productId === '' ? null : productId, rows: [row] });
  }
  return [...groups.values()];
}

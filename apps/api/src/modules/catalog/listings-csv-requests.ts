import type { ImportRowError, ListingsCsvColumn } from '@marketplace/contracts/listings-csv';
import { centsToDollars, parseDollars } from '@marketplace/domain/money';
import type { CsvRow, RowGroup } from './listings-csv-rows';

// One listing's rows as the request the listing API takes (`POST /api/products` for a new listing, `PUT
// /api/products/:id` for one of the seller's), so the contract's schema and the listing rules judge a row exactly
// as they judge the form (docs/product/listings.md "CSV import and export"). Each refusal's path in that request
// is traced back to the row and column it came from.

/** A listing's fields, the same on each of its rows: the first row that fills one in gives it, the others may repeat it. */
const LISTING_COLUMNS = [
  'title',
  'description',
  'category',
  'condition',
  'weight_oz',
  'addon_name',
  'addon_price',
  'variation_1_name',
  'variation_2_name',
] as const satisfies readonly ListingsCsvColumn[];
type ListingColumn = (typeof LISTING_COLUMNS)[number];

const VARIATIONS = [
  { name: 'variation_1_name', option: 'variation_1_option' },
  { name: 'variation_2_name', option: 'variation_2_option' },
] as const;

/** The request's top-level fields and the columns they come from. */
const COLUMN_OF_FIELD: Readonly<Record<string, ListingsCsvColumn>> = {
  title: 'title',
  description: 'description',
  category: 'category',
  condition: 'condition',
  price: 'price',
  quantity: 'quantity',
  weightOunces: 'weight_oz',
  retipLabel: 'addon_name',
  retipPrice: 'addon_price',
};
const COLUMN_OF_VARIANT_FIELD: Readonly<Record<string, ListingsCsvColumn>> = { price: 'price', quantity: 'quantity', sku: 'sku', available: 'available' };

/**
 * A dollar amount as the request carries it: exact cents from the text ("12.50", "$1,234.5"), as the dollar
 * number the API takes. Text that is a number the contract refuses (negative, a fraction of a cent) goes as that
 * number, and anything else as the text itself, so the contract's own message says what is wrong.
 */
function dollarsCell(text: string): unknown {
  const cents = parseDollars(text);
  if (cents !== null) return centsToDollars(cents);
  return /^-?\$?\d*\.?\d+$/.test(text) ? Number(text.replace('$', '')) : text;
}

/** A whole number (stock, ounces); a decimal goes as a number for the contract to refuse, anything else as text. */
function wholeNumberCell(text: string): unknown {
  return /^-?\d*\.?\d+$/.test(text) ? Number(text) : text;
}

/** yes/no, true/false, 1/0 (any case); anything else as text, which the contract refuses. */
function yesNoCell(text: string): unknown {
  const word = text.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(word)) return true;
  if (['no', 'n', 'false', '0'].includes(word)) return false;
  return text;
}

/** "Like new", "like-new" and "LIKE_NEW" all name `like_new`. */
const conditionCell = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '_');

export interface ListingRequest {
  /** The request body for the contract's schema (`createProductRequestSchema` or `updateProductRequestSchema`). */
  body: Record<string, unknown>;
  /** The listing's title as the file gives it, for the results. */
  title: string | undefined;
  /** Each row's combination ("Size: M"), for a listing with variations. */
  variantOf: ReadonlyMap<number, string>;
  /** Where a refusal of the request's `path` was written: its row and column (null: the row as a whole). */
  locate(path: string): { row: number; column: ListingsCsvColumn | null };
}

/**
 * The request one listing's rows make, or the rows' own errors (fields that disagree between rows, several rows
 * without variations, a variant's cell on a listing that has none). `categorySlugOf` finds a category by its slug
 * or its name; an unknown one is sent as written, for the listing rules to refuse.
 */
export function listingRequestOf(
  group: RowGroup,
  columns: ReadonlySet<ListingsCsvColumn>,
  categorySlugOf: (text: string) => string,
): ListingRequest | { errors: Map<number, ImportRowError[]> } {
  const errors = new Map<number, ImportRowError[]>();
  const refuse = (row: CsvRow, column: ListingsCsvColumn | null, reason: string) => errors.set(row.row, [...(errors.get(row.row) ?? []), { column, reason }]);
  const [first] = group.rows as [CsvRow, ...CsvRow[]];

  // The listing's fields: the first filled-in value of each; another row saying otherwise is a mistake.
  const listing = {} as Record<ListingColumn, string>;
  const rowOf = {} as Record<ListingColumn, CsvRow>;
  for (const column of LISTING_COLUMNS) {
    for (const row of group.rows) {
      const value = row.cells[column] ?? '';
      if (value === '') continue;
      if (rowOf[column] === undefined) {
        listing[column] = value;
        rowOf[column] = row;
      } else if (value !== listing[column]) {
        refuse(row, column, `Rows of one listing must agree: row ${rowOf[column].row} says "${listing[column]}".`);
      }
    }
    listing[column] ??= '';
    rowOf[column] ??= first;
  }

  const variations = VARIATIONS.filter((variation) => listing[variation.name] !== '');
  if (listing.variation_2_name !== '' && listing.variation_1_name === '')
    refuse(rowOf.variation_2_name, 'variation_1_name', 'Name the first variation before the second.');
  for (const row of group.rows) {
    for (const variation of VARIATIONS) {
      if (listing[variation.name] === '' && (row.cells[variation.option] ?? '') !== '')
        refuse(row, variation.name, `Name the variation of "${row.cells[variation.option]}".`);
    }
  }
  if (variations.length === 0) {
    for (const row of group.rows.slice(1)) {
      refuse(
        row,
        null,
        `Only a listing with variations has several rows; row ${first.row} is this listing's. Name a variation (variation_1_name) to list combinations.`,
      );
    }
    if ((first.cells.sku ?? '') !== '') refuse(first, 'sku', 'A SKU belongs to a variant: this listing has no variations.');
    if ((first.cells.available ?? '') !== '') refuse(first, 'available', 'Only a variant is switched on or off: this listing has no variations.');
  }
  if (errors.size > 0) return { errors };

  const body: Record<string, unknown> = {};
  const isNew = group.productId === null;
  const has = (column: ListingsCsvColumn) => columns.has(column);
  // A cell left empty is absent from a new listing (its default, or the contract's "is required"); an existing
  // listing's title, description, category, condition and prices are required too (sent empty), its weight and
  // stock are kept, and empty add-on cells take the add-on away.
  const text = (value: string) => (value === '' && isNew ? undefined : value);
  if (has('title')) body.title = text(listing.title);
  if (has('description')) body.description = text(listing.description);
  if (has('category')) body.category = listing.category === '' ? text('') : categorySlugOf(listing.category);
  if (has('condition')) body.condition = text(conditionCell(listing.condition));
  if (has('weight_oz') && listing.weight_oz !== '') body.weightOunces = wholeNumberCell(listing.weight_oz);
  // An add-on is a name and a price, both or neither: one left empty beside the other is refused as in the form.
  const none = isNew ? undefined : null;
  if (has('addon_name')) body.retipLabel = listing.addon_name !== '' ? listing.addon_name : none;
  if (has('addon_price')) body.retipPrice = listing.addon_price !== '' ? dollarsCell(listing.addon_price) : none;
  const price = (row: CsvRow) => dollarsCell(row.cells.price ?? '');
  const quantity = (row: CsvRow) => ((row.cells.quantity ?? '') === '' ? undefined : wholeNumberCell(row.cells.quantity!));

  const variantOf = new Map<number, string>();
  if (has('variation_1_name')) {
    // The options in the order the rows first name them.
    body.variations = variations.map((variation) => ({
      name: listing[variation.name],
      options: [...new Set(group.rows.map((row) => row.cells[variation.option] ?? '').filter((option) => option !== ''))],
    }));
    body.variants =
      variations.length === 0
        ? []
        : group.rows.map((row) => {
            const options = Object.fromEntries(
              variations.flatMap((variation) => ((row.cells[variation.option] ?? '') === '' ? [] : [[listing[variation.name], row.cells[variation.option]!]])),
            );
            variantOf.set(row.row, variations.map((variation) => `${listing[variation.name]}: ${row.cells[variation.option] ?? ''}`).join(', '));
            return {
              options,
              ...(has('price') ? { price: price(row) } : {}),
              ...(has('quantity') ? { quantity: quantity(row) } : {}),
              ...(has('sku') ? { sku: row.cells.sku === '' ? null : row.cells.sku } : {}),
              ...(has('available') && row.cells.available !== '' ? { available: yesNoCell(row.cells.available!) } : {}),
            };
          });
  }
  if (variations.length === 0) {
    if (has('price')) body.price = price(first);
    if (has('quantity')) body.quantity = quantity(first);
  }

  const locate = (path: string): { row: number; column: ListingsCsvColumn | null } => {
    const [field = '', index, part, key] = path.split('.');
    if (field === 'variants' && index !== undefined) {
      const row = group.rows[Number(index)] ?? first;
      if (part !== 'options') return { row: row.row, column: COLUMN_OF_VARIANT_FIELD[part ?? ''] ?? null };
      // An option named by its variation, or else the first variation whose option the row leaves out.
      const named = variations.find((variation) => listing[variation.name] === key);
      const missing = variations.find((variation) => (row.cells[variation.option] ?? '') === '');
      return { row: row.row, column: (named ?? missing ?? VARIATIONS[0]).option };
    }
    if (field === 'variations') {
      const variation = variations[Number(index)] ?? VARIATIONS[0];
      if (part === 'name') return { row: rowOf[variation.name].row, column: variation.name };
      const option = part === 'options' && key !== undefined ? (body.variations as { options: string[] }[])[Number(index)]?.options[Number(key)] : undefined;
      const row = group.rows.find((candidate) => option !== undefined && candidate.cells[variation.option] === option) ?? first;
      return { row: row.row, column: variation.option };
    }
    if (field === 'variants') return { row: first.row, column: 'variation_1_name' };
    const column = COLUMN_OF_FIELD[field];
    if (column === undefined) return { row: first.row, column: null };
    const listingColumn = (LISTING_COLUMNS as readonly string[]).includes(column) ? rowOf[column as ListingColumn] : first;
    return { row: listingColumn.row, column };
  };

  return { body, title: listing.title === '' ? undefined : listing.title, variantOf, locate };
}

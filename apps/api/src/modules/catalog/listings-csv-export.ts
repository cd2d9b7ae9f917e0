import { LISTINGS_CSV_COLUMNS, type ListingsCsvColumn } from '@marketplace/contracts/listings-csv';
import { CSV_BOM, csvDollars, csvLines, csvText, csvValue } from '@marketplace/domain/csv';
import type { CsvListingRecord } from './listings-csv.repository';

// The seller's listings as the CSV file the import reads back (docs/product/listings.md "CSV import and export",
// decision 0044), written with the shared CSV cells (@marketplace/domain/csv): text the seller wrote never starts
// a formula in a spreadsheet, and reads back as written. One row per listing, or one per variant of a listing with
// variations: each of its rows carries its id and its variation names; its other fields are on its first row only.

type Cells = Partial<Record<ListingsCsvColumn, string>>;

function listingCells(listing: CsvListingRecord): Cells {
  return {
    title: csvText(listing.title),
    description: csvText(listing.description),
    category: csvText(listing.categorySlug),
    condition: csvValue(listing.condition),
    weight_oz: csvValue(listing.weightOunces),
    addon_name: listing.retipLabel === null ? '' : csvText(listing.retipLabel),
    addon_price: listing.retipLabel === null || listing.retipPriceCents === null ? '' : csvDollars(listing.retipPriceCents),
  };
}

function rowsOf(listing: CsvListingRecord): Cells[] {
  const id = { product_id: csvValue(listing.id) };
  if (listing.variants.length === 0) {
    return [{ ...id, ...listingCells(listing), price: csvDollars(listing.priceCents), quantity: csvValue(listing.quantity) }];
  }
  const [first, second] = listing.variations;
  return listing.variants.map((variant, index) => ({
    ...id,
    ...(index === 0 ? listingCells(listing) : {}),
    price: csvDollars(variant.priceCents),
    quantity: csvValue(variant.quantity),
    variation_1_name: first ? csvText(first.name) : '',
    variation_1_option: first ? csvText(variant.options[first.name] ?? '') : '',
    variation_2_name: second ? csvText(second.name) : '',
    variation_2_option: second ? csvText(variant.options[second.name] ?? '') : '',
    sku: variant.sku === null ? '' : csvText(variant.sku),
    available: variant.available ? 'yes' : 'no',
  }));
}

/** The whole file: a byte-order mark (spreadsheets then read UTF-8), the header, the rows; CRLF line ends. */
export function listingsCsv(listings: readonly CsvListingRecord[]): string {
  const lines = listings.flatMap(rowsOf).map((cells) => LISTINGS_CSV_COLUMNS.map((column) => cells[column] ?? ''));
  return CSV_BOM + csvLines([LISTINGS_CSV_COLUMNS.map(csvValue), ...lines]);
}

import { z } from 'zod';
import { emptyAsAbsent } from './common';

// Bulk listing by CSV (docs/product/listings.md "CSV import and export", decision 0044): the seller's listings
// as a file, one row per variant, and the same file read back. The columns are the format's contract: the
// export writes them in this order, the import reads them in any order, by name, ignoring case.

export const LISTINGS_CSV_COLUMNS = [
  'product_id',
  'handle',
  'title',
  'description',
  'category',
  'condition',
  'price',
  'quantity',
  'weight_oz',
  'addon_name',
  'addon_price',
  'variation_1_name',
  'variation_1_option',
  'variation_2_name',
  'variation_2_option',
  'sku',
  'available',
] as const;
export type ListingsCsvColumn = (typeof LISTINGS_CSV_COLUMNS)[number];

/** Data rows one import may hold (the header aside). */
export const MAX_IMPORT_ROWS = 5000;
/** The largest file an import takes: 5,000 rows with long descriptions fit with room. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The codes of a file refused as a whole (400, or 413 for one too large); nothing in it is applied. */
export const LISTINGS_CSV_ERROR_CODES = {
  /** No file in the form's `file` field. */
  fileMissing: 'csv_file_missing',
  /** Not a CSV file this import can read: not UTF-8 text, binary, or a quote left open. */
  unreadable: 'csv_unreadable',
  /** The header row: a column this format does not have, one named twice, or none at all. */
  badHeader: 'csv_bad_header',
  /** No data row under the header. */
  empty: 'csv_empty',
  /** More than MAX_IMPORT_ROWS data rows. */
  tooManyRows: 'csv_too_many_rows',
  /** Larger than MAX_IMPORT_BYTES (413). */
  tooLarge: 'csv_too_large',
} as const;

/** `?dryRun=true`: check every row and answer what would happen, writing nothing. */
export const listingsImportQuerySchema = z.object({
  dryRun: z.preprocess(
    emptyAsAbsent,
    z
      .enum(['true', 'false'], { error: 'dryRun must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
});
export type ListingsImportQuery = z.input<typeof listingsImportQuerySchema>;

/**
 * What became of a row: its listing was `created` or `updated`, was already as the file says (`unchanged`:
 * nothing written), or was refused (`error`: nothing of that listing written, every one of its rows says so).
 */
export const IMPORT_ROW_STATUSES = ['created', 'updated', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importRowErrorSchema = z.object({
  /** The column at fault as the header names it (`price`); null when it is the row as a whole. */
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importRowResultSchema = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1, the first listing row 2. */
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** The listing the row is part of (not for a row refused, nor a listing a dry run would create). */
  productId: z.string().optional(),
  /** The listing's title as the file gives it (on its first row). */
  title: z.string().optional(),
  /** The row's combination, "Size: M, Colour: Red", for a listing with variations. */
  variant: z.string().optional(),
  errors: z.array(importRowErrorSchema).optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const listingsImportResponseSchema = z.object({
  dryRun: z.boolean(),
  /** Listings (not rows) by what became of them. */
  listings: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
  }),
  rows: z.array(importRowResultSchema),
});
export type ListingsImportResponse = z.infer<typeof listingsImportResponseSchema>;

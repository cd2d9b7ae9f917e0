import { EMAIL_NOT_VERIFIED_MESSAGE } from '@marketplace/contracts/auth';
import {
  createProductRequestSchema,
  LISTING_LIMIT_CODE,
  listingLimitMessage,
  updateProductRequestSchema,
  type CreateProductRequest,
  type UpdateProductRequest,
} from '@marketplace/contracts/catalog';
import type { ImportRowError, ImportRowResult, ImportRowStatus, ListingsCsvColumn, ListingsImportResponse } from '@marketplace/contracts/listings-csv';
import { MAX_LISTINGS_PER_SELLER } from '@marketplace/domain/user-content-limits';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/http-errors';
import type { UserRecord } from '../users';
import { listCategories } from './categories.repository';
import {
  isListingIssue,
  newVariantWithoutStock,
  planListingEdit,
  planNewListing,
  UNKNOWN_CATEGORY_MESSAGE,
  type ListingEditPlan,
  type ListingIssue,
  type NewListingPlan,
} from './listing-rules';
import { listingsCsv } from './listings-csv-export';
import { listingRequestOf, type ListingRequest } from './listings-csv-requests';
import { groupRows, readListingsCsv, type RowGroup } from './listings-csv-rows';
import { findCsvListings, insertCsvListings, updateCsvListings, type CsvListingRecord } from './listings-csv.repository';
import { countListingsOfSeller, lockListingsOfSeller, type ProductValues } from './products.repository';

// Bulk listing by CSV (docs/product/listings.md "CSV import and export", decision 0044): the seller's listings as a
// file, and the file read back. Every listing the rows describe is checked first, each exactly as the listing API
// checks it (the contract's schema, then listing-rules.ts); a listing with an error is left as it is, all its rows
// saying so, and the others are written together in one transaction, unless it is a dry run.

export interface ListingsCsvService {
  /** Every listing of the seller, one row per variant, in the columns the import reads. */
  exportCsv(seller: UserRecord): Promise<{ csv: string; fileName: string }>;
  /** Reads the file and applies the rows without errors (none with `dryRun`); a file unreadable as a whole is a 400. */
  importCsv(seller: UserRecord, file: Buffer, options: { dryRun: boolean }): Promise<ListingsImportResponse>;
}

export interface ListingsCsvServiceDependencies {
  db: Database;
  clock: Clock;
  /** Publishes `listing.changed` for what was written (the products service's, so caches drop as for any edit). */
  catalogChanged: (productIds: readonly string[]) => void;
  /** Listings one seller may have (docs/product/limits.md); MAX_LISTINGS_PER_SELLER unless a test lowers it. */
  maxListingsPerSeller?: number;
}

const NOT_YOURS_MESSAGE = 'No listing of yours has this id. Leave product_id empty to list a new item.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One listing of the file once checked: what becomes of it, its rows' errors, and what is written. */
interface Outcome {
  group: RowGroup;
  request: ListingRequest | null;
  status: ImportRowStatus;
  errors: Map<number, ImportRowError[]>;
  productId?: string;
  create?: NewListingPlan;
  edit?: { current: CsvListingRecord; values: Partial<ProductValues>; plan: ListingEditPlan; variantsChanged: boolean };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the edit's variations and variants are those the listing has (their ids and stock then stay untouched). */
function sameVariants(current: CsvListingRecord, plan: ListingEditPlan): boolean {
  if (plan.variations === null || plan.variants === null) return true;
  if (
    !sameJson(
      plan.variations,
      current.variations.map(({ name, options }) => ({ name, options })),
    )
  )
    return false;
  if (plan.variants.length !== current.variants.length) return false;
  return plan.variants.every((variant, index) => {
    const stored = current.variants[index]!;
    return (
      variant.combinationKey === stored.combinationKey &&
      variant.priceCents === stored.priceCents &&
      (variant.quantity === null || variant.quantity === stored.quantity) &&
      variant.sku === stored.sku &&
      variant.available === stored.available
    );
  });
}

/** The columns an edit changes (an unchanged field is left out of it). */
function changedValues(current: CsvListingRecord, values: ListingEditPlan['values'] & { categoryId?: string }): Partial<ProductValues> {
  const changed: Partial<ProductValues> = {};
  // The file has no personalisation or shipping profile columns (docs/product/listings.md "CSV import and export"): an edit never carries one.
  for (const [key, value] of Object.entries(values) as [Exclude<keyof ProductValues, 'personalization' | 'shippingProfileId'>, unknown][]) {
    if (current[key] !== value) Object.assign(changed, { [key]: value });
  }
  return changed;
}

export function createListingsCsvService({
  db,
  clock,
  catalogChanged,
  maxListingsPerSeller = MAX_LISTINGS_PER_SELLER,
}: ListingsCsvServiceDependencies): ListingsCsvService {
  /** A category by its slug or its name, ignoring case; an unknown one as written. */
  const categoryFinder = async () => {
    const found = new Map<string, { id: string; slug: string }>();
    for (const category of await listCategories(db)) {
      found.set(category.slug.toLowerCase(), category);
      found.set(category.name.toLowerCase(), category);
    }
    return {
      slugOf: (text: string) => found.get(text.toLowerCase())?.slug ?? text,
      idOf: (slug: string) => found.get(slug.toLowerCase())?.id,
    };
  };

  /** Checks one listing's rows; the listing cap and the writes come after, for all of them at once. */
  const check = (
    seller: UserRecord,
    group: RowGroup,
    columns: ReadonlySet<ListingsCsvColumn>,
    categories: Awaited<ReturnType<typeof categoryFinder>>,
    stored: ReadonlyMap<string, CsvListingRecord>,
  ): Outcome => {
    const errors = new Map<number, ImportRowError[]>();
    const fail = (request: ListingRequest | null): Outcome => ({ group, request, status: 'error', errors });
    const add = (row: number, column: string | null, reason: string) => errors.set(row, [...(errors.get(row) ?? []), { column, reason }]);
    for (const row of group.rows) for (const error of row.errors) add(row.row, error.column, error.reason);
    const built = listingRequestOf(group, columns, categories.slugOf);
    if ('errors' in built) {
      for (const [row, found] of built.errors) for (const error of found) add(row, error.column, error.reason);
      return fail(null);
    }
    const request = built;
    const addIssue = (issue: ListingIssue) => {
      const { row, column } = request.locate(issue.path);
      add(row, column, issue.message);
    };
    const current = group.productId === null ? undefined : stored.get(group.productId.toLowerCase());
    if (group.productId !== null && !current) {
      for (const row of group.rows) add(row.row, 'product_id', NOT_YOURS_MESSAGE);
      return fail(request);
    }
    if (errors.size > 0) return fail(request);
    const parsed = current ? updateProductRequestSchema.safeParse(request.body) : createProductRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) addIssue({ path: issue.path.join('.'), message: issue.message });
      return fail(request);
    }
    const input = parsed.data as CreateProductRequest & UpdateProductRequest;
    const categoryId = input.category === undefined ? undefined : categories.idOf(input.category);
    if (input.category !== undefined && categoryId === undefined) {
      addIssue({ path: 'category', message: UNKNOWN_CATEGORY_MESSAGE });
      return fail(request);
    }
    if (!current) {
      // A seller must have verified their address before listing (docs/product/accounts.md).
      if (!seller.emailVerifiedAt) {
        for (const row of group.rows) add(row.row, null, EMAIL_NOT_VERIFIED_MESSAGE);
        return fail(request);
      }
      return { group, request, status: 'created', errors, create: planNewListing(input, categoryId!) };
    }
    const plan = planListingEdit(current, input);
    if (isListingIssue(plan)) {
      addIssue(plan);
      return fail(request);
    }
    const stockIssue = plan.variants && newVariantWithoutStock(plan.variants, new Set(current.variants.map((variant) => variant.combinationKey)));
    if (stockIssue) {
      addIssue(stockIssue);
      return fail(request);
    }
    const values = changedValues(current, { ...plan.values, ...(categoryId === undefined ? {} : { categoryId }) });
    const variantsChanged = !sameVariants(current, plan);
    const status = Object.keys(values).length === 0 && !variantsChanged ? 'unchanged' : 'updated';
    return { group, request, status, errors, productId: current.id, edit: { current, values, plan, variantsChanged } };
  };

  /** New listings past the seller's cap are refused, the first ones in the file taken while there is room. */
  const holdToCap = (outcomes: readonly Outcome[], listingCount: number) => {
    let room = Math.max(0, maxListingsPerSeller - listingCount);
    for (const outcome of outcomes) {
      if (outcome.status !== 'created') continue;
      if (room > 0) {
        room -= 1;
        continue;
      }
      outcome.status = 'error';
      for (const row of outcome.group.rows) outcome.errors.set(row.row, [{ column: null, reason: listingLimitMessage(maxListingsPerSeller) }]);
    }
  };

  /** Writes what passed, in one transaction: the cap is counted again under the seller's lock. */
  const apply = async (seller: UserRecord, outcomes: readonly Outcome[]) => {
    const created = outcomes.filter((outcome) => outcome.status === 'created');
    const updated = outcomes.filter((outcome) => outcome.status === 'updated');
    if (created.length === 0 && updated.length === 0) return;
    const now = clock.now();
    await db.transaction(async (transaction) => {
      if (created.length > 0) {
        // Counted under the seller's lock, so a create meanwhile cannot pass the cap with these (docs/product/limits.md).
        await lockListingsOfSeller(transaction, seller.id);
        if ((await countListingsOfSeller(transaction, seller.id)) + created.length > maxListingsPerSeller) {
          throw conflict(listingLimitMessage(maxListingsPerSeller), { code: LISTING_LIMIT_CODE, limit: maxListingsPerSeller });
        }
        const ids = await insertCsvListings(
          transaction,
          seller.id,
          created.map((outcome) => outcome.create!),
          now,
        );
        for (const [index, outcome] of created.entries()) outcome.productId = ids[index];
      }
      await updateCsvListings(
        transaction,
        seller.id,
        updated.map(({ edit, productId }) => ({
          id: productId!,
          values: edit!.values,
          variants: edit!.variantsChanged ? { variations: edit!.plan.variations ?? [], variants: edit!.plan.variants ?? [] } : null,
        })),
        now,
      );
    });
    catalogChanged([...created, ...updated].map((outcome) => outcome.productId!));
  };

  /** One result per row, in the file's order; every row of a refused listing says why nothing of it was applied. */
  const resultsOf = (outcomes: readonly Outcome[]): ImportRowResult[] =>
    outcomes
      .flatMap(({ group, request, status, errors, productId }) => {
        const firstAtFault = [...errors.keys()].sort((a, b) => a - b)[0];
        return group.rows.map((row): ImportRowResult => {
          const variant = request?.variantOf.get(row.row);
          const own = errors.get(row.row);
          const result: ImportRowResult = {
            row: row.row,
            status,
            ...(productId && status !== 'error' ? { productId } : {}),
            ...(request?.title ? { title: request.title } : row.cells.title ? { title: row.cells.title } : {}),
            ...(variant ? { variant } : {}),
          };
          if (status !== 'error') return result;
          return {
            ...result,
            errors: own ?? [{ column: null, reason: `Row ${firstAtFault} of this listing has an error, so none of its rows were applied.` }],
          };
        });
      })
      .sort((a, b) => a.row - b.row);

  return {
    async exportCsv(seller) {
      const listings = await findCsvListings(db, seller.id);
      return { csv: listingsCsv(listings), fileName: `listings-${clock.now().toISOString().slice(0, 10)}.csv` };
    },

    async importCsv(seller, file, { dryRun }) {
      const sheet = readListingsCsv(file);
      const groups = groupRows(sheet.rows);
      const ids = groups.flatMap((group) => (group.productId !== null && UUID.test(group.productId) ? [group.productId.toLowerCase()] : []));
      const [categories, stored, listingCount] = await Promise.all([
        categoryFinder(),
        findCsvListings(db, seller.id, ids),
        countListingsOfSeller(db, seller.id),
      ]);
      const storedById = new Map(stored.map((listing) => [listing.id.toLowerCase(), listing]));
      const outcomes = groups.map((group) => check(seller, group, sheet.columns, categories, storedById));
      holdToCap(outcomes, listingCount);
      if (!dryRun) await apply(seller, outcomes);
      const count = (status: ImportRowStatus) => outcomes.filter((outcome) => outcome.status === status).length;
      return {
        dryRun,
        listings: { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), failed: count('error') },
        rows: resultsOf(outcomes),
      };
    },
  };
}

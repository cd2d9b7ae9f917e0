import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Variation } from '@marketplace/domain/variations';
import { categories, products, productVariants } from './catalog.schema';
import type { ProductCondition, ProductValues } from './products.repository';
import { writeListingTotals, type VariantRecord, type VariantValues } from './variants.repository';

// The seller's listings for the CSV file (docs/product/listings.md "CSV import and export"), read and written many
// at a time: the export reads every listing of the seller with its variants in one statement, the import reads the
// listings its rows name in one, stores its new listings and their variants a few statements per thousand, and
// its edits in a few statements in all.

/** A listing as its CSV rows show it: its own fields, its category's slug, its variants in the seller's order. */
export interface CsvListingRecord {
  id: string;
  sellerId: string;
  title: string;
  description: string;
  categoryId: string;
  categorySlug: string;
  condition: ProductCondition;
  priceCents: number;
  quantity: number;
  weightOunces: number;
  retipLabel: string | null;
  retipPriceCents: number | null;
  variations: Variation[];
  hasVariants: boolean;
  variants: VariantRecord[];
}

/** Rows per statement: well inside PostgreSQL's 65,535 parameters for the widest row (a listing's 14 columns). */
const ROWS_PER_STATEMENT = 1000;

function inChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

/**
 * The seller's listings, oldest first (the order the export writes them), or only those of `ids` (another
 * seller's listing is not found, exactly like one that does not exist).
 */
export async function findCsvListings(executor: Executor, sellerId: string, ids?: readonly string[]): Promise<CsvListingRecord[]> {
  if (ids && ids.length === 0) return [];
  const variants = sql<VariantRecord[]>`(select coalesce(json_agg(json_build_object('id', v.id, 'productId', v.product_id, 'options', v.options,
      'combinationKey', v.combination_key, 'label', v.label, 'priceCents', v.price_cents, 'quantity', v.quantity, 'sku', v.sku,
      'available', v.available, 'position', v.position) order by v.position, v.id), '[]'::json) from ${productVariants} v where v.product_id = ${products.id})`;
  const rows = await executor
    .select({
      id: products.id,
      sellerId: products.sellerId,
      title: products.title,
      description: products.description,
      categoryId: products.categoryId,
      categorySlug: categories.slug,
      condition: products.condition,
      priceCents: products.priceCents,
      quantity: products.quantity,
      weightOunces: products.weightOunces,
      retipLabel: products.retipLabel,
      retipPriceCents: products.retipPriceCents,
      variations: products.variations,
      hasVariants: products.hasVariants,
      variants,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.sellerId, sellerId), ids ? inArray(products.id, [...ids]) : undefined))
    .orderBy(asc(products.createdAt), asc(products.id));
  // PGlite answers json as text, PostgreSQL as parsed JSON.
  return rows.map((row) => ({ ...row, variants: typeof row.variants === 'string' ? (JSON.parse(row.variants) as VariantRecord[]) : row.variants }));
}

/** A new listing with its variants, as the import stores it. */
export interface NewCsvListing {
  values: ProductValues;
  variations: readonly Variation[];
  variants: readonly VariantValues[];
}

/**
 * Stores new listings of the seller as drafts (hidden until their first photo, docs/product/listings.md), with
 * their variants and the totals those make, in the caller's transaction. Answers their ids, in order.
 */
export async function insertCsvListings(executor: Executor, sellerId: string, listings: readonly NewCsvListing[], now: Date): Promise<string[]> {
  // Ids made here, so each listing's variants know theirs without relying on the order RETURNING answers in.
  const ids = listings.map(() => randomUUID());
  // A millisecond apart, the last at `now`: every list that sorts by age (and the next export) keeps the file's order.
  const createdAt = (index: number) => new Date(now.getTime() - (listings.length - 1 - index));
  const rows = listings.map((listing, index) => ({
    ...listing.values,
    id: ids[index]!,
    sellerId,
    variations: [...listing.variations],
    hasVariants: listing.variants.length > 0,
    status: 'hidden' as const,
    isDraft: true,
    createdAt: createdAt(index),
    updatedAt: now,
  }));
  for (const chunk of inChunks(rows)) await executor.insert(products).values(chunk);
  const variantRows = listings.flatMap((listing, index) =>
    listing.variants.map((variant, position) => ({
      ...variant,
      quantity: variant.quantity ?? 0,
      productId: ids[index]!,
      position,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const chunk of inChunks(variantRows)) await executor.insert(productVariants).values(chunk);
  return ids;
}

/** An edit of a listing as the import writes it: the columns it changes (the others are kept), and its new variants. */
export interface CsvListingEdit {
  id: string;
  values: Partial<ProductValues>;
  /** Null: its variations and variants stay as they are. */
  variants: { variations: readonly Variation[]; variants: readonly VariantValues[] } | null;
}

/**
 * Writes the edits of many listings of the seller in the caller's transaction, a few statements in all, each taking
 * its rows as one JSON value: the listings' changed columns; then, for those whose variants changed, the variants
 * left out deleted, those kept updated (a stock left out keeps the stock the row has then, whatever sold since), the
 * new ones inserted, and the listings' variations and totals written (decision 0043).
 */
export async function updateCsvListings(executor: Executor, sellerId: string, edits: readonly CsvListingEdit[], now: Date): Promise<void> {
  if (edits.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  const listingRows = edits.map(({ id, values, variants }) => ({
    id,
    title: values.title ?? null,
    description: values.description ?? null,
    category_id: values.categoryId ?? null,
    price_cents: values.priceCents ?? null,
    quantity: values.quantity ?? null,
    condition: values.condition ?? null,
    weight_ounces: values.weightOunces ?? null,
    // The add-on is a pair: both written when either changes (either may become null).
    set_retip: 'retipLabel' in values || 'retipPriceCents' in values,
    retip_label: values.retipLabel ?? null,
    retip_price_cents: values.retipPriceCents ?? null,
    variations: variants ? variants.variations : null,
    has_variants: variants ? variants.variants.length > 0 : null,
  }));
  await executor.execute(sql`
    update ${products} as p set
      title = coalesce(v.title, p.title),
      description = coalesce(v.description, p.description),
      category_id = coalesce(v.category_id, p.category_id),
      price_cents = coalesce(v.price_cents, p.price_cents),
      quantity = coalesce(v.quantity, p.quantity),
      condition = coalesce(v.condition::product_condition, p.condition),
      weight_ounces = coalesce(v.weight_ounces, p.weight_ounces),
      retip_label = case when v.set_retip then v.retip_label else p.retip_label end,
      retip_price_cents = case when v.set_retip then v.retip_price_cents else p.retip_price_cents end,
      variations = coalesce(v.variations, p.variations),
      has_variants = coalesce(v.has_variants, p.has_variants),
      updated_at = ${at}
    from jsonb_to_recordset(${JSON.stringify(listingRows)}::jsonb) as v(id uuid, title text, description text, category_id uuid, price_cents integer,
      quantity integer, condition text, weight_ounces integer, set_retip boolean, retip_label text, retip_price_cents integer, variations jsonb, has_variants boolean)
    where p.id = v.id and p.seller_id = ${sellerId}`);

  const withVariants = edits.filter((edit) => edit.variants !== null);
  if (withVariants.length === 0) return;
  const sets = withVariants.map((edit) => ({ product_id: edit.id, keys: edit.variants!.variants.map((variant) => variant.combinationKey) }));
  await executor.execute(sql`
    delete from ${productVariants} as pv using jsonb_to_recordset(${JSON.stringify(sets)}::jsonb) as k(product_id uuid, keys jsonb)
    where pv.product_id = k.product_id and not jsonb_exists(k.keys, pv.combination_key)`);
  const variantRows = withVariants.flatMap((edit) =>
    edit.variants!.variants.map((variant, position) => ({
      product_id: edit.id,
      combination_key: variant.combinationKey,
      options: variant.options,
      label: variant.label,
      price_cents: variant.priceCents,
      quantity: variant.quantity,
      sku: variant.sku,
      available: variant.available,
      position,
    })),
  );
  if (variantRows.length > 0) {
    const rows = sql`jsonb_to_recordset(${JSON.stringify(variantRows)}::jsonb) as v(product_id uuid, combination_key text, options jsonb, label text,
      price_cents integer, quantity integer, sku text, available boolean, position integer)`;
    await executor.execute(sql`
      update ${productVariants} as pv set options = v.options, label = v.label, price_cents = v.price_cents, quantity = coalesce(v.quantity, pv.quantity),
        sku = v.sku, available = v.available, position = v.position, updated_at = ${at}
      from ${rows}
      where pv.product_id = v.product_id and pv.combination_key = v.combination_key`);
    // A new combination always has its stock (listing-rules.ts refuses one without); those kept were updated above.
    await executor.execute(sql`
      insert into ${productVariants} (product_id, combination_key, options, label, price_cents, quantity, sku, available, position, created_at, updated_at)
      select v.product_id, v.combination_key, v.options, v.label, v.price_cents, v.quantity, v.sku, v.available, v.position, ${at}, ${at}
      from ${rows}
      where v.quantity is not null
      on conflict (product_id, combination_key) do nothing`);
  }
  await writeListingTotals(
    executor,
    withVariants.filter((edit) => edit.variants!.variants.length > 0).map((edit) => edit.id),
    now,
  );
}

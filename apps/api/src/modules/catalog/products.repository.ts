import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { productImages } from '../uploads/uploads.schema';
import { users } from '../users/users.schema';
import type { PersonalizationSetting } from '@marketplace/domain/personalization';
import type { Variation } from '@marketplace/domain/variations';
import { categories, products, productVariants, sellerReviewTotals } from './catalog.schema';
import type { VariantRecord } from './variants.repository';

// One listing at a time: read by id and as its page shows it, written by its seller and the admin, with its
// review totals, its photos (read side) and the categories' commission. The catalogue's lists of listings
// (search, browse, a seller's and the admin's) are the search module's (catalogue-search.repository.ts).

export type ProductCondition = (typeof products.$inferSelect)['condition'];
export type ProductStatus = (typeof products.$inferSelect)['status'];

/** A listing with the category and seller it is shown with; plain data, no ORM row. */
export interface ProductRecord {
  id: string;
  sellerId: string;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  condition: ProductCondition;
  status: ProductStatus;
  /** Hidden only because it is not ready yet (docs/product/listings.md); only its seller and admins are told. */
  isDraft: boolean;
  retipLabel: string | null;
  retipPriceCents: number | null;
  weightOunces: number;
  /** Its variations ([] without) and whether it has variants, whose totals are its price and stock (decision 0043). */
  variations: Variation[];
  hasVariants: boolean;
  /** The visible reviews' count and star sum (the reviews module keeps them through adjustReviewTotals). */
  reviewCount: number;
  ratingSum: number;
  createdAt: Date;
  updatedAt: Date;
  category: { id: string; name: string; slug: string };
  seller: { id: string; companyName: string | null };
  /** A suspended seller's listings are not live, whatever their own status (live-listings.repository.ts). */
  sellerStatus: 'active' | 'suspended';
}

export interface ImageRecord {
  id: string;
  productId: string;
  fileKey: string;
  thumbnailKey: string | null;
  /** Null while the photo has no medium size (no larger than it, or not made yet); the photo's own key when it cannot have one. */
  mediumKey: string | null;
  width: number | null;
  height: number | null;
  name: string;
  position: number;
}

/** The columns a ProductRecord is read with, its category and seller joined (the search module's pages read them too). */
export const productColumns = {
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
  condition: products.condition,
  status: products.status,
  isDraft: products.isDraft,
  retipLabel: products.retipLabel,
  retipPriceCents: products.retipPriceCents,
  weightOunces: products.weightOunces,
  variations: products.variations,
  hasVariants: products.hasVariants,
  reviewCount: products.reviewCount,
  ratingSum: products.ratingSum,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  seller: { id: users.id, companyName: users.companyName },
  sellerStatus: users.status,
};

/**
 * A whole number written into a statement's text rather than sent as a parameter, so PostgreSQL can keep
 * one plan for a statement it keeps prepared (the product page here; the catalogue's pages in the search module).
 */
export function numberInText(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a count: ${value}`);
  return sql.raw(String(value));
}

/** The same, as a LIMIT: Drizzle writes an SQL chunk given there as it is (its type says a number or a placeholder). */
export const limitInText = (value: number) => numberInText(value) as unknown as Placeholder;

export async function findProductById(executor: Executor, id: string): Promise<ProductRecord | null> {
  const [row] = await executor
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/** A listing as its page shows it: with every photo in order and its seller's review totals. */
export type ProductDetailRecord = ProductRecord & {
  images: ImageRecord[];
  /** Its variants in the seller's order ([] without). */
  variants: VariantRecord[];
  /** What it asks its buyers to write, or null. */
  personalization: PersonalizationSetting | null;
  /** The shipping profile it ships with, or null for its seller's default (docs/product/shipping.md). */
  shippingProfileId: string | null;
  sellerReviews: { count: number; sum: number };
  /** The seller's vacation as their row holds it (users.schema.ts): the page says when the shop is away. */
  sellerVacation: { vacationUntil: string | null; vacationMessage: string | null };
};

/**
 * The product page in one statement: the listing with category and seller, its photos (in order, as
 * JSON) and the seller's kept review totals (seller_review_totals).
 */
function prepareProductDetail(executor: Executor) {
  const images = sql<
    ImageRecord[]
  >`(select coalesce(json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'fileKey', i.file_key, 'thumbnailKey', i.thumbnail_key, 'mediumKey', i.medium_key,
      'width', i.width, 'height', i.height, 'name', i.name, 'position', i.position)
      order by i.position, i.created_at, i.id), '[]'::json) from ${productImages} i where i.product_id = ${products.id})`;
  const variants = sql<VariantRecord[]>`(select coalesce(json_agg(json_build_object('id', v.id, 'productId', v.product_id, 'options', v.options,
      'combinationKey', v.combination_key, 'label', v.label, 'priceCents', v.price_cents, 'quantity', v.quantity, 'sku', v.sku,
      'available', v.available, 'imageId', v.image_id, 'position', v.position) order by v.position, v.id), '[]'::json) from ${productVariants} v where v.product_id = ${products.id})`;
  return executor
    .select({
      ...productColumns,
      images,
      variants,
      personalization: products.personalization,
      shippingProfileId: products.shippingProfileId,
      sellerReviewCount: sql<number>`coalesce(${sellerReviewTotals.reviewCount}, 0)`.mapWith(Number),
      sellerRatingSum: sql<number>`coalesce(${sellerReviewTotals.ratingSum}, 0)`.mapWith(Number),
      sellerVacationUntil: users.vacationUntil,
      sellerVacationMessage: users.vacationMessage,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellerReviewTotals, eq(sellerReviewTotals.sellerId, products.sellerId))
    .where(eq(products.id, sql.placeholder('id')))
    .limit(limitInText(1))
    .prepare('catalog_product_detail');
}

/** The product page's statement, built once per database handle (as the catalogue's pages are). */
const keptDetails = new WeakMap<Executor, ReturnType<typeof prepareProductDetail>>();

export async function findProductDetailById(executor: Executor, id: string): Promise<ProductDetailRecord | null> {
  let prepared = keptDetails.get(executor);
  if (!prepared) keptDetails.set(executor, (prepared = prepareProductDetail(executor)));
  const [row] = await prepared.execute({ id });
  if (!row) return null;
  const { sellerReviewCount, sellerRatingSum, sellerVacationUntil, sellerVacationMessage, images: found, variants: foundVariants, ...record } = row;
  const parsed = typeof found === 'string' ? (JSON.parse(found) as ImageRecord[]) : found;
  return {
    ...record,
    images: parsed,
    variants: typeof foundVariants === 'string' ? (JSON.parse(foundVariants) as VariantRecord[]) : foundVariants,
    sellerReviews: { count: sellerReviewCount, sum: sellerRatingSum },
    sellerVacation: { vacationUntil: sellerVacationUntil, vacationMessage: sellerVacationMessage },
  };
}

// ── writes ──────────────────────────────────────────────────────────────────────────────────────
export interface ProductValues {
  categoryId: string;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  condition: ProductCondition;
  retipLabel: string | null;
  retipPriceCents: number | null;
  weightOunces: number;
  personalization: PersonalizationSetting | null;
  /** Null: the seller's default profile. Left out (a CSV import's edit), it stays. */
  shippingProfileId?: string | null;
}

/**
 * Makes one seller's new listings wait for each other until the transaction ends, so parallel creates
 * cannot pass the cap together (a lock on a key of its own: the seller's row belongs to the users module).
 */
export async function lockListingsOfSeller(executor: Executor, sellerId: string): Promise<void> {
  await lockFor(executor, 'listings', sellerId);
}

/** Every listing of the seller: live, hidden and drafts alike. */
export async function countListingsOfSeller(executor: Executor, sellerId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(eq(products.sellerId, sellerId));
  return row?.total ?? 0;
}

/** `status` and `isDraft` default to the table's (active, not a draft); the seller's new listings start as hidden drafts. */
export async function insertProduct(
  executor: Executor,
  values: ProductValues & { sellerId: string; createdAt: Date; status?: ProductStatus; isDraft?: boolean },
): Promise<string> {
  const [row] = await executor
    .insert(products)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: products.id });
  if (!row) throw new Error('insert into products returned nothing');
  return row.id;
}

/** Updates a listing of this seller; false when there is no such listing of theirs. */
export async function updateSellerProduct(
  executor: Executor,
  where: { id: string; sellerId: string },
  values: Partial<ProductValues> & { updatedAt: Date },
): Promise<boolean> {
  const rows = await executor
    .update(products)
    .set(values)
    .where(and(eq(products.id, where.id), eq(products.sellerId, where.sellerId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Adds units in one statement, so concurrent restocks and sales never lose an update, and only while
 * the stock stays within `maxQuantity` (checked on the locked row, so parallel restocks cannot pass it
 * together). False when the listing is not the seller's or the cap would be passed.
 */
export async function addProductStock(
  executor: Executor,
  where: { id: string; sellerId: string },
  units: number,
  maxQuantity: number,
  updatedAt: Date,
): Promise<boolean> {
  const rows = await executor
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${units}`, updatedAt })
    .where(and(eq(products.id, where.id), eq(products.sellerId, where.sellerId), sql`${products.quantity} + ${units} <= ${maxQuantity}`))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * An admin hides or restores a listing. Either way it is no longer a draft (docs/product/listings.md): a
 * listing hidden by the marketplace never goes live by itself, whatever photos its seller adds.
 */
export async function setProductStatus(executor: Executor, id: string, status: ProductStatus, updatedAt: Date): Promise<boolean> {
  const rows = await executor.update(products).set({ status, isDraft: false, updatedAt }).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

// ── review totals (the reviews module changes them, in its own transaction) ──────────────────────
/**
 * Moves a listing's visible-review count and star sum by the deltas, in one statement so concurrent
 * reviews never lose an update; the table's check keeps them consistent (sum between count and 5 × count).
 * The listing's updatedAt stays: a review is not an edit of the listing.
 */
export async function adjustReviewTotals(executor: Executor, productId: string, delta: { countDelta: number; sumDelta: number }): Promise<void> {
  if (delta.countDelta === 0 && delta.sumDelta === 0) return;
  const rows = await executor
    .update(products)
    .set({ reviewCount: sql`${products.reviewCount} + ${delta.countDelta}`, ratingSum: sql`${products.ratingSum} + ${delta.sumDelta}` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (rows.length === 0) throw new Error(`adjustReviewTotals: no listing ${productId}`);
}

/**
 * The visible reviews' count and star sum over every listing of the seller, whatever its status: one row
 * PostgreSQL keeps as the listings' own totals change (seller_review_totals, migration 0026).
 */
export async function findSellerReviewTotals(executor: Executor, sellerId: string): Promise<{ count: number; sum: number }> {
  const [row] = await executor
    .select({ count: sellerReviewTotals.reviewCount, sum: sellerReviewTotals.ratingSum })
    .from(sellerReviewTotals)
    .where(eq(sellerReviewTotals.sellerId, sellerId));
  return row ?? { count: 0, sum: 0 };
}

// ── images (read side; modules/uploads writes them) ─────────────────────────────────────────────
const imageColumns = {
  id: productImages.id,
  productId: productImages.productId,
  fileKey: productImages.fileKey,
  thumbnailKey: productImages.thumbnailKey,
  mediumKey: productImages.mediumKey,
  width: productImages.width,
  height: productImages.height,
  name: productImages.name,
  position: productImages.position,
};

export async function findImagesOfProduct(executor: Executor, productId: string): Promise<ImageRecord[]> {
  return executor
    .select(imageColumns)
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
}

// ── categories and commission ───────────────────────────────────────────────────────────────────
export interface CategoryRecord {
  id: string;
  name: string;
  slug: string;
  commissionRateBasisPoints: number;
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  commissionRateBasisPoints: categories.commissionRateBasisPoints,
};

export async function findCategoryBySlug(executor: Executor, slug: string): Promise<CategoryRecord | null> {
  const [row] = await executor.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
  return row ?? null;
}

export async function updateCategoryCommission(executor: Executor, slug: string, basisPoints: number, updatedAt: Date): Promise<CategoryRecord | null> {
  const [row] = await executor
    .update(categories)
    .set({ commissionRateBasisPoints: basisPoints, updatedAt })
    .where(eq(categories.slug, slug))
    .returning(categoryColumns);
  return row ?? null;
}

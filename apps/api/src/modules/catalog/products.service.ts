import {
  CATALOG_ERROR_CODES,
  LISTING_LIMIT_CODE,
  listingLimitMessage,
  MAX_QUANTITY,
  PHOTO_REQUIRED_TO_GO_LIVE_MESSAGE,
  SHIPPING_PROFILE_CHOICE_MESSAGE,
  VARIANT_PHOTO_MESSAGE,
  type AdminProductDetail,
  type CommissionEntry,
  type CreateProductRequest,
  type ProductDetail,
  type ProductDetailForViewer,
  type ProductImage,
  type ProductStatus,
  type ProductSummary,
  type SellerProductDetail,
  type UpdateInventoryRequest,
  type UpdateProductRequest,
} from '@marketplace/contracts/catalog';
import { ACCOUNT_ERROR_CODES, EMAIL_NOT_VERIFIED_MESSAGE } from '@marketplace/contracts/auth';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import { averageRating } from '@marketplace/domain/ratings';
import { hasRoomFor, MAX_LISTINGS_PER_SELLER } from '@marketplace/domain/user-content-limits';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { createMicroCache } from '../../lib/micro-cache';
import { photoVariants } from '../../lib/photo-variants';
import type { FileStore } from '../../providers/files/port';
import { vacationOf, type UserRecord } from '../users';
import { listCategories } from './categories.repository';
import { countListingPhotos } from './listing-drafts.repository';
import { isLiveListingRow } from './live-listings.repository';
import { isListingIssue, newVariantWithoutStock, planListingEdit, planNewListing, UNKNOWN_CATEGORY_MESSAGE, type ListingIssue } from './listing-rules';
import { toVariantDto } from './product-variants';
import { findShippingProfile } from './shipping-profiles.repository';
import { addVariantStock, findVariantsOfProduct, replaceVariants, setVariantStock, type VariantValues } from './variants.repository';
import {
  addProductStock,
  countListingsOfSeller,
  findCategoryBySlug,
  findImagesOfProduct,
  findProductById,
  findProductDetailById,
  type ProductDetailRecord,
  findSellerReviewTotals,
  insertProduct,
  lockListingsOfSeller,
  setProductStatus,
  updateCategoryCommission,
  updateSellerProduct,
  type CategoryRecord,
  type ImageRecord,
  type ProductRecord,
  type ProductValues,
} from './products.repository';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

/** A listing rule's refusal (listing-rules.ts) as the API's 400, like the contract's own. */
const invalid = (issue: ListingIssue) => badRequest(`Invalid request — ${issue.path}: ${issue.message}`, { issues: [issue] });

/**
 * A listing and what its seller and the admin do with it. The catalogue's lists (the public search and
 * browse, a seller's own listings, the admin's catalogue) are the search module's (catalogue-search.service.ts).
 */
export interface ProductsService {
  /**
   * Hidden listings, drafts among them, are shown only to their seller (the preview) and to admins; anyone
   * else gets a 404. Only the seller and admins are told whether it is a draft (`isDraft`).
   */
  getProduct(id: string, viewer: UserRecord | null): Promise<ProductDetailForViewer>;
  createProduct(seller: UserRecord, input: CreateProductRequest): Promise<SellerProductDetail>;
  updateProduct(seller: UserRecord, id: string, input: UpdateProductRequest): Promise<SellerProductDetail>;
  updateInventory(seller: UserRecord, id: string, input: UpdateInventoryRequest): Promise<SellerProductDetail>;
  /** An admin hides or restores a listing, which stops it being a draft; one without a photo cannot go live (409 `photo_required`). */
  setProductStatus(id: string, status: ProductStatus): Promise<AdminProductDetail>;
  listCommissionRates(): Promise<CommissionEntry[]>;
  updateCommissionRate(categorySlug: string, percent: number): Promise<CommissionEntry>;
  /** The seller's own listing, or a 404 (another seller's listing looks exactly like a missing one). */
  findOwnedProduct(sellerId: string, productId: string): Promise<ProductRecord>;
  /** A listing's photos, cover first (the caller has checked who may see them). */
  listProductImages(productId: string): Promise<ProductImage[]>;
  /** Listings' photos changed (the uploads module): publishes `listing.changed` (lib/domain-events.ts). */
  catalogChanged(productIds?: readonly string[]): void;
  /** Drops the product pages this instance keeps (catalog.module.ts calls it on `listing.changed` and `user.changed`, and when another instance announces one). */
  dropCatalogCache(): void;
}

export interface ProductsServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  /**
   * How long a product page may be answered from memory (0 = never; SEARCH_CACHE_SECONDS, as the
   * catalogue's search pages). Writes through this process publish `listing.changed`, on which catalog.module.ts
   * drops the cache, so they are seen at once; another instance's writes as soon as it tells this one
   * (lib/cache-bus.ts), or within this time.
   */
  searchCacheTtlMs?: number;
  /** Where listing changes are published (lib/domain-events.ts). */
  events: DomainEventPublisher;
  /** Listings one seller may have (docs/product/limits.md); MAX_LISTINGS_PER_SELLER unless a test lowers it. */
  maxListingsPerSeller?: number;
}

/** Product pages kept in memory (a few KB each). */
const DETAIL_CACHE_ENTRIES = 5000;

interface CachedDetail {
  /** Active, and its seller not suspended: anyone may see it. */
  isLive: boolean;
  sellerId: string;
  /** Told only to the seller and admins, so kept beside the page everyone may get. */
  isDraft: boolean;
  detail: ProductDetail;
}

/** The fields of a listing a summary shows (catalogue rows and AI search cards both have them). */
export type SummaryRecord = Pick<
  ProductRecord,
  | 'id'
  | 'title'
  | 'priceCents'
  | 'quantity'
  | 'condition'
  | 'status'
  | 'category'
  | 'seller'
  | 'retipLabel'
  | 'retipPriceCents'
  | 'createdAt'
  | 'reviewCount'
  | 'ratingSum'
  | 'hasVariants'
>;

/** A listing as every list of products shows it (search, seller and admin lists, AI search). */
export function toProductSummary(
  files: FileStore,
  row: SummaryRecord,
  cover: Pick<ImageRecord, 'fileKey' | 'thumbnailKey'> | null | undefined,
): ProductSummary {
  return {
    id: row.id,
    title: row.title,
    price: centsToDollars(row.priceCents),
    quantity: row.quantity,
    condition: row.condition,
    status: row.status,
    category: row.category,
    seller: row.seller,
    image: cover ? { url: files.urlFor(cover.fileKey), thumbnailUrl: files.urlFor(cover.thumbnailKey ?? cover.fileKey) } : null,
    retip: row.retipLabel !== null && row.retipPriceCents !== null ? { label: row.retipLabel, price: centsToDollars(row.retipPriceCents) } : null,
    createdAt: row.createdAt.toISOString(),
    averageRating: averageRating(row.ratingSum, row.reviewCount),
    reviewCount: row.reviewCount,
    hasVariants: row.hasVariants,
  };
}

/**
 * A seller's rating: the average over the visible reviews of all their listings (hidden listings too:
 * the reviews are about the seller's sales), with one decimal, and how many reviews that is. The product
 * page's "Sold by" shows it; so will the shop page.
 */
export async function sellerRating(executor: Executor, sellerId: string): Promise<{ average: number | null; count: number }> {
  return ratingFromTotals(await findSellerReviewTotals(executor, sellerId));
}

/** A rating as shown, from a count of visible reviews and their star sum (one rule for every page). */
function ratingFromTotals({ count, sum }: { count: number; sum: number }): { average: number | null; count: number } {
  return { average: averageRating(sum, count), count };
}

function toCommissionEntry(category: Pick<CategoryRecord, 'name' | 'slug' | 'commissionRateBasisPoints'>): CommissionEntry {
  // Basis points to percent is the same exact maths as cents to dollars (÷ 100, ≤ 2 decimals).
  return { category: category.name, commission_rate: centsToDollars(category.commissionRateBasisPoints), slug: category.slug };
}

export function createProductsService({
  db,
  files,
  clock,
  searchCacheTtlMs = 0,
  events,
  maxListingsPerSeller = MAX_LISTINGS_PER_SELLER,
}: ProductsServiceDependencies): ProductsService {
  // A product page is read far more often than it changes, and is the same for everyone who may see it
  // (who may is decided per request), so it is shared for a few seconds.
  const detailCache = createMicroCache<CachedDetail | null>({ ttlMs: searchCacheTtlMs, maxEntries: DETAIL_CACHE_ENTRIES, clock });
  const dropCatalogCache = () => detailCache.invalidate();
  // Every write here is committed before it is published (a single statement, or a transaction awaited first).
  const catalogChanged = (productIds?: readonly string[]) => events.publish({ type: 'listing.changed', ...(productIds ? { productIds } : {}) });

  const toImageDto = (image: ImageRecord): ProductImage => ({
    id: image.id,
    url: files.urlFor(image.fileKey),
    thumbnailUrl: files.urlFor(image.thumbnailKey ?? image.fileKey),
    variants: photoVariants(image, (key) => files.urlFor(key)),
    name: image.name,
    position: image.position,
  });

  const toSummary = (row: ProductRecord, cover: Pick<ImageRecord, 'fileKey' | 'thumbnailKey'> | null | undefined) => toProductSummary(files, row, cover);

  const toDetail = (row: ProductDetailRecord): ProductDetail => ({
    ...toSummary(row, row.images[0]),
    seller: { ...row.seller, rating: ratingFromTotals(row.sellerReviews), vacation: vacationOf(row.sellerVacation, clock.now()) },
    description: row.description,
    weightOunces: row.weightOunces,
    images: row.images.map(toImageDto),
    variations: row.variations.map((variation) => ({ name: variation.name, options: [...variation.options] })),
    // A combination's photo deleted since reads as none.
    variants: row.variants.map((variant) => toVariantDto(row.images.some((image) => image.id === variant.imageId) ? variant : { ...variant, imageId: null })),
    personalization: row.personalization,
    shippingProfileId: row.shippingProfileId,
  });

  const findOwnedProduct = async (sellerId: string, productId: string) => {
    const row = await findProductById(db, productId);
    if (!row || row.sellerId !== sellerId) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    return row;
  };

  /** A listing ships with one of its own seller's profiles, never another's. */
  const refuseForeignShippingProfile = async (sellerId: string, profileId: string | null | undefined) => {
    if (profileId == null) return;
    if (!(await findShippingProfile(db, sellerId, profileId))) throw invalid({ path: 'shippingProfileId', message: SHIPPING_PROFILE_CHOICE_MESSAGE });
  };

  const categoryIdOf = async (slug: string) => {
    const category = await findCategoryBySlug(db, slug);
    if (!category) throw invalid({ path: 'category', message: UNKNOWN_CATEGORY_MESSAGE });
    return category.id;
  };

  /** The listing after a seller's or an admin's write, as they get it: with its draft mark. */
  const reload = async (id: string): Promise<SellerProductDetail & AdminProductDetail> => {
    const row = await findProductDetailById(db, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    return { ...toDetail(row), isDraft: row.isDraft };
  };

  /** An edit may leave a combination's stock out (it keeps its stock), not a new combination's (listing-rules.ts). */
  const refuseNewVariantsWithoutStock = async (productId: string, variants: readonly VariantValues[]) => {
    if (variants.every((variant) => variant.quantity !== null)) return;
    const existing = new Set((await findVariantsOfProduct(db, productId)).map((variant) => variant.combinationKey));
    const issue = newVariantWithoutStock(variants, existing);
    if (issue) throw invalid(issue);
  };

  /**
   * A combination's photo is one of the listing's own (none on a new listing, which has no photos yet); the
   * first that is not, as the API's 400 names it.
   */
  const refuseForeignPhotos = async (productId: string | null, variants: readonly VariantValues[]) => {
    const chosen = variants.map((variant, index) => ({ id: variant.imageId, index })).filter((entry) => typeof entry.id === 'string');
    if (chosen.length === 0) return;
    const own = new Set(productId === null ? [] : (await findImagesOfProduct(db, productId)).map((image) => image.id));
    const foreign = chosen.find((entry) => !own.has(entry.id!));
    if (foreign) throw invalid({ path: `variants.${foreign.index}.imageId`, message: VARIANT_PHOTO_MESSAGE });
  };

  /** A variant's stock set or raised (a listing with variants keeps its stock per variant). */
  const updateVariantInventory = async (listing: ProductRecord, input: UpdateInventoryRequest, now: Date) => {
    if (!listing.hasVariants) throw badRequest('This listing has no variants', { code: CATALOG_ERROR_CODES.invalidVariant });
    if (input.variantId === undefined) {
      throw badRequest("Choose which of the listing's variants to restock", { code: CATALOG_ERROR_CODES.variantRequired });
    }
    const where = { productId: listing.id, variantId: input.variantId };
    const isUpdated =
      input.restock !== undefined
        ? await db.transaction((transaction) => addVariantStock(transaction, where, input.restock!, MAX_QUANTITY, now))
        : await db.transaction((transaction) => setVariantStock(transaction, where, input.quantity ?? 0, now));
    if (!isUpdated) {
      const variant = (await reload(listing.id)).variants.find((candidate) => candidate.id === input.variantId);
      if (!variant) throw badRequest("That is not one of the listing's variants", { code: CATALOG_ERROR_CODES.invalidVariant });
      const message = `Stock cannot go above ${MAX_QUANTITY.toLocaleString('en-US')} units`;
      throw badRequest(`Invalid request — restock: ${message}`, { issues: [{ path: 'restock', message }] });
    }
    catalogChanged([listing.id]);
    return reload(listing.id);
  };

  return {
    async getProduct(id, viewer) {
      const found = await detailCache.getOrLoad(id, async () => {
        const row = await findProductDetailById(db, id);
        return row ? { isLive: isLiveListingRow(row), sellerId: row.sellerId, isDraft: row.isDraft, detail: toDetail(row) } : null;
      });
      const canSeeHidden = viewer !== null && (viewer.role === 'admin' || viewer.id === found?.sellerId);
      if (!found || (!found.isLive && !canSeeHidden)) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      // Its seller and admins are told whether it is a draft; anyone else gets the public page alone.
      return canSeeHidden ? { ...found.detail, isDraft: found.isDraft } : found.detail;
    },

    async createProduct(seller, input) {
      // A seller must have verified their address before listing (docs/product/accounts.md).
      if (seller.role === 'seller' && !seller.emailVerifiedAt) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE, { code: ACCOUNT_ERROR_CODES.emailNotVerified });
      const { values, variations, variants } = planNewListing(input, await categoryIdOf(input.category));
      await refuseForeignPhotos(null, variants);
      await refuseForeignShippingProfile(seller.id, input.shippingProfileId);
      // It has no photo yet, so it starts as a draft (hidden) and goes live with its first photo (docs/product/listings.md).
      const id = await db.transaction(async (transaction) => {
        // Counted under the seller's lock, so parallel creates cannot pass the cap together (docs/product/limits.md).
        await lockListingsOfSeller(transaction, seller.id);
        if (!hasRoomFor(await countListingsOfSeller(transaction, seller.id), 1, maxListingsPerSeller)) {
          throw conflict(listingLimitMessage(maxListingsPerSeller), { code: LISTING_LIMIT_CODE, limit: maxListingsPerSeller });
        }
        const created = await insertProduct(transaction, { ...values, sellerId: seller.id, createdAt: clock.now(), status: 'hidden', isDraft: true });
        if (variants.length > 0) await replaceVariants(transaction, created, variations, variants, clock.now());
        return created;
      });
      catalogChanged([id]);
      return reload(id);
    },

    async updateProduct(seller, id, input) {
      const current = await findOwnedProduct(seller.id, id);
      const plan = planListingEdit(current, input);
      if (isListingIssue(plan)) throw invalid(plan);
      const values: Partial<ProductValues> & { updatedAt: Date } = { ...plan.values, updatedAt: clock.now() };
      if (input.category !== undefined) values.categoryId = await categoryIdOf(input.category);
      await refuseForeignShippingProfile(seller.id, input.shippingProfileId);
      if (plan.variants !== null) {
        await refuseNewVariantsWithoutStock(id, plan.variants);
        await refuseForeignPhotos(id, plan.variants);
      }
      const isUpdated = await db.transaction(async (transaction) => {
        if (!(await updateSellerProduct(transaction, { id, sellerId: seller.id }, values))) return false;
        if (plan.variants !== null) await replaceVariants(transaction, id, plan.variations ?? [], plan.variants, values.updatedAt);
        return true;
      });
      if (!isUpdated) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      catalogChanged([id]);
      return reload(id);
    },

    async updateInventory(seller, id, input) {
      const where = { id, sellerId: seller.id };
      const now = clock.now();
      let isUpdated: boolean;
      const listing = await findOwnedProduct(seller.id, id);
      if (listing.hasVariants || input.variantId !== undefined) return updateVariantInventory(listing, input, now);
      if (input.restock !== undefined) {
        const overCap = () => {
          const message = `Stock cannot go above ${MAX_QUANTITY.toLocaleString('en-US')} units`;
          return badRequest(`Invalid request — restock: ${message}`, { issues: [{ path: 'restock', message }] });
        };
        const current = await findOwnedProduct(seller.id, id);
        if (current.quantity + input.restock > MAX_QUANTITY) throw overCap();
        // The add re-checks the cap on the locked row: a parallel restock may have raised the stock since.
        isUpdated = await addProductStock(db, where, input.restock, MAX_QUANTITY, now);
        if (!isUpdated) {
          await findOwnedProduct(seller.id, id);
          throw overCap();
        }
      } else {
        isUpdated = await updateSellerProduct(db, where, { quantity: input.quantity ?? 0, updatedAt: now });
      }
      if (!isUpdated) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      catalogChanged([id]);
      return reload(id);
    },

    async setProductStatus(id, status) {
      if (status === 'active' && (await findProductById(db, id)) && (await countListingPhotos(db, id)) === 0) {
        throw conflict(PHOTO_REQUIRED_TO_GO_LIVE_MESSAGE, { code: CATALOG_ERROR_CODES.photoRequired });
      }
      if (!(await setProductStatus(db, id, status, clock.now()))) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      catalogChanged([id]);
      return reload(id);
    },

    async listCommissionRates() {
      return (await listCategories(db)).map(toCommissionEntry);
    },

    async updateCommissionRate(categorySlug, percent) {
      const category = await updateCategoryCommission(db, categorySlug, dollarsToCents(percent), clock.now());
      if (!category) throw notFound('Category not found');
      return toCommissionEntry(category);
    },

    findOwnedProduct,
    catalogChanged,
    dropCatalogCache,

    async listProductImages(productId) {
      return (await findImagesOfProduct(db, productId)).map(toImageDto);
    },
  };
}

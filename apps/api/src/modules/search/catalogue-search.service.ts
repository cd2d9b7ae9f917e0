import type { z } from 'zod';
import type {
  AdminProductPage,
  adminProductsQuerySchema,
  ProductPage,
  productSearchQuerySchema,
  SellerProductPage,
  sellerProductsQuerySchema,
} from '@marketplace/contracts/catalog';
import { isLowStock, LOW_STOCK_THRESHOLD } from '@marketplace/domain/inventory';
import { dollarsToCents } from '@marketplace/domain/money';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createMicroCache } from '../../lib/micro-cache';
import type { FileStore } from '../../providers/files/port';
import { toProductSummary } from '../catalog';
import type { UserRecord } from '../users';
import { findProducts, type ProductFilters, type ProductPageRecord } from './catalogue-search.repository';

type SearchQuery = z.output<typeof productSearchQuerySchema>;
type SellerQuery = z.output<typeof sellerProductsQuerySchema>;
type AdminQuery = z.output<typeof adminProductsQuerySchema>;

/** The catalogue's lists of listings: the public search and browse (a shop's too), a seller's own and the admin's. */
export interface CatalogueSearchService {
  searchProducts(query: SearchQuery): Promise<ProductPage>;
  listSellerProducts(seller: UserRecord, query: SellerQuery): Promise<SellerProductPage>;
  listAdminProducts(query: AdminQuery): Promise<AdminProductPage>;
  /** Drops the public pages this instance keeps (search.module.ts calls it on `listing.changed` and `user.changed`, and when another instance announces one). */
  dropSearchCache(): void;
}

export interface CatalogueSearchServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  /**
   * How long a public search page may be answered from memory (0 = never). Writes through this
   * process publish `listing.changed`, on which search.module.ts drops the cache, so they are seen at once;
   * another instance's writes as soon as it tells this one (lib/cache-bus.ts), or within this time.
   */
  searchCacheTtlMs?: number;
}

/** Distinct public search pages kept in memory (each a page of ≤ 100 summaries, a few KB to ~60 KB). */
export const SEARCH_CACHE_ENTRIES = 500;

const totalPagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export function createCatalogueSearchService({ db, files, clock, searchCacheTtlMs = 0 }: CatalogueSearchServiceDependencies): CatalogueSearchService {
  // The public catalogue is read far more often than it changes, and by everyone alike (no viewer in
  // the answer), so its pages are shared for a few seconds; sellers' and admins' lists never are.
  const searchCache = createMicroCache<ProductPage>({ ttlMs: searchCacheTtlMs, maxEntries: SEARCH_CACHE_ENTRIES, clock });

  const toSummary = (row: ProductPageRecord) => toProductSummary(files, row, row.cover);

  /** A page of listings with their covers, in one statement (findProducts). */
  const pageOf = async (filters: ProductFilters, page: number) => {
    const { rows, total, isTotalExact } = await findProducts(db, filters);
    return { rows, total, isTotalExact, page, totalPages: totalPagesOf(total, filters.limit) };
  };

  const searchPage = async (query: SearchQuery): Promise<ProductPage> => {
    const { rows, total, isTotalExact, page, totalPages } = await pageOf(
      {
        q: query.q || undefined,
        categorySlug: query.category,
        minPriceCents: query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice),
        maxPriceCents: query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice),
        isLive: true,
        sellerId: query.sellerId,
        sort: query.sort,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      },
      query.page,
    );
    return { items: rows.map(toSummary), total, isTotalExact, page, totalPages };
  };

  return {
    async searchProducts(query) {
      const key = JSON.stringify([
        query.q ?? '',
        query.category ?? '',
        query.minPrice ?? '',
        query.maxPrice ?? '',
        query.sort,
        query.page,
        query.limit,
        query.sellerId ?? '',
      ]);
      return searchCache.getOrLoad(key, () => searchPage(query));
    },

    async listSellerProducts(seller, query) {
      const { rows, total, isTotalExact, page, totalPages } = await pageOf(
        {
          q: query.q || undefined,
          sellerId: seller.id,
          status: query.status,
          lowStockThreshold: query.lowStock ? LOW_STOCK_THRESHOLD : undefined,
          sort: query.q ? 'relevance' : 'newest',
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        },
        query.page,
      );
      return {
        items: rows.map((row) => ({ ...toSummary(row), isLowStock: isLowStock(row.quantity), isDraft: row.isDraft })),
        total,
        isTotalExact,
        page,
        totalPages,
      };
    },

    async listAdminProducts(query) {
      const { rows, total, isTotalExact, page, totalPages } = await pageOf(
        {
          q: query.q || undefined,
          status: query.status,
          sort: query.q ? 'relevance' : 'newest',
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        },
        query.page,
      );
      return { items: rows.map((row) => ({ ...toSummary(row), isDraft: row.isDraft })), total, isTotalExact, page, totalPages };
    },

    dropSearchCache: () => searchCache.invalidate(),
  };
}

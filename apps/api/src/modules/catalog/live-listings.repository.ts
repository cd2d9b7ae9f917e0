import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { findIdRuns } from '../../db/id-runs';
import { products } from '../../db/schema';
import type { ProductStatus } from './products.repository';

// What a guest can see (docs/product/listings.md): a listing is live when it is `active`; a draft and
// a listing the marketplace hid are both `hidden` (`is_draft` tells them apart). The public search and product page read this, and
// so do the other modules that list live listings (the sitemap, shop directories): one definition.

/** The status of a live listing. */
export const LIVE_LISTING_STATUS: ProductStatus = 'active';

/** The condition on `products` that keeps the live listings only. */
export function isLiveListing(): SQL {
  return eq(products.status, LIVE_LISTING_STATUS);
}

/**
 * Live listings cut into runs of `perRun` in id order: how many there are, and the first id of each
 * run. Reads only the ids (off the primary key's order), so a caller can then read any run by id range.
 */
export async function findLiveListingRuns(executor: Executor, perRun: number): Promise<{ total: number; firstIds: string[] }> {
  return findIdRuns(executor, { table: products, id: products.id, where: isLiveListing() }, perRun);
}

/** Live listings' ids and last changes with `fromId ≤ id < beforeId` (either end open), in id order, at most `limit`. */
export async function findLiveListingsInRange(
  executor: Executor,
  range: { fromId?: string | undefined; beforeId?: string | undefined; limit: number },
): Promise<{ id: string; updatedAt: Date }[]> {
  return executor
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(isLiveListing(), range.fromId ? gte(products.id, range.fromId) : undefined, range.beforeId ? lt(products.id, range.beforeId) : undefined))
    .orderBy(asc(products.id))
    .limit(range.limit);
}

import { and, asc, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { findIdRuns } from '../../db/id-runs';
import { users } from '../users/users.schema';
import { products } from './catalog.schema';
import type { ProductStatus } from './products.repository';

// What a guest can see (docs/product/listings.md): a listing is live when it is `active` and its seller's
// account is not suspended; a draft and a listing the marketplace hid are both `hidden` (`is_draft` tells
// them apart). The public search and product page read this, and so do the other modules that list or
// sell live listings (the sitemap, shop directories, the cart and checkout): one definition.
//
// A suspension changes nothing stored on the listings: they leave the catalogue because their seller is
// suspended, and come back as they were when the seller is reinstated.

/** The status of a live listing. */
export const LIVE_LISTING_STATUS: ProductStatus = 'active';

/**
 * The seller of the `products` row is not suspended. An anti-join on the users' primary key: a page
 * read in index order looks up only its own rows' sellers, and a count hashes the few suspended ones.
 */
function isSellerActive(): SQL {
  return sql`not exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.status} = 'suspended')`;
}

/**
 * The condition on `products` that keeps the live listings only. The status is written as a literal, not a
 * parameter, so a statement PostgreSQL keeps prepared can use the indexes of live listings (`where status =
 * 'active'`) in its one plan for every call.
 */
export function isLiveListing(): SQL {
  return and(sql`${products.status} = ${sql.raw(`'${LIVE_LISTING_STATUS}'`)}`, isSellerActive()) as SQL;
}

/**
 * A listing's status as a buyer may act on it: `active` when it is live, else `hidden` (hidden by its
 * seller or the marketplace, a draft, or its seller suspended). The cart reads it instead of the column.
 */
export function liveListingStatus(): SQL<ProductStatus> {
  return sql<ProductStatus>`(case when ${isLiveListing()} then 'active' else 'hidden' end)`;
}

/** The same, for a listing read with its seller's account status (the catalogue's own reads join the seller). */
export function isLiveListingRow(row: { status: ProductStatus; sellerStatus: 'active' | 'suspended' }): boolean {
  return row.status === LIVE_LISTING_STATUS && row.sellerStatus === 'active';
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

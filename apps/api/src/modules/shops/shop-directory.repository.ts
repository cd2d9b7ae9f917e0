import { and, asc, eq, exists, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { findIdRuns } from '../../db/id-runs';
import { products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';
import type { UserRecord } from '../users';
import { isLiveListing } from '../catalog';

// Which shops are open to the public (docs/product/shops.md): a seller's, unless the account is
// suspended. `GET /api/shops/:sellerId` answers 404 for anyone else; the sitemap lists the open shops
// that have something for sale.

export const SHOP_OWNER = { role: 'seller', status: 'active' } as const satisfies Pick<UserRecord, 'role' | 'status'>;

/** True when this account has a public shop page. */
export function hasPublicShop(user: Pick<UserRecord, 'role' | 'status'>): boolean {
  return user.role === SHOP_OWNER.role && user.status === SHOP_OWNER.status;
}

/** Open shops with at least one live listing (the catalogue's own definition of live). */
function isListedShop(executor: Executor): SQL {
  const liveListing = executor
    .select({ one: sql`1` })
    .from(products)
    .where(and(eq(products.sellerId, users.id), isLiveListing()));
  return and(eq(users.role, SHOP_OWNER.role), eq(users.status, SHOP_OWNER.status), exists(liveListing)) as SQL;
}

/** Open shops with something for sale, cut into runs of `perRun` in id order: how many, and each run's first seller id. */
export async function findListedShopRuns(executor: Executor, perRun: number): Promise<{ total: number; firstIds: string[] }> {
  return findIdRuns(executor, { table: users, id: users.id, where: isListedShop(executor) }, perRun);
}

/** Open shops with something for sale whose seller id is in `fromId ≤ id < beforeId` (either end open), in id order, at most `limit`. */
export async function findListedShopsInRange(
  executor: Executor,
  range: { fromId?: string | undefined; beforeId?: string | undefined; limit: number },
): Promise<{ sellerId: string }[]> {
  return executor
    .select({ sellerId: users.id })
    .from(users)
    .where(and(isListedShop(executor), range.fromId ? gte(users.id, range.fromId) : undefined, range.beforeId ? lt(users.id, range.beforeId) : undefined))
    .orderBy(asc(users.id))
    .limit(range.limit);
}

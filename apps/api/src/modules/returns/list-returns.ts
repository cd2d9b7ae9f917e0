import type { ReturnsFilter } from '@marketplace/contracts/returns';
import { returnViews } from './return-views';
import { listReturns } from './returns.repository';
import type { ReturnCaller, ReturnsServiceDependencies } from './returns-shared';

/** A buyer's own returns, a seller's own, or (admin) all; a page of them. */
export async function listReturnsFor(
  deps: ReturnsServiceDependencies,
  caller: ReturnCaller,
  query: { page: number; limit: number; status?: ReturnsFilter | undefined },
) {
  const scope = caller.role === 'admin' ? {} : caller.role === 'seller' ? { sellerId: caller.id } : { buyerId: caller.id };
  const { rows, totalItems } = await listReturns(deps.db, { ...scope, ...(query.status ? { status: query.status } : {}) }, query);
  return {
    success: true as const,
    returns: await returnViews(deps, rows, caller),
    pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) },
  };
}

import type { ReturnPolicy } from '@marketplace/contracts/returns';
import { basisPointsToPercent, percentToBasisPoints } from '@marketplace/domain/returns';
import { savePolicy } from './returns.repository';
import { policyOf, type ReturnsServiceDependencies } from './returns-shared';

// The seller's return policy: how many days after delivery an item may be returned, and the restocking fee.

export async function getReturnPolicy(deps: ReturnsServiceDependencies, sellerId: string): Promise<ReturnPolicy> {
  const policy = await policyOf(deps.db, sellerId);
  return { windowDays: policy.windowDays, restockingFeePercent: basisPointsToPercent(policy.restockingFeeBasisPoints) };
}

export async function updateReturnPolicy(deps: ReturnsServiceDependencies, sellerId: string, input: ReturnPolicy): Promise<ReturnPolicy> {
  // A return already asked for keeps the terms the buyer was shown (copied onto the return).
  const saved = await savePolicy(
    deps.db,
    sellerId,
    { windowDays: input.windowDays, restockingFeeBasisPoints: percentToBasisPoints(input.restockingFeePercent) },
    deps.clock.now(),
  );
  return { windowDays: saved.windowDays, restockingFeePercent: basisPointsToPercent(saved.restockingFeeBasisPoints) };
}

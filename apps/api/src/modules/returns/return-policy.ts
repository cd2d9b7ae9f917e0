import type { ReturnPolicy } from '@marketplace/contracts/returns';
import { basisPointsToPercent, percentToBasisPoints } from '@marketplace/domain/returns';
import { savePolicy } from './returns.repository';
import { policyOf, type ReturnsServiceDependencies } from './returns-shared';

// The seller's return policy: how many days after delivery an item may be returned, the restocking fee, and the days
// they take to check an item delivered back before it is refunded by itself.

export async function getReturnPolicy(deps: ReturnsServiceDependencies, sellerId: string): Promise<ReturnPolicy> {
  const policy = await policyOf(deps.db, sellerId);
  return { windowDays: policy.windowDays, restockingFeePercent: basisPointsToPercent(policy.restockingFeeBasisPoints), inspectionDays: policy.inspectionDays };
}

export async function updateReturnPolicy(deps: ReturnsServiceDependencies, sellerId: string, input: ReturnPolicy): Promise<ReturnPolicy> {
  // A return already asked for keeps the terms the buyer was shown (copied onto the return). A client that sends
  // no inspection days keeps the ones saved.
  const inspectionDays = input.inspectionDays ?? (await policyOf(deps.db, sellerId)).inspectionDays;
  const saved = await savePolicy(
    deps.db,
    sellerId,
    { windowDays: input.windowDays, restockingFeeBasisPoints: percentToBasisPoints(input.restockingFeePercent), inspectionDays },
    deps.clock.now(),
  );
  return { windowDays: saved.windowDays, restockingFeePercent: basisPointsToPercent(saved.restockingFeeBasisPoints), inspectionDays: saved.inspectionDays };
}

import { mapWithConcurrency } from '../../lib/concurrency';
import { applyReturnTracking } from './apply-return-tracking';
import { issueReturnRefund } from './issue-return-refund';
import { findReturnsAwaitingRefund, findReturnsToTrack } from './returns.repository';
import type { ReturnsServiceDependencies } from './returns-shared';

/** Carrier calls the background refresh of return parcels makes at once. */
const RETURN_TRACKING_CONCURRENCY = 5;

/**
 * The background round (beside the shipments' tracking refresh): tracks every return parcel on its
 * way, least recently tracked first, then refunds the returns back with their sellers whose refund is due (confirmed by
 * the seller, or the inspection days over), and retries refunds that did not go through. Returns how many moved.
 */
export async function refreshReturns(deps: ReturnsServiceDependencies, limit = 100): Promise<number> {
  const { db, carrier } = deps;
  let moved = 0;
  // Like the shipments' refresh: a few carrier calls at a time, never all at once.
  const candidates = (await findReturnsToTrack(db, limit)).filter((candidate) => candidate.trackingNumber);
  await mapWithConcurrency(candidates, RETURN_TRACKING_CONCURRENCY, async (candidate) => {
    try {
      const result = await carrier.track({ trackingNumber: candidate.trackingNumber! });
      const updated = await applyReturnTracking(deps, candidate.id, result);
      if (updated && updated.status !== candidate.status) moved += 1;
    } catch {
      // Tried again on the next round.
    }
  });
  for (const delivered of await findReturnsAwaitingRefund(db, deps.clock.now(), limit)) {
    const after = await issueReturnRefund(deps, delivered);
    if (after.status === 'refunded') moved += 1;
  }
  return moved;
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutAdjustments } from './payouts.schema';

// What a dispute's case shows of the money its seller owes back (the payouts module records it when a
// paid item is refunded, and the next payout settles it).

export interface DisputeAdjustment {
  /** Negative: money the seller owes back. */
  amountCents: number;
  settledAt: Date | null;
}

export async function findAdjustmentOfDispute(executor: Executor, disputeId: string): Promise<DisputeAdjustment | null> {
  const [row] = await executor
    .select({ amountCents: payoutAdjustments.amountCents, settledAt: payoutAdjustments.settledAt })
    .from(payoutAdjustments)
    .where(eq(payoutAdjustments.disputeId, disputeId));
  return row ?? null;
}

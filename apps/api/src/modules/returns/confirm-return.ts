import { issueReturnRefund } from './issue-return-refund';
import { RETURN_MESSAGES } from './return-messages';
import { returnView } from './return-views';
import { updateReturn } from './returns.repository';
import { fail, loadReturn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';
import { refundMessageOf } from './track-return';

/**
 * The seller confirms that a return delivered back came as expected: the confirmation is written first (once, in its
 * own transaction), then the refund is issued outside it under the return's key; a refund that does not go through is
 * retried by the background round, which finds the confirmation.
 */
export async function confirmReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, id: string) {
  const { db, clock } = deps;
  const confirmed = await db.transaction(async (transaction) => {
    const { row, role } = await loadReturn(transaction, caller, id, { lock: true });
    if (role !== 'seller') throw fail(403, RETURN_MESSAGES.onlySellerConfirms, 'forbidden');
    if (row.status === 'refunded') throw fail(409, RETURN_MESSAGES.alreadyRefunded, 'already_refunded');
    if (row.status !== 'delivered') throw fail(409, RETURN_MESSAGES.notBackYet, 'not_delivered', { status: row.status });
    if (row.conditionConfirmedAt) return row;
    const now = clock.now();
    return updateReturn(transaction, row.id, { conditionConfirmedAt: now, updatedAt: now });
  });
  const after = await issueReturnRefund(deps, confirmed);
  return { success: true as const, message: refundMessageOf(after, clock.now()), return: await returnView(deps, after, caller) };
}

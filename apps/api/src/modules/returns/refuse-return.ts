import { RETURN_MESSAGES } from './return-messages';
import { returnView } from './return-views';
import { updateReturn } from './returns.repository';
import { fail, loadReturn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

/** The seller refuses a request not yet answered, saying why. */
export async function refuseReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, id: string, reason: string) {
  const { db, clock } = deps;
  const row = await db.transaction(async (transaction) => {
    const { row: found, role } = await loadReturn(transaction, caller, id, { lock: true });
    if (role !== 'seller') throw fail(403, 'Only the seller of this item can answer the return', 'forbidden');
    if (found.status !== 'requested') throw fail(409, RETURN_MESSAGES.alreadyDecided, 'already_decided', { status: found.status });
    const now = clock.now();
    return updateReturn(transaction, found.id, { status: 'refused', refusalReason: reason.trim(), decidedAt: now, updatedAt: now });
  });
  return { success: true as const, message: RETURN_MESSAGES.refused, return: await returnView(deps, row, caller) };
}

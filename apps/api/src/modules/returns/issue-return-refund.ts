import { isReturnRefundDue } from '@marketplace/domain/returns';
import { findReturn, updateReturn, type ReturnRecord } from './returns.repository';
import type { ReturnsServiceDependencies } from './returns-shared';

/**
 * Issues the refund of a return delivered back, once it is due (the seller confirmed the item's condition, or their
 * inspection days after UPS's delivery scan are over; before that it does nothing): the orders service refunds under the key
 * `return:<id>` (a retry after a crash finds the same refund), then the return is closed as refunded.
 * A refund that does not go through leaves the return delivered, to be tried again.
 */
export async function issueReturnRefund(deps: ReturnsServiceDependencies, row: ReturnRecord): Promise<ReturnRecord> {
  const { db, clock } = deps;
  if (!isReturnRefundDue(row, clock.now())) return row;
  const amountCents = row.refundCents ?? 0;
  if (amountCents > 0) {
    try {
      await deps.refundOrderItem({
        orderItemId: row.orderItemId,
        amountCents,
        refundKey: `return:${row.id}`,
        reason: `Return #${row.id.slice(0, 8)} received by the seller`,
        actor: 'system',
      });
    } catch (error) {
      deps.warn?.(`refund of return ${row.id} did not go through`, error);
      return updateReturn(db, row.id, {
        refundFailure: error instanceof Error ? error.message.slice(0, 500) : 'The refund did not go through',
        updatedAt: clock.now(),
      });
    }
  }
  return db.transaction(async (transaction) => {
    const locked = await findReturn(transaction, row.id, { lock: true });
    if (!locked || locked.status !== 'delivered') return locked ?? row;
    const now = clock.now();
    return updateReturn(transaction, row.id, { status: 'refunded', refundedAt: now, refundFailure: null, updatedAt: now });
  });
}

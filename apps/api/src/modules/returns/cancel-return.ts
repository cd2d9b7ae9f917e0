import { CarrierError } from '../../providers/carrier/port';
import { RETURN_MESSAGES } from './return-messages';
import { returnView } from './return-views';
import { findReturn, updateReturn } from './returns.repository';
import { carrierFailure, fail, loadReturn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

/** The buyer withdraws: before any answer, or after acceptance while the parcel has not moved (its label is voided). */
export async function cancelReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, id: string) {
  const { db, clock, carrier } = deps;
  const { row, role } = await loadReturn(db, caller, id);
  if (role !== 'buyer') throw fail(403, 'Only the buyer who asked can cancel the return', 'forbidden');
  if (row.status === 'accepted' && row.labelBase64 === null) throw fail(409, RETURN_MESSAGES.labelPending, 'label_pending');
  if (row.status !== 'requested' && row.status !== 'accepted') {
    throw fail(
      409,
      row.status === 'in_transit' || row.status === 'delivered'
        ? RETURN_MESSAGES.alreadyOnItsWay
        : `This return cannot be cancelled (it is ${row.status.replaceAll('_', ' ')}).`,
      'wrong_state',
      { status: row.status },
    );
  }
  let voided = false;
  if (row.status === 'accepted' && row.trackingNumber && row.carrierShipmentId) {
    try {
      await carrier.voidShipment({ carrierShipmentId: row.carrierShipmentId, trackingNumbers: [row.trackingNumber] });
      voided = true;
    } catch (error) {
      if (error instanceof CarrierError && error.code === 'already_picked_up') throw fail(409, RETURN_MESSAGES.alreadyOnItsWay, 'already_picked_up');
      // Past the carrier's void window an unused return label simply stays unused (UPS bills it only once
      // scanned); anything else is worth another try.
      if (!(error instanceof CarrierError && error.code === 'void_period_expired')) throw carrierFailure(error, 'The return label could not be voided');
    }
  }
  const updated = await db.transaction(async (transaction) => {
    const locked = await findReturn(transaction, row.id, { lock: true });
    if (!locked || locked.status !== row.status) throw fail(409, 'The return changed meanwhile; reload it and try again.', 'wrong_state');
    const now = clock.now();
    return updateReturn(transaction, row.id, { status: 'cancelled', cancelledAt: now, ...(voided ? { voidedAt: now } : {}), updatedAt: now });
  });
  return { success: true as const, message: RETURN_MESSAGES.cancelled, return: await returnView(deps, updated, caller) };
}

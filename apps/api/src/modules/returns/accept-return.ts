import { CarrierError, type CreatedReturnShipment, type CreateReturnShipmentRequest, type FoundReturnShipment } from '../../providers/carrier/port';
import { shippingAddressOfOrder } from '../orders';
import { findShippingContactOf } from '../users';
import { RETURN_MESSAGES } from './return-messages';
import { returnView } from './return-views';
import { findReturn, findReturnLines, updateReturn } from './returns.repository';
import {
  carrierFailure,
  fail,
  isLabelClaimed,
  isReturnLabelClaimStale,
  loadReturn,
  type ReturnCaller,
  type ReturnsServiceDependencies,
} from './returns-shared';

const UPS_GROUND = '03';

/**
 * Accepts and buys the return label once, whatever is retried or lost:
 * 1. claim: with the return locked, it becomes accepted with no label yet (its `updatedAt` is the claim's
 *    time; a fresh claim answers 409 return_label_in_progress);
 * 2. call: the carrier, outside any transaction, keyed on the return id; resuming a stale claim (an answer
 *    lost, a crash before step 3), it is first asked whether it already made this return's label;
 * 3. record: with the return locked again, the label is stored, unless another attempt stored it first.
 * A refusal puts the request back (nothing was bought: the seller may simply accept again); no answer, or
 * an unknown failure, keeps the claim for the try after the stale window.
 */
export async function acceptReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, id: string) {
  const { db, clock, carrier } = deps;
  const claimed = await db.transaction(async (transaction) => {
    const { row, role } = await loadReturn(transaction, caller, id, { lock: true });
    if (role !== 'seller') throw fail(403, 'Only the seller of this item can answer the return', 'forbidden');
    const now = clock.now();
    // A claim whose label never came (an answer lost, a crash between the steps) is resumed once stale.
    const resuming = isLabelClaimed(row);
    if (row.status !== 'requested' && !resuming) throw fail(409, RETURN_MESSAGES.alreadyDecided, 'already_decided', { status: row.status });
    if (resuming && !isReturnLabelClaimStale(row.updatedAt, now)) throw fail(409, RETURN_MESSAGES.labelInProgress, 'return_label_in_progress');
    const line = (await findReturnLines(transaction, [row.orderItemId])).get(row.orderItemId);
    if (!line) throw fail(404, RETURN_MESSAGES.itemNotFound, 'not_found');
    const returnTo = row.recipientAddress ?? (await findShippingContactOf(transaction, row.sellerId));
    if (!returnTo) throw fail(409, RETURN_MESSAGES.noReturnAddress, 'no_return_address');
    const { order } = line;
    const returnFrom = shippingAddressOfOrder(order);
    // A resumed claim keeps the addresses of its first attempt: the label it may have bought has them.
    const updated = await updateReturn(transaction, row.id, {
      status: 'accepted',
      decidedAt: row.decidedAt ?? now,
      shipperAddress: row.shipperAddress ?? returnFrom,
      recipientAddress: returnTo,
      updatedAt: now,
    });
    return { row: updated, line, resuming, claimedAt: now };
  });

  const { row, line } = claimed;
  const request: CreateReturnShipmentRequest = {
    returnId: row.id,
    shipper: row.shipperAddress!,
    recipient: row.recipientAddress!,
    package: { weightOunces: Math.max(1, line.weightOunces * line.item.quantity), description: line.item.title.slice(0, 35) || 'Returned item' },
    serviceCode: UPS_GROUND,
    reference: `Return ${row.id.slice(0, 8)}`,
  };
  let created: CreatedReturnShipment | FoundReturnShipment;
  let isLookedUp = !claimed.resuming;
  try {
    const found = claimed.resuming ? await carrier.findReturnShipment(request) : null;
    isLookedUp = true;
    created = found ?? (await carrier.createReturnShipment(request));
  } catch (error) {
    const failure = carrierFailure(error, 'The return label could not be created');
    // Only a purchase the carrier refused bought nothing: then the request waits for the seller again.
    if (isLookedUp && error instanceof CarrierError && !error.isOutcomeUnknown) {
      await db.transaction(async (transaction) => {
        const locked = await findReturn(transaction, row.id, { lock: true });
        if (locked && isLabelClaimed(locked) && locked.updatedAt.getTime() === claimed.claimedAt.getTime()) {
          await updateReturn(transaction, row.id, { status: 'requested', decidedAt: null, updatedAt: clock.now() });
        }
      });
      throw failure;
    }
    // No answer: UPS may have made the label; the claim stays and the next accept asks UPS first.
    throw fail(
      failure.statusCode,
      `The return label could not be created: ${error instanceof CarrierError ? error.message : 'the carrier did not answer'}. ${RETURN_MESSAGES.labelMayExist}`,
      'carrier_unavailable',
    );
  }

  const stored = await db.transaction(async (transaction) => {
    const locked = await findReturn(transaction, row.id, { lock: true });
    if (!locked) throw fail(404, RETURN_MESSAGES.notFound, 'not_found');
    // A concurrent accept stored the same label already.
    if (locked.labelBase64 !== null) return locked;
    const now = clock.now();
    return updateReturn(transaction, row.id, {
      status: locked.status === 'requested' ? 'accepted' : locked.status,
      decidedAt: locked.decidedAt ?? now,
      trackingNumber: created.trackingNumber,
      carrierShipmentId: created.carrierShipmentId,
      serviceDescription: created.serviceDescription,
      labelFormat: created.label.format,
      labelBase64: created.label.base64,
      // A label found again does not say what it cost (null).
      labelChargesCents: created.chargesCents,
      labelCreatedAt: now,
      updatedAt: now,
    });
  });
  return { success: true as const, message: RETURN_MESSAGES.accepted, return: await returnView(deps, stored, caller) };
}

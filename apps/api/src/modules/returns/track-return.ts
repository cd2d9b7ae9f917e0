import { carrierDayOf, formatDay } from '@marketplace/domain/delivery-dates';
import { centsToDollars } from '@marketplace/domain/money';
import { isReturnRefundDue, returnRefundDueAt } from '@marketplace/domain/returns';
import { CarrierError, type CarrierProvider, type TrackingResult, type TrackingStatus } from '../../providers/carrier/port';
import { SIMULATION_STATUSES } from '../../providers/carrier/sandbox';
import { applyReturnTracking } from './apply-return-tracking';
import { issueReturnRefund } from './issue-return-refund';
import { RETURN_MESSAGES } from './return-messages';
import { returnView } from './return-views';
import type { ReturnRecord } from './returns.repository';
import { carrierFailure, fail, loadReturn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

const SIMULATION_STATUS_LIST: readonly string[] = [...SIMULATION_STATUSES];

type SimulatingCarrier = CarrierProvider & { simulate(trackingNumber: string, status: TrackingStatus): Promise<unknown> };
const canSimulate = (carrier: CarrierProvider): carrier is SimulatingCarrier => typeof (carrier as Partial<SimulatingCarrier>).simulate === 'function';

/**
 * Asks the carrier where the return parcel is (or, in development, moves the sandbox parcel to
 * `simulateStatus`); a delivery back starts the seller's check, and a refund that is due is issued.
 */
export async function trackReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, id: string, simulateStatus: string | undefined) {
  const { db, carrier } = deps;
  if (simulateStatus !== undefined) {
    if (deps.environment === 'production') throw fail(400, RETURN_MESSAGES.simulationProductionOnly, 'simulation_unavailable');
    if (!SIMULATION_STATUS_LIST.includes(simulateStatus))
      throw fail(400, `Unknown simulation status '${simulateStatus}'; use one of: ${SIMULATION_STATUS_LIST.join(', ')}`, 'bad_request');
  }
  const { row } = await loadReturn(db, caller, id);
  if (row.status === 'cancelled') throw fail(410, RETURN_MESSAGES.labelVoided, 'label_voided');
  if (!row.trackingNumber) throw fail(409, RETURN_MESSAGES.notTracked, 'no_label');
  let current: ReturnRecord = row;
  let message: string = RETURN_MESSAGES.trackingUpdated;
  if (row.status === 'accepted' || row.status === 'in_transit') {
    let result: TrackingResult | null = null;
    try {
      result =
        simulateStatus !== undefined
          ? await simulate(deps, { ...row, trackingNumber: row.trackingNumber }, simulateStatus as TrackingStatus)
          : await carrier.track({ trackingNumber: row.trackingNumber });
    } catch (error) {
      // UPS knows a label only a while after it is made: keep what we know.
      if (!(simulateStatus === undefined && error instanceof CarrierError && error.code === 'not_found'))
        throw carrierFailure(error, 'The return could not be tracked');
      message = RETURN_MESSAGES.noNewTracking;
    }
    if (result) current = (await applyReturnTracking(deps, row.id, result)) ?? row;
  }
  if (current.status === 'delivered') {
    current = await issueReturnRefund(deps, current);
    message = refundMessageOf(current, deps.clock.now());
  }
  return { success: true as const, message, return: await returnView(deps, current, caller) };
}

/** What a return back with the seller says of its refund: issued, being retried, or waiting for the seller's check. */
export function refundMessageOf(row: ReturnRecord, now: Date): string {
  if (row.status === 'refunded') return RETURN_MESSAGES.refundIssued(`$${centsToDollars(row.refundCents ?? 0).toFixed(2)}`);
  if (isReturnRefundDue(row, now) || !row.deliveredAt) return RETURN_MESSAGES.refundPending;
  return RETURN_MESSAGES.awaitingCheck(formatDay(carrierDayOf(returnRefundDueAt(row.deliveredAt, row.inspectionDays))));
}

/** Moves the sandbox parcel (development), or records the simulated event here only for another carrier. */
async function simulate(deps: ReturnsServiceDependencies, row: ReturnRecord & { trackingNumber: string }, status: TrackingStatus): Promise<TrackingResult> {
  const { carrier, clock } = deps;
  if (canSimulate(carrier)) {
    await carrier.simulate(row.trackingNumber, status);
    return carrier.track({ trackingNumber: row.trackingNumber });
  }
  const previous = row.trackingEvents.map((event) => ({ ...event, status: event.status as TrackingStatus }));
  return {
    trackingNumber: row.trackingNumber,
    status,
    events: [...previous, { status, description: `Simulated: ${status.replaceAll('_', ' ')}`, occurredAt: clock.now().toISOString(), location: null }],
  };
}

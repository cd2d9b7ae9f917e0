import { lineTotalCents, stillRefundableCents } from '@marketplace/domain/item-paid';
import { DEFAULT_RESTOCKING_FEE_BASIS_POINTS, DEFAULT_RETURN_INSPECTION_DAYS, DEFAULT_RETURN_WINDOW_DAYS, returnRefund } from '@marketplace/domain/returns';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { CarrierError, type CarrierProvider } from '../../providers/carrier/port';
import type { FileStore } from '../../providers/files/port';
import { RETURN_MESSAGES } from './return-messages';
import { findPoliciesOf, findReturn, type PolicyRecord, type ReturnLine, type ReturnRecord } from './returns.repository';

// What the returns operations share: the service's dependencies and caller, the refusal helper, the
// default policy, the refund estimate, and who may see a return. Each operation is a file of its own
// (accept-return.ts, track-return.ts, …); returns.service.ts puts them together.

/** The orders service's refund: outside any transaction; the same key never refunds twice. */
export type RefundOrderItem = (input: {
  orderItemId: string;
  amountCents: number;
  refundKey: string;
  reason: string;
  actor: 'system';
}) => Promise<{ refundedCents: number; itemStatus: string }>;

export interface ReturnsServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  carrier: CarrierProvider;
  environment: Config['environment'];
  refundOrderItem: RefundOrderItem;
  /** Where a refund that did not go through is reported (it is tried again on the next tracking round). */
  warn?: (message: string, error: unknown) => void;
}

export interface ReturnCaller {
  id: string;
  role: 'buyer' | 'seller' | 'admin';
}

export const fail = (status: number, message: string, code: string, details: Record<string, unknown> = {}) =>
  new HttpError(status, message, { code, ...details });

export const DEFAULT_POLICY: PolicyRecord = {
  windowDays: DEFAULT_RETURN_WINDOW_DAYS,
  restockingFeeBasisPoints: DEFAULT_RESTOCKING_FEE_BASIS_POINTS,
  inspectionDays: DEFAULT_RETURN_INSPECTION_DAYS,
};

/** What may still be refunded for the line, and its line total (the restocking fee's base). */
export function moneyOf(line: ReturnLine) {
  return { lineTotalCents: lineTotalCents(line.item), remainingRefundableCents: stillRefundableCents(line.order, line.lines, line.item) };
}

export function estimateOf(line: ReturnLine, feeBasisPoints: number) {
  const money = moneyOf(line);
  return returnRefund({ ...money, restockingFeeBasisPoints: feeBasisPoints });
}

export function carrierFailure(error: unknown, action: string): HttpError {
  if (error instanceof CarrierError) {
    if (error.code === 'invalid_request') return fail(400, `${action}: UPS refused the request (${error.message})`, 'carrier_refused');
    if (error.code === 'timeout') return fail(504, `${action}: ${error.message}. Please try again.`, 'carrier_unavailable');
    return fail(502, `${action}: UPS did not answer (${error.message}). Nothing changed; please try again.`, 'carrier_unavailable');
  }
  return fail(502, `${action}: the carrier did not answer. Nothing changed; please try again.`, 'carrier_unavailable');
}

/**
 * How long an accept's claim on the return label holds off another: longer than an accept can take (the
 * lookup and the purchase, each a token and a call, again after a 401; at most 30 s a call), so a claim older
 * than this belongs to an attempt that is over (its answer lost, or its process gone).
 */
export const RETURN_LABEL_CLAIM_STALE_MS = 5 * 60 * 1000;

/** Accepted with no label yet: an accept holds the return (its `updatedAt` is when it claimed it). */
export const isLabelClaimed = (row: ReturnRecord) => row.status === 'accepted' && row.labelBase64 === null;

export function isReturnLabelClaimStale(claimedAt: Date, now: Date): boolean {
  return now.getTime() - claimedAt.getTime() >= RETURN_LABEL_CLAIM_STALE_MS;
}

/** A label worth printing: bought, not voided, and the parcel not yet back with the seller. */
export const isLabelUsable = (row: ReturnRecord) =>
  row.labelBase64 !== null && row.voidedAt === null && (row.status === 'accepted' || row.status === 'in_transit');

export const roleIn = (row: ReturnRecord, caller: ReturnCaller): 'buyer' | 'seller' | 'admin' | null =>
  row.buyerId === caller.id ? 'buyer' : row.sellerId === caller.id ? 'seller' : caller.role === 'admin' ? 'admin' : null;

export async function policyOf(executor: Executor, sellerId: string): Promise<PolicyRecord> {
  return (await findPoliciesOf(executor, [sellerId])).get(sellerId) ?? DEFAULT_POLICY;
}

/** The return if the caller is one of its two parties (or, when allowed, an admin); otherwise 404. */
export async function loadReturn(executor: Executor, caller: ReturnCaller, id: string, options: { lock?: boolean; admin?: boolean } = {}) {
  const row = await findReturn(executor, id, { lock: options.lock ?? false });
  const role = row ? roleIn(row, caller) : null;
  if (!row || !role || (role === 'admin' && !options.admin)) throw fail(404, RETURN_MESSAGES.notFound, 'not_found');
  return { row, role };
}

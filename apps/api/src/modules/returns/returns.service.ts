import type { OpenReturnFields, ReturnPolicy, ReturnsFilter } from '@marketplace/contracts/returns';
import type { IncomingFile } from '../../lib/image-processing';
import { acceptReturn } from './accept-return';
import { cancelReturn } from './cancel-return';
import { getReturn } from './get-return';
import { getReturnLabel } from './get-return-label';
import { listReturnsFor } from './list-returns';
import { refreshReturns } from './refresh-returns';
import { refuseReturn } from './refuse-return';
import { requestReturn } from './request-return';
import { checkReturnEligibility, returnInfoOfItems } from './return-eligibility';
import { confirmReturn } from './confirm-return';
import { getReturnPolicy, updateReturnPolicy } from './return-policy';
import { trackReturn } from './track-return';
import type { ReturnCaller, ReturnsServiceDependencies } from './returns-shared';

// Returns (docs/product/returns.md): requested → accepted (a UPS Print Return Label) | refused;
// accepted → in_transit → delivered as the carrier reports the parcel; delivered → refunded when the seller confirms
// the item's condition or their inspection days pass; requested or accepted →
// cancelled by the buyer while the parcel has not moved. The label is bought and voided outside any
// database transaction; the refund goes through the orders service (its key `return:<id>` makes it once).
//
// Each operation is a file of its own in this folder, named for what it does (accept-return.ts,
// track-return.ts, …; decision 0030); this file only binds them to the service's dependencies.

export { RETURN_MESSAGES } from './return-messages';
export {
  RETURN_LABEL_CLAIM_STALE_MS,
  isReturnLabelClaimStale,
  type RefundOrderItem,
  type ReturnCaller,
  type ReturnsServiceDependencies,
} from './returns-shared';

export function createReturnsService(deps: ReturnsServiceDependencies) {
  return {
    // ── the seller's policy ──────────────────────────────────────────────────────────────────
    policy: (sellerId: string) => getReturnPolicy(deps, sellerId),
    updatePolicy: (sellerId: string, input: ReturnPolicy) => updateReturnPolicy(deps, sellerId, input),

    // ── the buyer asks ───────────────────────────────────────────────────────────────────────
    eligibility: (caller: ReturnCaller, orderItemId: string) => checkReturnEligibility(deps, caller, orderItemId),
    open: (caller: ReturnCaller, fields: OpenReturnFields, photos: IncomingFile[]) => requestReturn(deps, caller, fields, photos),
    list: (caller: ReturnCaller, query: { page: number; limit: number; status?: ReturnsFilter | undefined }) => listReturnsFor(deps, caller, query),
    get: (caller: ReturnCaller, id: string) => getReturn(deps, caller, id),

    // ── the seller answers ───────────────────────────────────────────────────────────────────
    accept: (caller: ReturnCaller, id: string) => acceptReturn(deps, caller, id),
    refuse: (caller: ReturnCaller, id: string, reason: string) => refuseReturn(deps, caller, id, reason),
    /** The parcel is back: the seller confirms the item's condition, and the buyer is refunded at once. */
    confirm: (caller: ReturnCaller, id: string) => confirmReturn(deps, caller, id),

    // ── the buyer withdraws, either party prints and follows the parcel ──────────────────────
    cancel: (caller: ReturnCaller, id: string) => cancelReturn(deps, caller, id),
    label: (caller: ReturnCaller, id: string) => getReturnLabel(deps, caller, id),
    track: (caller: ReturnCaller, id: string, simulateStatus: string | undefined) => trackReturn(deps, caller, id, simulateStatus),

    // ── the background round, and the orders service's question ──────────────────────────────
    refreshReturns: (limit?: number) => refreshReturns(deps, limit),
    returnsOf: (orderItemIds: string[]) => returnInfoOfItems(deps, orderItemIds),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;

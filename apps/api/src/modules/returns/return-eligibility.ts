import type { OrderItemReturnInfo } from '@marketplace/contracts/returns';
import { centsToDollars } from '@marketplace/domain/money';
import {
  RETURNABLE_ITEM_STATES,
  basisPointsToPercent,
  isOpenReturn,
  isWithinReturnWindow,
  returnWindowEndsAt,
  type ReturnStatus,
} from '@marketplace/domain/returns';
import { findItemsWithOpenDispute } from '../disputes';
import { RETURN_MESSAGES } from './return-messages';
import { findLatestReturnsOfItems, findPoliciesOf, findReturnLines, findReturnStatusesOfItems, type PolicyRecord, type ReturnLine } from './returns.repository';
import { DEFAULT_POLICY, estimateOf, fail, isLabelUsable, moneyOf, policyOf, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

// Whether an item can be returned: the rule (eligibilityOf, also applied when the buyer asks), the
// buyer's question about one item, and the order page's answer for all its items.

interface Eligibility {
  canReturn: boolean;
  refusal: { status: number; message: string; code: string } | null;
  windowEndsAt: Date | null;
}

/**
 * Whether the line can be returned now, and if not the answer the request gets. An item is returned at
 * most once: a refunded or refused return closes the question (a dispute remains); a cancelled one does not.
 */
export function eligibilityOf(
  line: ReturnLine,
  policy: PolicyRecord,
  facts: { returnStatuses: readonly ReturnStatus[]; hasOpenDispute: boolean },
  now: Date,
): Eligibility {
  const deliveredAt = line.item.deliveredAt;
  const windowEndsAt = deliveredAt ? returnWindowEndsAt(deliveredAt, policy.windowDays) : null;
  const refuse = (message: string, code: string, status = 409): Eligibility => ({ canReturn: false, refusal: { status, message, code }, windowEndsAt });
  if (!deliveredAt) return refuse(RETURN_MESSAGES.notDelivered, 'not_delivered');
  if (!(RETURNABLE_ITEM_STATES as readonly string[]).includes(line.item.status)) return refuse(RETURN_MESSAGES.notReturnable, 'not_returnable');
  if (facts.returnStatuses.some(isOpenReturn)) return refuse(RETURN_MESSAGES.alreadyOpen, 'return_already_open');
  if (facts.returnStatuses.includes('refunded')) return refuse(RETURN_MESSAGES.alreadyReturned, 'already_returned');
  if (facts.returnStatuses.includes('refused')) return refuse(RETURN_MESSAGES.refusedBefore, 'return_refused');
  if (policy.windowDays === 0) return refuse(RETURN_MESSAGES.noReturns, 'returns_not_accepted');
  if (!isWithinReturnWindow(deliveredAt, policy.windowDays, now)) {
    return refuse(`The return window closed on ${windowEndsAt!.toISOString().slice(0, 10)}.`, 'return_window_closed');
  }
  if (facts.hasOpenDispute) return refuse(RETURN_MESSAGES.openDispute, 'open_dispute');
  if (moneyOf(line).remainingRefundableCents === 0) return refuse(RETURN_MESSAGES.nothingToRefund, 'nothing_to_refund');
  return { canReturn: true, refusal: null, windowEndsAt };
}

/** The buyer asks about one item: can it be returned, until when, and what would come back. */
export async function checkReturnEligibility(deps: ReturnsServiceDependencies, caller: ReturnCaller, orderItemId: string) {
  const { db, clock } = deps;
  const line = (await findReturnLines(db, [orderItemId])).get(orderItemId);
  if (!line || line.order.buyerId !== caller.id) throw fail(404, RETURN_MESSAGES.itemNotFound, 'not_found');
  const policy = await policyOf(db, line.item.sellerId);
  const [statuses, disputed] = await Promise.all([findReturnStatusesOfItems(db, [orderItemId]), findItemsWithOpenDispute(db, [orderItemId])]);
  const checked = eligibilityOf(line, policy, { returnStatuses: statuses.get(orderItemId) ?? [], hasOpenDispute: disputed.has(orderItemId) }, clock.now());
  const estimate = estimateOf(line, policy.restockingFeeBasisPoints);
  return {
    canReturn: checked.canReturn,
    reason: checked.refusal?.message ?? null,
    returnWindowDays: policy.windowDays,
    returnWindowEndsAt: checked.windowEndsAt?.toISOString() ?? null,
    restockingFeePercent: basisPointsToPercent(policy.restockingFeeBasisPoints),
    restockingFee: centsToDollars(estimate.restockingFeeCents),
    estimatedRefund: centsToDollars(estimate.refundCents),
  };
}

/**
 * For the buyer's order page (the orders service asks): per item, whether a return can be asked for
 * now and until when, and its latest return. Items that do not exist are left out.
 */
export async function returnInfoOfItems(deps: ReturnsServiceDependencies, orderItemIds: string[]): Promise<Map<string, OrderItemReturnInfo>> {
  const { db, clock } = deps;
  const lines = await findReturnLines(db, orderItemIds);
  if (lines.size === 0) return new Map();
  const ids = [...lines.keys()];
  const [policies, latest, statuses, disputed] = await Promise.all([
    findPoliciesOf(
      db,
      [...lines.values()].map((line) => line.item.sellerId),
    ),
    findLatestReturnsOfItems(db, ids),
    findReturnStatusesOfItems(db, ids),
    findItemsWithOpenDispute(db, ids),
  ]);
  const now = clock.now();
  const answer = new Map<string, OrderItemReturnInfo>();
  for (const [id, line] of lines) {
    const policy = policies.get(line.item.sellerId) ?? DEFAULT_POLICY;
    const last = latest.get(id) ?? null;
    const checked = eligibilityOf(line, policy, { returnStatuses: statuses.get(id) ?? [], hasOpenDispute: disputed.has(id) }, now);
    const estimate = last ? estimateOf(line, last.restockingFeeBasisPoints) : null;
    answer.set(id, {
      canReturn: checked.canReturn,
      returnWindowEndsAt: checked.windowEndsAt?.toISOString() ?? null,
      returnRequest: last
        ? {
            id: last.id,
            status: last.status,
            reason: last.reason,
            createdAt: last.createdAt.toISOString(),
            labelAvailable: isLabelUsable(last),
            refundAmount: last.status === 'refused' || last.status === 'cancelled' ? null : centsToDollars(last.refundCents ?? estimate?.refundCents ?? 0),
            restockingFee:
              last.status === 'refused' || last.status === 'cancelled' ? null : centsToDollars(last.restockingFeeCents ?? estimate?.restockingFeeCents ?? 0),
          }
        : null,
    });
  }
  return answer;
}

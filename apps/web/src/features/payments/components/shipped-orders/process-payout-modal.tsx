import { useEffect, useMemo, type ReactNode } from 'react';
import type { ShippedOrderItem } from '@marketplace/contracts/payouts';
import { lineRefundCents } from '@marketplace/domain/item-settlement';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { shortId } from '@marketplace/domain/short-id';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { LoadingState } from '../../../../components/list-states';
import { Modal } from '../../../../components/modal';
import { apiErrorMessage } from '../../../../lib/api-error';
import { formatDollars } from '../../../../lib/format';
import { useListCommissionRatesQuery } from '../../api';
import { useCreatePayoutMutation, useGetPickupChargeQuery } from '../../shipped-orders-api';
import { notify } from './notify';
import { afterDeductions, formatBasisPoints, previewPayout, type PayoutSettlement } from './payout-preview';

const SIGNS = { plus: '+', minus: '−' } as const;

/** One figure of the calculation; `sign` marks what is added to or taken from the total above it. */
function Row({
  label,
  detail,
  amount,
  sign,
  isTotal = false,
}: {
  label: string;
  detail?: ReactNode;
  amount: number;
  sign?: keyof typeof SIGNS;
  isTotal?: boolean;
}) {
  return (
    <div className={`flex items-start justify-between gap-4 py-1.5 ${isTotal ? 'border-t border-slate-200 pt-2 font-semibold text-slate-900' : ''}`}>
      <dt className="min-w-0">
        {label}
        {detail && <span className="block text-xs font-normal text-slate-500">{detail}</span>}
      </dt>
      <dd className="shrink-0 tabular-nums">
        {sign && <span aria-hidden>{SIGNS[sign]} </span>}
        {sign && <span className="sr-only">{sign} </span>}
        {formatCents(amount)}
      </dd>
    </div>
  );
}

/** Whether the transfer differs from the payout rule's result (shipping credited, labels settled, refunds owed back). */
function hasChanges(settlement: PayoutSettlement): boolean {
  return settlement.shippingCreditCents > 0 || settlement.labelChargeCents !== 0 || settlement.deductedCents > 0;
}

interface ProcessPayoutModalProps {
  item: ShippedOrderItem;
  onClose: () => void;
}

/**
 * docs/product/payouts.md Process Payout: the calculation the server will pay (docs/product/validation.md, limits.md), the notice, and
 * confirm. The server recomputes the amount itself; the client only sends the order item id.
 */
export function ProcessPayoutModal({ item, onClose }: ProcessPayoutModalProps) {
  const commission = useListCommissionRatesQuery();
  // Pickups are scheduled and re-rated after the list loads, so read the charge fresh each time.
  const pickup = useGetPickupChargeQuery(item.orderItemId, { refetchOnMountOrArgChange: true });
  const [createPayout, { isLoading: isProcessing }] = useCreatePayoutMutation();

  // docs/product/errors.md: a failed or malformed commission list counts as empty (0 % applies, with the warning).
  const commissionData = commission.data?.data;
  const hasValidRates = Array.isArray(commissionData);
  useEffect(() => {
    if (commission.error) console.error('Failed to load commission rates; using 0% commission', commission.error);
    else if (commission.data && !hasValidRates) console.error('Commission rates came back in an unexpected format; using 0% commission', commission.data);
  }, [commission.error, commission.data, hasValidRates]);
  // docs/product/errors.md: a failed pickup charge fetch counts as no pickup charge.
  useEffect(() => {
    if (pickup.error) console.error('Failed to load the pickup charge; using $0.00', pickup.error);
  }, [pickup.error]);

  const isCalculating = commission.isLoading || pickup.isFetching;
  const pickupInfo = pickup.error ? null : (pickup.data ?? null);
  const breakdown = useMemo(
    () => (isCalculating ? null : previewPayout(item, hasValidRates ? commissionData : [], pickupInfo)),
    [isCalculating, item, hasValidRates, commissionData, pickupInfo],
  );

  const isSellerReady = item.sellerAccountStatus === 'complete';
  const settlement = breakdown ? afterDeductions(breakdown, item) : null;
  const refundedFromLine = lineRefundCents({ unitPriceCents: dollarsToCents(item.price), quantity: item.quantity, refundedCents: item.refunded_cents });
  const canConfirm = breakdown !== null && isSellerReady && !item.hasOpenDispute && !isCalculating;

  async function handleConfirm() {
    try {
      const result = await createPayout({ orderItemId: item.orderItemId }).unwrap();
      notify.success(result.message || 'Payout created successfully');
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Failed to create payout'));
    }
  }

  let pickupDetail: ReactNode = 'No pickup for this item';
  if (pickup.error) pickupDetail = 'The pickup charge could not be loaded, so none is deducted';
  else if (pickupInfo?.hasPickup) {
    const reference = pickupInfo.pickupRequestNumber ? `Pickup ${pickupInfo.pickupRequestNumber}` : 'Pickup';
    const share = `share of ${formatDollars(pickupInfo.totalPickupCharge)}`;
    pickupDetail = `${reference}${pickupInfo.isConsolidatedPickup ? ' (consolidated)' : ''}, ${share}`;
  }

  return (
    <Modal
      title="Process Payout"
      description={
        <>
          {item.itemTitle} · Order <span className="font-mono">{shortId(item.orderId)}</span> · {item.seller.fullName}
          {item.seller.companyName ? ` (${item.seller.companyName})` : ''}
        </>
      }
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void handleConfirm()} disabled={!canConfirm} isBusy={isProcessing} busyLabel="Processing…">
            Confirm Payout
          </Button>
        </>
      }
    >
      <div className="max-h-[60vh] space-y-3 overflow-y-auto pr-1">
        {!isSellerReady && (
          <Alert tone="warning" title="Seller payment setup incomplete">
            {item.seller.fullName} has not completed payment setup, so the payout would be refused. Ask the seller to finish setting up payments first.
          </Alert>
        )}
        {item.hasOpenDispute && (
          <Alert tone="warning" title="This item has an open dispute">
            It can be paid once the dispute is resolved.
          </Alert>
        )}
        {item.payout?.status === 'failed' && (
          <Alert tone="warning" title="The last payout attempt failed">
            {item.payout.failure_reason ?? 'The payment provider gave no reason.'}
          </Alert>
        )}

        {isCalculating ? (
          <LoadingState label="Calculating payout…" />
        ) : breakdown === null || settlement === null ? (
          <Alert tone="error">Failed to calculate payout</Alert>
        ) : (
          <>
            {breakdown.warning && <Alert tone="warning">{breakdown.warning}</Alert>}
            <section aria-label="Payout calculation" className="rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-2 text-sm text-slate-700">
              <dl>
                {item.refunded_cents > 0 ? (
                  <>
                    <Row label="Item total" detail={`${item.quantity} x ${formatDollars(item.price)}`} amount={breakdown.itemTotalCents + refundedFromLine} />
                    <Row label="Refunded to the buyer" detail="Refunds come out of the item first" amount={refundedFromLine} sign="minus" />
                    <Row label="Item total kept" amount={breakdown.itemTotalCents} isTotal />
                  </>
                ) : (
                  <Row label="Item total" detail={`${item.quantity} x ${formatDollars(item.price)}`} amount={breakdown.itemTotalCents} />
                )}
                <Row
                  label={`Commission (${formatBasisPoints(breakdown.commissionRateBasisPoints)})`}
                  detail={item.category}
                  amount={breakdown.commissionCents}
                  sign="minus"
                />
                <Row label="Pickup charge" detail={pickupDetail} amount={breakdown.pickupChargeCents} sign="minus" />
                <Row label="Gross payout" amount={breakdown.grossCents} isTotal />
                <Row label="Transfer fee" detail="0.25% + $0.25" amount={breakdown.feeCents} sign="minus" />
                {hasChanges(settlement) && (
                  <>
                    <Row label="Item payout" detail="The payout rule’s result" amount={breakdown.payoutCents} isTotal />
                    {settlement.shippingCreditCents > 0 && (
                      <Row
                        label="Shipping the buyer paid"
                        detail="The item’s share of its shop’s shipping"
                        amount={settlement.shippingCreditCents}
                        sign="plus"
                      />
                    )}
                    {settlement.labelChargeCents !== 0 && (
                      <Row
                        label="Shipping labels"
                        detail={settlement.labelChargeCents < 0 ? 'Labels the seller bought, oldest first' : 'Voided labels credited back'}
                        amount={Math.abs(settlement.labelChargeCents)}
                        sign={settlement.labelChargeCents < 0 ? 'minus' : 'plus'}
                      />
                    )}
                    {settlement.deductedCents > 0 && (
                      <Row label="Refunds owed back" detail="Earlier payouts of refunded items" amount={settlement.deductedCents} sign="minus" />
                    )}
                  </>
                )}
                <Row label="Seller payout" amount={settlement.netCents} isTotal />
              </dl>
            </section>
          </>
        )}

        <Alert tone="info">Funds arrive in the seller&rsquo;s account within 2-7 business days. This action cannot be undone.</Alert>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { RETURN_REASON_LABELS, type ReturnRequestView } from '@marketplace/contracts/returns';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/list-states';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { formatDate, formatDollars, formatShortDate } from '../../../lib/format';
import { useCancelReturnMutation, useGetReturnQuery } from '../returns-api';
import { PrintReturnLabelButton, ReturnMoney, ReturnStatusBadge, ReturnTracking } from './return-parts';

// Where the buyer's return stands, for the buyer's order page: the seller's answer, the label
// to print once accepted, the parcel back, and the refund.

function whatNext(returnRequest: ReturnRequestView): string {
  switch (returnRequest.status) {
    case 'requested':
      return `You asked on ${formatDate(returnRequest.createdAt)}. The seller will answer your request.`;
    case 'refused':
      return 'The seller refused this return. If you disagree, you can open a dispute about the item.';
    case 'accepted':
      return 'The seller accepted. Print the return label, stick it on the parcel and drop it off at any UPS location.';
    case 'in_transit':
      return 'Your parcel is on its way back to the seller.';
    case 'delivered':
      return returnRequest.refundDueAt && !returnRequest.conditionConfirmedAt
        ? `The seller received the item. Your refund of ${formatDollars(returnRequest.refundAmount)} goes out once they check it, by ${formatDate(returnRequest.refundDueAt)} at the latest.`
        : `The seller received the item. Your refund of ${formatDollars(returnRequest.refundAmount)} is being issued.`;
    case 'refunded':
      return `The seller received the item and ${formatDollars(returnRequest.refundAmount)} went back to your card${returnRequest.refundedAt ? ` on ${formatDate(returnRequest.refundedAt)}` : ''}.`;
    case 'cancelled':
      return 'You cancelled this return.';
  }
}

export function ReturnStatusPanel({ returnId }: { returnId: string }) {
  const { data: returnRequest, error, isLoading, isFetching, refetch } = useGetReturnQuery(returnId);
  const [cancelReturn, { isLoading: isCancelling }] = useCancelReturnMutation();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);

  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading your return…
      </p>
    );
  }
  if (!returnRequest) return <LoadError title="Your return could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;

  async function cancel() {
    try {
      toast.success((await cancelReturn(returnId).unwrap()).message);
      setIsConfirmingCancel(false);
    } catch (cancelError) {
      toast.error(describeApiError(cancelError).message);
    }
  }

  return (
    <section aria-label={`Return of ${returnRequest.item.title}`} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          Return{' '}
          <span className="font-normal text-slate-600">
            · {RETURN_REASON_LABELS[returnRequest.reason]} · {formatShortDate(returnRequest.createdAt)}
          </span>
        </h3>
        <ReturnStatusBadge status={returnRequest.status} />
      </div>
      <p className="text-sm text-slate-700">{whatNext(returnRequest)}</p>
      {returnRequest.status === 'refused' && returnRequest.refusalReason && (
        <blockquote className="border-l-2 border-slate-300 pl-3 text-sm text-slate-700 italic">“{returnRequest.refusalReason}”</blockquote>
      )}
      <ReturnMoney returnRequest={returnRequest} />
      <ReturnTracking returnRequest={returnRequest} eventLimit={3} />
      {(returnRequest.actions.printLabel || returnRequest.actions.cancel) && (
        <div className="flex flex-wrap gap-2">
          <PrintReturnLabelButton returnRequest={returnRequest} />
          {returnRequest.actions.cancel && (
            <Button variant="ghost" size="sm" onClick={() => setIsConfirmingCancel(true)}>
              Cancel return
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        isOpen={isConfirmingCancel}
        title="Cancel this return?"
        confirmLabel="Cancel return"
        cancelLabel="Keep it"
        confirmVariant="danger"
        isBusy={isCancelling}
        onConfirm={() => void cancel()}
        onCancel={() => setIsConfirmingCancel(false)}
      >
        {returnRequest.shipment?.labelAvailable ? 'The return label will be voided and can no longer be used. ' : ''}You keep the item and get no refund for it.
      </ConfirmDialog>
    </section>
  );
}

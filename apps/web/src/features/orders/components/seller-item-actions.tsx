import { useId, useState } from 'react';
import { Check, PackageCheck, Send, X } from 'lucide-react';
import { updateSellerOrderItemRequestSchema } from '@marketplace/contracts/orders';
import { toast } from '../../../components/toast';
import type { SellerOrderItem } from '@marketplace/contracts/orders';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/field';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useUpdateSellerOrderItemMutation } from '../api';

const REASON_MAX = 500;

/**
 * The item as the seller's order answers it: its status, the carrier's parcel it travels in (null: not shipped with a
 * label, a parcel no carrier tracks) and, sent without a label, the carrier the seller named.
 */
type SellerItemActionsProps = { item: Pick<SellerOrderItem, 'orderItemId' | 'itemTitle' | 'orderStatus' | 'parcel' | 'shippedAnotherWay'> };

/** An approved item sent without a marketplace label: the seller names the carrier (and its tracking number, if any). */
function SentAnotherWayDialog({ orderItemId, itemTitle, onClose }: { orderItemId: string; itemTitle: string; onClose: () => void }) {
  const formId = useId();
  const [updateItem, { isLoading }] = useUpdateSellerOrderItemMutation();
  const form = useForm({
    initialValues: { carrier: '', trackingNumber: '' },
    schema: updateSellerOrderItemRequestSchema,
    toInput: (values) => ({ status: 'shipped', carrier: values.carrier, ...(values.trackingNumber.trim() ? { trackingNumber: values.trackingNumber } : {}) }),
  });
  const submit = form.handleSubmit(async (request) => {
    try {
      await updateItem({ orderItemId, ...request }).unwrap();
      toast.success(`Marked ${itemTitle} as shipped`, { duration: 4000 });
      onClose();
    } catch (error) {
      const details = describeApiError(error);
      form.showErrors({ carrier: details.fieldErrors.carrier ?? details.message, trackingNumber: details.fieldErrors.trackingNumber });
    }
  });
  return (
    <Modal
      title="Sent without a UPS label?"
      description={`For ${itemTitle} sent another way (another carrier, or by hand). The buyer sees it as shipped with what you write here; no scans are followed, so you mark it delivered yourself once it arrives.`}
      onClose={isLoading ? () => {} : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isBusy={isLoading}>
            Mark shipped
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <TextField label="Carrier" placeholder="USPS" autoComplete="off" {...form.field('carrier')} />
        <TextField label="Tracking number (optional)" autoComplete="off" {...form.field('trackingNumber')} />
      </form>
    </Modal>
  );
}

/**
 * What a seller can do with one of their items (pending → approved | rejected; shipped → delivered, by hand only for a
 * parcel the carrier does not track; delivered → completed). Rejecting needs a reason and refunds the buyer, and a
 * delivery by hand starts the buyer's return window, so both ask in a dialog first.
 */
export function SellerItemActions({ item }: SellerItemActionsProps) {
  const { orderItemId, itemTitle, orderStatus: status, parcel, shippedAnotherWay } = item;
  const [updateItem, { isLoading, originalArgs }] = useUpdateSellerOrderItemMutation();
  const [isRejecting, setIsRejecting] = useState(false);
  const [isConfirmingDelivery, setIsConfirmingDelivery] = useState(false);
  const [isSendingAnotherWay, setIsSendingAnotherWay] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const busyStatus = isLoading ? originalArgs?.status : undefined;

  async function decide(next: 'approved' | 'delivered' | 'completed', success: string) {
    try {
      await updateItem({ orderItemId, status: next }).unwrap();
      toast.success(success, { duration: 4000 });
    } catch (error) {
      toast.error(describeApiError(error).message, { duration: 4000 });
    }
  }

  async function reject() {
    const trimmed = reason.trim();
    if (!trimmed) {
      setReasonError('Tell the buyer why you are rejecting this item');
      return;
    }
    try {
      await updateItem({ orderItemId, status: 'rejected', reason: trimmed }).unwrap();
      toast.success(`Rejected ${itemTitle}. The buyer has been refunded.`, { duration: 4000 });
      setIsRejecting(false);
      setReason('');
    } catch (error) {
      const details = describeApiError(error);
      if (details.fieldErrors.reason) setReasonError(details.fieldErrors.reason);
      else toast.error(details.message, { duration: 4000 });
    }
  }

  if (status === 'pending') {
    return (
      <>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void decide('approved', `Approved ${itemTitle}`)}
            isBusy={busyStatus === 'approved'}
            disabled={isLoading}
            aria-label={`Approve ${itemTitle}`}
          >
            <Check className="size-4" aria-hidden /> Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setIsRejecting(true)} disabled={isLoading} aria-label={`Reject ${itemTitle}`}>
            <X className="size-4" aria-hidden /> Reject
          </Button>
        </div>
        {isRejecting && (
          <Modal
            title="Reject this item?"
            description={
              <>
                <span className="font-medium text-slate-900">{itemTitle}</span> will be refunded to the buyer and its stock returned to your inventory.
              </>
            }
            onClose={() => (isLoading ? undefined : setIsRejecting(false))}
            footer={
              <>
                <Button variant="secondary" onClick={() => setIsRejecting(false)} disabled={isLoading}>
                  Cancel
                </Button>
                <Button variant="danger" onClick={() => void reject()} isBusy={isLoading} busyLabel="Rejecting…">
                  Reject item
                </Button>
              </>
            }
          >
            <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-slate-800">
              Reason for rejecting
            </label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={`${reasonId}-help`}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
              className={`block w-full rounded-lg border px-3 py-2 text-base shadow-sm sm:text-sm ${reasonError ? 'border-red-500' : 'border-slate-300'}`}
            />
            <p id={`${reasonId}-help`} className={`mt-1.5 text-sm ${reasonError ? 'font-medium text-red-700' : 'text-slate-500'}`}>
              {reasonError ?? 'The buyer sees this reason, e.g. "Sold out in store" or "Damaged in storage".'}
            </p>
          </Modal>
        )}
      </>
    );
  }
  if (status === 'approved') {
    return (
      <>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setIsSendingAnotherWay(true)}
          aria-label={`${itemTitle} was sent without a UPS label`}
          aria-haspopup="dialog"
        >
          <Send className="size-4" aria-hidden /> Sent another way
        </Button>
        {isSendingAnotherWay && <SentAnotherWayDialog orderItemId={orderItemId} itemTitle={itemTitle} onClose={() => setIsSendingAnotherWay(false)} />}
      </>
    );
  }
  if (status === 'shipped' && parcel) {
    return <p className="max-w-xs text-sm text-slate-600">{parcel.carrier} marks it delivered when it scans the parcel delivered.</p>;
  }
  if (status === 'shipped') {
    return (
      <>
        {shippedAnotherWay && (
          <p className="max-w-xs text-sm text-slate-600">
            Sent with {shippedAnotherWay.carrier}
            {shippedAnotherWay.trackingNumber && <span className="font-mono break-all"> · {shippedAnotherWay.trackingNumber}</span>}
          </p>
        )}
        <Button size="sm" variant="secondary" onClick={() => setIsConfirmingDelivery(true)} aria-label={`Mark ${itemTitle} delivered`} aria-haspopup="dialog">
          <PackageCheck className="size-4" aria-hidden /> Mark delivered
        </Button>
        <ConfirmDialog
          isOpen={isConfirmingDelivery}
          title={`Mark ${itemTitle} delivered?`}
          confirmLabel="Yes, it was delivered"
          cancelLabel="Not yet"
          isBusy={isLoading}
          onConfirm={() =>
            void decide('delivered', `Marked ${itemTitle} as delivered`).then(() => {
              setIsConfirmingDelivery(false);
            })
          }
          onCancel={() => setIsConfirmingDelivery(false)}
        >
          Only for a parcel no carrier tracks, once you know the buyer has it: their order says Delivered and their return window starts today. This cannot be
          undone.
        </ConfirmDialog>
      </>
    );
  }
  if (status === 'delivered') {
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void decide('completed', `Marked ${itemTitle} as completed`)}
        isBusy={isLoading}
        aria-label={`Mark ${itemTitle} completed`}
      >
        <Check className="size-4" aria-hidden /> Mark completed
      </Button>
    );
  }
  return null;
}

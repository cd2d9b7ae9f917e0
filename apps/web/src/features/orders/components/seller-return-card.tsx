import { useId, useState } from 'react';
import { Check, X } from 'lucide-react';
import { RETURN_DESCRIPTION_MAX, RETURN_REASON_LABELS, refuseReturnBodySchema, type ReturnRequestView } from '@marketplace/contracts/returns';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { ProductImage } from '../../../components/product-image';
import { TextAreaField } from '../../../components/text-area-field';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { formatDate, formatDollars } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useAcceptReturnMutation, useConfirmReturnMutation, useRefuseReturnMutation } from '../returns-api';
import { PrintReturnLabelButton, ReturnMoney, ReturnStatusBadge, ReturnTracking } from './return-parts';

// One return on the seller's Returns page: what the buyer says, the money, and the answer.

function RefuseDialog({ returnRequest, onClose }: { returnRequest: ReturnRequestView; onClose: () => void }) {
  const formId = useId();
  const [refuse, { isLoading }] = useRefuseReturnMutation();
  const form = useForm({ initialValues: { reason: '' }, schema: refuseReturnBodySchema });

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      toast.success((await refuse({ id: returnRequest.id, reason }).unwrap()).message);
      onClose();
    } catch (refuseError) {
      // The dialog has one field: every refusal is said under it.
      const details = describeApiError(refuseError);
      form.showErrors({ reason: details.fieldErrors.reason ?? details.message });
    }
  });

  return (
    <Modal
      title="Refuse this return?"
      description={`${returnRequest.buyer.name} will see your reason. They keep the item and may open a dispute if they disagree.`}
      onClose={isLoading ? () => {} : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Back
          </Button>
          <Button type="submit" form={formId} variant="danger" isBusy={isLoading}>
            Refuse return
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField label="Why do you refuse?" {...form.field('reason')} rows={4} counterMax={RETURN_DESCRIPTION_MAX} />
      </form>
    </Modal>
  );
}

export function SellerReturnCard({
  returnRequest,
  simulationStatuses,
}: {
  returnRequest: ReturnRequestView;
  simulationStatuses?: readonly string[] | undefined;
}) {
  const [accept, { isLoading: isAccepting }] = useAcceptReturnMutation();
  const [confirmCondition, { isLoading: isConfirming }] = useConfirmReturnMutation();
  const [dialog, setDialog] = useState<'accept' | 'refuse' | 'confirm' | null>(null);
  const { item } = returnRequest;

  async function confirmAccept() {
    try {
      toast.success((await accept(returnRequest.id).unwrap()).message);
      setDialog(null);
    } catch (acceptError) {
      toast.error(describeApiError(acceptError).message);
    }
  }

  async function confirmReceived() {
    try {
      toast.success((await confirmCondition(returnRequest.id).unwrap()).message);
      setDialog(null);
    } catch (confirmError) {
      toast.error(describeApiError(confirmError).message);
      setDialog(null);
    }
  }

  return (
    <li>
      <article aria-label={`Return of ${item.title}`} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex gap-3">
          <ProductImage src={item.image} alt="" className="size-16 shrink-0 rounded-lg" />
          <div className="min-w-0 flex-1 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-medium text-slate-900">{item.title}</p>
              <ReturnStatusBadge status={returnRequest.status} />
            </div>
            <p className="text-slate-600">
              {item.quantity} × {formatDollars(item.price)} · order #{shortId(returnRequest.orderId)}
            </p>
            <p className="text-slate-600">
              {returnRequest.buyer.name} · asked {formatDate(returnRequest.createdAt)}
            </p>
          </div>
        </div>

        <div className="grid gap-1 text-sm">
          <p className="font-medium text-slate-900">{RETURN_REASON_LABELS[returnRequest.reason]}</p>
          <p className="whitespace-pre-line text-slate-700">{returnRequest.description}</p>
          {returnRequest.photos.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="The buyer’s photos">
              {returnRequest.photos.map((photo) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                    <img src={photo.thumbnailUrl} alt={photo.name} className="size-16 rounded-lg border border-slate-200 object-cover hover:opacity-90" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        {returnRequest.status === 'requested' ? (
          <dl className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 sm:grid-cols-3 sm:gap-3">
            <div>
              <dt className="text-slate-500">Line total</dt>
              <dd className="font-medium text-slate-900">{formatDollars(item.lineTotal)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Your restocking fee ({returnRequest.restockingFeePercent}%)</dt>
              <dd className="font-medium text-slate-900">{formatDollars(returnRequest.restockingFee)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">The buyer gets back</dt>
              <dd className="font-semibold text-slate-900">{formatDollars(returnRequest.refundAmount)}</dd>
            </div>
          </dl>
        ) : (
          <ReturnMoney returnRequest={returnRequest} />
        )}

        {returnRequest.status === 'refused' && returnRequest.refusalReason && (
          <p className="text-sm text-slate-700">You refused: “{returnRequest.refusalReason}”</p>
        )}
        {returnRequest.status === 'cancelled' && <p className="text-sm text-slate-700">The buyer cancelled this return.</p>}
        {returnRequest.status === 'refunded' && returnRequest.refundedAt && (
          <p className="text-sm text-slate-700">The item came back; the buyer was refunded on {formatDate(returnRequest.refundedAt)}.</p>
        )}

        {returnRequest.status === 'delivered' && (
          <div className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 sm:flex sm:items-center sm:justify-between">
            <p>
              {returnRequest.conditionConfirmedAt || !returnRequest.refundDueAt
                ? `You confirmed the item; the buyer’s ${formatDollars(returnRequest.refundAmount)} refund is being issued.`
                : `The item is back with you. Check it and confirm to refund the buyer ${formatDollars(returnRequest.refundAmount)} now; otherwise the refund goes out by itself on ${formatDate(returnRequest.refundDueAt)}.`}
            </p>
            {returnRequest.actions.confirm && !returnRequest.conditionConfirmedAt && (
              <Button className="shrink-0" onClick={() => setDialog('confirm')}>
                <Check className="size-4" aria-hidden />
                Confirm and refund
              </Button>
            )}
          </div>
        )}

        <ReturnTracking returnRequest={returnRequest} simulationStatuses={simulationStatuses} />

        {(returnRequest.actions.accept || returnRequest.actions.printLabel) && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {returnRequest.actions.refuse && (
              <Button variant="secondary" onClick={() => setDialog('refuse')}>
                <X className="size-4" aria-hidden />
                Refuse
              </Button>
            )}
            {returnRequest.actions.accept && (
              <Button onClick={() => setDialog('accept')}>
                <Check className="size-4" aria-hidden />
                Accept return
              </Button>
            )}
            <PrintReturnLabelButton returnRequest={returnRequest} variant="secondary" />
          </div>
        )}
      </article>

      <ConfirmDialog
        isOpen={dialog === 'accept'}
        title="Accept this return?"
        confirmLabel="Accept and create label"
        isBusy={isAccepting}
        onConfirm={() => void confirmAccept()}
        onCancel={() => setDialog(null)}
      >
        <span className="grid gap-2">
          <span>A prepaid UPS return label addressed to you is created for {returnRequest.buyer.name} to print.</span>
          <span>
            When the item reaches you and you confirm it (or after your days to check it), the buyer is refunded{' '}
            <strong className="text-slate-900">{formatDollars(returnRequest.refundAmount)}</strong>
            {returnRequest.restockingFee > 0
              ? `: what they paid for it, less your ${formatDollars(returnRequest.restockingFee)} restocking fee (${returnRequest.restockingFeePercent}%).`
              : ': everything they paid for it (you charge no restocking fee).'}
          </span>
        </span>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'confirm'}
        title="Confirm the item came back as expected?"
        confirmLabel="Confirm and refund"
        isBusy={isConfirming}
        onConfirm={() => void confirmReceived()}
        onCancel={() => setDialog(null)}
      >
        {returnRequest.buyer.name} is refunded <strong className="text-slate-900">{formatDollars(returnRequest.refundAmount)}</strong> to their card now
        {returnRequest.restockingFee > 0 ? `; you keep your ${formatDollars(returnRequest.restockingFee)} restocking fee.` : '.'} This cannot be undone.
      </ConfirmDialog>
      {dialog === 'refuse' && <RefuseDialog returnRequest={returnRequest} onClose={() => setDialog(null)} />}
    </li>
  );
}

import { useId, useState } from 'react';
import { z } from 'zod';
import { CheckCircle2 } from 'lucide-react';
import {
  RETURN_DESCRIPTION_MAX,
  RETURN_MAX_PHOTOS,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  openReturnFieldsSchema,
  type ReturnEligibility,
  type ReturnRequestView,
} from '@marketplace/contracts/returns';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/list-states';
import { Modal } from '../../../components/modal';
import { PhotoPicker, useRevokePreviews, type PickedPhoto } from '../../../components/photo-picker';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { TextAreaField } from '../../../components/text-area-field';
import { formatDate, formatDollars } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useGetReturnEligibilityQuery, useOpenReturnMutation } from '../returns-api';

// The buyer's return request: why, in a few words, with up to 3 photos; the terms (window,
// restocking fee, the refund) are shown before sending. The seller answers; nothing is refunded until the
// item is back with them.

export const RETURN_DIALOG_TEXT = {
  title: 'Return an item',
  chooseReason: 'Choose a reason',
  submit: 'Request return',
  sending: 'Sending your request…',
  sent: 'Return requested',
  sellerWillAnswer: 'The seller will answer your request.',
  notImage: 'Only images can be attached',
  tooMany: `You can attach up to ${RETURN_MAX_PHOTOS} photos`,
  tooLarge: 'Each photo can be at most 10 MB',
} as const;

/** The API's rules for the fields, with the dialog's words for a missing reason. */
const returnFormSchema = openReturnFieldsSchema.extend({ reason: z.enum(RETURN_REASONS, { error: RETURN_DIALOG_TEXT.chooseReason }) });

export interface ReturnRequestDialogProps {
  orderItemId: string;
  itemTitle: string;
  onClose: () => void;
  /** Called once the request is sent (the dialog then shows its success state until closed). */
  onRequested?: (returnRequest: ReturnRequestView) => void;
}

function Terms({ eligibility }: { eligibility: ReturnEligibility }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm">
      <dl className="grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-slate-500">Return by</dt>
          <dd className="font-medium text-slate-900">{eligibility.returnWindowEndsAt ? formatDate(eligibility.returnWindowEndsAt) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Restocking fee</dt>
          <dd className="font-medium text-slate-900">
            {eligibility.restockingFee > 0 ? `${formatDollars(eligibility.restockingFee)} (${eligibility.restockingFeePercent}%)` : 'None'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Your refund</dt>
          <dd className="font-semibold text-slate-900">{formatDollars(eligibility.estimatedRefund)}</dd>
        </div>
      </dl>
      <p className="mt-1.5 text-xs text-slate-500">Refunded to your card once the seller receives the item back.</p>
    </div>
  );
}

export function ReturnRequestDialog({ orderItemId, itemTitle, onClose, onRequested }: ReturnRequestDialogProps) {
  const formId = useId();
  const eligibility = useGetReturnEligibilityQuery(orderItemId, { refetchOnMountOrArgChange: true });
  const [openReturn, { isLoading: isSending }] = useOpenReturnMutation();
  const form = useForm({
    initialValues: { reason: '', description: '', files: [] as PickedPhoto[] },
    schema: returnFormSchema,
    toInput: ({ reason, description }) => ({ orderItemId, reason, description }),
  });
  const { setValue, setError } = form;
  const { reason, files: photos } = form.values;
  const [sent, setSent] = useState<ReturnRequestView | null>(null);
  useRevokePreviews(photos);

  // A refusal is shown by the form: the server's field messages under the fields, its message above.
  const onSubmit = form.handleSubmit(async (fields) => {
    const result = await openReturn({ ...fields, files: photos.map((photo) => photo.file) }).unwrap();
    setSent(result.return);
    onRequested?.(result.return);
  });

  if (sent) {
    return (
      <Modal
        title={RETURN_DIALOG_TEXT.sent}
        onClose={onClose}
        footer={
          <Button onClick={onClose} className="w-full sm:w-auto">
            Done
          </Button>
        }
      >
        <div role="status" className="grid justify-items-center gap-3 text-center">
          <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
          <p className="text-base font-medium text-slate-900">{RETURN_DIALOG_TEXT.sellerWillAnswer}</p>
          <p className="text-sm text-slate-600">
            Once they accept, print the UPS return label from this order and drop the parcel off at any UPS location. You get {formatDollars(sent.refundAmount)}{' '}
            back when it reaches the seller.
          </p>
        </div>
      </Modal>
    );
  }

  const terms = eligibility.data;
  const canSend = terms?.canReturn === true;
  const reasonOptions = [
    { value: '', label: RETURN_DIALOG_TEXT.chooseReason },
    ...RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] })),
  ];

  return (
    <Modal
      title={RETURN_DIALOG_TEXT.title}
      description={itemTitle}
      onClose={isSending ? () => {} : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSending}>
            {canSend ? 'Cancel' : 'Close'}
          </Button>
          {canSend && (
            <Button type="submit" form={formId} isBusy={isSending} busyLabel={RETURN_DIALOG_TEXT.sending}>
              {RETURN_DIALOG_TEXT.submit}
            </Button>
          )}
        </>
      }
    >
      {eligibility.isLoading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Checking the seller’s return policy…
        </p>
      ) : eligibility.error && !terms ? (
        <LoadError
          title="The return policy could not be loaded"
          error={eligibility.error}
          onRetry={() => void eligibility.refetch()}
          isRetrying={eligibility.isFetching}
        />
      ) : terms && !terms.canReturn ? (
        <Alert tone="info" title="This item cannot be returned">
          {terms.reason}
        </Alert>
      ) : terms ? (
        // On a short screen the fields scroll; the title and the buttons stay in view.
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-label="Return request"
          className="-mx-1 grid max-h-[calc(100dvh-15rem)] gap-4 overflow-y-auto px-1 pb-1"
        >
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <Terms eligibility={terms} />
          <div>
            <SelectField
              label="Reason"
              autoFocus
              options={reasonOptions}
              name="reason"
              value={reason}
              aria-invalid={form.errors.reason ? true : undefined}
              onChange={(event) => setValue('reason', event.target.value)}
            />
            {form.errors.reason && <p className="mt-1.5 text-sm font-medium text-red-700">{form.errors.reason}</p>}
          </div>
          <TextAreaField
            label="Tell the seller more"
            {...form.field('description')}
            rows={3}
            counterMax={RETURN_DESCRIPTION_MAX}
            placeholder="What is wrong, or why it does not suit you"
          />
          <PhotoPicker
            max={RETURN_MAX_PHOTOS}
            messages={RETURN_DIALOG_TEXT}
            photos={photos}
            onChange={(next) => setValue('files', next)}
            onRefuse={(message) => setError('files', message)}
            error={form.errors.files}
          />
        </form>
      ) : null}
    </Modal>
  );
}

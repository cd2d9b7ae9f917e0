import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { ImagePlus, X } from 'lucide-react';
import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_MAX_PHOTOS,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  openDisputeFieldsSchema,
  type DisputeCase,
} from '@marketplace/contracts/disputes';
import type { OrderItemStatus } from '@marketplace/contracts/orders';
import { shortId } from '@marketplace/domain/short-id';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/list-states';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { formatDate, formatDollars } from '../../../lib/format';
import { useListDisputableOrdersQuery, useListDisputesQuery, useOpenDisputeMutation } from '../api';
import { notify } from './notify';
import { TextAreaField } from '../../../components/text-area-field';

/** Only what reached the buyer (or should have) can be disputed. */
const DISPUTABLE_STATUSES: readonly OrderItemStatus[] = ['shipped', 'delivered', 'completed'];
/** Same limit as product and chat photos. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_MESSAGES = {
  notImage: 'Only images can be attached',
  tooMany: `You can attach up to ${DISPUTE_MAX_PHOTOS} photos`,
  tooLarge: 'Each photo can be at most 10 MB',
} as const;
export const CHOOSE_REASON = 'Choose a reason';
const NOT_ELIGIBLE =
  'That item cannot be disputed here: only shipped, delivered or completed items without an open dispute can be. Choose another item.';

/** The API's rules for the fields, with the form's words for a missing reason. */
const openDisputeFormSchema = openDisputeFieldsSchema.extend({ reason: z.enum(DISPUTE_REASONS, { error: CHOOSE_REASON }) });

interface Photo {
  file: File;
  previewUrl: string;
}

interface EligibleItem {
  id: string;
  label: string;
}

function useEligibleItems() {
  const orders = useListDisputableOrdersQuery();
  // An item with an open case cannot get a second one (the API answers 409), so it is not offered.
  const active = useListDisputesQuery({ status: 'active', page: 1, limit: 100 });
  const items = useMemo<EligibleItem[]>(() => {
    const disputed = new Set((active.data?.disputes ?? []).map((dispute) => dispute.orderItemId));
    return (orders.data?.orders ?? []).flatMap((order) =>
      order.items
        .filter((item) => DISPUTABLE_STATUSES.includes(item.status) && !disputed.has(item.id))
        .map((item) => ({
          id: item.id,
          label: `${item.title} (${item.quantity} × ${formatDollars(item.price)}) · order #${shortId(order.id)} of ${formatDate(order.createdAt)}`,
        })),
    );
  }, [orders.data, active.data]);
  return { items, orders, isLoading: orders.isLoading || active.isLoading };
}

interface OpenDisputeFormProps {
  /** From ?orderItemId= (a link from the buyer's orders). */
  preselectedOrderItemId?: string;
  onOpened: (dispute: DisputeCase) => void;
  onCancel: () => void;
}

export function OpenDisputeForm({ preselectedOrderItemId, onOpened, onCancel }: OpenDisputeFormProps) {
  const { items, orders, isLoading } = useEligibleItems();
  const [openDispute, { isLoading: isSending }] = useOpenDisputeMutation();
  const form = useForm({
    initialValues: { orderItemId: '', reason: '', description: '', files: [] as Photo[] },
    schema: openDisputeFormSchema,
    toInput: ({ orderItemId, reason, description }) => ({ orderItemId, reason, description }),
  });
  const { setValue, setError } = form;
  const { orderItemId, files: photos } = form.values;
  const [isPreselectRefused, setIsPreselectRefused] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const photosHelpId = useId();
  const photosRef = useRef(photos);
  photosRef.current = photos;

  // Preselect once the eligible items are known; say so when the linked item is not one of them.
  useEffect(() => {
    if (!preselectedOrderItemId || isLoading) return;
    if (items.some((item) => item.id === preselectedOrderItemId)) setValue('orderItemId', preselectedOrderItemId);
    else setIsPreselectRefused(true);
  }, [preselectedOrderItemId, isLoading, items, setValue]);

  // Previews are object URLs; free them when the form goes away.
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);

  function onPickFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    if (picked.some((file) => !file.type.startsWith('image/'))) return setError('files', PHOTO_MESSAGES.notImage);
    if (picked.some((file) => file.size > MAX_PHOTO_BYTES)) return setError('files', PHOTO_MESSAGES.tooLarge);
    if (photos.length + picked.length > DISPUTE_MAX_PHOTOS) return setError('files', PHOTO_MESSAGES.tooMany);
    setValue('files', [...photos, ...picked.map((file) => ({ file, previewUrl: URL.createObjectURL(file) }))]);
  }

  function removePhoto(index: number) {
    const photo = photos[index];
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setValue('files', photos.filter((_, position) => position !== index));
  }

  const onSubmit = form.handleSubmit(async (fields) => {
    try {
      const result = await openDispute({ ...fields, files: photos.map((photo) => photo.file) }).unwrap();
      notify.success(result.message);
      onOpened(result.dispute);
    } catch (openError) {
      const { fieldErrors } = describeApiError(openError);
      form.showErrors({ orderItemId: fieldErrors.orderItemId, reason: fieldErrors.reason, description: fieldErrors.description, files: fieldErrors.files });
      notify.failure(openError);
    }
  });

  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading your orders…
      </p>
    );
  }
  if (orders.error && !orders.data) {
    return <LoadError title="Your orders could not be loaded" error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />;
  }
  if (items.length === 0) {
    return (
      <Alert tone="info" title="Nothing to dispute yet" action={<Button variant="secondary" size="sm" onClick={onCancel}>Close</Button>}>
        A dispute can be opened for an item once it has shipped. Items that already have an open dispute are not listed.
      </Alert>
    );
  }

  const itemOptions = [{ value: '', label: 'Choose an item' }, ...items.map((item) => ({ value: item.id, label: item.label }))];
  const reasonOptions = [{ value: '', label: CHOOSE_REASON }, ...DISPUTE_REASONS.map((value) => ({ value, label: DISPUTE_REASON_LABELS[value] }))];

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Open a dispute" className="grid gap-4">
      {isPreselectRefused && !orderItemId && <Alert tone="warning">{NOT_ELIGIBLE}</Alert>}
      <div>
        <SelectField
          label="Item"
          options={itemOptions}
          name="orderItemId"
          value={orderItemId}
          aria-invalid={form.errors.orderItemId ? true : undefined}
          onChange={(event) => setValue('orderItemId', event.target.value)}
        />
        {form.errors.orderItemId && <p className="mt-1.5 text-sm font-medium text-red-700">{form.errors.orderItemId}</p>}
      </div>
      <div>
        <SelectField
          label="Reason"
          options={reasonOptions}
          name="reason"
          value={form.values.reason}
          aria-invalid={form.errors.reason ? true : undefined}
          onChange={(event) => setValue('reason', event.target.value)}
        />
        {form.errors.reason && <p className="mt-1.5 text-sm font-medium text-red-700">{form.errors.reason}</p>}
      </div>
      <TextAreaField
        label="What went wrong?"
        {...form.field('description')}
        rows={5}
        counterMax={DISPUTE_DESCRIPTION_MAX}
        hint="Say what you expected and what happened; the seller reads this."
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Photos (optional)</legend>
        <p id={photosHelpId} className="mt-0.5 text-sm text-slate-500">
          Up to {DISPUTE_MAX_PHOTOS} images, e.g. the damage or the parcel. {photos.length} of {DISPUTE_MAX_PHOTOS} added.
        </p>
        {photos.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen photos">
            {photos.map((photo, index) => (
              <li key={photo.previewUrl} className="relative">
                <img src={photo.previewUrl} alt={photo.file.name} className="size-20 rounded-lg border border-slate-200 object-cover" />
                <button
                  type="button"
                  onClick={() => removePhoto(index)}
                  className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-900"
                >
                  <X className="size-4" aria-hidden />
                  <span className="sr-only">Remove {photo.file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-label="Add photos"
          aria-describedby={photosHelpId}
          onChange={onPickFiles}
          tabIndex={-1}
        />
        <Button variant="secondary" size="sm" className="mt-2" disabled={photos.length >= DISPUTE_MAX_PHOTOS} onClick={() => fileInput.current?.click()}>
          <ImagePlus className="size-4" aria-hidden />
          Add photos
        </Button>
        {form.errors.files && <p className="mt-1.5 text-sm font-medium text-red-700" role="alert">{form.errors.files}</p>}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" isBusy={isSending} busyLabel="Opening the dispute…">
          Open dispute
        </Button>
      </div>
    </form>
  );
}

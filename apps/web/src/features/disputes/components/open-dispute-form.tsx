import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
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
import { PhotoPicker, useRevokePreviews, type PickedPhoto } from '../../../components/photo-picker';
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
export const PHOTO_MESSAGES = {
  notImage: 'Only images can be attached',
  tooMany: `You can attach up to ${DISPUTE_MAX_PHOTOS} photos`,
  tooLarge: 'Each photo can be at most 10 MB',
} as const;
export const CHOOSE_REASON = 'Choose a reason';
const NOT_ELIGIBLE = 'That item cannot be disputed here: only shipped, delivered or completed items without an open dispute can be. Choose another item.';

/** The API's rules for the fields, with the form's words for a missing reason. */
const openDisputeFormSchema = openDisputeFieldsSchema.extend({ reason: z.enum(DISPUTE_REASONS, { error: CHOOSE_REASON }) });

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
    initialValues: { orderItemId: '', reason: '', description: '', files: [] as PickedPhoto[] },
    schema: openDisputeFormSchema,
    toInput: ({ orderItemId, reason, description }) => ({ orderItemId, reason, description }),
  });
  const { setValue, setError } = form;
  const { orderItemId, files: photos } = form.values;
  const [isPreselectRefused, setIsPreselectRefused] = useState(false);
  useRevokePreviews(photos);

  // Preselect once the eligible items are known; say so when the linked item is not one of them.
  useEffect(() => {
    if (!preselectedOrderItemId || isLoading) return;
    if (items.some((item) => item.id === preselectedOrderItemId)) setValue('orderItemId', preselectedOrderItemId);
    else setIsPreselectRefused(true);
  }, [preselectedOrderItemId, isLoading, items, setValue]);

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
      <Alert
        tone="info"
        title="Nothing to dispute yet"
        action={
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Close
          </Button>
        }
      >
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

      <PhotoPicker
        stacked
        max={DISPUTE_MAX_PHOTOS}
        hintDetail=", e.g. the damage or the parcel"
        messages={PHOTO_MESSAGES}
        photos={photos}
        onChange={(next) => setValue('files', next)}
        onRefuse={(message) => setError('files', message)}
        error={form.errors.files}
      />

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

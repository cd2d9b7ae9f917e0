import { useState, type ChangeEvent, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  checkPickupWindow,
  DEFAULT_CLOSE_TIME,
  DEFAULT_READY_TIME,
  earliestPickupDate,
  toUpsPickupDate,
  toUpsTime,
  type PickupWindow,
} from '@marketplace/domain/pickup-schedule';
import { Button } from '../../../../components/button';
import { TextField } from '../../../../components/field';
import { Modal } from '../../../../components/modal';
import { useForm, type FormSchema } from '../../../../lib/use-form';
import { useGetPickupQuoteQuery, type PickupQuoteTarget, type PickupRequestBody } from '../../api';
import { hasPickupQuote, PickupChargeQuote } from '../quotes/pickup-charge-quote';

/** The pickup rules as the form's schema: the window as checked (times defaulted), or the one message it earns. */
const pickupWindowSchema: FormSchema<PickupWindow> = {
  safeParse(input) {
    const check = checkPickupWindow(input as Partial<PickupWindow>, new Date());
    return check.ok ? { success: true, data: check.value } : { success: false, error: { issues: [{ path: [check.field], message: check.message }] } };
  },
};

interface PickupModalProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** What the pickup collects: its charge is quoted for the date and times in the form. */
  quoteTarget: PickupQuoteTarget;
  isBusy: boolean;
  /** Receives the body as the API takes it: the date without dashes, times as hhmm00 (docs/product/shipping.md). */
  onSubmit: (body: PickupRequestBody) => void;
  onClose: () => void;
}

/**
 * The pickup form (docs/product/shipping.md): a date at least one business day ahead, ready 09:00 and close
 * 17:00 by default. The pickup's charge, and each item's share of it, are quoted for the form as it stands; the
 * pickup can be booked once the seller has seen them.
 */
export function PickupModal({ title, description, submitLabel, quoteTarget, isBusy, onSubmit, onClose }: PickupModalProps) {
  const [earliest] = useState(() => earliestPickupDate(new Date()));
  const form = useForm({
    initialValues: (): PickupWindow => ({ pickupDate: earliest, readyTime: DEFAULT_READY_TIME, closeTime: DEFAULT_CLOSE_TIME }),
    schema: pickupWindowSchema,
  });
  const formId = `pickup-form-${title.replaceAll(' ', '-').toLowerCase()}`;
  // Only a window the server would take is quoted; the form says what is wrong with any other.
  const pickupWindow = checkPickupWindow(form.values, new Date());
  const quote = useGetPickupQuoteQuery(
    pickupWindow.ok
      ? {
          target: quoteTarget,
          pickupDate: toUpsPickupDate(pickupWindow.value.pickupDate),
          readyTime: toUpsTime(pickupWindow.value.readyTime),
          closeTime: toUpsTime(pickupWindow.value.closeTime),
        }
      : skipToken,
  );
  const isQuoted = pickupWindow.ok && hasPickupQuote(quote);

  /** A field's props; the window is checked as a whole (close after ready), so any change clears its message. */
  const windowField = (name: keyof PickupWindow) => {
    const props = form.field(name);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        props.onChange(event);
        form.clearErrors('pickupDate', 'readyTime', 'closeTime');
      },
    };
  };

  const submit = form.handleSubmit((checked) => {
    onSubmit({ pickupDate: toUpsPickupDate(checked.pickupDate), readyTime: toUpsTime(checked.readyTime), closeTime: toUpsTime(checked.closeTime) });
  });

  const close = () => {
    if (!isBusy) onClose();
  };

  return (
    <Modal
      title={title}
      description={description}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isBusy={isBusy} disabled={form.values.pickupDate.trim() === '' || (pickupWindow.ok && !isQuoted)}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="-mr-1 max-h-[60vh] space-y-4 overflow-y-auto pr-1">
        <TextField
          label="Pickup date"
          type="date"
          required
          min={earliest}
          {...windowField('pickupDate')}
          hint="Pickup must be scheduled at least 1 day in advance"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Ready time" type="time" {...windowField('readyTime')} />
          <TextField label="Close time" type="time" {...windowField('closeTime')} />
        </div>
        {pickupWindow.ok ? (
          <PickupChargeQuote quote={quote} />
        ) : (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">
            Choose a valid pickup date and times to see the pickup charge.
          </p>
        )}
      </form>
    </Modal>
  );
}

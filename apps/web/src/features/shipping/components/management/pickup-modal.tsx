import { useState, type FormEvent, type ReactNode } from 'react';
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
import { useGetPickupQuoteQuery, type PickupQuoteTarget, type PickupRequestBody } from '../../api';
import { hasPickupQuote, PickupChargeQuote } from '../quotes/pickup-charge-quote';

interface PickupModalProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** What the pickup collects: its charge is quoted for the date and times in the form. */
  quoteTarget: PickupQuoteTarget;
  isBusy: boolean;
  /** Receives the body as SPEC §5 sends it: the date without dashes, times as hhmm00. */
  onSubmit: (body: PickupRequestBody) => void;
  onClose: () => void;
}

/**
 * The pickup form (SPEC §3, §5): a date at least one business day ahead, ready 09:00 and close 17:00 by
 * default. The pickup's charge, and each item's share of it, are quoted for the form as it stands; the
 * pickup can be booked once the seller has seen them.
 */
export function PickupModal({ title, description, submitLabel, quoteTarget, isBusy, onSubmit, onClose }: PickupModalProps) {
  const [earliest] = useState(() => earliestPickupDate(new Date()));
  const [form, setForm] = useState<PickupWindow>({ pickupDate: earliest, readyTime: DEFAULT_READY_TIME, closeTime: DEFAULT_CLOSE_TIME });
  const [error, setError] = useState<{ field: keyof PickupWindow; message: string } | null>(null);
  const formId = `pickup-form-${title.replaceAll(' ', '-').toLowerCase()}`;
  // Only a window the server would take is quoted; the form says what is wrong with any other.
  const pickupWindow = checkPickupWindow(form, new Date());
  const quote = useGetPickupQuoteQuery(
    pickupWindow.ok
      ? { target: quoteTarget, pickupDate: toUpsPickupDate(pickupWindow.value.pickupDate), readyTime: toUpsTime(pickupWindow.value.readyTime), closeTime: toUpsTime(pickupWindow.value.closeTime) }
      : skipToken,
  );
  const isQuoted = pickupWindow.ok && hasPickupQuote(quote);

  const change = (field: keyof PickupWindow) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPickupWindow(form, new Date());
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      return;
    }
    onSubmit({ pickupDate: toUpsPickupDate(check.value.pickupDate), readyTime: toUpsTime(check.value.readyTime), closeTime: toUpsTime(check.value.closeTime) });
  };

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
          <Button type="submit" form={formId} isBusy={isBusy} disabled={form.pickupDate.trim() === '' || (pickupWindow.ok && !isQuoted)}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="-mr-1 max-h-[60vh] space-y-4 overflow-y-auto pr-1">
        <TextField
          label="Pickup date"
          type="date"
          required
          min={earliest}
          value={form.pickupDate}
          onChange={change('pickupDate')}
          hint="Pickup must be scheduled at least 1 day in advance"
          error={error?.field === 'pickupDate' ? error.message : undefined}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Ready time" type="time" value={form.readyTime} onChange={change('readyTime')} error={error?.field === 'readyTime' ? error.message : undefined} />
          <TextField label="Close time" type="time" value={form.closeTime} onChange={change('closeTime')} error={error?.field === 'closeTime' ? error.message : undefined} />
        </div>
        {pickupWindow.ok ? (
          <PickupChargeQuote quote={quote} />
        ) : (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">Choose a valid pickup date and times to see the pickup charge.</p>
        )}
      </form>
    </Modal>
  );
}

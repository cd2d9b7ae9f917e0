import { useState, type FormEvent, type ReactNode } from 'react';
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
import type { PickupRequestBody } from '../../api';

interface PickupModalProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  isBusy: boolean;
  /** Receives the body as SPEC §5 sends it: the date without dashes, times as hhmm00. */
  onSubmit: (body: PickupRequestBody) => void;
  onClose: () => void;
}

/** The pickup form (SPEC §3, §5): a date at least one business day ahead, ready 09:00 and close 17:00 by default. */
export function PickupModal({ title, description, submitLabel, isBusy, onSubmit, onClose }: PickupModalProps) {
  const [earliest] = useState(() => earliestPickupDate(new Date()));
  const [form, setForm] = useState<PickupWindow>({ pickupDate: earliest, readyTime: DEFAULT_READY_TIME, closeTime: DEFAULT_CLOSE_TIME });
  const [error, setError] = useState<{ field: keyof PickupWindow; message: string } | null>(null);
  const formId = `pickup-form-${title.replaceAll(' ', '-').toLowerCase()}`;

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
          <Button type="submit" form={formId} isBusy={isBusy} disabled={form.pickupDate.trim() === ''}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
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
      </form>
    </Modal>
  );
}

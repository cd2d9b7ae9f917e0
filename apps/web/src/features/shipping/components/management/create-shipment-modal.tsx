import { useState } from 'react';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { Modal } from '../../../../components/modal';
import { Spinner } from '../../../../components/spinner';
import { formatDollars } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import { apiErrorMessage, useCreateShipmentMutation, useGetLabelRateQuoteQuery, useProcessUpsMutation } from '../../api';
import type { ShipmentOrderItem } from '../../management-api';
import { hasLabelRate, LabelRateSummary } from '../quotes/label-rate-summary';
import { notify } from './notify';

type Step = { step: 1; error: string | null } | { step: 2 } | { step: 3; shipmentId: string; trackingNumber: string };

interface CreateShipmentModalProps {
  orderId: string;
  /** The order's approved items: what the shipment will hold. */
  items: ShipmentOrderItem[];
  onSchedulePickup: (shipmentId: string) => void;
  onClose: () => void;
}

/**
 * docs/product/shipping.md: review the items and the label's rate, create the shipment and buy its UPS label, then show
 * the tracking number. The label is bought only after its rate has been shown.
 */
export function CreateShipmentModal({ orderId, items, onSchedulePickup, onClose }: CreateShipmentModalProps) {
  const [state, setState] = useState<Step>({ step: 1, error: null });
  const [createShipment] = useCreateShipmentMutation();
  const [processUps] = useProcessUpsMutation();
  // Asked while the seller reviews (step 1) only: afterwards the shipment exists and the label is bought.
  const quote = useGetLabelRateQuoteQuery(orderId, { skip: state.step !== 1 });

  const totalQuantity = items.reduce((total, item) => total + item.quantity, 0);
  const totalCents = items.reduce((total, item) => total + dollarsToCents(item.price) * item.quantity, 0);

  const fail = (message: string) => {
    const text = `Failed to create shipment: ${message}`;
    notify.error(text);
    setState({ step: 1, error: text });
  };

  const create = async () => {
    setState({ step: 2 });
    const created = await createShipment(orderId);
    if (created.error) return fail(apiErrorMessage(created.error, 'Failed to create shipment'));
    const shipments = created.data.shipments.filter((shipment) => shipment.order_id === orderId);
    const target = shipments.find((shipment) => !shipment.trackingNumber) ?? shipments[0];
    if (!target) return fail('No shipment found for this seller');
    const processed = await processUps(target.id);
    if (processed.error) return fail(apiErrorMessage(processed.error, 'Failed to process UPS shipment'));
    setState({ step: 3, shipmentId: target.id, trackingNumber: processed.data.trackingNumber });
  };

  const close = () => {
    if (state.step !== 2) onClose();
  };

  const copyTracking = async (trackingNumber: string) => {
    try {
      await navigator.clipboard.writeText(trackingNumber);
      notify.success('Tracking number copied!');
    } catch {
      notify.error('Could not copy the tracking number.');
    }
  };

  if (state.step === 2) {
    return (
      <Modal title="Create Shipment" onClose={close} footer={null}>
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-8 text-slate-700">
          <Spinner className="size-8 text-brand-700" />
          <p className="font-medium">Creating Shipment...</p>
          <p className="text-sm text-slate-500">Buying the UPS label. This takes a few seconds.</p>
        </div>
      </Modal>
    );
  }

  if (state.step === 3) {
    const { shipmentId, trackingNumber } = state;
    return (
      <Modal
        title="Shipment Created!"
        description="The UPS label is ready and the items are marked shipped."
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={() => void copyTracking(trackingNumber)}>
              Copy Tracking Number
            </Button>
            <Button variant="secondary" onClick={() => onSchedulePickup(shipmentId)}>
              Schedule Pickup
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        }
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 text-sm">
          <dt className="text-slate-600">Tracking number</dt>
          <dd className="font-mono font-medium break-all text-slate-900">{trackingNumber}</dd>
          <dt className="text-slate-600">Carrier</dt>
          <dd className="text-slate-900">UPS</dd>
          <dt className="text-slate-600">Service</dt>
          <dd className="text-slate-900">Ground</dd>
        </dl>
      </Modal>
    );
  }

  return (
    <Modal
      title="Create Shipment"
      description="Review the approved items this shipment will hold and what its UPS label costs."
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void create()} disabled={items.length === 0 || !hasLabelRate(quote)}>
            Create Shipment
          </Button>
        </>
      }
    >
      {state.error && (
        <Alert tone="error" className="mb-3">
          {state.error}
        </Alert>
      )}
      <ul className="max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200" aria-label="Items to ship">
        {items.map((item) => (
          <li key={item.orderItemId} className="flex items-start justify-between gap-3 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{item.itemTitle}</p>
              <p className="text-slate-600 tabular-nums">
                {item.quantity} x {formatDollars(item.price)}
              </p>
            </div>
            <p className="font-medium text-slate-900 tabular-nums">{formatCents(dollarsToCents(item.price) * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Total items</dt>
          <dd className="tabular-nums text-slate-900">{pluralise(totalQuantity, 'item')}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt className="text-slate-900">Total value</dt>
          <dd className="tabular-nums text-slate-900">{formatCents(totalCents)}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <LabelRateSummary quote={quote} />
      </div>
    </Modal>
  );
}

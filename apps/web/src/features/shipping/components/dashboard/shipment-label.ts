import { toast } from '../../../../components/toast';
import { SHIPMENT_TOAST_MS } from './shipment-display';

// The card's Label button fetches and opens the label through ../label-actions (the list
// carries no label bytes).

/** Copies the tracking number: 'Tracking number copied!' (docs/product/errors.md). */
export async function copyTrackingNumber(trackingNumber: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(trackingNumber);
    toast.success('Tracking number copied!', { duration: SHIPMENT_TOAST_MS });
  } catch {
    toast.error('Could not copy the tracking number. Select it and copy it instead.', { duration: SHIPMENT_TOAST_MS });
  }
}

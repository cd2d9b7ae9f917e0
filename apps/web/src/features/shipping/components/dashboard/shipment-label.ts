import { toast } from 'sonner';
import { SHIPMENT_TOAST_MS } from './shipment-display';

/** The file a blocked label popup falls back to (SPEC §8, issue #4). */
export function labelFileName(trackingNumber: string | null | undefined): string {
  return `label-${trackingNumber && trackingNumber.trim() !== '' ? trackingNumber : 'shipment'}.gif`;
}

/** A `data:` URL as a Blob, or null when it is not one. */
function blobOf(dataUrl: string): Blob | null {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const [, mediaType = 'application/octet-stream', base64, payload = ''] = match;
  const text = base64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = Uint8Array.from(text, (character) => character.charCodeAt(0));
  return new Blob([bytes], { type: mediaType });
}

const REVOKE_AFTER_MS = 60_000;

/**
 * Opens the label in a new tab; browsers refuse to navigate to a `data:` URL, so it goes through an
 * object URL. When the popup is blocked the label downloads as `label-<tracking>.gif` instead.
 */
export function openShipmentLabel(labelUrl: string | null | undefined, trackingNumber: string | null | undefined): void {
  if (!labelUrl || labelUrl.trim() === '') {
    toast.error('No label URL available', { duration: SHIPMENT_TOAST_MS });
    return;
  }
  let href = labelUrl;
  try {
    if (labelUrl.startsWith('data:') && typeof URL.createObjectURL === 'function') {
      const blob = blobOf(labelUrl);
      if (!blob) throw new Error('not a data URL');
      href = URL.createObjectURL(blob);
      window.setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
    }
  } catch {
    toast.error('Unable to process label. Please contact support.', { duration: SHIPMENT_TOAST_MS });
    return;
  }
  const opened = window.open(href, '_blank');
  if (opened) return;
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = labelFileName(trackingNumber);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    toast.success('Label download started as fallback', { duration: SHIPMENT_TOAST_MS });
  } catch {
    toast.error('Failed to download label', { duration: SHIPMENT_TOAST_MS });
  }
}

/** Copies the tracking number: 'Tracking number copied!' (SPEC §8). */
export async function copyTrackingNumber(trackingNumber: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(trackingNumber);
    toast.success('Tracking number copied!', { duration: SHIPMENT_TOAST_MS });
  } catch {
    toast.error('Could not copy the tracking number. Select it and copy it instead.', { duration: SHIPMENT_TOAST_MS });
  }
}

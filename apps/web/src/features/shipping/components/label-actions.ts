import { useMemo } from 'react';
import { API_ERROR_CODES } from '@marketplace/contracts/error-codes';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useLazyGetShipmentLabelQuery } from '../api';

// Label view and download for both shipment screens (docs/product/shipping.md, errors.md). The list answers no label
// bytes (docs/decisions/0006): a click fetches GET /api/shipments/label/:id. Labels arrive as data
// URLs (a base64 GIF, docs/product/data.md); browsers refuse to open a data URL in a new tab, so the label becomes
// a blob URL first. The popup is opened synchronously on the click, before the fetch, so popup
// blockers see a user gesture; it is filled when the label arrives. A blocked popup falls back to a
// download (docs/product/errors.md).

/** docs/product/limits.md: toasts on the shipment screens stay 4 seconds. */
const TOAST_MS = 4000;
const REVOKE_AFTER_MS = 60_000;

export const LABEL_MESSAGES = {
  noLabel: 'No label URL available',
  downloadFailed: 'Failed to download label',
  openFailed: 'Failed to open shipping label. Please try downloading instead.',
  unprocessable: 'Unable to process label. Please contact support.',
  downloaded: 'Label downloaded successfully!',
  fallback: 'Label download started as fallback',
} as const;

/** What a label action needs to know about the shipment. */
export interface LabelTarget {
  id: string;
  /** Whether the shipment has a label (the list's `hasLabel`); without one nothing is fetched. */
  hasLabel: boolean;
  trackingNumber: string | null | undefined;
}

/** The file a label downloads as: label-<tracking>.gif (docs/product/limits.md: the label file is named as a GIF). */
export function labelFileName(trackingNumber: string | null | undefined): string {
  return `label-${trackingNumber && trackingNumber.trim() !== '' ? trackingNumber.trim() : 'shipment'}.gif`;
}

/** A `data:` URL (or bare base64) as a Blob; throws when it cannot be decoded. */
export function labelBlob(labelUrl: string): Blob {
  const text = labelUrl.trim();
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(text);
  const mediaType = match?.[1] ?? 'image/gif';
  const payload = match ? match[3]! : text;
  const isBase64 = match ? match[2] !== undefined : true;
  if (!isBase64) return new Blob([decodeURIComponent(payload)], { type: mediaType });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: mediaType });
}

function revokeLater(url: string): void {
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** An empty tab opened inside the click, or null when the browser blocked it. */
function openBlankTab(): Window | null {
  let popup: Window | null;
  try {
    popup = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!popup) return null;
  try {
    // The label is ours, but the tab needs no handle back to this page.
    popup.opener = null;
    popup.document.title = 'Shipping label';
    popup.document.body.textContent = 'Loading label…';
  } catch {
    // A browser that does not let us write the blank tab still lets us navigate it.
  }
  return popup;
}

function closeQuietly(popup: Window | null): void {
  try {
    popup?.close();
  } catch {
    // Already gone.
  }
}

type Loaded = { ok: true; labelUrl: string } | { ok: false; noLabel: boolean };

/** The code of the API's 404 for a shipment that has no label (docs/product/shipping.md). */
const NO_LABEL_CODE = 'no_label';

/** The server has no label to give: `no_label`, or a 404 that names no reason (the shipment is gone). */
function isMissingLabel(error: unknown): boolean {
  const { code } = describeApiError(error);
  return code === NO_LABEL_CODE || code === API_ERROR_CODES.notFound;
}

/** View and Download for a shipment's label, fetching it on demand. */
export function useShipmentLabel() {
  const [fetchLabel] = useLazyGetShipmentLabelQuery();

  return useMemo(() => {
    const load = async (shipmentId: string): Promise<Loaded> => {
      const result = await fetchLabel(shipmentId, true);
      if (result.data) return { ok: true, labelUrl: result.data };
      return { ok: false, noLabel: result.isSuccess || isMissingLabel(result.error) };
    };

    /** Opens the label in a new tab; when the popup is blocked, downloads it instead. */
    const view = async (target: LabelTarget): Promise<void> => {
      if (!target.hasLabel) {
        toast.error(LABEL_MESSAGES.noLabel, { duration: TOAST_MS });
        return;
      }
      const popup = openBlankTab();
      const loaded = await load(target.id);
      if (!loaded.ok) {
        closeQuietly(popup);
        toast.error(loaded.noLabel ? LABEL_MESSAGES.noLabel : LABEL_MESSAGES.openFailed, { duration: TOAST_MS });
        return;
      }
      let url: string;
      try {
        url = URL.createObjectURL(labelBlob(loaded.labelUrl));
      } catch {
        closeQuietly(popup);
        toast.error(LABEL_MESSAGES.unprocessable, { duration: TOAST_MS });
        return;
      }
      revokeLater(url);
      if (popup) {
        try {
          popup.location.href = url;
          return;
        } catch {
          closeQuietly(popup);
        }
      }
      try {
        saveUrl(url, labelFileName(target.trackingNumber));
        toast.success(LABEL_MESSAGES.fallback, { duration: TOAST_MS });
      } catch {
        toast.error(LABEL_MESSAGES.downloadFailed, { duration: TOAST_MS });
      }
    };

    /** Downloads the label as label-<tracking>.gif. */
    const download = async (target: LabelTarget): Promise<void> => {
      if (!target.hasLabel) {
        toast.error(LABEL_MESSAGES.noLabel, { duration: TOAST_MS });
        return;
      }
      const loaded = await load(target.id);
      if (!loaded.ok) {
        toast.error(loaded.noLabel ? LABEL_MESSAGES.noLabel : LABEL_MESSAGES.downloadFailed, { duration: TOAST_MS });
        return;
      }
      try {
        const url = URL.createObjectURL(labelBlob(loaded.labelUrl));
        revokeLater(url);
        saveUrl(url, labelFileName(target.trackingNumber));
        toast.success(LABEL_MESSAGES.downloaded, { duration: TOAST_MS });
      } catch {
        toast.error(LABEL_MESSAGES.downloadFailed, { duration: TOAST_MS });
      }
    };

    return { view, download };
  }, [fetchLabel]);
}

/** Whether a listed shipment has a label: the list's flag, or (an older answer) a label URL. */
export function hasShipmentLabel(shipment: { hasLabel?: boolean; labelUrl?: string | null; label_url?: string | null }): boolean {
  return shipment.hasLabel ?? Boolean(shipment.labelUrl ?? shipment.label_url);
}

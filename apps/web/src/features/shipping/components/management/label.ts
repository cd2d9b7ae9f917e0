import { notify } from './notify';

// Labels arrive as data URLs (a base64 GIF, SPEC §3). Browsers refuse to open data URLs in a new tab,
// so the label becomes a blob URL first; a blocked popup falls back to a download (SPEC §8).

function labelBlob(labelUrl: string): Blob {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(labelUrl.trim());
  const mediaType = match?.[1] ?? 'image/gif';
  const payload = match ? match[3]! : labelUrl.trim();
  const isBase64 = match ? match[2] !== undefined : true;
  if (!isBase64) return new Blob([decodeURIComponent(payload)], { type: mediaType });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: mediaType });
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function labelFileName(trackingNumber: string | null): string {
  return `label-${trackingNumber ?? 'shipment'}.gif`;
}

/** Downloads the label as label-<tracking>.gif. */
export function downloadLabel(labelUrl: string | null, trackingNumber: string | null): void {
  if (!labelUrl) {
    notify.error('No label URL available');
    return;
  }
  try {
    saveBlob(labelBlob(labelUrl), labelFileName(trackingNumber));
    notify.success('Label downloaded successfully!');
  } catch {
    notify.error('Failed to download label');
  }
}

/** Opens the label in a new tab; when the popup is blocked, downloads it instead. */
export function viewLabel(labelUrl: string | null, trackingNumber: string | null): void {
  if (!labelUrl) {
    notify.error('No label URL available');
    return;
  }
  let blob: Blob;
  try {
    blob = labelBlob(labelUrl);
  } catch {
    notify.error('Unable to process label. Please contact support.');
    return;
  }
  try {
    const url = URL.createObjectURL(blob);
    const opened = window.open(url, '_blank');
    if (opened) {
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    URL.revokeObjectURL(url);
    saveBlob(blob, labelFileName(trackingNumber));
    notify.success('Label download started as fallback');
  } catch {
    notify.error('Failed to open shipping label. Please try downloading instead.');
  }
}

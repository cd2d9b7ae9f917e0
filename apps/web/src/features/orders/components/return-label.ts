import { toast } from '../../../components/toast';
import { readSession } from '../../../lib/session';

// The return label is a GIF that only the return's buyer and seller may fetch, so it is
// fetched with the session's token and shown from a blob URL. The tab is opened inside the click, before
// the fetch, so popup blockers see a user gesture; a blocked popup downloads the file instead.

const REVOKE_AFTER_MS = 60_000;

export const RETURN_LABEL_MESSAGES = {
  failed: 'The return label could not be opened. Please try again.',
  downloaded: 'The return label was downloaded (your browser blocked the new tab).',
} as const;

async function errorMessageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : RETURN_LABEL_MESSAGES.failed;
  } catch {
    return RETURN_LABEL_MESSAGES.failed;
  }
}

function openBlankTab(): Window | null {
  try {
    const popup = window.open('', '_blank');
    if (popup) {
      popup.opener = null;
      popup.document.title = 'Return label';
      popup.document.body.textContent = 'Loading the return label…';
    }
    return popup;
  } catch {
    return null;
  }
}

/** Opens the return's label in a new tab (GET /api/returns/:id/label); says why when it cannot. */
export async function openReturnLabel(returnId: string, trackingNumber: string | null): Promise<void> {
  const popup = openBlankTab();
  const token = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(`${globalThis.location?.origin ?? ''}/api/returns/${encodeURIComponent(returnId)}/label`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    popup?.close();
    toast.error(RETURN_LABEL_MESSAGES.failed);
    return;
  }
  if (!response.ok) {
    popup?.close();
    toast.error(await errorMessageOf(response));
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  if (popup) {
    try {
      popup.location.href = url;
      return;
    } catch {
      popup.close();
    }
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = `return-label-${trackingNumber ?? returnId}.gif`;
  document.body.append(link);
  link.click();
  link.remove();
  toast.success(RETURN_LABEL_MESSAGES.downloaded);
}

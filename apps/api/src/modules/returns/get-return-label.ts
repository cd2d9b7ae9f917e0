import { RETURN_MESSAGES } from './return-messages';
import { fail, loadReturn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

/** The label's bytes for the return's buyer or seller; 410 once the return was cancelled (its label voided). */
export async function getReturnLabel(
  deps: ReturnsServiceDependencies,
  caller: ReturnCaller,
  id: string,
): Promise<{ bytes: Buffer; mediaType: string; fileName: string }> {
  const { row } = await loadReturn(deps.db, caller, id);
  if (row.status === 'cancelled' || row.voidedAt !== null) throw fail(410, RETURN_MESSAGES.labelVoided, 'label_voided');
  if (!row.labelBase64) throw fail(404, RETURN_MESSAGES.noLabel, 'no_label');
  const format = (row.labelFormat ?? 'GIF').toUpperCase();
  const mediaType = { GIF: 'image/gif', PNG: 'image/png', PDF: 'application/pdf' }[format] ?? 'application/octet-stream';
  return { bytes: Buffer.from(row.labelBase64, 'base64'), mediaType, fileName: `return-label-${row.trackingNumber ?? row.id}.${format.toLowerCase()}` };
}

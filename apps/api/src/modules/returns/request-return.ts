import { RETURN_MAX_PHOTOS, type OpenReturnFields } from '@marketplace/contracts/returns';
import { processImage, storeCasePhotos, type IncomingFile } from '../../lib/image-processing';
import { findItemsWithOpenDispute } from '../disputes';
import { eligibilityOf } from './return-eligibility';
import { RETURN_MESSAGES } from './return-messages';
import { returnView } from './return-views';
import {
  findOpenReturnOfItem,
  findReturnLines,
  findReturnStatusesOfItems,
  insertReturn,
  type ReturnPhotoRecord,
  type ReturnRecord,
} from './returns.repository';
import { fail, policyOf, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

/** The buyer asks to return a delivered item, with up to RETURN_MAX_PHOTOS photos; the seller's policy of the moment is copied onto the return. */
export async function requestReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, fields: OpenReturnFields, photos: IncomingFile[]) {
  const { db, files, clock } = deps;
  if (caller.role !== 'buyer') throw fail(403, 'Only buyers ask for returns', 'forbidden');
  if (photos.length > RETURN_MAX_PHOTOS) throw fail(400, RETURN_MESSAGES.tooManyPhotos, 'too_many_photos');
  const line = (await findReturnLines(db, [fields.orderItemId])).get(fields.orderItemId);
  if (!line || line.order.buyerId !== caller.id) throw fail(404, RETURN_MESSAGES.itemNotFound, 'not_found');
  const policy = await policyOf(db, line.item.sellerId);
  const [open, statuses, disputed] = await Promise.all([
    findOpenReturnOfItem(db, line.item.id),
    findReturnStatusesOfItems(db, [line.item.id]),
    findItemsWithOpenDispute(db, [line.item.id]),
  ]);
  const checked = eligibilityOf(line, policy, { returnStatuses: statuses.get(line.item.id) ?? [], hasOpenDispute: disputed.has(line.item.id) }, clock.now());
  if (checked.refusal) throw fail(checked.refusal.status, checked.refusal.message, checked.refusal.code, open ? { returnId: open.id } : {});
  // Photos are judged by their bytes (as disputes do) before anything is stored.
  const processed = await Promise.all(photos.map((photo) => processImage(photo)));
  const now = clock.now();
  const stored: ReturnPhotoRecord[] = await storeCasePhotos(files, `returns/${line.item.id}-${now.getTime()}`, processed);
  let row: ReturnRecord;
  try {
    row = await insertReturn(db, {
      orderItemId: line.item.id,
      orderId: line.order.id,
      buyerId: caller.id,
      sellerId: line.item.sellerId,
      reason: fields.reason,
      description: fields.description,
      photos: stored,
      windowDays: policy.windowDays,
      restockingFeeBasisPoints: policy.restockingFeeBasisPoints,
      inspectionDays: policy.inspectionDays,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Two requests racing for one item: the unique index lets one through.
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw fail(409, RETURN_MESSAGES.alreadyOpen, 'return_already_open');
    throw error;
  }
  return { success: true as const, message: RETURN_MESSAGES.opened, return: await returnView(deps, row, caller) };
}

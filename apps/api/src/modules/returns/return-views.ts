import type { ReturnRequestView } from '@marketplace/contracts/returns';
import { itemName } from '@marketplace/domain/variations';
import { lineTotalCents } from '@marketplace/domain/item-paid';
import { centsToDollars } from '@marketplace/domain/money';
import { basisPointsToPercent, returnActions, returnRefundDueAt } from '@marketplace/domain/returns';
import { findCoverImageKeys } from '../catalog';
import { findPeople } from '../users';
import { findReturnLines, type ReturnPhotoRecord, type ReturnRecord } from './returns.repository';
import { estimateOf, isLabelClaimed, isLabelUsable, roleIn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

/** Returns as their buyer, seller or an admin sees them: the item, both parties, the money, the parcel and what the caller may do next. */
export async function returnViews(deps: ReturnsServiceDependencies, rows: readonly ReturnRecord[], caller: ReturnCaller): Promise<ReturnRequestView[]> {
  const { db, files } = deps;
  if (rows.length === 0) return [];
  const [people, lines] = await Promise.all([
    findPeople(
      db,
      rows.flatMap((row) => [row.buyerId, row.sellerId]),
    ),
    findReturnLines(
      db,
      rows.map((row) => row.orderItemId),
    ),
  ]);
  const covers = await findCoverImageKeys(
    db,
    [...lines.values()].map((line) => line.item.productId),
  );
  const person = (id: string) => {
    const row = people.get(id);
    return { id, name: row ? `${row.firstName} ${row.lastName}`.trim() : 'Unknown user', email: row?.email ?? '', companyName: row?.companyName ?? null };
  };
  const photoView = (photo: ReturnPhotoRecord) => ({
    id: photo.id,
    url: files.urlFor(photo.fileKey),
    thumbnailUrl: files.urlFor(photo.thumbnailKey),
    name: photo.name,
  });
  return rows.map((row) => {
    const line = lines.get(row.orderItemId);
    const estimate = line ? estimateOf(line, row.restockingFeeBasisPoints) : { refundCents: 0, restockingFeeCents: 0 };
    const usable = isLabelUsable(row);
    const role = roleIn(row, caller) ?? 'admin';
    const cover = line ? covers.get(line.item.productId) : undefined;
    const returnTo = row.recipientAddress;
    return {
      id: row.id,
      status: row.status,
      reason: row.reason,
      description: row.description,
      photos: row.photos.map(photoView),
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      item: {
        title: line ? itemName(line.item.title, line.item.variantLabel) : '',
        quantity: line?.item.quantity ?? 0,
        price: centsToDollars(line?.item.priceCents ?? 0),
        lineTotal: centsToDollars(line ? lineTotalCents(line.item) : 0),
        image: cover ? files.urlFor(cover) : null,
      },
      buyer: person(row.buyerId),
      seller: person(row.sellerId),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      refusalReason: row.refusalReason,
      restockingFeePercent: basisPointsToPercent(row.restockingFeeBasisPoints),
      // Fixed once the parcel arrived; until then what it would be with today's figures.
      restockingFee: centsToDollars(row.restockingFeeCents ?? estimate.restockingFeeCents),
      refundAmount: centsToDollars(row.refundCents ?? estimate.refundCents),
      refundedAt: row.refundedAt?.toISOString() ?? null,
      refundDueAt: row.status === 'delivered' && row.deliveredAt ? returnRefundDueAt(row.deliveredAt, row.inspectionDays).toISOString() : null,
      conditionConfirmedAt: row.conditionConfirmedAt?.toISOString() ?? null,
      shipment: row.trackingNumber
        ? {
            carrier: 'UPS',
            trackingNumber: row.trackingNumber,
            serviceDescription: row.serviceDescription,
            labelAvailable: usable,
            returnTo: returnTo
              ? {
                  name: returnTo.companyName || returnTo.name,
                  line1: returnTo.line1,
                  line2: returnTo.line2 ?? null,
                  city: returnTo.city,
                  state: returnTo.state,
                  postalCode: returnTo.postalCode,
                }
              : null,
            events: row.trackingEvents.map((event) => ({
              status: event.status,
              description: event.description,
              occurredAt: event.occurredAt,
              location: event.location ?? null,
            })),
            lastTrackedAt: row.lastTrackedAt?.toISOString() ?? null,
            deliveredAt: row.deliveredAt?.toISOString() ?? null,
          }
        : null,
      // An accept whose label never came may be tried again (it asks UPS before buying anything).
      actions: { ...returnActions({ status: row.status, hasLabel: usable, role }), ...(role === 'seller' && isLabelClaimed(row) ? { accept: true } : {}) },
    };
  });
}

export async function returnView(deps: ReturnsServiceDependencies, row: ReturnRecord, caller: ReturnCaller): Promise<ReturnRequestView> {
  const [view] = await returnViews(deps, [row], caller);
  return view!;
}

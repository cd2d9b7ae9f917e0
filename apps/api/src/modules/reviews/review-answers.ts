import type { Role } from '@marketplace/contracts/auth';
import { REVIEW_EDIT_WINDOW_DAYS, REVIEW_MAX_PHOTOS, type AdminReview, type MyReview, type Review, type SellerReview } from '@marketplace/contracts/reviews';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import {
  findPhotosOfReviews,
  findReviewWithNames,
  findVotedReviewIds,
  listReviews,
  type ReviewListFilters,
  type ReviewListRecord,
  type ReviewPhotoRecord,
  type ReviewRecord,
} from './reviews.repository';

// How a review is answered to each of the people who see it (its author, the listing's visitors, the seller,
// an admin), and the messages the reviews module answers with. Shared by the writes (reviews.service.ts),
// which answer the review they changed, and the lists (review-lists.service.ts).

export interface ReviewCaller {
  id: string;
  role: Role;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const REVIEW_MESSAGES = {
  notFound: 'Review not found',
  itemNotFound: 'Order item not found',
  productNotFound: 'Product not found',
  photoNotFound: 'Photo not found',
  onlyBuyers: 'Only buyers write reviews',
  notYourItem: 'You can only review items you bought',
  notDelivered: 'You can review this item once it has been delivered',
  exists: 'You have already reviewed this item. You can change your review instead.',
  notYourReview: 'Only the author can change or delete this review',
  windowOver: `Reviews can be changed or deleted for ${REVIEW_EDIT_WINDOW_DAYS} days after they were written`,
  notYourSale: 'Only the seller of this item can reply to its reviews',
  replyExists: 'You have already replied to this review',
  ownReview: 'You cannot vote your own review helpful',
  alreadyHidden: 'This review is hidden already',
  notHidden: 'This review is not hidden',
  tooManyPhotos: `A review can have at most ${REVIEW_MAX_PHOTOS} photos`,
  noPhotos: 'Attach at least one photo',
} as const;

/** How a review's author is shown: first name and last initial ("Jane D."). */
export function reviewerName(person: { firstName: string; lastName: string }): string {
  const first = person.firstName.trim();
  const initial = Array.from(person.lastName.trim())[0]?.toUpperCase();
  if (first && initial) return `${first} ${initial}.`;
  return first || (initial ? `${initial}.` : 'Verified buyer');
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

export type ReviewAnswers = ReturnType<typeof createReviewAnswers>;

export function createReviewAnswers(deps: { db: Database; files: FileStore; clock: Clock }) {
  const { db, files, clock } = deps;

  const editableUntilOf = (review: Pick<ReviewRecord, 'createdAt'>) => new Date(review.createdAt.getTime() + REVIEW_EDIT_WINDOW_DAYS * DAY_MS);
  const isEditable = (review: Pick<ReviewRecord, 'createdAt'>) => clock.now().getTime() <= editableUntilOf(review).getTime();

  const toPhoto = (photo: ReviewPhotoRecord) => ({
    id: photo.id,
    url: files.urlFor(photo.fileKey),
    thumbnailUrl: files.urlFor(photo.thumbnailKey ?? photo.fileKey),
  });

  function toReview(row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean): Review {
    return {
      id: row.id,
      productId: row.productId,
      rating: row.rating,
      title: row.title,
      body: row.body,
      photos: photos.map(toPhoto),
      authorName: reviewerName(row.author),
      verifiedPurchase: true,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      isEdited: row.updatedAt.getTime() > row.createdAt.getTime(),
      sellerReply: row.sellerReply !== null && row.sellerRepliedAt !== null ? { body: row.sellerReply, createdAt: row.sellerRepliedAt.toISOString() } : null,
      helpfulCount: row.helpfulCount,
      votedByMe,
    };
  }

  function toMine(row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean): MyReview {
    return {
      ...toReview(row, photos, votedByMe),
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      product: { id: row.productId, title: row.productTitle },
      isHidden: row.hiddenAt !== null,
      hiddenReason: row.hiddenReason,
      editableUntil: editableUntilOf(row).toISOString(),
      canEdit: isEditable(row),
    };
  }

  function toSellerReview(row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean): SellerReview {
    return { ...toReview(row, photos, votedByMe), product: { id: row.productId, title: row.productTitle }, canReply: row.sellerReply === null };
  }

  function toAdminReview(row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean): AdminReview {
    return {
      ...toReview(row, photos, votedByMe),
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      product: { id: row.productId, title: row.productTitle },
      buyer: { id: row.buyerId, name: fullName(row.author) || row.author.email, email: row.author.email },
      seller: { id: row.sellerId, name: fullName(row.seller), companyName: row.seller.companyName },
      hidden:
        row.hiddenAt && row.hiddenReason !== null
          ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason, byName: row.hiddenByName ? fullName(row.hiddenByName) : 'An admin' }
          : null,
    };
  }

  /** Rows as answers: their photos and the viewer's votes read once for the whole page. */
  async function present<Answer>(
    rows: ReviewListRecord[],
    viewerId: string | null,
    shape: (row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean) => Answer,
  ): Promise<Answer[]> {
    const ids = rows.map((row) => row.id);
    const [photos, voted] = await Promise.all([
      findPhotosOfReviews(db, ids),
      viewerId ? findVotedReviewIds(db, viewerId, ids) : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((row) => shape(row, photos.get(row.id) ?? [], voted.has(row.id)));
  }

  async function presentOne<Answer>(
    id: string,
    viewerId: string | null,
    shape: (row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean) => Answer,
  ): Promise<Answer> {
    const row = await findReviewWithNames(db, id);
    if (!row) throw notFound(REVIEW_MESSAGES.notFound);
    const [answer] = await present([row], viewerId, shape);
    return answer!;
  }

  async function page<Answer>(
    filters: ReviewListFilters,
    viewerId: string | null,
    shape: (row: ReviewListRecord, photos: ReviewPhotoRecord[], votedByMe: boolean) => Answer,
  ) {
    const { rows, total } = await listReviews(db, filters);
    return { items: await present(rows, viewerId, shape), total };
  }

  return { editableUntilOf, isEditable, toReview, toMine, toSellerReview, toAdminReview, present, presentOne, page };
}

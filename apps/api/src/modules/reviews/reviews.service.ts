import { randomUUID } from 'node:crypto';
import {
  REVIEW_ERROR_CODES,
  REVIEW_MAX_PHOTOS,
  type AdminReview,
  type CreateReviewBody,
  type HelpfulVoteResponse,
  type MyReview,
  type SellerReview,
  type UpdateReviewBody,
} from '@marketplace/contracts/reviews';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NO_DOMAIN_EVENTS, type DomainEventPublisher } from '../../lib/domain-events';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { processImage, type IncomingFile } from '../../lib/image-processing';
import type { FileStore } from '../../providers/files/port';
import { adjustReviewTotals } from '../catalog';
import {
  addHelpfulVote,
  deleteReview,
  deleteReviewPhoto,
  findDueReviewRequests,
  findPhotosOfReviews,
  findReview,
  findReviewableItem,
  findReviewIdOfOrderItem,
  insertReview,
  insertReviewPhotos,
  insertSellerReply,
  removeHelpfulVote,
  setReviewHidden,
  touchReview,
  updateReviewContent,
  type ReviewRecord,
} from './reviews.repository';
import { createReviewAnswers, DAY_MS, REVIEW_MESSAGES, reviewerName, type ReviewCaller } from './review-answers';
import { createReviewLists } from './review-lists.service';

// Reviews and ratings (docs/product/reviews.md). A buyer reviews an order item once it was delivered, once;
// edits or deletes it for 30 days; the item's seller replies once; signed-in people vote it helpful; an admin
// hides it with a reason. A listing's visible-review count and star sum (what cards, search and the sort by
// rating read) change in the same transaction as the review, through the catalog's adjustReviewTotals; the
// catalogue's caches are dropped after the commit (`listing.changed`).

/** A buyer is asked to review an item this long after it was delivered… */
export const REVIEW_REQUEST_AFTER_DAYS = 3;
/** …and no longer once it is this old (a round that was missed catches up within the window). */
export const REVIEW_REQUEST_UNTIL_DAYS = 14;
/** Items asked about per round at most; the next round takes the rest. */
export const REVIEW_REQUEST_BATCH = 200;
/**
 * The bell's review request for an item has this and the order item's id as its dedupe key, so the job
 * skips the items whose buyer was asked already. Defined here, where the asking is decided; the
 * notifications module, a leaf above (modules/layers.ts), builds its key from it.
 */
export const REVIEW_REQUEST_DEDUPE_PREFIX = 'review-request:';

export { REVIEW_MESSAGES, reviewerName, type ReviewCaller } from './review-answers';

export type ReviewsService = ReturnType<typeof createReviewsService>;

export function createReviewsService(deps: {
  db: Database;
  files: FileStore;
  clock: Clock;
  /** Announces review.created, .replied, .hidden and .requested (notifications, e-mail) and listing.changed (caches). */
  events?: DomainEventPublisher;
}) {
  const { db, files, clock } = deps;
  const events = deps.events ?? NO_DOMAIN_EVENTS;

  const answers = createReviewAnswers({ db, files, clock });
  const { editableUntilOf, isEditable, toMine, toSellerReview, toAdminReview, presentOne } = answers;

  /**
   * The review as its author may act on it: someone else's hidden review is not found (it is not shown to
   * anyone but its author and admins), someone else's visible one is not theirs to change.
   */
  function authorsReview(review: ReviewRecord | null, caller: ReviewCaller): ReviewRecord {
    if (!review || (review.buyerId !== caller.id && review.hiddenAt !== null)) throw notFound(REVIEW_MESSAGES.notFound);
    if (review.buyerId !== caller.id) throw forbidden(REVIEW_MESSAGES.notYourReview, { code: REVIEW_ERROR_CODES.notYourReview });
    if (!isEditable(review))
      throw forbidden(REVIEW_MESSAGES.windowOver, { code: REVIEW_ERROR_CODES.editWindowOver, editableUntil: editableUntilOf(review).toISOString() });
    return review;
  }

  /** A review anyone may see: visible ones only. */
  async function visibleReview(id: string): Promise<ReviewRecord> {
    const review = await findReview(db, id);
    if (!review || review.hiddenAt !== null) throw notFound(REVIEW_MESSAGES.notFound);
    return review;
  }

  /** Checks and stores photos (bytes judged and re-encoded first); answers their rows-to-be. */
  async function storePhotos(reviewId: string, photos: IncomingFile[], firstPosition: number) {
    const processed = await Promise.all(photos.map((photo) => processImage(photo)));
    const now = clock.now();
    const stored: Array<{
      id: string;
      reviewId: string;
      fileKey: string;
      thumbnailKey: string;
      position: number;
      width: number;
      height: number;
      createdAt: Date;
    }> = [];
    try {
      for (const [index, image] of processed.entries()) {
        const id = randomUUID();
        const row = {
          id,
          reviewId,
          fileKey: `reviews/${reviewId}/${id}.webp`,
          thumbnailKey: `reviews/${reviewId}/${id}-thumb.webp`,
          position: firstPosition + index,
          width: image.width,
          height: image.height,
          createdAt: now,
        };
        stored.push(row);
        await files.put(row.fileKey, image.image);
        await files.put(row.thumbnailKey, image.thumbnail);
      }
    } catch (error) {
      await deleteFiles(stored);
      throw error;
    }
    return stored;
  }

  /** Files no row points at any more (a review that was not written, a deleted photo or review). */
  async function deleteFiles(photos: ReadonlyArray<{ fileKey: string; thumbnailKey: string | null }>) {
    for (const photo of photos) for (const key of [photo.fileKey, photo.thumbnailKey]) if (key) await files.delete(key).catch(() => undefined);
  }

  /** The listing's totals and caches follow a change of its visible reviews. */
  async function moveTotals(executor: Executor, productId: string, delta: { countDelta: number; sumDelta: number }) {
    await adjustReviewTotals(executor, productId, delta);
    events.publishAfterCommit(executor, { type: 'listing.changed', productIds: [productId] });
  }

  const isUniqueViolation = (error: unknown) =>
    (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

  return {
    reviewerName,

    async create(caller: ReviewCaller, input: CreateReviewBody, photos: IncomingFile[] = []): Promise<{ review: MyReview }> {
      if (caller.role !== 'buyer') throw forbidden(REVIEW_MESSAGES.onlyBuyers);
      if (photos.length > REVIEW_MAX_PHOTOS) throw badRequest(REVIEW_MESSAGES.tooManyPhotos, { code: REVIEW_ERROR_CODES.tooManyPhotos });
      const item = await findReviewableItem(db, input.orderItemId);
      if (!item) throw notFound(REVIEW_MESSAGES.itemNotFound);
      if (item.buyerId !== caller.id) throw forbidden(REVIEW_MESSAGES.notYourItem, { code: REVIEW_ERROR_CODES.notYourItem });
      // Delivered means the carrier (or the seller) reported it delivered; a refund later does not undo that.
      if (!item.deliveredAt) throw forbidden(REVIEW_MESSAGES.notDelivered, { code: REVIEW_ERROR_CODES.notDelivered });
      const existing = await findReviewIdOfOrderItem(db, item.id);
      if (existing) throw conflict(REVIEW_MESSAGES.exists, { code: REVIEW_ERROR_CODES.reviewExists, reviewId: existing });

      const reviewId = randomUUID();
      const stored = await storePhotos(reviewId, photos, 0);
      try {
        await db.transaction(async (transaction) => {
          const row = await insertReview(transaction, {
            id: reviewId,
            orderItemId: item.id,
            productId: item.productId,
            sellerId: item.sellerId,
            buyerId: caller.id,
            rating: input.rating,
            title: input.title,
            body: input.body,
            createdAt: clock.now(),
          });
          if (!row) throw conflict(REVIEW_MESSAGES.exists, { code: REVIEW_ERROR_CODES.reviewExists });
          await insertReviewPhotos(transaction, stored);
          await moveTotals(transaction, item.productId, { countDelta: 1, sumDelta: input.rating });
          events.publishAfterCommit(transaction, {
            type: 'review.created',
            reviewId,
            productId: item.productId,
            orderItemId: item.id,
            buyerId: caller.id,
            sellerId: item.sellerId,
            rating: input.rating,
            title: input.title,
            itemTitle: item.title,
          });
        });
      } catch (error) {
        // The photos were stored for a review that was not written: nothing would ever point at them.
        await deleteFiles(stored);
        if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.exists, { code: REVIEW_ERROR_CODES.reviewExists });
        throw error;
      }
      return { review: await presentOne(reviewId, caller.id, toMine) };
    },

    async update(caller: ReviewCaller, id: string, input: UpdateReviewBody): Promise<{ review: MyReview }> {
      await db.transaction(async (transaction) => {
        const review = authorsReview(await findReview(transaction, id, { lock: true }), caller);
        await updateReviewContent(transaction, id, { ...input, updatedAt: clock.now() });
        // A hidden review counts nowhere, whatever its stars.
        if (review.hiddenAt === null && input.rating !== undefined && input.rating !== review.rating) {
          await moveTotals(transaction, review.productId, { countDelta: 0, sumDelta: input.rating - review.rating });
        }
      });
      return { review: await presentOne(id, caller.id, toMine) };
    },

    async remove(caller: ReviewCaller, id: string): Promise<void> {
      const photos = await db.transaction(async (transaction) => {
        const review = authorsReview(await findReview(transaction, id, { lock: true }), caller);
        const reviewPhotos = (await findPhotosOfReviews(transaction, [id])).get(id) ?? [];
        await deleteReview(transaction, id);
        if (review.hiddenAt === null) await moveTotals(transaction, review.productId, { countDelta: -1, sumDelta: -review.rating });
        return reviewPhotos;
      });
      await deleteFiles(photos);
    },

    async addPhotos(caller: ReviewCaller, id: string, photos: IncomingFile[]): Promise<{ review: MyReview }> {
      if (photos.length === 0) throw badRequest(REVIEW_MESSAGES.noPhotos);
      authorsReview(await findReview(db, id), caller);
      const already = (await findPhotosOfReviews(db, [id])).get(id) ?? [];
      if (already.length + photos.length > REVIEW_MAX_PHOTOS)
        throw badRequest(REVIEW_MESSAGES.tooManyPhotos, {
          code: REVIEW_ERROR_CODES.tooManyPhotos,
          maxPhotos: REVIEW_MAX_PHOTOS,
          existingPhotos: already.length,
        });
      const stored = await storePhotos(id, photos, Math.max(-1, ...already.map((photo) => photo.position)) + 1);
      try {
        await db.transaction(async (transaction) => {
          authorsReview(await findReview(transaction, id, { lock: true }), caller);
          // Counted again under the review's lock: two uploads at once cannot pass 3 together.
          const current = (await findPhotosOfReviews(transaction, [id])).get(id) ?? [];
          if (current.length + stored.length > REVIEW_MAX_PHOTOS)
            throw badRequest(REVIEW_MESSAGES.tooManyPhotos, {
              code: REVIEW_ERROR_CODES.tooManyPhotos,
              maxPhotos: REVIEW_MAX_PHOTOS,
              existingPhotos: current.length,
            });
          await insertReviewPhotos(transaction, stored);
          await touchReview(transaction, id, clock.now());
        });
      } catch (error) {
        await deleteFiles(stored);
        throw error;
      }
      return { review: await presentOne(id, caller.id, toMine) };
    },

    async removePhoto(caller: ReviewCaller, id: string, photoId: string): Promise<{ review: MyReview }> {
      const removed = await db.transaction(async (transaction) => {
        authorsReview(await findReview(transaction, id, { lock: true }), caller);
        const photo = await deleteReviewPhoto(transaction, id, photoId);
        if (!photo) throw notFound(REVIEW_MESSAGES.photoNotFound);
        await touchReview(transaction, id, clock.now());
        return photo;
      });
      await deleteFiles([removed]);
      return { review: await presentOne(id, caller.id, toMine) };
    },

    async reply(caller: ReviewCaller, id: string, body: string): Promise<{ review: SellerReview }> {
      const review = await visibleReview(id);
      if (review.sellerId !== caller.id) throw forbidden(REVIEW_MESSAGES.notYourSale, { code: REVIEW_ERROR_CODES.notYourSale });
      // One statement that writes only where there is no reply yet: two replies at once leave one.
      const replied = await insertSellerReply(db, id, { body, at: clock.now() });
      if (!replied) throw conflict(REVIEW_MESSAGES.replyExists, { code: REVIEW_ERROR_CODES.replyExists });
      const itemTitle = (await findReviewableItem(db, review.orderItemId))?.title ?? '';
      events.publish({
        type: 'review.replied',
        reviewId: id,
        productId: review.productId,
        orderItemId: review.orderItemId,
        buyerId: review.buyerId,
        sellerId: review.sellerId,
        reply: body,
        itemTitle,
      });
      return { review: await presentOne(id, caller.id, toSellerReview) };
    },

    async voteHelpful(caller: ReviewCaller, id: string, isHelpful: boolean): Promise<HelpfulVoteResponse> {
      const review = await visibleReview(id);
      if (review.buyerId === caller.id) throw forbidden(REVIEW_MESSAGES.ownReview, { code: REVIEW_ERROR_CODES.ownReview });
      const helpfulCount = await db.transaction(async (transaction) => {
        if (isHelpful) await addHelpfulVote(transaction, { reviewId: id, userId: caller.id, at: clock.now() });
        else await removeHelpfulVote(transaction, { reviewId: id, userId: caller.id });
        return (await findReview(transaction, id))?.helpfulCount ?? 0;
      });
      return { helpfulCount, votedByMe: isHelpful };
    },

    async hide(admin: ReviewCaller, id: string, reason: string): Promise<{ review: AdminReview }> {
      await db.transaction(async (transaction) => {
        const review = await findReview(transaction, id, { lock: true });
        if (!review) throw notFound(REVIEW_MESSAGES.notFound);
        if (review.hiddenAt !== null) throw conflict(REVIEW_MESSAGES.alreadyHidden, { code: REVIEW_ERROR_CODES.alreadyHidden });
        const hiddenAt = clock.now();
        await setReviewHidden(transaction, id, { at: hiddenAt, reason, by: admin.id });
        await moveTotals(transaction, review.productId, { countDelta: -1, sumDelta: -review.rating });
        const item = await findReviewableItem(transaction, review.orderItemId);
        events.publishAfterCommit(transaction, {
          type: 'review.hidden',
          reviewId: id,
          productId: review.productId,
          orderItemId: review.orderItemId,
          orderId: item?.orderId ?? '',
          buyerId: review.buyerId,
          title: review.title,
          itemTitle: item?.title ?? '',
          reason,
          hiddenAt: hiddenAt.toISOString(),
        });
      });
      return { review: await presentOne(id, admin.id, toAdminReview) };
    },

    async unhide(admin: ReviewCaller, id: string): Promise<{ review: AdminReview }> {
      await db.transaction(async (transaction) => {
        const review = await findReview(transaction, id, { lock: true });
        if (!review) throw notFound(REVIEW_MESSAGES.notFound);
        if (review.hiddenAt === null) throw conflict(REVIEW_MESSAGES.notHidden, { code: REVIEW_ERROR_CODES.notHidden });
        await setReviewHidden(transaction, id, null);
        await moveTotals(transaction, review.productId, { countDelta: 1, sumDelta: review.rating });
      });
      return { review: await presentOne(id, admin.id, toAdminReview) };
    },

    ...createReviewLists({ db, answers }),

    /**
     * The review-request job's round: every item delivered between 3 and 14 days ago, not reviewed and whose
     * buyer was not asked yet, is announced (`review.requested`); the in-app and e-mail reactions write one
     * notification each per order item by their dedupe keys, so a retried or overlapping round asks nobody twice.
     */
    async requestDueReviews(): Promise<{ asked: number }> {
      const now = clock.now().getTime();
      const due = await findDueReviewRequests(db, {
        deliveredFrom: new Date(now - REVIEW_REQUEST_UNTIL_DAYS * DAY_MS),
        deliveredTo: new Date(now - REVIEW_REQUEST_AFTER_DAYS * DAY_MS),
        dedupeKeyPrefix: REVIEW_REQUEST_DEDUPE_PREFIX,
        limit: REVIEW_REQUEST_BATCH,
      });
      for (const item of due) events.publish({ type: 'review.requested', ...item });
      return { asked: due.length };
    },
  };
}

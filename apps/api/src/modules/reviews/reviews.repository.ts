import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../catalog/catalog.schema';
// The one read of a higher layer's table (docs/decisions/0035): whether a buyer was already asked for a
// review is the notifications module's row for the request, found by its dedupe key. A read inside this
// query, never a write; security/house-rules-table-ownership.test.ts lists it so the list only shrinks.
// eslint-disable-next-line import-x/no-restricted-paths -- a read of the bell's rows, explained above
import { notifications } from '../notifications/notifications.schema';
import { orderItems, orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { reviewHelpfulVotes, reviewPhotos, reviews } from './reviews.schema';

// The reviews module's tables: reviews, their photos and the helpful votes. Reads of order items, orders,
// listings and people are read models (who bought what, names for the lists); writes stay here, and a
// listing's review totals are changed through the catalog's adjustReviewTotals.

export interface ReviewRecord {
  id: string;
  orderItemId: string;
  productId: string;
  sellerId: string;
  buyerId: string;
  rating: number;
  title: string;
  body: string;
  sellerReply: string | null;
  sellerRepliedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  hiddenBy: string | null;
  helpfulCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReviewPhotoRecord {
  id: string;
  reviewId: string;
  fileKey: string;
  thumbnailKey: string | null;
  position: number;
}

/** A review with what its lists show: the author's and seller's names, the listing's title, the order. */
export interface ReviewListRecord extends ReviewRecord {
  orderId: string;
  productTitle: string;
  author: { firstName: string; lastName: string; email: string };
  seller: { firstName: string; lastName: string; companyName: string | null };
  hiddenByName: { firstName: string; lastName: string } | null;
}

const reviewColumns = {
  id: reviews.id,
  orderItemId: reviews.orderItemId,
  productId: reviews.productId,
  sellerId: reviews.sellerId,
  buyerId: reviews.buyerId,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  sellerReply: reviews.sellerReply,
  sellerRepliedAt: reviews.sellerRepliedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  hiddenBy: reviews.hiddenBy,
  helpfulCount: reviews.helpfulCount,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

// ── what a buyer may review ─────────────────────────────────────────────────────────────────────
export interface ReviewableItem {
  id: string;
  orderId: string;
  buyerId: string;
  sellerId: string;
  productId: string;
  title: string;
  status: (typeof orderItems.$inferSelect)['status'];
  deliveredAt: Date | null;
}

export async function findReviewableItem(executor: Executor, orderItemId: string): Promise<ReviewableItem | null> {
  const [row] = await executor
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      buyerId: orders.buyerId,
      sellerId: orderItems.sellerId,
      productId: orderItems.productId,
      title: orderItems.title,
      status: orderItems.status,
      deliveredAt: orderItems.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, orderItemId))
    .limit(1);
  return row ?? null;
}

/** A listing as the reviews need it: whose it is and whether it is live, with its review totals. */
export async function findReviewedProduct(
  executor: Executor,
  productId: string,
): Promise<{ id: string; sellerId: string; status: string; reviewCount: number; ratingSum: number } | null> {
  const [row] = await executor
    .select({ id: products.id, sellerId: products.sellerId, status: products.status, reviewCount: products.reviewCount, ratingSum: products.ratingSum })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

// ── reviews ─────────────────────────────────────────────────────────────────────────────────────
export async function findReview(executor: Executor, id: string, options: { lock?: boolean } = {}): Promise<ReviewRecord | null> {
  const query = executor.select(reviewColumns).from(reviews).where(eq(reviews.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findReviewIdOfOrderItem(executor: Executor, orderItemId: string): Promise<string | null> {
  const [row] = await executor.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderItemId, orderItemId)).limit(1);
  return row?.id ?? null;
}

export interface NewReview {
  id: string;
  orderItemId: string;
  productId: string;
  sellerId: string;
  buyerId: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
}

/** Null when the order item has a review already (two writes racing: the unique index lets one through). */
export async function insertReview(executor: Executor, values: NewReview): Promise<ReviewRecord | null> {
  const [row] = await executor
    .insert(reviews)
    .values({ ...values, updatedAt: values.createdAt })
    .onConflictDoNothing({ target: reviews.orderItemId })
    .returning(reviewColumns);
  return row ?? null;
}

export async function updateReviewContent(
  executor: Executor,
  id: string,
  values: { rating?: number; title?: string; body?: string; updatedAt: Date },
): Promise<ReviewRecord | null> {
  const [row] = await executor.update(reviews).set(values).where(eq(reviews.id, id)).returning(reviewColumns);
  return row ?? null;
}

/** The author's change of photos counts as an edit of the review. */
export async function touchReview(executor: Executor, id: string, updatedAt: Date): Promise<void> {
  await executor.update(reviews).set({ updatedAt }).where(eq(reviews.id, id));
}

export async function deleteReview(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return rows.length > 0;
}

/** Writes the seller's reply unless there is one; null when there was. */
export async function insertSellerReply(executor: Executor, id: string, reply: { body: string; at: Date }): Promise<ReviewRecord | null> {
  const [row] = await executor
    .update(reviews)
    .set({ sellerReply: reply.body, sellerRepliedAt: reply.at })
    .where(and(eq(reviews.id, id), isNull(reviews.sellerReply)))
    .returning(reviewColumns);
  return row ?? null;
}

export async function setReviewHidden(executor: Executor, id: string, hidden: { at: Date; reason: string; by: string } | null): Promise<ReviewRecord | null> {
  const [row] = await executor
    .update(reviews)
    .set(hidden ? { hiddenAt: hidden.at, hiddenReason: hidden.reason, hiddenBy: hidden.by } : { hiddenAt: null, hiddenReason: null, hiddenBy: null })
    .where(eq(reviews.id, id))
    .returning(reviewColumns);
  return row ?? null;
}

// ── photos ──────────────────────────────────────────────────────────────────────────────────────
const photoColumns = {
  id: reviewPhotos.id,
  reviewId: reviewPhotos.reviewId,
  fileKey: reviewPhotos.fileKey,
  thumbnailKey: reviewPhotos.thumbnailKey,
  position: reviewPhotos.position,
};

export async function insertReviewPhotos(
  executor: Executor,
  photos: ReadonlyArray<{
    id: string;
    reviewId: string;
    fileKey: string;
    thumbnailKey: string;
    position: number;
    width: number;
    height: number;
    createdAt: Date;
  }>,
): Promise<void> {
  if (photos.length === 0) return;
  await executor.insert(reviewPhotos).values([...photos]);
}

/** Each review's photos in their order, from one query for a whole page of reviews. */
export async function findPhotosOfReviews(executor: Executor, reviewIds: readonly string[]): Promise<Map<string, ReviewPhotoRecord[]>> {
  const byReview = new Map<string, ReviewPhotoRecord[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await executor
    .select(photoColumns)
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position), asc(reviewPhotos.createdAt), asc(reviewPhotos.id));
  for (const row of rows) byReview.set(row.reviewId, [...(byReview.get(row.reviewId) ?? []), row]);
  return byReview;
}

export async function deleteReviewPhoto(executor: Executor, reviewId: string, photoId: string): Promise<ReviewPhotoRecord | null> {
  const [row] = await executor
    .delete(reviewPhotos)
    .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, reviewId)))
    .returning(photoColumns);
  return row ?? null;
}

// ── helpful votes ───────────────────────────────────────────────────────────────────────────────
/** Records the vote and counts it, once per person; answers whether this call added it. */
export async function addHelpfulVote(executor: Executor, vote: { reviewId: string; userId: string; at: Date }): Promise<boolean> {
  const added = await executor
    .insert(reviewHelpfulVotes)
    .values({ reviewId: vote.reviewId, userId: vote.userId, createdAt: vote.at })
    .onConflictDoNothing()
    .returning({ reviewId: reviewHelpfulVotes.reviewId });
  if (added.length === 0) return false;
  await executor
    .update(reviews)
    .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
    .where(eq(reviews.id, vote.reviewId));
  return true;
}

/** Takes the person's vote back, if they had one. */
export async function removeHelpfulVote(executor: Executor, vote: { reviewId: string; userId: string }): Promise<boolean> {
  const removed = await executor
    .delete(reviewHelpfulVotes)
    .where(and(eq(reviewHelpfulVotes.reviewId, vote.reviewId), eq(reviewHelpfulVotes.userId, vote.userId)))
    .returning({ reviewId: reviewHelpfulVotes.reviewId });
  if (removed.length === 0) return false;
  await executor
    .update(reviews)
    .set({ helpfulCount: sql`greatest(${reviews.helpfulCount} - 1, 0)` })
    .where(eq(reviews.id, vote.reviewId));
  return true;
}

/** Which of these reviews the person voted helpful. */
export async function findVotedReviewIds(executor: Executor, userId: string, reviewIds: readonly string[]): Promise<Set<string>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await executor
    .select({ reviewId: reviewHelpfulVotes.reviewId })
    .from(reviewHelpfulVotes)
    .where(and(eq(reviewHelpfulVotes.userId, userId), inArray(reviewHelpfulVotes.reviewId, [...reviewIds])));
  return new Set(rows.map((row) => row.reviewId));
}

// ── lists ───────────────────────────────────────────────────────────────────────────────────────
export interface ReviewListFilters {
  productId?: string;
  sellerId?: string;
  buyerId?: string;
  orderId?: string;
  /** true: hidden only; false: visible only; absent: both. */
  hidden?: boolean;
  /** true: answered by the seller; false: not yet. */
  replied?: boolean;
  sort: 'newest' | 'helpful';
  limit: number;
  offset: number;
}

const sellers = aliasedTable(users, 'review_sellers');
const moderators = aliasedTable(users, 'review_moderators');

function whereOf(filters: ReviewListFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.productId) conditions.push(eq(reviews.productId, filters.productId));
  if (filters.sellerId) conditions.push(eq(reviews.sellerId, filters.sellerId));
  if (filters.buyerId) conditions.push(eq(reviews.buyerId, filters.buyerId));
  if (filters.orderId) conditions.push(eq(orderItems.orderId, filters.orderId));
  if (filters.hidden !== undefined) conditions.push(filters.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt));
  if (filters.replied !== undefined) conditions.push(filters.replied ? isNotNull(reviews.sellerReply) : isNull(reviews.sellerReply));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Reviews with their names joined in (author, seller, the admin who hid it), matching `where`. */
function selectReviewRows(executor: Executor, where: SQL | undefined) {
  return executor
    .select({
      ...reviewColumns,
      orderId: orderItems.orderId,
      productTitle: products.title,
      author: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      seller: { firstName: sellers.firstName, lastName: sellers.lastName, companyName: sellers.companyName },
      moderatorFirstName: moderators.firstName,
      moderatorLastName: moderators.lastName,
    })
    .from(reviews)
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.buyerId))
    .innerJoin(sellers, eq(sellers.id, reviews.sellerId))
    .leftJoin(moderators, eq(moderators.id, reviews.hiddenBy))
    .where(where)
    .$dynamic();
}

type ReviewRow = Omit<ReviewListRecord, 'hiddenByName'> & { moderatorFirstName: string | null; moderatorLastName: string | null };

function toListRecord({ moderatorFirstName, moderatorLastName, ...row }: ReviewRow): ReviewListRecord {
  return {
    ...row,
    hiddenByName: moderatorFirstName === null || moderatorLastName === null ? null : { firstName: moderatorFirstName, lastName: moderatorLastName },
  };
}

/** One page of reviews with their names (no query per review) and how many match in all. */
export async function listReviews(executor: Executor, filters: ReviewListFilters): Promise<{ rows: ReviewListRecord[]; total: number }> {
  const where = whereOf(filters);
  const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];
  const [rows, [counted]] = await Promise.all([
    selectReviewRows(executor, where)
      .orderBy(...(filters.sort === 'helpful' ? [desc(reviews.helpfulCount), ...newestFirst] : newestFirst))
      .limit(filters.limit)
      .offset(filters.offset),
    filters.orderId
      ? executor.select({ value: count() }).from(reviews).innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId)).where(where)
      : executor.select({ value: count() }).from(reviews).where(where),
  ]);
  return { rows: rows.map(toListRecord), total: counted?.value ?? 0 };
}

/** One review with its names, or null. */
export async function findReviewWithNames(executor: Executor, id: string): Promise<ReviewListRecord | null> {
  const [row] = await selectReviewRows(executor, eq(reviews.id, id)).limit(1);
  return row ? toListRecord(row) : null;
}

/** How many visible reviews of the listing gave each number of stars. */
export async function findRatingCounts(executor: Executor, productId: string): Promise<Map<number, number>> {
  const rows = await executor
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  return new Map(rows.map((row) => [row.rating, row.count]));
}

// ── review requests ─────────────────────────────────────────────────────────────────────────────
export interface DueReviewRequest {
  orderItemId: string;
  orderId: string;
  productId: string;
  buyerId: string;
  /** The order line's title. */
  title: string;
}

/**
 * Items delivered inside the window, kept by their buyer (not refunded in full), not reviewed, whose
 * active buyer has not been asked yet (the in-app request's row, found by its dedupe key), oldest
 * delivery first.
 */
export async function findDueReviewRequests(
  executor: Executor,
  window: { deliveredFrom: Date; deliveredTo: Date; dedupeKeyPrefix: string; limit: number },
): Promise<DueReviewRequest[]> {
  return executor
    .select({ orderItemId: orderItems.id, orderId: orderItems.orderId, productId: orderItems.productId, buyerId: orders.buyerId, title: orderItems.title })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(
      and(
        gte(orderItems.deliveredAt, window.deliveredFrom),
        lte(orderItems.deliveredAt, window.deliveredTo),
        inArray(orderItems.status, ['delivered', 'completed', 'partially_refunded']),
        eq(users.status, 'active'),
        notExists(executor.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderItemId, orderItems.id))),
        notExists(
          executor
            .select({ id: notifications.id })
            .from(notifications)
            .where(and(eq(notifications.userId, orders.buyerId), eq(notifications.dedupeKey, sql`${window.dedupeKeyPrefix} || ${orderItems.id}::text`))),
        ),
      ),
    )
    .orderBy(asc(orderItems.deliveredAt), asc(orderItems.id))
    .limit(window.limit);
}

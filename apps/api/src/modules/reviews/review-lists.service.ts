import type {
  AdminReviewsPage,
  MyReviewsPage,
  ProductReviewSort,
  ProductReviewsPage,
  RatingDistribution,
  SellerReviewsPage,
} from '@marketplace/contracts/reviews';
import { averageRating } from '@marketplace/domain/ratings';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { REVIEW_MESSAGES, type ReviewAnswers, type ReviewCaller } from './review-answers';
import { findRatingCounts, findReviewedProduct } from './reviews.repository';

// The lists of reviews: a listing's (with its average and distribution), a buyer's own, a seller's to answer,
// and the admins' moderation list. Part of the reviews service (reviews.service.ts spreads them in).

export function createReviewLists(deps: { db: Database; answers: ReviewAnswers }) {
  const { db } = deps;
  const { page, toReview, toMine, toSellerReview, toAdminReview } = deps.answers;

  return {
    /**
     * A listing's visible reviews with its average, count and distribution. A listing that is not live is
     * not found, except for its seller and admins (as its page is).
     */
    async listForProduct(
      productId: string,
      query: { sort: ProductReviewSort; page: number; limit: number },
      viewer: ReviewCaller | null,
    ): Promise<ProductReviewsPage> {
      const product = await findReviewedProduct(db, productId);
      const canSeeNotLive = viewer !== null && (viewer.role === 'admin' || viewer.id === product?.sellerId);
      if (!product || (product.status !== 'active' && !canSeeNotLive)) throw notFound(REVIEW_MESSAGES.productNotFound);
      const [{ items, total }, counts] = await Promise.all([
        page({ productId, hidden: false, sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit }, viewer?.id ?? null, toReview),
        findRatingCounts(db, productId),
      ]);
      const distribution: RatingDistribution = {
        '1': counts.get(1) ?? 0,
        '2': counts.get(2) ?? 0,
        '3': counts.get(3) ?? 0,
        '4': counts.get(4) ?? 0,
        '5': counts.get(5) ?? 0,
      };
      return {
        items,
        average: averageRating(product.ratingSum, product.reviewCount),
        count: product.reviewCount,
        distribution,
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    /** The buyer's own reviews (hidden ones too, with the reason), newest first. */
    async listMine(caller: ReviewCaller, query: { orderId?: string | undefined; page: number; limit: number }): Promise<MyReviewsPage> {
      const { items, total } = await page(
        {
          buyerId: caller.id,
          ...(query.orderId ? { orderId: query.orderId } : {}),
          sort: 'newest',
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        },
        caller.id,
        toMine,
      );
      return { items, page: query.page, limit: query.limit, total };
    },

    /** Visible reviews of the seller's items, newest first; `replied: false` keeps those still to answer. */
    async listForSeller(caller: ReviewCaller, query: { replied?: boolean | undefined; page: number; limit: number }): Promise<SellerReviewsPage> {
      const { items, total } = await page(
        {
          sellerId: caller.id,
          hidden: false,
          ...(query.replied !== undefined ? { replied: query.replied } : {}),
          sort: 'newest',
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        },
        caller.id,
        toSellerReview,
      );
      return { items, page: query.page, limit: query.limit, total };
    },

    /** Every review for moderation, newest first. */
    async listForAdmin(
      admin: ReviewCaller,
      query: { hidden?: boolean | undefined; productId?: string | undefined; page: number; limit: number },
    ): Promise<AdminReviewsPage> {
      const { items, total } = await page(
        {
          ...(query.hidden !== undefined ? { hidden: query.hidden } : {}),
          ...(query.productId ? { productId: query.productId } : {}),
          sort: 'newest',
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        },
        admin.id,
        toAdminReview,
      );
      return { items, page: query.page, limit: query.limit, total };
    },
  };
}

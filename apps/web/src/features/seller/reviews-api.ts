import type { ReplyToReviewBody, SellerReview, SellerReviewsPage } from '@marketplace/contracts/reviews';
import { api } from '../../lib/api';

// The reviews of the seller's items and their one public reply to each (docs/product/reviews.md).

export interface SellerReviewsArgs {
  /** false: still to answer; true: answered; absent: all. */
  replied?: boolean;
  page: number;
  limit: number;
}

export const sellerReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSellerReviews: build.query<SellerReviewsPage, SellerReviewsArgs>({
      query: ({ replied, page, limit }) => ({
        url: '/seller/reviews',
        params: { ...(replied === undefined ? {} : { replied: String(replied) }), page, limit },
      }),
      providesTags: [{ type: 'Review', id: 'SELLER' }],
    }),
    replyToReview: build.mutation<{ review: SellerReview }, { id: string } & ReplyToReviewBody>({
      query: ({ id, body }) => ({ url: `/reviews/${encodeURIComponent(id)}/reply`, method: 'POST', body: { body } }),
      invalidatesTags: (result, error) =>
        error && !result
          ? [{ type: 'Review', id: 'SELLER' }]
          : [{ type: 'Review', id: 'SELLER' }, ...(result ? [{ type: 'Review' as const, id: `product-${result.review.productId}` }] : [])],
    }),
  }),
});

export const { useListSellerReviewsQuery, useReplyToReviewMutation } = sellerReviewsApi;

import type { HelpfulVoteResponse, ProductReviewSort, ProductReviewsPage } from '@marketplace/contracts/reviews';
import { api } from '../../lib/api';

// A product's reviews as everyone reads them on its page, and the "helpful" vote of anyone signed in
// (docs/product/reviews.md). Writing a review is the buyer's, on their order (features/orders).

export interface ProductReviewsArgs {
  productId: string;
  sort: ProductReviewSort;
  page: number;
}

/** The reviews a product page shows first. */
export const FIRST_REVIEWS_PAGE = { sort: 'newest', page: 1 } as const satisfies Omit<ProductReviewsArgs, 'productId'>;

export const productReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<ProductReviewsPage, ProductReviewsArgs>({
      query: ({ productId, sort, page }) => ({ url: `/products/${encodeURIComponent(productId)}/reviews`, params: { sort, page } }),
      providesTags: (_result, _error, { productId }) => [{ type: 'Review', id: `product-${productId}` }],
    }),
    voteHelpful: build.mutation<HelpfulVoteResponse, { reviewId: string; helpful: boolean; productId: string }>({
      query: ({ reviewId, helpful }) => ({ url: `/reviews/${encodeURIComponent(reviewId)}/helpful`, method: helpful ? 'POST' : 'DELETE' }),
      // The vote's answer is the new count: write it into every cached page of this product's reviews.
      async onQueryStarted({ reviewId, productId }, { dispatch, queryFulfilled, getState }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        for (const { endpointName, originalArgs } of productReviewsApi.util.selectInvalidatedBy(getState(), [{ type: 'Review', id: `product-${productId}` }])) {
          if (endpointName !== 'getProductReviews') continue;
          dispatch(
            productReviewsApi.util.updateQueryData('getProductReviews', originalArgs as ProductReviewsArgs, (draft) => {
              const review = draft.items.find((item) => item.id === reviewId);
              if (review) Object.assign(review, data);
            }),
          );
        }
      },
    }),
  }),
});

export const { useGetProductReviewsQuery, useVoteHelpfulMutation } = productReviewsApi;

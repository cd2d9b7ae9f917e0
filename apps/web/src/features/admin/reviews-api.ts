import type { AdminReview, AdminReviewsPage, HideReviewBody } from '@marketplace/contracts/reviews';
import { api } from '../../lib/api';

// Moderating reviews (docs/product/reviews.md): every review, hidden or not; hiding one needs a reason
// (its author is told), and a hidden one can be shown again.

export interface AdminReviewsArgs {
  hidden?: boolean;
  page: number;
  limit: number;
}

const changed = (result: { review: AdminReview } | undefined) => [
  { type: 'Review' as const, id: 'ADMIN' },
  ...(result ? [{ type: 'Review' as const, id: `product-${result.review.productId}` }] : []),
];

export const adminReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminReviews: build.query<AdminReviewsPage, AdminReviewsArgs>({
      query: ({ hidden, page, limit }) => ({ url: '/admin/reviews', params: { ...(hidden === undefined ? {} : { hidden: String(hidden) }), page, limit } }),
      providesTags: [{ type: 'Review', id: 'ADMIN' }],
    }),
    hideReview: build.mutation<{ review: AdminReview }, { id: string } & HideReviewBody>({
      query: ({ id, reason }) => ({ url: `/admin/reviews/${encodeURIComponent(id)}/hide`, method: 'POST', body: { reason } }),
      invalidatesTags: (result, error) => (error && !result ? [{ type: 'Review', id: 'ADMIN' }] : changed(result)),
    }),
    unhideReview: build.mutation<{ review: AdminReview }, string>({
      query: (id) => ({ url: `/admin/reviews/${encodeURIComponent(id)}/unhide`, method: 'POST' }),
      invalidatesTags: (result, error) => (error && !result ? [{ type: 'Review', id: 'ADMIN' }] : changed(result)),
    }),
  }),
});

export const { useListAdminReviewsQuery, useHideReviewMutation, useUnhideReviewMutation } = adminReviewsApi;

import type { MyReview, MyReviewsPage, UpdateReviewBody } from '@marketplace/contracts/reviews';
import { api } from '../../lib/api';

// The buyer's reviews of what they received (docs/product/reviews.md): one per delivered order item,
// written from the order page, changed or deleted for 30 days. Photos travel as multipart `files`.

export interface CreateReviewRequest {
  orderItemId: string;
  rating: number;
  title: string;
  body: string;
  files: File[];
}

/** Everything on the order page and the product's public reviews may have changed with a review. */
const changed = (review: MyReview | undefined, orderId: string) => [
  { type: 'Review' as const, id: `order-${orderId}` },
  ...(review ? [{ type: 'Review' as const, id: `product-${review.productId}` }] : []),
];

export const myReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrderReviews: build.query<MyReviewsPage, string>({
      query: (orderId) => ({ url: '/reviews/mine', params: { orderId, limit: 100 } }),
      providesTags: (_result, _error, orderId) => [{ type: 'Review', id: `order-${orderId}` }],
    }),
    createReview: build.mutation<{ review: MyReview }, CreateReviewRequest & { orderId: string }>({
      query: ({ orderItemId, rating, title, body, files }) => {
        if (files.length === 0) return { url: '/reviews', method: 'POST', body: { orderItemId, rating, title, body } };
        const form = new FormData();
        form.append('orderItemId', orderItemId);
        form.append('rating', String(rating));
        form.append('title', title);
        form.append('body', body);
        for (const file of files) form.append('files', file, file.name);
        return { url: '/reviews', method: 'POST', body: form };
      },
      invalidatesTags: (result, error, { orderId }) => (error && !result ? [{ type: 'Review', id: `order-${orderId}` }] : changed(result?.review, orderId)),
    }),
    updateReview: build.mutation<{ review: MyReview }, { id: string; orderId: string; changes: UpdateReviewBody }>({
      query: ({ id, changes }) => ({ url: `/reviews/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (result, error, { orderId }) => (error ? [] : changed(result?.review, orderId)),
    }),
    deleteReview: build.mutation<void, { id: string; orderId: string; productId: string }>({
      query: ({ id }) => ({ url: `/reviews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { orderId, productId }) =>
        error
          ? []
          : [
              { type: 'Review', id: `order-${orderId}` },
              { type: 'Review', id: `product-${productId}` },
            ],
    }),
    addReviewPhotos: build.mutation<{ review: MyReview }, { id: string; orderId: string; files: File[] }>({
      query: ({ id, files }) => {
        const form = new FormData();
        for (const file of files) form.append('files', file, file.name);
        return { url: `/reviews/${encodeURIComponent(id)}/photos`, method: 'POST', body: form };
      },
      invalidatesTags: (result, error, { orderId }) => (error ? [] : changed(result?.review, orderId)),
    }),
    deleteReviewPhoto: build.mutation<{ review: MyReview }, { id: string; orderId: string; photoId: string }>({
      query: ({ id, photoId }) => ({ url: `/reviews/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`, method: 'DELETE' }),
      invalidatesTags: (result, error, { orderId }) => (error ? [] : changed(result?.review, orderId)),
    }),
  }),
});

export const {
  useListOrderReviewsQuery,
  useCreateReviewMutation,
  useUpdateReviewMutation,
  useDeleteReviewMutation,
  useAddReviewPhotosMutation,
  useDeleteReviewPhotoMutation,
} = myReviewsApi;

import type { BuyerOrderListResponse } from '@marketplace/contracts/orders';
import type {
  DisputeActionResponse,
  DisputeCase,
  DisputeSummary,
  DisputeStatus,
  OpenDisputeFields,
  RespondDisputeBody,
  ResolveDisputeBody,
} from '@marketplace/contracts/disputes';
import type { Pagination } from '@marketplace/contracts/users';
import { api } from '../../lib/api';

// Disputes. Money in these answers is dollars, as the API sends it.

/** The list filter: one status, every unresolved one ('active'), or every resolved one. */
export type DisputeFilter = DisputeStatus | 'active' | 'resolved';

export interface DisputeListPage {
  disputes: DisputeSummary[];
  pagination: Pagination;
}

export interface OpenDisputeRequest extends OpenDisputeFields {
  files: File[];
}

export interface OpenDisputeResponse {
  success: true;
  message: string;
  dispute: DisputeCase;
}

const LIST = { type: 'Dispute' as const, id: 'LIST' };

// The shared `api` does not know this feature's tag; adding it here keeps lib/api.ts untouched.
export const disputesApi = api.enhanceEndpoints({ addTagTypes: ['Dispute'] }).injectEndpoints({
  endpoints: (build) => ({
    listDisputes: build.query<DisputeListPage, { status?: DisputeFilter; page: number; limit: number }>({
      query: ({ status, page, limit }) => ({ url: '/disputes', params: { ...(status ? { status } : {}), page, limit } }),
      providesTags: [LIST],
    }),
    getDispute: build.query<DisputeCase, string>({
      query: (id) => `/disputes/${encodeURIComponent(id)}`,
      transformResponse: (response: { dispute: DisputeCase }) => response.dispute,
      providesTags: (_result, _error, id) => [{ type: 'Dispute', id }],
    }),
    /** The buyer's orders, to choose the item a dispute is about (GET /api/orders allows at most 100 a page). */
    listDisputableOrders: build.query<BuyerOrderListResponse, void>({
      query: () => ({ url: '/orders', params: { page: 1, limit: 100 } }),
      providesTags: [{ type: 'BuyerOrder', id: 'LIST' }],
    }),
    openDispute: build.mutation<OpenDisputeResponse, OpenDisputeRequest>({
      query: ({ orderItemId, reason, description, files }) => {
        // Multipart: the three fields and up to 5 image `files`.
        const body = new FormData();
        body.append('orderItemId', orderItemId);
        body.append('reason', reason);
        body.append('description', description);
        for (const file of files) body.append('files', file, file.name);
        return { url: '/disputes', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    respondToDispute: build.mutation<DisputeActionResponse, { id: string; body: RespondDisputeBody }>({
      query: ({ id, body }) => ({ url: `/disputes/${encodeURIComponent(id)}/respond`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Dispute', id }]),
    }),
    escalateDispute: build.mutation<DisputeActionResponse, { id: string; note?: string }>({
      query: ({ id, note }) => ({ url: `/disputes/${encodeURIComponent(id)}/escalate`, method: 'POST', body: note ? { note } : {} }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Dispute', id }]),
    }),
    acceptDisputeOffer: build.mutation<DisputeActionResponse, string>({
      query: (id) => ({ url: `/disputes/${encodeURIComponent(id)}/accept-offer`, method: 'POST' }),
      // The refund changes the order item, the buyer's order and the seller's payouts.
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'Dispute', id }, 'BuyerOrder', 'Payout', 'PayoutStats']),
    }),
    declineDisputeOffer: build.mutation<DisputeActionResponse, { id: string; note?: string }>({
      query: ({ id, note }) => ({ url: `/disputes/${encodeURIComponent(id)}/decline-offer`, method: 'POST', body: note ? { note } : {} }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Dispute', id }]),
    }),
    startDisputeReview: build.mutation<DisputeActionResponse, string>({
      query: (id) => ({ url: `/disputes/${encodeURIComponent(id)}/review`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'Dispute', id }]),
    }),
    resolveDispute: build.mutation<DisputeActionResponse, { id: string; body: ResolveDisputeBody }>({
      query: ({ id, body }) => ({ url: `/disputes/${encodeURIComponent(id)}/resolve`, method: 'POST', body }),
      // A refund changes the order item and, for a paid seller, their payouts.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Dispute', id }, 'BuyerOrder', 'Payout', 'PayoutStats']),
    }),
  }),
});

export const {
  useAcceptDisputeOfferMutation,
  useDeclineDisputeOfferMutation,
  useListDisputesQuery,
  useGetDisputeQuery,
  useListDisputableOrdersQuery,
  useOpenDisputeMutation,
  useRespondToDisputeMutation,
  useEscalateDisputeMutation,
  useStartDisputeReviewMutation,
  useResolveDisputeMutation,
} = disputesApi;

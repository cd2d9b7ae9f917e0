import type {
  OpenReturnFields,
  ReturnActionResponse,
  ReturnEligibility,
  ReturnRequestView,
  ReturnsFilter,
  ReturnsResponse,
} from '@marketplace/contracts/returns';
import { api } from '../../lib/api';

// Returns: the buyer's request and its status, the seller's answers and the parcel back.
// Money in these answers is dollars, as the API sends it. A change to a return also changes the buyer's
// order page (its returnInfo, and refunds once the parcel arrives), so those tags go too.

export interface OpenReturnRequest extends OpenReturnFields {
  files: File[];
}

const LIST = { type: 'Return' as const, id: 'LIST' };
const changed = (id: string) => [LIST, { type: 'Return' as const, id }, 'BuyerOrder' as const];

export const returnsApi = api.enhanceEndpoints({ addTagTypes: ['Return'] }).injectEndpoints({
  endpoints: (build) => ({
    getReturnEligibility: build.query<ReturnEligibility, string>({
      query: (orderItemId) => `/returns/eligibility/${encodeURIComponent(orderItemId)}`,
      providesTags: (_result, _error, orderItemId) => [{ type: 'Return', id: `eligibility-${orderItemId}` }],
    }),
    openReturn: build.mutation<ReturnActionResponse, OpenReturnRequest>({
      query: ({ orderItemId, reason, description, files }) => {
        // Multipart: the three fields and up to 3 image `files`.
        const body = new FormData();
        body.append('orderItemId', orderItemId);
        body.append('reason', reason);
        body.append('description', description);
        for (const file of files) body.append('files', file, file.name);
        return { url: '/returns', method: 'POST', body };
      },
      invalidatesTags: (_result, error, { orderItemId }) => (error ? [] : [LIST, { type: 'Return', id: `eligibility-${orderItemId}` }, 'BuyerOrder']),
    }),
    listReturns: build.query<ReturnsResponse, { status?: ReturnsFilter; page: number; limit: number }>({
      query: ({ status, page, limit }) => ({ url: '/returns', params: { ...(status ? { status } : {}), page, limit } }),
      providesTags: [LIST],
    }),
    getReturn: build.query<ReturnRequestView, string>({
      query: (id) => `/returns/${encodeURIComponent(id)}`,
      transformResponse: (response: { return: ReturnRequestView }) => response.return,
      providesTags: (_result, _error, id) => [{ type: 'Return', id }],
    }),
    acceptReturn: build.mutation<ReturnActionResponse, string>({
      query: (id) => ({ url: `/returns/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
    refuseReturn: build.mutation<ReturnActionResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/returns/${encodeURIComponent(id)}/refuse`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** The seller checked the item that came back: the buyer is refunded at once. */
    confirmReturn: build.mutation<ReturnActionResponse, string>({
      query: (id) => ({ url: `/returns/${encodeURIComponent(id)}/confirm`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [...changed(id), 'SellerOrder', 'SellerDashboard']),
    }),
    cancelReturn: build.mutation<ReturnActionResponse, string>({
      query: (id) => ({ url: `/returns/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
    trackReturn: build.mutation<ReturnActionResponse, { id: string; simulateStatus?: string }>({
      query: ({ id, simulateStatus }) => ({ url: `/returns/${encodeURIComponent(id)}/track`, method: 'PUT', body: simulateStatus ? { simulateStatus } : {} }),
      // A delivery back issues the refund: payouts and the seller's figures move too.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...changed(id), 'SellerOrder', 'SellerDashboard']),
    }),
    /** The development-only simulation's statuses (the shipments' list); a 404 in production hides the control. */
    getReturnSimulationStatuses: build.query<string[], void>({
      query: () => '/shipments/simulation-statuses',
      transformResponse: (response: { statuses: string[] }) => response.statuses,
    }),
  }),
});

export const {
  useGetReturnEligibilityQuery,
  useOpenReturnMutation,
  useListReturnsQuery,
  useGetReturnQuery,
  useAcceptReturnMutation,
  useRefuseReturnMutation,
  useConfirmReturnMutation,
  useCancelReturnMutation,
  useTrackReturnMutation,
  useGetReturnSimulationStatusesQuery,
} = returnsApi;

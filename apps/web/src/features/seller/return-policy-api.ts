import type { ReturnPolicy } from '@marketplace/contracts/returns';
import { api } from '../../lib/api';

// The seller's return policy, edited in the Returns section of /seller/settings.
export const returnPolicyApi = api.enhanceEndpoints({ addTagTypes: ['ReturnPolicy'] }).injectEndpoints({
  endpoints: (build) => ({
    getReturnPolicy: build.query<ReturnPolicy, void>({
      query: () => '/returns/policy',
      providesTags: ['ReturnPolicy'],
    }),
    updateReturnPolicy: build.mutation<ReturnPolicy, ReturnPolicy>({
      query: (body) => ({ url: '/returns/policy', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ReturnPolicy']),
    }),
  }),
});

export const { useGetReturnPolicyQuery, useUpdateReturnPolicyMutation } = returnPolicyApi;

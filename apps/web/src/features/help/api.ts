import type { CreateSupportRequest, PublicSettings, SupportRequestResponse, SupportRequestsResponse } from '@marketplace/contracts/workspace';
import { api } from '../../lib/api';

// The seller's side of support: the public contact details and their own requests.
export const helpApi = api.enhanceEndpoints({ addTagTypes: ['PublicSettings', 'SupportRequest'] }).injectEndpoints({
  endpoints: (build) => ({
    getPublicSettings: build.query<PublicSettings, void>({
      query: () => '/settings/public',
      providesTags: ['PublicSettings'],
    }),
    listMySupportRequests: build.query<SupportRequestsResponse, { page: number }>({
      query: ({ page }) => ({ url: '/support/requests', params: { page } }),
      providesTags: ['SupportRequest'],
    }),
    createSupportRequest: build.mutation<SupportRequestResponse, CreateSupportRequest>({
      query: (body) => ({ url: '/support/requests', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SupportRequest']),
    }),
  }),
});

export const { useGetPublicSettingsQuery, useListMySupportRequestsQuery, useCreateSupportRequestMutation } = helpApi;

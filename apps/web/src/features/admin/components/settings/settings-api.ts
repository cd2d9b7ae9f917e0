import type {
  AdminSettings,
  SupportRequestResponse,
  SupportRequestsQuery,
  SupportRequestsResponse,
  UpdateAdminSettingsRequest,
} from '@marketplace/contracts/workspace';
import { api } from '../../../../lib/api';

// /admin/settings: marketplace-wide settings and every seller's support requests.
export const adminSettingsApi = api.enhanceEndpoints({ addTagTypes: ['AdminSettings', 'PublicSettings', 'SupportRequest'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSettings, void>({
      query: () => '/admin/settings',
      providesTags: ['AdminSettings'],
    }),
    updateAdminSettings: build.mutation<AdminSettings, UpdateAdminSettingsRequest>({
      query: (body) => ({ url: '/admin/settings', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminSettings', 'PublicSettings']),
    }),
    listAdminSupportRequests: build.query<SupportRequestsResponse, SupportRequestsQuery>({
      query: (params) => ({ url: '/support/requests', params }),
      providesTags: ['SupportRequest'],
    }),
    closeSupportRequest: build.mutation<SupportRequestResponse, string>({
      query: (id) => ({ url: `/admin/support/requests/${encodeURIComponent(id)}`, method: 'PATCH', body: { status: 'closed' } }),
      invalidatesTags: (_result, error) => (error ? [] : ['SupportRequest']),
    }),
  }),
});

export const { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation, useListAdminSupportRequestsQuery, useCloseSupportRequestMutation } = adminSettingsApi;

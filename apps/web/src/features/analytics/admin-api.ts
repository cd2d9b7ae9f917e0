import type { UserInsightsResponse } from '@marketplace/contracts/users';
import { api } from '../../lib/api';

export const adminInsightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInsights: build.query<UserInsightsResponse, string>({
      query: (userId) => `/admin/users/${encodeURIComponent(userId)}/insights`,
      providesTags: ['AdminUser'],
    }),
  }),
});

export const { useGetUserInsightsQuery } = adminInsightsApi;

import type { SetVacationRequest, VacationResponse } from '@marketplace/contracts/shops';
import { api } from '../../lib/api';

// The shop's vacation, set in the Vacation section of /seller/settings (docs/product/shops.md).
export const vacationApi = api.enhanceEndpoints({ addTagTypes: ['Vacation'] }).injectEndpoints({
  endpoints: (build) => ({
    getVacation: build.query<VacationResponse, void>({
      query: () => '/seller/vacation',
      providesTags: ['Vacation'],
    }),
    setVacation: build.mutation<VacationResponse, SetVacationRequest>({
      query: (body) => ({ url: '/seller/vacation', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Vacation']),
    }),
    endVacation: build.mutation<VacationResponse, void>({
      query: () => ({ url: '/seller/vacation', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Vacation']),
    }),
  }),
});

export const { useGetVacationQuery, useSetVacationMutation, useEndVacationMutation } = vacationApi;

import type { ShippingProfile, ShippingProfileListResponse, ShippingProfileRequest } from '@marketplace/contracts/delivery';
import { api } from '../../lib/api';

// The shop's shipping profiles, kept in the Shipping profiles section of /seller/settings (docs/product/shipping.md).
// The listing form reads the same list under the same tag (features/catalog/shipping-profiles-api.ts), so a
// profile added or renamed here shows in its Shipping choice.
export const shippingProfilesApi = api.enhanceEndpoints({ addTagTypes: ['ShippingProfile'] }).injectEndpoints({
  endpoints: (build) => ({
    listShippingProfiles: build.query<ShippingProfileListResponse, void>({
      query: () => '/seller/shipping-profiles',
      providesTags: ['ShippingProfile'],
    }),
    createShippingProfile: build.mutation<ShippingProfile, ShippingProfileRequest>({
      query: (body) => ({ url: '/seller/shipping-profiles', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ShippingProfile']),
    }),
    updateShippingProfile: build.mutation<ShippingProfile, { id: string; body: ShippingProfileRequest }>({
      query: ({ id, body }) => ({ url: `/seller/shipping-profiles/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ShippingProfile']),
    }),
    deleteShippingProfile: build.mutation<void, string>({
      query: (id) => ({ url: `/seller/shipping-profiles/${id}`, method: 'DELETE' }),
      // The profile's listings go back to the default: an open listing's editor must not offer the deleted one.
      invalidatesTags: (_result, error) => (error ? [] : ['ShippingProfile', 'SellerProduct']),
    }),
  }),
});

export const { useListShippingProfilesQuery, useCreateShippingProfileMutation, useUpdateShippingProfileMutation, useDeleteShippingProfileMutation } =
  shippingProfilesApi;

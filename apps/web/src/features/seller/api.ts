import type { NotificationPreferences } from '@marketplace/contracts/workspace';
import type { Address, AddressListResponse, ProfileResponse, UpdateProfileRequest } from '@marketplace/contracts/users';
import { api } from '../../lib/api';

// /seller/settings. The store details and the ship-from address come from the same calls
// as the profile page (GET/PUT /users/me, GET /users/me/addresses) and share its cache tags, so a change
// on either page shows on the other.
export const sellerSettingsApi = api.enhanceEndpoints({ addTagTypes: ['NotificationPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getStoreDetails: build.query<ProfileResponse, void>({
      query: () => '/users/me',
      providesTags: ['Profile'],
    }),
    updateStoreDetails: build.mutation<ProfileResponse, UpdateProfileRequest>({
      query: (body) => ({ url: '/users/me', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Profile', 'Me']),
    }),
    listShipFromAddresses: build.query<Address[], void>({
      query: () => '/users/me/addresses',
      transformResponse: (response: AddressListResponse) => response.addresses,
      providesTags: ['Address'],
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/users/me/notification-preferences',
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: '/users/me/notification-preferences', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['NotificationPreferences']),
    }),
  }),
});

export const {
  useGetStoreDetailsQuery,
  useUpdateStoreDetailsMutation,
  useListShipFromAddressesQuery,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = sellerSettingsApi;
